/** Business days are Asia/Shanghai calendar days (UTC+8, no daylight saving). */
const DAY_MS = 24 * 60 * 60 * 1000
const OFFSET_MS = 8 * 60 * 60 * 1000

/** The business day `YYYY-MM-DD` as [from, to), or undefined for anything but a real calendar date. */
export const shanghaiDay = (date: string): { from: Date; to: Date } | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined
  const from = new Date(`${date}T00:00:00+08:00`)
  if (Number.isNaN(from.getTime()) || new Date(from.getTime() + OFFSET_MS).toISOString().slice(0, 10) !== date) return undefined
  return { from, to: new Date(from.getTime() + DAY_MS) }
}
