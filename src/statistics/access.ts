/**
 * Who sees which statistics (issue 20 "Who sees statistics") and which days they may ask for. The head office
 * (role `admin`, or a global report key) sees every worksite and every figure; a site admin (or a report key of one
 * worksite) sees that worksite only, without the new-user and real-name counts; anyone else is refused with the
 * spec's '获取统计数据失败'. A range starts within the last 6 months and ends by tomorrow (`timeEnd` exclusive: the
 * page sends the day after the last one chosen, spec 002 §9), else '统计日期范围不正确'.
 */
import { NotAllowed, NotFound, RuleViolation } from "../shared/errors"
import { addDays, addMonths, isDate, todayAt } from "./days"

export const statisticsMessages = {
  failed: "获取统计数据失败",
  badRange: "统计日期范围不正确",
  siteMissing: "网点不存在",
  employeeMissing: "该手机号没有后台账号",
  keyMissing: "报表链接不存在",
  keyDays: "报表链接有效天数须为1到365的整数",
  keyRevoked: "报表链接已撤销"
} as const

/** Whose statistics a caller sees: every worksite's (the head office) or one worksite's. */
export type StatisticsViewer = { readonly everySite: true } | { readonly worksiteId: string }

export const HEAD_OFFICE: StatisticsViewer = { everySite: true }

export const isHeadOffice = (viewer: StatisticsViewer): viewer is { readonly everySite: true } => "everySite" in viewer

export const covers = (viewer: StatisticsViewer, worksiteId: string): boolean => isHeadOffice(viewer) || viewer.worksiteId === worksiteId

/** The view a report key gives: a global key the head office's, a worksite's key that site admin's. */
export const viewerOfKey = (scope: { readonly worksiteId: string | null }): StatisticsViewer =>
  scope.worksiteId === null ? HEAD_OFFICE : { worksiteId: scope.worksiteId }

export const refused = () => new NotAllowed({ message: statisticsMessages.failed })
export const missing = () => new NotFound({ message: statisticsMessages.failed })
const badRange = () => new RuleViolation({ message: statisticsMessages.badRange })

/** How far back statistics reach, in calendar months. */
export const RANGE_MONTHS = 6
/** The days `/tongji` shows when the page names none: the last 7, today included. */
export const DEFAULT_RANGE_DAYS = 7

/** The earliest day a caller may ask for at `now`. */
export const earliestDay = (now: Date): string => addMonths(todayAt(now), -RANGE_MONTHS)

/**
 * `/tongji`'s `timeBegin`/`timeEnd` as days [from, to): each a date `YYYY-MM-DD`, `from` before `to`, `from` within
 * the last 6 months, `to` by tomorrow; both absent: the last 7 days.
 */
export const tongjiRange = (timeBegin: string | undefined, timeEnd: string | undefined, now: Date): { readonly from: string; readonly to: string } | RuleViolation => {
  const tomorrow = addDays(todayAt(now), 1)
  if (timeBegin === undefined && timeEnd === undefined) return { from: addDays(tomorrow, -DEFAULT_RANGE_DAYS), to: tomorrow }
  const from = (timeBegin ?? "").trim()
  const to = (timeEnd ?? "").trim()
  if (!isDate(from) || !isDate(to) || from >= to || from < earliestDay(now) || to > tomorrow) return badRange()
  return { from, to }
}

/** The daily report's date: a date `YYYY-MM-DD` from 6 months back to today. */
export const dailyDate = (date: string | undefined, now: Date): string | RuleViolation => {
  const day = (date ?? "").trim()
  return isDate(day) && day >= earliestDay(now) && day <= todayAt(now) ? day : badRange()
}
