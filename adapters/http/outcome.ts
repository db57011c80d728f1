/** The one table from use-case outcome to HTTP answer: tagged errors carry their status and message. */
import { Cause, Exit } from "effect"
import type { Request, Response } from "express"
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

export const sendFailure = (res: Response, status: number, message: string) =>
  res.status(status).json({ success: false, message })

export const sendExit = <A, E>(res: Response, exit: Exit.Exit<A, E>, answer: (value: A) => Answer) => {
  if (Exit.isSuccess(exit)) {
    const a = answer(exit.value)
    return res.status(a.status ?? 200).json({ success: true, message: a.message, data: a.data, ...a.extra })
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
