/** Bearer-token authentication for /api: resolves the session to the calling actor. */
import type { NextFunction, Request, Response } from "express"
import type { Actor } from "#src/shared/actor"
import { sendFailure } from "./outcome"

export const TOKEN_MISSING = "登录已失效，请重新进入"

export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "")
  if (!match) return undefined
  try {
    return decodeURIComponent(match[1]!)
  } catch {
    return undefined // a malformed escape is no token (401), not a server failure
  }
}

/** A session token's actor, if it is valid now by the service's clock (`cachedSessions`). */
export type SessionLookup = (token: string) => Promise<Actor | undefined>

/** Who an `Authorization: Bearer …` header signs in, if anyone. */
export const actorOfHeader = async (sessions: SessionLookup, authorization: string | undefined) => {
  const token = bearerToken(authorization)
  return token ? sessions(token) : undefined
}

export const requireActor = (sessions: SessionLookup) => async (req: Request, res: Response, next: NextFunction) => {
  const actor = await actorOfHeader(sessions, req.headers.authorization)
  if (!actor) return sendFailure(res, 401, TOKEN_MISSING)
  Object.assign(req, { actor })
  next()
}
