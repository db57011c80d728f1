/**
 * Feedback's use cases (spec 001 §7, issue 20): a student submits a suggestion (10 a day), its author, staff of its
 * worksite and the head office (role admin) read it and reply (the status table in suggestion.ts), staff close it as
 * handled, and staff write a note to a user of their worksite (30 an hour). A staff reply or note reaches the user as
 * a template message through the outbox; the reply also live to the author. Every change is logged.
 */
import { Effect, Schema } from "effect"
import { People } from "../parcel/parcel-store"
import type { Actor } from "../shared/actor"
import { LimitReached, NotAllowed, NotFound, StateConflict } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock, Events, Ids, Outbox } from "../shared/ports"
import { hours, startOfShanghaiDay } from "../shared/time"
import { EmployeeStore } from "../staff/staff-store"
import { ownImagePath } from "../upload/use-cases"
import { FeedbackStore, type Suggestion } from "./feedback-store"
import {
  feedbackMessages, feedbackTransition, FeedbackLimits, replyRefusal, suggestionFormRefusal, SuggestionStatus,
  type FeedbackRole, type SuggestionForm, type SuggestionType
} from "./suggestion"

export const ANSWERS_PER_HOUR = 30

export const SubmitSuggestionOperation = operationKind("submitSuggestion",
  Schema.Struct({ type: Schema.Number, title: Schema.String, content: Schema.String, pics: Schema.Array(Schema.String) }), Schema.Struct({ id: Schema.String }))
export const ReplySuggestionOperation = operationKind("replySuggestion",
  Schema.Struct({ id: Schema.String, content: Schema.String }), Schema.Struct({ replyId: Schema.String, status: Schema.Number }))
export const HandleSuggestionOperation = operationKind("handleSuggestion", Schema.Struct({ id: Schema.String }), Schema.Struct({ id: Schema.String, status: Schema.Number }))
export const AnswerUserOperation = operationKind("answerUser", Schema.Struct({ openid: Schema.String, content: Schema.String }), Schema.Struct({ id: Schema.String }))

/** Whose feedback the caller answers: every site's (the head office), one worksite's (its staff), or none. */
export type StaffScope = { readonly everySite: true } | { readonly worksiteId: string } | undefined

export const staffScope = Effect.fn("staffScope")(function* (actor: Actor) {
  if (actor.role === "admin") return { everySite: true } as StaffScope
  const employee = yield* (yield* EmployeeStore).findByOpenid(actor.openid)
  return (employee ? { worksiteId: employee.worksite.id } : undefined) as StaffScope
})

const covers = (scope: StaffScope, worksiteId: string | null): boolean =>
  scope !== undefined && ("everySite" in scope || scope.worksiteId === worksiteId)

/** The caller's part in a suggestion: its author first, then staff who answer it, else nobody. */
export const roleIn = (s: Pick<Suggestion, "userId" | "worksiteId">, actor: Actor, scope: StaffScope): FeedbackRole =>
  s.userId === actor.userId ? "author" : covers(scope, s.worksiteId) ? "staff" : "other"

/** `POST /api/suggestion`: checked as the page checks it, pictures the author's own, 10 a day; the new id. */
export const submitSuggestion = Effect.fn("submitSuggestion")(function* (actor: Actor, form: SuggestionForm & { readonly pics?: ReadonlyArray<string> | undefined }) {
  const refused = suggestionFormRefusal(form)
  if (refused) return yield* refused
  const pics: Array<string> = []
  for (const url of form.pics ?? []) pics.push(yield* ownImagePath(actor, url))
  const store = yield* FeedbackStore
  const now = yield* (yield* Clock).now
  if ((yield* store.countSince(actor.userId, startOfShanghaiDay(now))) >= FeedbackLimits.perDay) {
    return yield* new LimitReached({ message: feedbackMessages.tooMany })
  }
  const person = yield* (yield* People).findById(actor.userId)
  const suggestion: Suggestion = {
    id: yield* (yield* Ids).next, userId: actor.userId, worksiteId: person?.worksiteId ?? null, type: form.type as SuggestionType,
    title: (form.title ?? "").trim(), content: (form.content ?? "").trim(), pics, status: SuggestionStatus.open, createdAt: now, updatedAt: now
  }
  yield* store.add(suggestion)
  yield* logOperation(SubmitSuggestionOperation, actor.openid, now, { type: suggestion.type, title: suggestion.title, content: suggestion.content, pics }, { id: suggestion.id })
  return suggestion.id
})

/** A suggestion the caller may read (its author, its staff, the head office), with the caller's part; else 404. */
const readable = Effect.fn("readable")(function* (actor: Actor, id: string) {
  const suggestion = yield* (yield* FeedbackStore).find(id)
  const scope = yield* staffScope(actor)
  const role = suggestion ? roleIn(suggestion, actor, scope) : "other"
  if (!suggestion || role === "other") return yield* new NotFound({ message: feedbackMessages.notFound })
  return { suggestion, role, scope }
})

