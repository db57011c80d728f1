/** Session tokens: 32 random bytes, base64url, stored only as a SHA-256 hash, expiring and revocable. */
import { createHash, randomBytes } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import type { Actor, Role } from "../../src/shared/actor"
import { Sessions } from "../../src/staff/staff-store"
import type { DB } from "../postgres/schema"

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url")

export const issueSession = async (db: Kysely<DB>, userId: string, now: Date): Promise<string> => {
  const token = randomBytes(32).toString("base64url")
  await db.insertInto("session").values({
    token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: new Date(now.getTime() + SESSION_TTL_MS)
  }).execute()
  return token
}

export const resolveSession = async (db: Kysely<DB>, token: string, now: Date): Promise<Actor | undefined> => {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined
  const row = await db.selectFrom("session").innerJoin("app_user", "app_user.id", "session.user_id")
    .select(["app_user.id", "app_user.openid", "app_user.role"])
    .where("session.token_hash", "=", hashToken(token)).where("session.expires_at", ">", now).where("session.revoked_at", "is", null)
    .executeTakeFirst()
  return row && { userId: row.id, openid: row.openid, role: row.role as Role }
}

export const revokeSession = (db: Kysely<DB>, token: string, now: Date) =>
  db.updateTable("session").set({ revoked_at: now }).where("token_hash", "=", hashToken(token)).execute()

export const sessions = (db: Kysely<DB>) => Sessions.of({
  issue: (userId, now) => Effect.promise(() => issueSession(db, userId, now))
})

/**
 * Resolved sessions kept in this process for a few seconds, so a burst of calls costs one lookup;
 * a revocation reaches other processes within the same few seconds.
 */
export const cachedSessions = (db: Kysely<DB>, ttlMs = 5_000, maxEntries = 10_000) => {
  const cache = new Map<string, { actor: Actor | undefined; until: number }>()
  return async (token: string, now: Date): Promise<Actor | undefined> => {
    const hit = cache.get(token)
    if (hit && hit.until > now.getTime()) return hit.actor
    const actor = await resolveSession(db, token, now)
    if (cache.size >= maxEntries) cache.clear()
    if (actor) cache.set(token, { actor, until: now.getTime() + ttlMs })
    return actor
  }
}
