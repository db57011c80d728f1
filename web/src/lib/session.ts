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
