/**
 * The daily report link's bearer (issue 20): on the two report calls only (`statistics/daily`, `statistics/getById`),
 * the bearer may be a session (a signed-in head office or site admin) or a report key that works now (neither
 * revoked nor expired, looked up every time so a revoke counts at once). Mounted before the session check on
 * those routes alone: anywhere else a report key is no session and gets 401. A route reads its caller with
 * `statisticsCallerOf`.
 */
import type { NextFunction, Request, Response } from "express"
import type { Kysely } from "kysely"
import type { StatisticsCaller } from "#src/statistics/use-cases"
import type { DB } from "../postgres/schema"
import { resolveReportKey } from "../postgres/stores/statistics-store"
import { bearerToken, TOKEN_MISSING, type SessionLookup } from "./auth"
import { sendFailure } from "./outcome"

export const reportReader = (db: Kysely<DB>, sessions: SessionLookup, clock: () => Date) =>
  async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = bearerToken(req.headers.authorization)
      const now = clock()
      const actor = token === undefined ? undefined : await sessions(token)
      if (actor) {
        Object.assign(req, { actor, statisticsCaller: { actor } satisfies StatisticsCaller })
        return next()
      }
      const key = token === undefined ? undefined : await resolveReportKey(db, token, now)
      if (!key) return sendFailure(res, 401, TOKEN_MISSING)
      Object.assign(req, { statisticsCaller: { reportKey: { worksiteId: key.worksiteId } } satisfies StatisticsCaller })
      next()
    } catch (err) {
      next(err)
    }
  }

/** The caller of a report route: a signed-in user or a report key's scope (`reportReader` ran before). */
export const statisticsCallerOf = (req: Request): StatisticsCaller => {
  const caller = (req as Request & { statisticsCaller?: StatisticsCaller }).statisticsCaller
  if (!caller) throw new Error("route needs the report reader middleware")
  return caller
}
