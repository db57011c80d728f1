/** One log line per answered request; the hot routes' successes sampled. */
import { loggablePath, logger } from "./logger"

/**
 * Answered many times a second: a success is logged at debug, and at info only one in HOT_LOG_SAMPLE
 * (marked `sampled`); refusals and failures are logged as every other request is.
 */
const HOT_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/expressTosend", "GET /api/user/wxuserInfo", "GET /api/expressTosend/pagingForFontend", "GET /api/health"
])
const HOT_LOG_SAMPLE = 1000
let hotServed = 0

/** Logs an answered request: its method, its path without the query (`url` only as masked for logs), status and time. */
export const logServed = (method: string, path: string, url: string, status: number, started: bigint) => {
  const hot = status < 400 && HOT_ROUTES.has(`${method} ${path}`)
  if (hot && ++hotServed % HOT_LOG_SAMPLE !== 0 && !logger.isLevelEnabled("debug")) return
  const line = { method, path: loggablePath(url), status, ms: Number(process.hrtime.bigint() - started) / 1e6 }
  if (hot && !logger.isLevelEnabled("debug")) logger.info({ ...line, sampled: HOT_LOG_SAMPLE }, "request")
  else if (hot) logger.debug(line, "request")
  else logger.info(line, "request")
}
