/**
 * Request rate limits: a fixed window per key, held in this process (with several server processes
 * each counts its own), and the express middleware that answers 429 once a key has used its window.
 */
import type { Request, RequestHandler } from "express"
import { sendFailure } from "./outcome"

export interface Limit {
  readonly max: number
  readonly windowMs: number
}

export interface RateLimiter {
  /** Counts one hit for the key: 0 when it may go ahead, else the milliseconds until its window ends. */
  take(key: string): number
}

export const TOO_MANY_REQUESTS = "操作过于频繁，请稍后再试"

const MAX_KEYS = 100_000

export const rateLimiter = (limit: Limit, now: () => number = Date.now): RateLimiter => {
  const windows = new Map<string, { start: number; hits: number }>()
  const sweep = (at: number) => {
    for (const [key, w] of windows) if (at - w.start >= limit.windowMs) windows.delete(key)
    if (windows.size >= MAX_KEYS) windows.clear()
  }
  return {
    take: (key) => {
      const at = now()
      let w = windows.get(key)
      if (!w || at - w.start >= limit.windowMs || at < w.start) {
        if (!w && windows.size >= MAX_KEYS) sweep(at)
        w = { start: at, hits: 0 }
        windows.set(key, w)
      }
      if (w.hits >= limit.max) return w.start + limit.windowMs - at
      w.hits++
      return 0
    }
  }
}

/** The caller's address (express resolves it behind a loopback proxy). */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? "unknown"

/** Answers 429 when the request's key has used its window; a request without a key passes. */
export const limitRequests = (limiter: RateLimiter, keyOf: (req: Request) => string | undefined, message = TOO_MANY_REQUESTS): RequestHandler =>
  (req, res, next) => {
    const key = keyOf(req)
    const waitMs = key === undefined ? 0 : limiter.take(key)
    if (waitMs === 0) return next()
    res.setHeader("Retry-After", String(Math.ceil(waitMs / 1000)))
    sendFailure(res, 429, message)
  }
