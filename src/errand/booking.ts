/**
 * The door-pickup booking time (spec 001 §9): hours 9 to 22 in 10-minute steps, the earliest now plus 30
 * minutes; today, tomorrow and the day after, or, past 23:00, tomorrow and the two days after. Asia/Shanghai.
 */
import { minutes, shanghaiDate, startOfShanghaiDay } from "../shared/time"

export const FIRST_HOUR = 9
export const LAST_HOUR = 22
export const STEP_MINUTES = 10
export const LEAD_MINUTES = 30
/** From this hour on the picker starts tomorrow. */
export const LATE_HOUR = 23

export interface BookingDay {
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  readonly date: string
  readonly label: string
  readonly slots: ReadonlyArray<Date>
}

const DAY_MS = 24 * 60 * 60 * 1000
const dayLabels = ["今天", "明天", "后天"]

const slotsOf = (dayStart: Date, earliest: number): ReadonlyArray<Date> => {
  const out: Array<Date> = []
  for (let h = FIRST_HOUR; h <= LAST_HOUR; h++) {
    for (let m = 0; m < 60; m += STEP_MINUTES) {
      const at = dayStart.getTime() + minutes(h * 60 + m)
      if (at >= earliest) out.push(new Date(at))
    }
  }
  return out
}

/** The days and times a door pickup may be booked for at `now`; a day with no time left is not offered. */
export const bookingDays = (now: Date): ReadonlyArray<BookingDay> => {
  const today = startOfShanghaiDay(now)
  const late = now.getTime() - today.getTime() >= minutes(LATE_HOUR * 60)
  const earliest = now.getTime() + minutes(LEAD_MINUTES)
  return [0, 1, 2]
    .map((i) => i + (late ? 1 : 0))
    .map((offset) => {
      const start = new Date(today.getTime() + offset * DAY_MS)
      const date = shanghaiDate(start)
      return { date, label: dayLabels[offset] ?? `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`, slots: slotsOf(start, earliest) }
    })
    .filter((d) => d.slots.length > 0)
}

/** Whether `at` is one of the times offered at `now`. */
export const isBookable = (at: Date, now: Date): boolean =>
  bookingDays(now).some((d) => d.date === shanghaiDate(at) && d.slots.some((s) => s.getTime() === at.getTime()))