/** `GET /api/suggestion/getById/{id}`: the suggestion and its thread. */
export const suggestionDetail = Effect.fn("suggestionDetail")(function* (actor: Actor, id: string) {
  const { suggestion, role } = yield* readable(actor, id)
  const replies = yield* (yield* FeedbackStore).replies(id)
  return { suggestion, replies, role }
})

/** `POST /api/suggestion/reply/{id}`: a reply moves the status by the table; staff's reaches the author. */
export const replySuggestion = Effect.fn("replySuggestion")(function* (actor: Actor, id: string, content: string | undefined) {
  const { suggestion, role } = yield* readable(actor, id)
  const refused = replyRefusal(content)
  if (refused) return yield* refused
  const to = feedbackTransition(suggestion.status, "reply", role)
  if (typeof to !== "number") return yield* to
  const now = yield* (yield* Clock).now
  const reply = { id: yield* (yield* Ids).next, suggestionId: id, authorId: actor.userId, byStaff: role === "staff", content: content!.trim(), createdAt: now }
  if (!(yield* (yield* FeedbackStore).reply(reply, suggestion.status, to))) return yield* new StateConflict({ message: feedbackMessages.handled })
  if (reply.byStaff) {
    const author = yield* (yield* People).findById(suggestion.userId)
    if (author) yield* (yield* Outbox).enqueue({ channel: "template", to: author.openid, template: "suggestionReplied", params: { title: suggestion.title, content: reply.content } }, now)
    yield* (yield* Events).publish({ room: { user: suggestion.userId }, name: "suggestionReplied", payload: { _id: id, status: to } })
  }
  yield* logOperation(ReplySuggestionOperation, actor.openid, now, { id, content: reply.content }, { replyId: reply.id, status: to })
  return { suggestion: { ...suggestion, status: to }, reply }
})

/** `PUT /api/suggestion/handle/{id}`: staff close it, once (two at once: one succeeds, the other 409). */
export const handleSuggestion = Effect.fn("handleSuggestion")(function* (actor: Actor, id: string) {
  const { suggestion, role } = yield* readable(actor, id)
  const to = feedbackTransition(suggestion.status, "handle", role)
  if (typeof to !== "number") return yield* to
  const now = yield* (yield* Clock).now
  if (!(yield* (yield* FeedbackStore).handle(id, actor.userId, now))) return yield* new StateConflict({ message: feedbackMessages.handled })
  yield* logOperation(HandleSuggestionOperation, actor.openid, now, { id }, { id, status: to })
  return { ...suggestion, status: to }
})

/** `GET /api/suggestion/list?status&pageNo`: the staff's inbox (their worksite's; every site's for the head office). */
export const suggestionInbox = Effect.fn("suggestionInbox")(function* (actor: Actor, status: number | undefined, page: number) {
  const scope = yield* staffScope(actor)
  if (!scope) return yield* new NotAllowed({ message: feedbackMessages.notFound })
  const known = status === SuggestionStatus.open || status === SuggestionStatus.answered || status === SuggestionStatus.handled ? status : undefined
  return yield* (yield* FeedbackStore).list("everySite" in scope ? null : scope.worksiteId, known === undefined ? undefined : [known], page)
})

/** The user staff write to, for staff of the user's worksite and the head office; anyone else 403. */
export const answerRecipient = Effect.fn("answerRecipient")(function* (actor: Actor, openid: string) {
  const scope = yield* staffScope(actor)
  const person = yield* (yield* FeedbackStore).recipient(openid)
  if (!person || !covers(scope, person.worksiteId)) return yield* new NotAllowed({ message: feedbackMessages.replyFailed })
  return person
})

/** `POST /api/common/answer`: a note to a user as a template message, kept; 30 an hour per sender. */
export const answerUser = Effect.fn("answerUser")(function* (actor: Actor, openid: string | undefined, content: string | undefined) {
  const person = yield* answerRecipient(actor, openid ?? "")
  const refused = replyRefusal(content)
  if (refused) return yield* refused
  const store = yield* FeedbackStore
  const now = yield* (yield* Clock).now
  if ((yield* store.answersSince(actor.userId, new Date(now.getTime() - hours(1)))) >= ANSWERS_PER_HOUR) {
    return yield* new LimitReached({ message: feedbackMessages.replyFailed })
  }
  const answer = { id: yield* (yield* Ids).next, fromUserId: actor.userId, toUserId: person.id, content: content!.trim(), createdAt: now }
  yield* store.addAnswer(answer)
  yield* (yield* Outbox).enqueue({ channel: "template", to: person.openid, template: "userAnswer", params: { content: answer.content } }, now)
  yield* logOperation(AnswerUserOperation, actor.openid, now, { openid: person.openid, content: answer.content }, { id: answer.id })
  return answer
})
