/** Display formats: money in yuan from fen (the core's one rule: two decimals), and Beijing date-times. */
export { signedYuan, yuan } from "#src/shared/money"

const dateTimeFormat = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false
})

export const dateTime = (at: Date | string | number): string => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? String(at) : dateTimeFormat.format(date)
}

/** The avatar as an image source: a data URL as sent, or raw base64 made into one; undefined for none. */
export const avatarSrc = (headimgBase64: string | null | undefined): string | undefined => {
  const raw = headimgBase64?.trim()
  if (!raw) return undefined
  return /^(data:|https?:|\/)/.test(raw) ? raw : `data:image/png;base64,${raw}`
}

/** A QR code's PNG as an image source: a data URL as sent, or raw base64 made into one. */
export const qrImageSrc = (base64: string): string => (base64.startsWith("data:") ? base64 : `data:image/png;base64,${base64}`)

const dateFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })

/** A Beijing calendar date (follow time and the like). */
export const date = (at: Date): string => dateFormat.format(at)
