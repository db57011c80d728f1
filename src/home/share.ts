/**
 * Sharing a page (spec 002 §2 Share redirect): `/share/{target}/{id}` sends the visitor through the messaging app's
 * authorisation with the state `target`, or `target-id` when there is an id (−1: none). Back from it, a follower
 * lands on `/{target}[/{id}]/{token}`; someone who does not follow the official account on the circle detail by
 * their openid (§4: a short last parameter is an openid) when the share was one, else on the follow QR `/qrcode`.
 *
 * Targets come from an allowlist of the app's pages that take a token (with or without an id before it); the
 * state is parsed strictly (exactly what `shareState` makes), and anything else lands on `/error/10003`. Every
 * landing is a path of this site: a single leading '/', no '//' or '\', no scheme.
 */
import { Result } from "effect"
import { RuleViolation } from "../shared/errors"

/** Pages that take only the token: `/{target}/{token}`. */
export const TOKEN_TARGETS = [
  "home", "my", "serviceHelp", "circleDiscovery", "circleMaiList", "circleBBList", "circleJiyuList", "circleShareList",
  "subscribeActive", "donate", "deposit", "robbing", "paotuiApply", "expressTotakein"
] as const

/** Pages that take an id before the token: `/{target}/{id}/{token}`. */
export const ID_TARGETS = ["circleDetail", "active"] as const

export type ShareTarget = (typeof TOKEN_TARGETS)[number] | (typeof ID_TARGETS)[number]

/** What a share opens: an allowlisted page and its id (null for a page without one). */
export interface ShareLink {
  readonly target: ShareTarget
  readonly id: string | null
}

/** Who came back from the authorisation: a follower signed in with a token, or someone who does not follow, by openid. */
export type ShareViewer =
  | { readonly follower: true; readonly token: string }
  | { readonly follower: false; readonly openid: string }

/** The error page of a share that matches nothing (10003). */
export const NO_MATCH = "/error/10003"
/** The official account's follow QR. */
export const FOLLOW_QR = "/qrcode"
/** The id of a share without one. */
export const NO_ID = "-1"

export const messages = { noMatch: "没有找到对应的页面" } as const

/** An id as the pages use them: letters, digits, '_' and '-', not starting with '-' (so never the −1 of none), at most 64. */
const ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/
/** A session token or an openid as the messaging app gives them. */
const CREDENTIAL = /^[A-Za-z0-9_-]{1,128}$/

const isTokenTarget = (target: string): target is (typeof TOKEN_TARGETS)[number] => (TOKEN_TARGETS as ReadonlyArray<string>).includes(target)
const isIdTarget = (target: string): target is (typeof ID_TARGETS)[number] => (ID_TARGETS as ReadonlyArray<string>).includes(target)

const noMatch = () => Result.fail(new RuleViolation({ message: messages.noMatch }))

/** The link of `/share/{target}/{id}`: an allowlisted page with an id exactly when it takes one. */
export const shareLink = (target: string, id: string): Result.Result<ShareLink, RuleViolation> => {
  if (id === NO_ID) return isTokenTarget(target) ? Result.succeed({ target, id: null }) : noMatch()
  return isIdTarget(target) && ID.test(id) ? Result.succeed({ target, id }) : noMatch()
}

/** The state handed to the authorisation: `target`, or `target-id`. */
export const stateOf = (link: ShareLink): string => (link.id === null ? link.target : `${link.target}-${link.id}`)

/** The state for `/share/{target}/{id}`, or the refusal that leads to `/error/10003`. */
export const shareState = (target: string, id: string): Result.Result<string, RuleViolation> => Result.map(shareLink(target, id), stateOf)

/** The state back from the authorisation, read strictly: only what `shareState` makes. Targets hold no '-'. */
export const parseShareState = (state: string): Result.Result<ShareLink, RuleViolation> => {
  const dash = state.indexOf("-")
  const link = dash === -1 ? shareLink(state, NO_ID) : shareLink(state.slice(0, dash), state.slice(dash + 1))
  // "home--1" would read as home without an id: only the state that link makes is taken
  return Result.isSuccess(link) && stateOf(link.success) !== state ? noMatch() : link
}

/** Where the viewer lands for a valid link. */
export const landingOf = (link: ShareLink, viewer: ShareViewer): string => {
  if (viewer.follower) {
    if (!CREDENTIAL.test(viewer.token)) return NO_MATCH
    return `/${link.target}${link.id === null ? "" : `/${link.id}`}/${viewer.token}`
  }
  return link.target === "circleDetail" && link.id !== null && CREDENTIAL.test(viewer.openid) ? `/circleDetail/${link.id}/${viewer.openid}` : FOLLOW_QR
}

/** Where the viewer lands for the state back from the authorisation: always a path of this site. */
export const shareLanding = (state: string, viewer: ShareViewer): string =>
  Result.match(parseShareState(state), { onFailure: () => NO_MATCH, onSuccess: (link) => landingOf(link, viewer) })
