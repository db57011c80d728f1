/** Business time: days, cut-offs and daily limits are counted in Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export const startOfShanghaiDay = (at: Date): Date =>
  new Date(Math.floor((at.getTime() + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS)

/** Whether two instants fall on the same Asia/Shanghai calendar day. */
export const sameShanghaiDay = (a: Date, b: Date): boolean => startOfShanghaiDay(a).getTime() === startOfShanghaiDay(b).getTime()

/** The Asia/Shanghai calendar date `YYYY-MM-DD` of an instant. */
export const shanghaiDate = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10)

/** The Asia/Shanghai day `YYYY-MM-DD` as [from, to), or undefined for anything but a real calendar date. */
export const shanghaiDay = (date: string): { readonly from: Date; readonly to: Date } | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined
  const from = new Date(Date.parse(`${date}T00:00:00.000Z`) - SHANGHAI_OFFSET_MS)
  if (Number.isNaN(from.getTime()) || shanghaiDate(from) !== date) return undefined
  return { from, to: new Date(from.getTime() + DAY_MS) }
}

/** An instant as people read it: Asia/Shanghai wall time to the second with its offset, `2026-11-28 16:05:00 +08:00`. */
export const shanghaiDateTime = (at: Date): string =>
  `${new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ")} +08:00`

export const minutes = (n: number) => n * 60 * 1000
export const hours = (n: number) => n * 60 * 60 * 1000
