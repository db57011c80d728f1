/**
 * What an announcement's HTML may hold, and the port that cleans it to that when it is written: text tags and
 * lists; pictures uploaded here (`/sign/{dateFolder}/{file}`) or on an https address; links to https addresses
 * only. No scripts, frames, styles, event handlers or other URL schemes survive. The cleaning itself is an
 * adapter's (sanitize-html), applying these lists and tests.
 */
import { Context, Effect } from "effect"
import { isStoredPath, SIGN_PATH } from "../upload/upload"

/** Tags kept as they are (with no attributes). */
export const TEXT_TAGS = [
  "p", "br", "hr", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "del", "sub", "sup", "small", "blockquote", "span",
  "ul", "ol", "li"
] as const

/** Tags kept with the attributes listed: a picture with its source, a link with its address. */
export const ATTRIBUTE_TAGS = {
  img: ["src", "alt", "width", "height"],
  a: ["href", "title"]
} as const

/** An https address with a host, and nothing a browser would read as another scheme or a line break. */
export const isHttpsUrl = (value: string): boolean => {
  if (!/^https:\/\/[^\s/?#]+/i.test(value) || /[\u0000-\u0020\u007f"'<>\\`]/.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === ""
  } catch {
    return false
  }
}

/** A picture's source: an upload of this server (`/sign/{yyyymmdd}/{hex}.{type}`) or an https address. */
export const isAllowedImageSrc = (src: string | undefined): boolean => {
  if (src === undefined) return false
  const value = src.trim()
  const upload = new RegExp(`^${SIGN_PATH}/([^/]+)/([^/]+)$`).exec(value)
  return (upload !== null && isStoredPath(upload[1]!, upload[2]!)) || isHttpsUrl(value)
}

/** A link's address: https only. */
export const isAllowedLinkHref = (href: string | undefined): boolean => href !== undefined && isHttpsUrl(href.trim())

/** Cleans an announcement's HTML to what this module allows. */
export class ContentCleaner extends Context.Service<ContentCleaner, {
  clean(html: string): Effect.Effect<string>
}>()("station/ContentCleaner") {}
