/**
 * The statistics' days: Asia/Shanghai calendar dates `YYYY-MM-DD` (src/shared/time.ts), moved by days and months,
 * and the span a day's figures cover: the whole day once it is closed, up to now while it is today.
 */
import { shanghaiDate, shanghaiDay } from "../shared/time"

const DAY_MS = 24 * 60 * 60 * 1000

/** Whether the text is a real calendar date `YYYY-MM-DD`. */
export const isDate = (text: string): boolean => shanghaiDay(text) !== undefined

/** The date `n` days after (before, for a negative `n`) a calendar date. */
export const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10)

/** The date `n` calendar months after a date, on the same day of the month or the month's last day (08-31 − 6 months = 02-28). */
export const addMonths = (date: string, n: number): string => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number]
  const months = y * 12 + (m - 1) + n
  const year = Math.floor(months / 12)
  const month = months - year * 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`
}

/** Every date from `from` (inclusive) to `to` (exclusive), in order. */
export const datesBetween = (from: string, to: string): ReadonlyArray<string> => {
  const dates: Array<string> = []
  for (let d = from; d < to; d = addDays(d, 1)) dates.push(d)
  return dates
}

/** Today in Asia/Shanghai. */
export const todayAt = (now: Date): string => shanghaiDate(now)

/** What a day's figures cover: its events from `from`, and the shelf as it stood at `end` (the day's end, or now while it is today). */
export interface DaySpan {
  readonly day: string
  readonly from: Date
  readonly end: Date
}

/** The span of a day no later than today, as of `now`. */
export const spanOf = (day: string, now: Date): DaySpan => {
  const { from, to } = shanghaiDay(day)!
  return { day, from, end: to.getTime() < now.getTime() ? to : now }
}

/** Whether the day has ended at `now` (its figures no longer grow and may be stored). */
export const isClosed = (day: string, now: Date): boolean => day < todayAt(now)

/** How many closed days the `daily-statistics` job keeps up to date: yesterday and the day before. */
export const STORED_CLOSED_DAYS = 2

/** The closed days the job stores at `now`, oldest first. */
export const daysToStore = (now: Date): ReadonlyArray<string> =>
  Array.from({ length: STORED_CLOSED_DAYS }, (_, i) => addDays(todayAt(now), i - STORED_CLOSED_DAYS))
