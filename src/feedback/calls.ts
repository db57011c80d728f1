/** Feedback's calls (spec 001 §7 and the staff side, issue 20): each request and answer as one Schema, and their views. */
import { Schema } from "effect"
import { maskPhone } from "../shared/phone-number"
import { call, Instant, Page, PageNo, Text, Whole } from "../shared/wire"
import type { ListedReply, ListedSuggestion, Recipient } from "./feedback-store"
import { suggestionTypeName, type FeedbackRole } from "./suggestion"

/** Read generously: the form check answers an over-long title or content in its own words. */
const LONG_TEXT = 2048
const URL_TEXT = 1024
/** More pictures than anyone sends: beyond it a bad request, below it the form check answers. */
const PICS_MAX = 16

const Pics = Schema.optional(Schema.Array(Schema.String.check(Schema.isMaxLength(URL_TEXT))).check(Schema.isMaxLength(PICS_MAX)))

export const SuggestionView = Schema.Struct({
  _id: Schema.String,
  type: Schema.Number,
  typeName: Schema.String,
  title: Schema.String,
  content: Schema.String,
  pics: Schema.Array(Schema.String),
  status: Schema.Number,
  createdAt: Instant,
  updatedAt: Instant,
  user: Schema.Struct({ nickname: Schema.NullOr(Schema.String) })
})
export type SuggestionView = typeof SuggestionView.Type

export const ReplyView = Schema.Struct({
  _id: Schema.String,
  content: Schema.String,
  byStaff: Schema.Boolean,
  nickname: Schema.NullOr(Schema.String),
  mine: Schema.Boolean,
  createdAt: Instant
})

export const suggestionView = (s: ListedSuggestion): SuggestionView => ({
  _id: s.id, type: s.type, typeName: suggestionTypeName[s.type], title: s.title, content: s.content, pics: [...s.pics], status: s.status,
  createdAt: s.createdAt, updatedAt: s.updatedAt, user: { nickname: s.authorNickname }
})

export const threadView = (d: { readonly suggestion: ListedSuggestion; readonly replies: ReadonlyArray<ListedReply>; readonly role: FeedbackRole }, userId: string) => ({
  ...suggestionView(d.suggestion),
  replies: d.replies.map((r) => ({ _id: r.id, content: r.content, byStaff: r.byStaff, nickname: r.byStaff ? null : r.authorNickname, mine: r.authorId === userId, createdAt: r.createdAt })),
  staff: d.role === "staff"
})

/** `POST /api/suggestion` (Idempotency-Key): '提交成功' and the new id as `data._id`. */
export const SubmitSuggestion = call(
  Schema.Struct({ type: Whole, title: Text(LONG_TEXT), content: Text(LONG_TEXT), pics: Pics }),
  Schema.Struct({ _id: Schema.String })
)
/** `GET /api/suggestion/getById/{id}`: the suggestion, its thread, and whether the caller answers it as staff. */
export const SuggestionDetail = call(
  Schema.Struct({ id: Text() }),
  Schema.Struct({ ...SuggestionView.fields, replies: Schema.Array(ReplyView), staff: Schema.Boolean })
)
/** `POST /api/suggestion/reply/{id}`: '回复成功' and the new status. */
export const ReplySuggestion = call(Schema.Struct({ id: Text(), content: Text(LONG_TEXT) }), Schema.Struct({ _id: Schema.String, status: Schema.Number }))
/** `GET /api/suggestion/list?status&pageNo`: the staff's inbox. */
export const SuggestionInbox = call(Schema.Struct({ status: Whole, pageNo: PageNo }), Page(SuggestionView))
/** `PUT /api/suggestion/handle/{id}`: '处理成功'. */
export const HandleSuggestion = call(Schema.Struct({ id: Text() }), Schema.Struct({ _id: Schema.String, status: Schema.Number }))

/** `GET /api/common/answer/{openid}`: who the `/answer` page writes to: nickname and masked phone. */
export const AnswerRecipient = call(Schema.Struct({ openid: Text() }), Schema.Struct({ nickname: Schema.NullOr(Schema.String), phone: Schema.NullOr(Schema.String) }))
export const recipientView = (r: Recipient) => ({ nickname: r.nickname, phone: r.phoneMain === null ? null : maskPhone(r.phoneMain) })
/** `POST /api/common/answer {openid, content}`: '回复成功'. */
export const AnswerUser = call(Schema.Struct({ openid: Text(), content: Text(LONG_TEXT) }), Schema.Void)
