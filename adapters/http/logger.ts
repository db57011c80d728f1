/** Structured logs; tokens and passwords never reach them, in headers, bodies, paths or queries. */
import pino from "pino"

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info"),
  redact: {
    paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token", "password", "token"],
    censor: "[redacted]"
  }
})

/** A path fit for logs: long opaque segments (tokens) are masked and the query is dropped. */
export const loggablePath = (url: string) =>
  url.split("?")[0]!.split("/").map((segment) => (/^[A-Za-z0-9_%.-]{20,}$/.test(segment) ? "[token]" : segment)).join("/")
