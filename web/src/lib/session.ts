/** The client session: the bearer token from the route and the user info (per tab), the bind phone (kept). */
const TOKEN_KEY = "station.token"
const USER_KEY = "station.user"
const PHONE_KEY = "station.bindPhone"

const safeDecode = (raw: string): string => {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

export const sessionToken = (): string | undefined => sessionStorage.getItem(TOKEN_KEY) ?? undefined

/** Keeps a token for the session; a different token drops the user info cached for the previous one. */
export const keepToken = (token: string): void => {
  if (sessionStorage.getItem(TOKEN_KEY) === token) return
  sessionStorage.setItem(TOKEN_KEY, token)
  sessionStorage.removeItem(USER_KEY)
}

export const endSession = (): void => {
  sessionStorage.removeItem(TOKEN_KEY)
  sessionStorage.removeItem(USER_KEY)
}

/**
 * The token of a route whose last segment is the URL-encoded token. Read from the raw pathname,
 * since the router has already half-decoded its params.
 */
export const adoptRouteToken = (routeParam: string | undefined): string | undefined => {
  if (routeParam === undefined || routeParam === "") return sessionToken()
  const raw = window.location.pathname.split("/").pop() ?? routeParam
  const token = safeDecode(raw === "" ? routeParam : raw)
  keepToken(token)
  return token
}

/** The token as it goes into a route: URL-encoded. */
export const tokenPath = (token: string): string => encodeURIComponent(token)

export const cachedUser = (): unknown => {
  const raw = sessionStorage.getItem(USER_KEY)
  if (raw === null) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

export const cacheUser = (user: unknown): void => sessionStorage.setItem(USER_KEY, JSON.stringify(user))

export const rememberedPhone = (): string => localStorage.getItem(PHONE_KEY) ?? ""

export const rememberPhone = (phone: string): void => localStorage.setItem(PHONE_KEY, phone)

const WORKSITE_KEY = "station.chosenWorksite"

/** The worksite picked in the chooser for the complete-profile form, kept until that form is sent. */
export interface ChosenWorksite {
  readonly id: string
  readonly name: string
}

export const chosenWorksite = (): ChosenWorksite | undefined => {
  const raw = sessionStorage.getItem(WORKSITE_KEY)
  if (raw === null) return undefined
  try {
    const value = JSON.parse(raw) as Partial<ChosenWorksite>
    return typeof value.id === "string" && typeof value.name === "string" ? { id: value.id, name: value.name } : undefined
  } catch {
    return undefined
  }
}

export const keepChosenWorksite = (worksite: ChosenWorksite): void => sessionStorage.setItem(WORKSITE_KEY, JSON.stringify(worksite))

export const forgetChosenWorksite = (): void => sessionStorage.removeItem(WORKSITE_KEY)
