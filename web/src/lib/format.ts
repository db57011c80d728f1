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

/** Base64 image data (an avatar, a QR code) as an image source: a data URL or address as sent, or raw base64 made into one; "" for none. */
export const imageSrc = (data: string | null | undefined): string => {
  const raw = data?.trim()
  if (!raw) return ""
  return /^(data:|https?:|\/)/.test(raw) ? raw : `data:image/png;base64,${raw}`
}

/**
 * An uploaded picture (`/sign/…`, here or behind a preview base) at the server's thumbnail nearest `cssWidth` × 2
 * (`?w=`, issue 23); any other picture (the messaging app's avatars, data URLs) as it is.
 */
export const thumbnailSrc = (url: string, cssWidth: number): string =>
  /^(https?:\/\/[^/?#]*)?(\/[^?#]*)?\/sign\/\d{8}\/[0-9a-f]{32}\.(jpg|png|gif)$/.test(url) ? `${url}?w=${cssWidth * 2}` : url

const dateFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })

/** A Beijing calendar date (follow time and the like). */
export const date = (at: Date): string => dateFormat.format(at)
