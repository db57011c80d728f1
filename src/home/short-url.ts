/**
 * Short URLs (spec 002 §7 `GET /api/wxCommon/shorturl?longUrl`, issue 19): a short code for one of this site's own
 * shareable pages — a share link `/share/{target}/{id}` (src/home/share's allowlist) or a circle detail opened by
 * openid `/circleDetail/{id}/{openid}` — and `GET /s/{code}` back to it. Never a page carrying a session token (a
 * token is longer than the 32 characters of an openid), never another site: the long URL is this site's origin
 * followed by a plain path, or the path alone, with no encoding, backslash, query or fragment. One path has one code.
 */
import { Effect, Result, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { RuleViolation } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { shareLink } from "./share"
import { ShortUrls } from "./short-url-store"

export const messages = { refused: "只能生成本站分享页面的短链接" } as const

/** Where `/s/{code}` goes when the code is unknown: the page-not-found error (10003). */
export const UNKNOWN_CODE = "/error/10003"

const PLAIN_PATH = /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/
const ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/
/** An openid as a circle detail's last parameter (§2: longer than 32 is a session token). */
const OPENID = /^[A-Za-z0-9_-]{1,32}$/
const CODE = /^[A-Za-z0-9]{8}$/
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** Whether a path is one of the pages a short URL may lead to. */
export const isShareablePath = (path: string): boolean => {
  if (!PLAIN_PATH.test(path)) return false
  const parts = path.split("/").slice(1)
  if (parts.length !== 3) return false
  const [page, a, b] = parts as [string, string, string]
  if (page === "share") return Result.isSuccess(shareLink(a, b))
  return page === "circleDetail" && ID.test(a) && OPENID.test(b)
}

/** The page a long URL names, if it may be shortened: this site's origin (exactly) or nothing, then a shareable path. */
export const shareablePathOf = (longUrl: string, origin: string): string | undefined => {
  const path = longUrl.startsWith(`${origin}/`) ? longUrl.slice(origin.length) : longUrl
  return isShareablePath(path) ? path : undefined
}

/** An 8-character code from a random id (its hex digits read as one number, in base 62). */
export const codeOf = (randomId: string): string => {
  let n = BigInt(`0x${randomId.replace(/[^0-9a-fA-F]/g, "").padEnd(16, "0").slice(0, 24)}`)
  let code = ""
  for (let i = 0; i < 8; i++) {
    code += BASE62[Number(n % 62n)]
    n /= 62n
  }
  return code
}

export const isCode = (code: string): boolean => CODE.test(code)

/** Where `/s/{code}` sends a browser: the stored page, checked again, else the not-found page. Always one leading '/'. */
export const redirectOf = (stored: string | undefined): string => (stored !== undefined && isShareablePath(stored) ? stored : UNKNOWN_CODE)

export const ShortenOperation = operationKind("shortenUrl", Schema.Struct({ path: Schema.String, code: Schema.String }), Schema.Struct({ code: Schema.String }))

/** Records a code for this page (the candidate, unless another path holds it), or answers the code it has; a new one is logged. */
export const codeForPath = Effect.fn("codeForPath")(function* (actorOpenid: string, path: string, candidate: string) {
  const now = yield* (yield* Clock).now
  const { code, created } = yield* (yield* ShortUrls).codeFor(path, candidate, now)
  if (created) yield* logOperation(ShortenOperation, actorOpenid, now, { path, code }, { code })
  return code
})

/** `GET /api/wxCommon/shorturl`: the code of a shareable page of this site, else 400. */
export const shortenUrl = Effect.fn("shortenUrl")(function* (actor: Actor, longUrl: string | undefined, origin: string) {
  const path = longUrl === undefined ? undefined : shareablePathOf(longUrl.trim(), origin)
  if (path === undefined) return yield* new RuleViolation({ message: messages.refused })
  return yield* codeForPath(actor.openid, path, codeOf(yield* (yield* Ids).next))
})
