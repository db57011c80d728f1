/**
 * What anyone does with a post of any kind (spec 002 §4, §6, §7; issue 19): react to it once per person (`active`),
 * ask for a teammate's chat account after calling TA (`hu`) or for a market item's contact (`contact`, followers
 * only, 20 a Shanghai day) — both sent as template messages, never answered — report it once per reporter
 * (`complain`, the third distinct reporter hides it), and delete one's own (`DELETE /api/circle/{id}`). Each change
 * is logged; a visitor's actions are logged as the visitor's, so a replay sees the post as they did.
 */
import { Effect, Schema } from "effect"
import { People } from "../parcel/parcel-store"
import type { Actor } from "../shared/actor"
import { LimitReached, NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { ById, IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock, Ids, Outbox } from "../shared/ports"
import { startOfShanghaiDay } from "../shared/time"
import { alreadyReacted, isComplaintType, isPostKind, isReactionType, PostKind } from "./codes"
import { CONTACTS_PER_DAY, limitMessages } from "./limits"
import { CirclePosts, Reactions, SocialStore } from "./post-store"
import { atViewersPlace, contactText, counterOf, itemContactMessage, reactionMessages, seenBy } from "./reactions"
import { teammateContactMessage } from "./social"
import { OPERATION_FAILED, REPORT_FAILED, transition } from "./status-machine"
import { DETAIL_FAILED, followerOnly, signedIn, type Viewer } from "./viewer"

const Id = Schema.String
export const ReactToPostOperation = operationKind("reactToPost",
  Schema.Struct({ id: Id, kind: Schema.Number, type: Schema.Number, visitor: Schema.Boolean }), Schema.Struct({ id: Id, count: Schema.Number }))
export const CallTeammateOperation = operationKind("callTeammate", ById, Schema.Struct({ id: Id, interest: Schema.Number }))
export const AskContactOperation = operationKind("askContact", ById, ById)
export const ReportPostOperation = operationKind("reportPost", Schema.Struct({ id: Id, complain: Schema.Number, visitor: Schema.Boolean }), IdStatus)
export const DeletePostOperation = operationKind("deletePost", ById, IdStatus)

/** The worksite whose posts the viewer sees (a visitor sees any listed post, see `seenBy`). */
const worksiteOf = Effect.fn("worksiteOf")(function* (viewer: Viewer) {
  return (yield* (yield* People).findById(viewer.userId))?.worksiteId ?? null
})

/** The post if the viewer sees it (and it is of this kind), else the refusal. */
const seenPost = Effect.fn("seenPost")(function* (viewer: Viewer, id: string, kind: PostKind, refusal: string) {
  const post = yield* (yield* CirclePosts).find(id)
  if (!post || post.kind !== kind || !seenBy(post, viewer, yield* worksiteOf(viewer))) return yield* new NotFound({ message: refusal })
  return post
})

export interface ReactInput {
  readonly id: string
  readonly bizType?: number | undefined
  readonly type?: number | undefined
}

/**
 * `PUT active/{id}`: the reaction once per person; the answer is the new count, or 0 and the toast when the viewer
 * gave it before. A reaction the kind does not take is 400; a post the viewer does not see (or of another kind) 404.
 */
export const react = Effect.fn("react")(function* (viewer: Viewer, input: ReactInput) {
  const { bizType: kind, type } = input
  if (!isPostKind(kind) || !isReactionType(type)) return yield* new RuleViolation({ message: reactionMessages.wrongReaction })
  const counter = counterOf(kind, type)
  if (!counter) return yield* new RuleViolation({ message: reactionMessages.wrongReaction })
  const post = yield* seenPost(viewer, input.id, kind, DETAIL_FAILED)
  const now = yield* (yield* Clock).now
  const count = yield* (yield* Reactions).react(post, type, counter, viewer.openid, now)
  if (count === undefined) return { answer: 0, message: alreadyReacted[type] }
  yield* logOperation(ReactToPostOperation, viewer.openid, now, { id: post.id, kind: post.kind, type, visitor: viewer.visitor }, { id: post.id, count })
  return { answer: count, message: undefined }
})

/**
 * `hu/{id}`: after the caller called TA (reaction 40), TA's chat account goes to the caller once, as a template
 * message; one more person interested.
 */
export const callTeammate = Effect.fn("callTeammate")(function* (actor: Actor, id: string) {
  const viewer = signedIn(actor)
  const teammate = yield* (yield* SocialStore).find(id)
  if (!teammate || teammate.kind !== PostKind.teammate || !seenBy(teammate, viewer, yield* worksiteOf(viewer))) return yield* new NotFound({ message: DETAIL_FAILED })
  const reactions = yield* Reactions
  if (!(yield* reactions.called(id, actor.openid))) return yield* new StateConflict({ message: reactionMessages.notCalled })
  const now = yield* (yield* Clock).now
  if (!(yield* reactions.markSent(id, actor.openid, now))) return yield* new StateConflict({ message: reactionMessages.alreadySent })
  yield* (yield* Outbox).enqueue(teammateContactMessage(teammate, actor.openid), now)
  const interest = yield* reactions.addInterest(id)
  yield* logOperation(CallTeammateOperation, actor.openid, now, { id }, { id, interest })
  return interest
})

/**
 * `contact/{id}`: a market item's contact goes to the asker as a template message, 20 a Shanghai day; a visitor is
 * asked to follow first.
 */
export const askContact = Effect.fn("askContact")(function* (viewer: Viewer, id: string) {
  const refused = followerOnly(viewer)
  if (refused) return yield* refused
  yield* seenPost(viewer, id, PostKind.item, reactionMessages.contactFailed)
  const posts = yield* CirclePosts
  const item = yield* posts.itemContact(id)
  const contact = item && contactText(item)
  if (!item || !contact) return yield* new StateConflict({ message: reactionMessages.contactFailed })
  const now = yield* (yield* Clock).now
  if ((yield* posts.contactsSince(viewer.userId, startOfShanghaiDay(now))) >= CONTACTS_PER_DAY) {
    return yield* new LimitReached({ message: limitMessages.contacts })
  }
  yield* posts.addContact({ id: yield* (yield* Ids).next, targetId: id, requesterId: viewer.userId, at: now })
  yield* (yield* Outbox).enqueue(itemContactMessage(item, contact, viewer.openid), now)
  yield* logOperation(AskContactOperation, viewer.openid, now, { id }, { id })
})

/**
 * `complain/{id}`: one report per reporter, on a post of the reporter's worksite (any, for a visitor) that is not
 * deleted — also one delisted or hidden since they saw it; the report that makes three distinct reporters hides it
 * (its row locked, so three at once hide it once). A repeated report changes nothing.
 */
export const reportPost = Effect.fn("reportPost")(function* (viewer: Viewer, id: string, complain: number | undefined) {
  if (!isComplaintType(complain)) return yield* new RuleViolation({ message: REPORT_FAILED })
  const posts = yield* CirclePosts
  const post = yield* posts.lock(id)
  if (!post || !atViewersPlace(post, viewer, yield* worksiteOf(viewer))) return yield* new NotFound({ message: REPORT_FAILED })
  const next = transition(post, "report", { openid: viewer.openid })
  if (next instanceof NotAllowed || next instanceof StateConflict) return yield* next
  if (next.reporters.length === post.reporters.length) return next
  const now = yield* (yield* Clock).now
  yield* posts.addReport({ id: yield* (yield* Ids).next, targetId: id, reporterOpenid: viewer.openid, complain, at: now })
  if (next.status !== post.status) yield* posts.setStatus(post, { status: next.status, statusBeforeHidden: next.statusBeforeHidden, hiddenReason: null }, now)
  yield* logOperation(ReportPostOperation, viewer.openid, now, { id, complain, visitor: viewer.visitor }, { id, status: next.status })
  return next
})

/** `DELETE /api/circle/{id}`: the owner's item or social post, for good; another's is 403 '操作失败'. */
export const deletePost = Effect.fn("deletePost")(function* (actor: Actor, id: string) {
  const posts = yield* CirclePosts
  const post = yield* posts.lock(id)
  if (!post) return yield* new NotFound({ message: OPERATION_FAILED })
  const next = transition(post, "delete", { openid: actor.openid })
  if (next instanceof NotAllowed || next instanceof StateConflict) return yield* next
  const now = yield* (yield* Clock).now
  yield* posts.setStatus(post, { status: next.status, statusBeforeHidden: next.statusBeforeHidden }, now)
  yield* logOperation(DeletePostOperation, actor.openid, now, { id }, { id, status: next.status })
  return next
})
