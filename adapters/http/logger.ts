/** Structured logs; tokens and passwords never reach them, in headers, bodies, paths or queries, and phone numbers only masked. */
import pino from "pino"

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info"),
  redact: {
    paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token", "password", "token"],
    censor: "[redacted]"
  }
})

const MOBILE = /(?<!\d)((?:0086|86)?1[3-9]\d)\d{4}(\d{4})(?!\d)/g

/** Mainland mobile numbers as `138****0001`, wherever they appear in the text. */
export const maskPhones = (text: string) => text.replace(MOBILE, "$1****$2")

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A path segment with its phone masked, also when written with spaces, dashes or a +86 prefix. */
const maskSegment = (segment: string) => {
  const compact = decoded(segment).replace(/[\s\-()（）+]/g, "").replace(/^(?:0086|86)(?=1\d{10}$)/, "")
  return /^1[3-9]\d{9}$/.test(compact) ? maskPhones(compact) : maskPhones(segment)
}

/** A path fit for logs: long opaque segments (tokens) and phone numbers are masked and the query is dropped. */
export const loggablePath = (url: string) =>
  url.split("?")[0]!.split("/").map((segment) => (/^[A-Za-z0-9_%.-]{20,}$/.test(segment) ? "[token]" : maskSegment(segment))).join("/")
