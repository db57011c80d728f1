/** The one table from use-case outcome to HTTP answer: tagged errors carry their status and message. */
import type { ServerResponse } from "node:http"
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

/**
 * A JSON answer, as express's `res.json` writes it but on any node response (the hot lane's too) and
 * without an ETag: API answers are never cached (`no-store`).
 */
export const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body)
  res.statusCode = status
  res.setHeader("Content-Type", "application/json; charset=utf-8")
  res.setHeader("Content-Length", Buffer.byteLength(text))
  res.end(text)
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
