/**
 * The messaging app's access token and JS-SDK ticket, one of each for all server processes (table messaging_token).
 * A value good for more than five more minutes is read and used. Otherwise the process takes the row's lock,
 * looks again (another process may have just refreshed it), and only if it is still stale asks the app for a new
 * one, writing it before the lock is let go. `stale` names a value the app has just called expired (40001):
 * it is replaced even if its time is not up, unless another process already replaced it.
 */
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"

export const REFRESH_BEFORE_MS = 5 * 60_000

export type TokenKind = DB["messaging_token"]["kind"]
export interface Issued {
  readonly value: string
  readonly expiresInSeconds: number
}

export type TokenCache = (kind: TokenKind, issue: () => Promise<Issued>, stale?: string) => Promise<string>

export const tokenCache = (db: Kysely<DB>, appId: string, now: () => Date = () => new Date()): TokenCache => {
  const row = (q: Kysely<DB>) => q.selectFrom("messaging_token").select(["value", "expires_at"]).where("app_id", "=", appId)
  const usable = (r: { value: string; expires_at: Date } | undefined, stale: string | undefined): r is { value: string; expires_at: Date } =>
    r !== undefined && r.value !== "" && r.value !== stale && r.expires_at.getTime() - now().getTime() > REFRESH_BEFORE_MS
  return async (kind, issue, stale) => {
    const cached = await row(db).where("kind", "=", kind).executeTakeFirst()
    if (usable(cached, stale)) return cached.value
    return db.transaction().execute(async (trx) => {
      await trx.insertInto("messaging_token").values({ app_id: appId, kind, value: "", expires_at: new Date(0), refreshed_at: new Date(0) })
        .onConflict((oc) => oc.columns(["app_id", "kind"]).doNothing()).execute()
      const locked = await row(trx).where("kind", "=", kind).forUpdate().executeTakeFirstOrThrow()
      if (usable(locked, stale)) return locked.value
      const issued = await issue()
      const at = now()
      await trx.updateTable("messaging_token").set({ value: issued.value, expires_at: new Date(at.getTime() + issued.expiresInSeconds * 1000), refreshed_at: at })
        .where("app_id", "=", appId).where("kind", "=", kind).execute()
      return issued.value
    })
  }
}
