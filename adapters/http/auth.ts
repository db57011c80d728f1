/** Bearer-token authentication for /api: resolves the session to the calling actor. */
import type { NextFunction, Request, Response } from "express"
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"
import { cachedSessions } from "../security/sessions"
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

export const requireActor = (db: Kysely<DB>) => {
  const resolve = cachedSessions(db)
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req.headers.authorization)
    const actor = token ? await resolve(token, new Date()) : undefined
    if (!actor) return sendFailure(res, 401, TOKEN_MISSING)
    Object.assign(req, { actor })
    next()
  }
}
