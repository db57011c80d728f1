/** The one table from use-case outcome to HTTP answer: tagged errors carry their status and message. */
import type { ServerResponse } from "node:http"
import { gzipSync } from "node:zlib"
import Negotiator from "negotiator"
import { Cause, Exit } from "effect"
import type { Request } from "express"
import { isDomainError } from "#src/shared/errors"
import type { Actor } from "#src/shared/actor"
import { logger } from "./logger"

export const GENERIC_FAILURE = "系统繁忙，请稍后再试"

export interface Answer {
  readonly status?: number
  readonly message?: string
  readonly data?: unknown
  readonly extra?: Record<string, unknown>
}

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const ANSWER_COMPRESS_BYTES = 1024

/** Whether the request that this answers takes gzip (q=0 refuses it). */
const takesGzip = (res: ServerResponse) => res.req !== undefined && new Negotiator(res.req).encodings(["gzip"]).includes("gzip")

/**
 * A JSON answer, as express's `res.json` writes it but on any node response (the hot lane's too) and
 * without an ETag: API answers are never cached (`no-store`). Over 1 KB it is gzipped when the browser takes it (a
 * parcel list over a phone network), so the hot lane and express answer alike.
 */
export const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  const text = Buffer.from(JSON.stringify(body))
  res.statusCode = status
  res.setHeader("Content-Type", "application/json; charset=utf-8")
  res.setHeader("Vary", "Accept-Encoding")
  const packed = text.length >= ANSWER_COMPRESS_BYTES && takesGzip(res) ? gzipSync(text, { level: 6 }) : undefined
  if (packed) res.setHeader("Content-Encoding", "gzip")
  res.setHeader("Content-Length", (packed ?? text).length)
  res.end(packed ?? text)
}

export const sendFailure = (res: ServerResponse, status: number, message: string) => sendJson(res, status, { success: false, message })

export const sendExit = <A, E>(res: ServerResponse, exit: Exit.Exit<A, E>, answer: (value: A) => Answer) => {
  if (Exit.isSuccess(exit)) {
    const a = answer(exit.value)
    return sendJson(res, a.status ?? 200, { success: true, message: a.message, data: a.data, ...a.extra })
  }
  const failure = Cause.squash(exit.cause)
  if (!Cause.hasDies(exit.cause) && isDomainError(failure)) return sendFailure(res, failure.status, failure.message)
  logger.error({ err: failure }, "use case died")
  return sendFailure(res, 500, GENERIC_FAILURE)
}

export const actorOf = (req: Request): Actor => {
  const actor = (req as Request & { actor?: Actor }).actor
  if (!actor) throw new Error("route needs the auth middleware")
  return actor
}
