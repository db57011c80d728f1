/** Feedback's calls: the student's suggestions and replies, the staff's inbox and handling, and the staff's notes to a user. */
import { Effect } from "effect"
import { Router } from "express"
import {
  AnswerRecipient, AnswerUser, HandleSuggestion, recipientView, ReplySuggestion, SubmitSuggestion, SuggestionDetail, SuggestionInbox, suggestionView,
  threadView
} from "#src/feedback/calls"
import { feedbackMessages } from "#src/feedback/suggestion"
import {
  answerRecipient, answerUser, handleSuggestion, replySuggestion, submitSuggestion, suggestionDetail, suggestionInbox
} from "#src/feedback/use-cases"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const feedbackRoutes = (runtime: Runtime) => {
  const r = Router()

  r.post("/api/suggestion", idempotent(runtime.db), handle(
    SubmitSuggestion,
    (form, req) => runtime.run(submitSuggestion(actorOf(req), form).pipe(Effect.map((id) => ({ _id: id })))),
    () => ({ message: feedbackMessages.submitted })
  ))
  r.get("/api/suggestion/list", handle(SuggestionInbox, ({ status, pageNo }, req) =>
    runtime.read(suggestionInbox(actorOf(req), status, pageNo ?? 1).pipe(Effect.map((p) => ({ ...p, results: p.results.map(suggestionView) }))))))
  r.get("/api/suggestion/getById/:id", handle(SuggestionDetail, ({ id }, req) =>
    runtime.read(suggestionDetail(actorOf(req), id ?? "").pipe(Effect.map((d) => threadView(d, actorOf(req).userId))))))
  r.post("/api/suggestion/reply/:id", idempotent(runtime.db), handle(
    ReplySuggestion,
    ({ id, content }, req) => runtime.run(replySuggestion(actorOf(req), id ?? "", content).pipe(Effect.map(({ suggestion: s }) => ({ _id: s.id, status: s.status })))),
    () => ({ message: feedbackMessages.replied })
  ))
  r.put("/api/suggestion/handle/:id", handle(
    HandleSuggestion,
    ({ id }, req) => runtime.run(handleSuggestion(actorOf(req), id ?? "").pipe(Effect.map((s) => ({ _id: s.id, status: s.status })))),
    () => ({ message: feedbackMessages.handleDone })
  ))
  r.get("/api/common/answer/:openid", handle(AnswerRecipient, ({ openid }, req) =>
    runtime.read(answerRecipient(actorOf(req), openid ?? "").pipe(Effect.map(recipientView)))))
  r.post("/api/common/answer", idempotent(runtime.db), handle(
    AnswerUser,
    ({ openid, content }, req) => runtime.run(answerUser(actorOf(req), openid, content).pipe(Effect.asVoid)),
    () => ({ message: feedbackMessages.replied })
  ))

  return r
}
