/**
 * Feedback (spec 001 §3 Suggestion, §5, §9; issue 20): a student's suggestion of one of three types with a title,
 * content and up to 3 of their own pictures, kept at their worksite, and the replies under it. Its status moves by
 * one table: staff of its worksite or the head office answer it (0 → 1), the author answering back opens it again
 * (1 → 0), and staff close it as handled (100, final). The form check answers the first problem in the spec's
 * order with its words, then the length limits.
 */
import { firstRefusal, NotAllowed, RuleViolation, StateConflict } from "../shared/errors"
import { textLength } from "../shared/text"

export const SuggestionType = { feature: 1, system: 2, complaint: 3 } as const
export type SuggestionType = (typeof SuggestionType)[keyof typeof SuggestionType]
export const suggestionTypeName: Record<SuggestionType, string> = { 1: "功能建议", 2: "系统问题", 3: "服务投诉" }
export const isSuggestionType = (n: unknown): n is SuggestionType => n === 1 || n === 2 || n === 3

export const SuggestionStatus = { open: 0, answered: 1, handled: 100 } as const
export type SuggestionStatus = (typeof SuggestionStatus)[keyof typeof SuggestionStatus]
/** How pages name a status (the staff's inbox tabs in this order): waiting for staff, answered by staff, closed. */
export const suggestionStatusName: Record<SuggestionStatus, string> = { 0: "待回复", 1: "已回复", 100: "已处理" }
export const SUGGESTION_STATUSES: ReadonlyArray<SuggestionStatus> = [SuggestionStatus.open, SuggestionStatus.answered, SuggestionStatus.handled]
export const isSuggestionStatus = (n: unknown): n is SuggestionStatus => (SUGGESTION_STATUSES as ReadonlyArray<unknown>).includes(n)

export const FeedbackLimits = { title: 32, content: 512, pics: 3, minReply: 2, reply: 256, perDay: 10 } as const

export const feedbackMessages = {
  type: "请选择意见反馈类型",
  title: "标题不能为空",
  content: "内容不能为空",
  titleTooLong: `标题不能超过${FeedbackLimits.title}个字`,
  contentTooLong: `内容不能超过${FeedbackLimits.content}个字`,
  tooManyPictures: `最多只能上传${FeedbackLimits.pics}张图片`,
  submitted: "提交成功",
  replyTooShort: `回复内容不能少于${FeedbackLimits.minReply}个字`,
  replyTooLong: `回复内容不能超过${FeedbackLimits.reply}个字`,
  replied: "回复成功",
  replyFailed: "回复失败",
  handled: "该反馈已处理",
  handleDone: "处理成功",
  handleFailed: "处理失败",
  notFound: "获取意见反馈信息出错",
  tooMany: "今天提交的意见反馈太多了，请明天再来"
} as const

type Typed = string | null | undefined

export interface SuggestionForm {
  readonly type?: number | null | undefined
  readonly title?: Typed
  readonly content?: Typed
  readonly pics?: ReadonlyArray<unknown> | undefined
}

/** The first problem of a suggestion as typed (spec §5: type, title, content; then the limits). */
export const suggestionFormRefusal = (form: SuggestionForm): RuleViolation | undefined =>
  firstRefusal([
    [isSuggestionType(form.type), feedbackMessages.type],
    [textLength(form.title) > 0, feedbackMessages.title],
    [textLength(form.content) > 0, feedbackMessages.content],
    [textLength(form.title) <= FeedbackLimits.title, feedbackMessages.titleTooLong],
    [textLength(form.content) <= FeedbackLimits.content, feedbackMessages.contentTooLong],
    [(form.pics?.length ?? 0) <= FeedbackLimits.pics, feedbackMessages.tooManyPictures]
  ])

/** A reply's problem: 2 to 256 characters, trimmed. */
export const replyRefusal = (content: Typed): RuleViolation | undefined =>
  firstRefusal([
    [textLength(content) >= FeedbackLimits.minReply, feedbackMessages.replyTooShort],
    [textLength(content) <= FeedbackLimits.reply, feedbackMessages.replyTooLong]
  ])

/** Who acts on a suggestion: its author, staff of its worksite or the head office ("staff"), or anyone else. */
export type FeedbackRole = "author" | "staff" | "other"

export const feedbackTransitions = {
  /** A reply: staff answer it, its author answers back (an open one stays open). */
  reply: { from: [SuggestionStatus.open, SuggestionStatus.answered], by: ["author", "staff"] },
  /** Closed as handled by staff: final. */
  handle: { from: [SuggestionStatus.open, SuggestionStatus.answered], by: ["staff"] }
} as const satisfies Record<string, { readonly from: ReadonlyArray<SuggestionStatus>; readonly by: ReadonlyArray<FeedbackRole> }>

export type FeedbackAction = keyof typeof feedbackTransitions

/**
 * The status after the action, or the refusal: someone else (403 — the use case answers 404 before this for one who
 * may not even read it), or a handled suggestion (409 '该反馈已处理').
 */
export const feedbackTransition = (status: SuggestionStatus, action: FeedbackAction, role: FeedbackRole): SuggestionStatus | NotAllowed | StateConflict => {
  const t = feedbackTransitions[action]
  if (!(t.by as ReadonlyArray<FeedbackRole>).includes(role)) return new NotAllowed({ message: action === "reply" ? feedbackMessages.replyFailed : feedbackMessages.handleFailed })
  if (!(t.from as ReadonlyArray<SuggestionStatus>).includes(status)) return new StateConflict({ message: feedbackMessages.handled })
  if (action === "handle") return SuggestionStatus.handled
  return role === "staff" ? SuggestionStatus.answered : SuggestionStatus.open
}
