/**
 * The door-pickup booking time (spec 001 §9), on Asia/Shanghai time: hours 9 to 22 in 10-minute steps
 * (9:00 … 22:50), no earlier than now + 30 minutes; today, tomorrow and the day after, or from 23:00 on
 * tomorrow and the two days after. A day with no slot left is not offered.
 */
import { RuleViolation } from "../shared/errors"
import { hours, minutes, shanghaiDate, startOfShanghaiDay } from "../shared/time"

export const FIRST_HOUR = 9
export const LAST_HOUR = 22
export const STEP_MINUTES = 10
export const LEAD_MINUTES = 30
/** From this Shanghai hour on, today is no longer offered. */
export const LATE_HOUR = 23
export const DAYS_OFFERED = 3

export const messages = { wrongTime: "请选择正确的预约时间" } as const

export interface BookingDay {
  /** `YYYY-MM-DD`, Asia/Shanghai. */
  readonly date: string
  readonly slots: ReadonlyArray<Date>
}

const slotsOf = (dayStart: Date): Array<Date> => {
  const slots: Array<Date> = []
  for (let h = FIRST_HOUR; h <= LAST_HOUR; h++)
    for (let m = 0; m < 60; m += STEP_MINUTES) slots.push(new Date(dayStart.getTime() + hours(h) + minutes(m)))
  return slots
}

/** The selectable days and times at `now`, earliest first. */
export const bookingDays = (now: Date): ReadonlyArray<BookingDay> => {
  const today = startOfShanghaiDay(now)
  const late = now.getTime() - today.getTime() >= hours(LATE_HOUR)
  const first = late ? 1 : 0
  const earliest = now.getTime() + minutes(LEAD_MINUTES)
  const days: Array<BookingDay> = []
  for (let d = first; d < first + DAYS_OFFERED; d++) {
    const start = new Date(today.getTime() + hours(24 * d))
    const slots = slotsOf(start).filter((s) => s.getTime() >= earliest)
    if (slots.length > 0) days.push({ date: shanghaiDate(start), slots })
  }
  return days
}

export const isBookableTime = (at: Date, now: Date): boolean =>
  bookingDays(now).some((d) => d.slots.some((s) => s.getTime() === at.getTime()))

export const bookingTimeRefusal = (at: Date | undefined, now: Date): RuleViolation | undefined =>
  at !== undefined && isBookableTime(at, now) ? undefined : new RuleViolation({ message: messages.wrongTime })


/** The evening door-service end by default (§9: 19:00–23:00 unless the worksite says otherwise). */
export const DEFAULT_EVENING_END = "23:00"

/** A plain sending's requireArriveTime: today's evening door-service end ('HH:mm', Shanghai). */
export const plainSendingArriveTime = (now: Date, eveningEnd: string = DEFAULT_EVENING_END): Date => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(eveningEnd) ?? /^(23):(00)$/.exec(DEFAULT_EVENING_END)!
  return new Date(startOfShanghaiDay(now).getTime() + hours(Number(m[1])) + minutes(Number(m[2])))
}
