/** Display formats: money in yuan from fen, and Beijing date-times. */

export const yuan = (fen: number): string => (fen / 100).toFixed(2)

const dateTimeFormat = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false
})

export const dateTime = (at: string | number): string => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? String(at) : dateTimeFormat.format(date)
}
