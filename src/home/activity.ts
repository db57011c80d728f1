/**
 * Announcements (spec 002 §3 Activity, §2 activity detail): a worksite's notice with a title, cleaned HTML content
 * and the window it runs in. They are `errand_activity` rows of their own kind beside the door-delivery discount
 * (kind 1), so a worksite still runs one discount at a time while several announcements run at once.
 * A window is [timeBegin, timeEnd): running from its begin, ended from its end. The operator names days in
 * Asia/Shanghai: a day as the start is its midnight, a day as the end runs to the next midnight.
 */
import { firstRefusal, RuleViolation } from "../shared/errors"
import { textLength } from "../shared/text"
import { shanghaiDay } from "../shared/time"

export const ActivityKind = { doorDiscount: 1, announcement: 2 } as const

export interface Announcement {
  readonly id: string
  readonly worksiteId: string
  readonly title: string
  /** HTML, cleaned when written (`ContentCleaner`). */
  readonly content: string
  readonly timeBegin: Date
  readonly timeEnd: Date
}

export const TITLE_MAX = 40
/** The content as written, before cleaning: a long notice with a few pictures fits many times over. */
export const CONTENT_MAX = 20_000

export const messages = {
  notFound: "活动不存在",
  ended: "活动已结束",
  notStarted: "活动尚未开始",
  titleRequired: "请输入活动标题",
  titleTooLong: `活动标题不能超过${TITLE_MAX}个字`,
  contentRequired: "请输入活动内容",
  contentTooLong: `活动内容不能超过${CONTENT_MAX}个字符`,
  fromWrong: "活动开始时间不正确",
  toWrong: "活动结束时间不正确",
  windowWrong: "活动结束时间必须晚于开始时间",
  alreadyEnded: "该活动已结束"
} as const

export type ActivityState = "upcoming" | "running" | "ended"

/** Where an announcement stands at an instant: before its window, in it, or past it (an empty window, ended before it began, is past). */
export const activityState = (a: Pick<Announcement, "timeBegin" | "timeEnd">, now: Date): ActivityState => {
  const begin = a.timeBegin.getTime()
  const end = a.timeEnd.getTime()
  return now.getTime() >= end || end <= begin ? "ended" : now.getTime() < begin ? "upcoming" : "running"
}

export const isRunning = (a: Pick<Announcement, "timeBegin" | "timeEnd">, now: Date): boolean => activityState(a, now) === "running"

const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/

/**
 * A moment the operator names: a calendar date `YYYY-MM-DD` is an Asia/Shanghai day (its midnight as a start,
 * the next midnight as an end, so the day itself is inside the window), or an ISO time with its zone.
 */
export const instantOf = (text: string, as: "start" | "end"): Date | undefined => {
  const value = text.trim()
  const day = shanghaiDay(value)
  if (day) return as === "start" ? day.from : day.to
  // the calendar part must be a real date: 30 February is refused, not read as 2 March
  if (!ZONED_TIME.test(value) || !shanghaiDay(value.slice(0, 10))) return undefined
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? undefined : at
}

export interface AnnouncementDraft {
  readonly worksiteId: string
  readonly title: string
  readonly content: string
  readonly from: string
  readonly to: string
}

export interface ActivityWindow {
  readonly timeBegin: Date
  readonly timeEnd: Date
}

/** The draft's window, or the refusal of the first thing wrong with it. */
export const windowOf = (from: string, to: string): ActivityWindow | RuleViolation => {
  const timeBegin = instantOf(from, "start")
  if (!timeBegin) return new RuleViolation({ message: messages.fromWrong })
  const timeEnd = instantOf(to, "end")
  if (!timeEnd) return new RuleViolation({ message: messages.toWrong })
  return timeEnd.getTime() > timeBegin.getTime() ? { timeBegin, timeEnd } : new RuleViolation({ message: messages.windowWrong })
}

/** The title and raw content checks, in the form's order (the window is checked by `windowOf`). */
export const draftRefusal = (draft: Pick<AnnouncementDraft, "title" | "content">): RuleViolation | undefined =>
  firstRefusal([
    [draft.title.trim() !== "", messages.titleRequired],
    [textLength(draft.title) <= TITLE_MAX, messages.titleTooLong],
    [draft.content.trim() !== "", messages.contentRequired],
    [draft.content.length <= CONTENT_MAX, messages.contentTooLong]
  ])

/** Ending now: the window closes at this instant, or at its begin for one that has not started (it never runs). */
export const endedAt = (a: Pick<Announcement, "timeBegin">, now: Date): Date =>
  new Date(Math.max(a.timeBegin.getTime(), now.getTime()))

/** Newest first: the latest begin first, then by id so the order is total. */
export const newestFirst = (a: Announcement, b: Announcement): number =>
  b.timeBegin.getTime() - a.timeBegin.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
