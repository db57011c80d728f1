/** The messaging app's JS-SDK configuration for a page URL. */
import { Exit } from "effect"
import { Router } from "express"
import { RuleViolation } from "#src/shared/errors"
import { messages, ScannerConfig } from "#src/staff/calls"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"

export const messagingRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/wx/jsconfig", handle(ScannerConfig, async ({ url }) =>
    url === undefined ? Exit.fail(new RuleViolation({ message: messages.urlWrong })) : Exit.succeed(await runtime.messagingApp.jsConfig(url, new Date()))))
  return r
}
