/**
 * Who reads a circle post (spec 002 §1, §6): a signed-in user, or a visitor — a known messaging-app identity that
 * opened a shared post by its openid and has no session. A visitor may view, like and report; posting, contacting
 * and entering the market need a follower with a session (the page shows the follow QR).
 */
import type { Actor } from "../shared/actor"
import { NotAllowed } from "../shared/errors"

export interface Viewer extends Actor {
  /** True when the caller came by openid, without a session. */
  readonly visitor: boolean
}

export const DETAIL_FAILED = "获取详情失败"
/** A visitor asking for what needs following: the page answers with the follow-QR dialog. */
export const FOLLOW_FIRST = "请先关注公众号"

export const signedIn = (actor: Actor): Viewer => ({ ...actor, visitor: false })

/** Refuses a visitor what only a signed-in follower may do. */
export const followerOnly = (viewer: Viewer): NotAllowed | undefined =>
  viewer.visitor ? new NotAllowed({ message: FOLLOW_FIRST }) : undefined
