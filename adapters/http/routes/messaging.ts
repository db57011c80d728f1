/** The messaging app's JS-SDK configuration for a page URL; 503 when the app cannot be asked now (its token or ticket). */
import { Exit } from "effect"
import { Router, type ErrorRequestHandler } from "express"
import { RuleViolation } from "#src/shared/errors"
import { messages, ScannerConfig } from "#src/staff/calls"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { logger } from "../logger"
import { GENERIC_FAILURE, sendFailure } from "../outcome"

/** The messaging app did not give the configuration: unreachable, silent or refusing; the page may try again. */
class AppUnavailable extends Error {}

export const messagingRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/wx/jsconfig", handle(ScannerConfig, async ({ url }) => {
    if (url === undefined) return Exit.fail(new RuleViolation({ message: messages.urlWrong }))
    try {
      return Exit.succeed(await runtime.messagingApp.jsConfig(url, new Date()))
    } catch (e) {
      throw new AppUnavailable((e as Error).message)
    }
  }))
  const unavailable: ErrorRequestHandler = (err, _req, res, next) => {
    if (!(err instanceof AppUnavailable)) return next(err)
    logger.warn({ reason: err.message }, "jsconfig: the messaging app could not be asked")
    sendFailure(res, 503, GENERIC_FAILURE)
  }
  r.use(unavailable)
  return r
}
