/**
 * The calendar picker works in the phone's own days (local midnight `Date`s); the statistics in dates `YYYY-MM-DD`.
 * A campus phone keeps Beijing time, so a local day is the Asia/Shanghai day the server counts.
 */
const pad = (n: number) => String(n).padStart(2, "0")

/** The local midnight of a date `YYYY-MM-DD`, for the picker's bounds and value. */
export const calendarDay = (date: string): Date => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number]
  return new Date(y, m - 1, d)
}

/** The date `YYYY-MM-DD` of a day the picker gave. */
export const dayOfCalendar = (day: Date): string => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
