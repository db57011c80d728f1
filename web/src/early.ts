/**
 * Early calls (issue 24, "Pages on a phone"): the busiest pages' first GET calls, started by this small script of its
 * own as soon as the browser has index.html, instead of after the app's code has loaded and the route has rendered
 * (on a phone that is 2 s later cold, 0.4 s warm). The answers wait on the window; the API client takes each the
 * first time the app asks for the same path with the same token (`takeEarlyAnswer` in lib/api-client.ts), once.
 *
 * It is its own entry of the build (web/vite.config.ts), imports nothing and is loaded `async` from index.html, so
 * it runs while the app's files are still on their way. The table names only calls a route makes at once and
 * whatever the user's state; a path the app does not ask for is a request wasted, and the browser tests hold that
 * every early answer of these routes is taken.
 */

export interface EarlyCalls {
  /** The session token the calls were made with: the route's last segment. */
  readonly token: string
  /** The answer of each path (with its query), as fetch gave it; taken out when used. */
  readonly answers: Map<string, Promise<Response>>
  /** Every path called, taken or not. */
  readonly started: Array<string>
  /** Until when (`Date.now()`) an answer stands in for a fresh call; one not taken by then may be stale and is not used. */
  readonly until: number
}

/** How long early answers stand in for fresh calls: the first paint comes within seconds, even on a slow phone. */
const EARLY_ANSWER_MS = 15_000

declare global {
  interface Window {
    __stationEarlyCalls?: EarlyCalls
  }
}

const USER = "/api/user/wxuserInfo"

/** What a page calls once it has the user (`USER`'s answer): its worksite's lists, its employee record. */
type AfterUser = (user: { readonly openid?: string; readonly worksite?: { readonly _id?: string } | null }) => ReadonlyArray<string>

/** The runner's hall by time (its first sort) and the worksite's buildings, as hall.tsx asks for them. */
const hallCalls: AfterUser = (user) => {
  const worksite = user.worksite?._id
  return worksite ? [`/api/paotuiOrder/toRobbing/${encodeURIComponent(worksite)}/time`, `/api/building/list/${encodeURIComponent(worksite)}`] : []
}

/** The staff member's employee record, as the employee gate asks for it. */
const employeeCalls: AfterUser = (user) => (user.openid ? [`/auth/employee/getByOpen/${encodeURIComponent(user.openid)}`] : [])

/** Per route (the path before the token), the calls its first paint waits for, as the app sends them, and those after the user. */
export const EARLY_ROUTES: ReadonlyArray<readonly [RegExp, ReadonlyArray<string>, AfterUser?]> = [
  [/^\/home\/[^/]+$/, [USER, "/api/circle/latestInfo"]],
  [/^\/expressTotakeList\/ing\/[^/]+$/, ["/api/expressTosend/pagingForFontend?statusStr=ing&pageNo=1", "/api/user/wxuserInfoForTotakeList"]],
  [/^\/robbing\/[^/]+$/, [USER], hallCalls],
  [/^\/warehousing\/[^/]+$/, [USER], employeeCalls]
]

const tokenOf = (pathname: string): string | undefined => {
  const raw = pathname.split("/").pop()
  if (!raw) return undefined
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/** The paths to call early for a page's pathname (none for a page not in the table), and the token from it. */
export const earlyCallsFor = (pathname: string): { readonly token: string; readonly paths: ReadonlyArray<string>; readonly afterUser?: AfterUser } | undefined => {
  const route = EARLY_ROUTES.find(([pattern]) => pattern.test(pathname))
  const token = route && tokenOf(pathname)
  return route && token ? { token, paths: route[1], ...(route[2] ? { afterUser: route[2] } : {}) } : undefined
}

/** Starts the calls of `pathname` with `send` (the browser's fetch); a failed fetch is the app's to see when it takes it. */
export const startEarlyCalls = (pathname: string, send: typeof fetch): EarlyCalls | undefined => {
  const calls = earlyCallsFor(pathname)
  if (!calls) return undefined
  const headers = { Accept: "application/json", Authorization: `Bearer ${calls.token}` }
  const early: EarlyCalls = { token: calls.token, answers: new Map(), started: [], until: Date.now() + EARLY_ANSWER_MS }
  const call = (path: string) => {
    const answer = send(path, { headers })
    answer.catch(() => undefined) // not an unhandled rejection if the app never takes it
    early.answers.set(path, answer)
    early.started.push(path)
    return answer
  }
  for (const path of calls.paths) {
    const answer = call(path)
    const afterUser = calls.afterUser
    // the user's answer read from a copy taken before the app reads it (this reaction was registered first)
    if (path === USER && afterUser) {
      answer.then((r) => (r.ok ? r.clone().json() : undefined)).then((body: { success?: boolean; data?: Parameters<AfterUser>[0] } | undefined) => {
        if (body?.success === true && body.data) afterUser(body.data).forEach(call)
      }).catch(() => undefined)
    }
  }
  return early
}

if (typeof window !== "undefined") {
  const early = startEarlyCalls(window.location.pathname, window.fetch.bind(window))
  if (early) window.__stationEarlyCalls = early
}
