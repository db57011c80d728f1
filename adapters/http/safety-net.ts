/**
 * The process-level safety net: a defect that escapes a request (an error emitted on a stream with
 * no listener, a rejected promise nobody awaits) answers that request 500 and the server keeps
 * serving; outside any request an uncaught exception still ends the process, as Node would.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import type { ServerResponse } from "node:http"
import type { RequestHandler } from "express"
import { logger } from "./logger"
import { GENERIC_FAILURE, sendFailure } from "./outcome"

const requests = new AsyncLocalStorage<ServerResponse>()

/** Runs `serve` (and everything it starts) with the request's response at hand. */
export const withinRequest = (res: ServerResponse, serve: () => void) => requests.run(res, serve)

/** The same for the rest of an express request. */
export const requestScope: RequestHandler = (_req, res, next) => withinRequest(res, next)

const failRequest = (res: ServerResponse, err: unknown) => {
  logger.error({ err }, "request failed outside its handler")
  if (res.writableEnded) return
  if (res.headersSent) return void res.destroy()
  res.setHeader("Connection", "close")
  sendFailure(res, 500, GENERIC_FAILURE)
}

const onUncaught = (err: unknown) => {
  const res = requests.getStore()
  if (res) return failRequest(res, err)
  logger.fatal({ err }, "uncaught exception")
  // the only listener is this one: end the process as Node would have; a test runner listening too decides itself
  if (process.listenerCount("uncaughtException") === 1) process.exit(1)
}

const onUnhandledRejection = (err: unknown) => {
  const res = requests.getStore()
  if (res) return failRequest(res, err)
  logger.error({ err }, "unhandled promise rejection")
}

let installed = false

/** Installs the process listeners once per process (every app in it shares them). */
export const installSafetyNet = () => {
  if (installed) return
  installed = true
  process.on("uncaughtException", onUncaught)
  process.on("unhandledRejection", onUnhandledRejection)
}

/** Whether the code running now serves a request (the bench uses it to catch the statements a request makes). */
export const inRequest = () => requests.getStore() !== undefined
