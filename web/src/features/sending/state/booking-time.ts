/** The door-pickup time picker's options: the core's `bookingDays` (spec §9) as day → 'HH:mm' choices. */
import { bookingDays, type BookingDay } from "#src/sending/booking-time"
import { shanghaiDate, startOfShanghaiDay } from "#src/shared/time"

export interface TimeOption {
  readonly label: string
  readonly value: string
  readonly children?: ReadonlyArray<TimeOption>
}

const pad = (n: number) => String(n).padStart(2, "0")

/** 'HH:mm' of an instant on Asia/Shanghai time. */
export const shanghaiClock = (at: Date): string => {
  const m = Math.round((at.getTime() - startOfShanghaiDay(at).getTime()) / 60_000)
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`
}

const dayNames = ["今天", "明天", "后天", "大后天"]

/** The day's label: 今天/明天/后天 with its date. */
const dayLabel = (date: string, now: Date): string => {
  const days = Math.round((Date.parse(`${date}T00:00:00+08:00`) - startOfShanghaiDay(now).getTime()) / 86_400_000)
  return `${dayNames[days] ?? ""} ${date.slice(5)}`.trim()
}

/**
 * Days with their slots; the slot's value is its instant in ms. The days are the server's (`setup`, the
 * core's `bookingDays` on the server's clock) when given, else the core's on this device's clock.
 */
export const bookingTimeOptions = (now: Date, days: ReadonlyArray<BookingDay> = bookingDays(now)): ReadonlyArray<TimeOption> =>
  days.map((d) => ({
    label: dayLabel(d.date, now),
    value: d.date,
    children: d.slots.map((s) => ({ label: shanghaiClock(s), value: String(s.getTime()) }))
  }))

/** How a chosen time reads: '明天 11-24 09:30'. */
export const bookingTimeLabel = (at: Date, now: Date): string => `${dayLabel(shanghaiDate(at), now)} ${shanghaiClock(at)}`
