/**
 * The circle's visitor calls (spec 002 §6, issue 19 "Visitors"): a session's bearer token signs in as usual; without
 * one, the `openid` of the query or body (or an openid sent as the bearer) names a visitor, who must be a known
 * messaging-app identity (else 404 '获取详情失败') and acts at most `limit` times per client address. Mounted before
 * the session check, on the visitor routes only; a route reads the caller with `viewerOf`.
 */
import type { NextFunction, Request, Response } from "express"
import type { Kysely } from "kysely"
import { DETAIL_FAILED, type Viewer } from "#src/circle/viewer"
import type { Role } from "#src/shared/actor"
import type { DB } from "../postgres/schema"
import { actorOfHeader, bearerToken, type SessionLookup } from "./auth"
import { sendFailure } from "./outcome"
import { clientAddress, type RateLimiter } from "./rate-limit"
import { TOO_MANY_REQUESTS } from "./rate-limit"

const OPENID = /^[A-Za-z0-9_-]{1,32}$/

const openidOf = (req: Request): string | undefined => {
  const fromQuery = typeof req.query.openid === "string" ? req.query.openid : undefined
  const body = req.body as { openid?: unknown } | undefined
  const fromBody = typeof body?.openid === "string" ? body.openid : undefined
  const candidate = fromQuery ?? fromBody ?? bearerToken(req.headers.authorization)
  return candidate !== undefined && OPENID.test(candidate) ? candidate : undefined
}

export const circleViewer = (db: Kysely<DB>, sessions: SessionLookup, limiter: RateLimiter) =>
  async (req: Request, res: Response, next: NextFunction) => {
    try {
      const actor = await actorOfHeader(sessions, req.headers.authorization)
      if (actor) {
        Object.assign(req, { actor, viewer: { ...actor, visitor: false } satisfies Viewer })
        return next()
      }
      const waitMs = limiter.take(clientAddress(req))
      if (waitMs > 0) {
        res.setHeader("Retry-After", String(Math.ceil(waitMs / 1000)))
        return sendFailure(res, 429, TOO_MANY_REQUESTS)
      }
      const openid = openidOf(req)
      const person = openid === undefined ? undefined
        : await db.selectFrom("app_user").select(["id", "openid", "role"]).where("openid", "=", openid).executeTakeFirst()
      if (!person) return sendFailure(res, 404, DETAIL_FAILED)
      Object.assign(req, { viewer: { userId: person.id, openid: person.openid, role: person.role as Role, visitor: true } satisfies Viewer })
      next()
    } catch (err) {
      next(err)
    }
  }

/** The caller of a visitor route: a signed-in user or a visitor (`circleViewer` ran before). */
export const viewerOf = (req: Request): Viewer => {
  const viewer = (req as Request & { viewer?: Viewer }).viewer
  if (!viewer) throw new Error("route needs the circle viewer middleware")
  return viewer
}
