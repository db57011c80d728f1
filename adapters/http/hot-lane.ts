/**
 * The hot lane: the few reads a phone asks many times a second, answered straight off node:http ahead
 * of express. Express's own work per request (its request and response objects, a walk of every
 * router layer) was most of such a read's time (docs/decisions.md, "Speed (issue 10)"). A lane answer
 * carries what express gives every API answer: the security headers, `no-store`, the bearer check on
 * the same session cache, the request log and the safety net. A request the lane does not know exactly
 * (another method or path, a query string, a body) goes to express, which serves the same routes.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http"
import { actorOfHeader, TOKEN_MISSING, type SessionLookup } from "./auth"
import type { ActorRead } from "./handle"
import { logger } from "./logger"
import { GENERIC_FAILURE, sendFailure } from "./outcome"
import { logServed } from "./request-log"
import { withinRequest } from "./safety-net"

export interface HotLane {
  readonly sessions: SessionLookup
  readonly securityHeaders: (res: ServerResponse) => void
  /** Exact GET paths (no query) and the read that answers each. */
  readonly reads: ReadonlyMap<string, ActorRead>
}

const bodiless = (req: IncomingMessage) => req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined

const serve = async (lane: HotLane, read: ActorRead, req: IncomingMessage, res: ServerResponse) => {
  const started = process.hrtime.bigint()
  res.once("finish", () => logServed("GET", req.url!, req.url!, res.statusCode, started))
  lane.securityHeaders(res)
  res.setHeader("Cache-Control", "no-store")
  try {
    const actor = await actorOfHeader(lane.sessions, req.headers.authorization)
    if (!actor) return sendFailure(res, 401, TOKEN_MISSING)
    await read.answer(actor, res)
  } catch (err) {
    logger.error({ err }, "request failed")
    if (!res.headersSent) sendFailure(res, 500, GENERIC_FAILURE)
  }
}

/** Serves the lane's reads itself and hands every other request to `rest` (the express app). */
export const hotLane = (rest: RequestListener, lane: HotLane): RequestListener => (req, res) => {
  const read = req.method === "GET" && bodiless(req) ? lane.reads.get(req.url ?? "") : undefined
  if (!read) return rest(req, res)
  withinRequest(res, () => void serve(lane, read, req, res))
}
