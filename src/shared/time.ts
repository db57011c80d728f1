/** Business time: days, cut-offs and daily limits are counted in Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export const startOfShanghaiDay = (at: Date): Date =>
  new Date(Math.floor((at.getTime() + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS)

export const shanghaiDate = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10)

export const minutes = (n: number) => n * 60 * 1000
export const hours = (n: number) => n * 60 * 60 * 1000
