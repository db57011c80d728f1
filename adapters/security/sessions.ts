/** Session tokens: 32 random bytes, base64url, stored only as a SHA-256 hash, expiring and revocable. */
import { createHash, randomBytes } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import type { Actor, Role } from "#src/shared/actor"
import type { LiveEvent } from "#src/shared/ports"
import { Sessions } from "#src/staff/staff-store"
import type { DB } from "../postgres/schema"

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url")

/** What identifies a session outside its token (its stored hash). */
export const sessionHash = hashToken

/** The live event that ends a session's open sockets; never sent to a client with its payload. */
export const SESSION_ENDED = "sessionEnded"

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

/**
 * Revokes a session; with `publish` (the runtime's live-events path) its open sockets on every
 * server process are disconnected at once, otherwise at their next session check.
 */
export const revokeSession = async (db: Kysely<DB>, token: string, now: Date, publish?: (event: LiveEvent) => void) => {
  const session = hashToken(token)
  const revoked = await db.updateTable("session").set({ revoked_at: now }).where("token_hash", "=", session).where("revoked_at", "is", null)
    .returning("user_id").executeTakeFirst()
  if (revoked && publish) publish({ room: { user: revoked.user_id }, name: SESSION_ENDED, payload: { session } })
}

/** Which of these sessions (by hash) are still valid now. */
export const liveSessions = async (db: Kysely<DB>, hashes: ReadonlyArray<string>, now: Date): Promise<ReadonlySet<string>> => {
  const live = new Set<string>()
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db.selectFrom("session").select("token_hash").where("token_hash", "in", hashes.slice(i, i + 1000))
      .where("expires_at", ">", now).where("revoked_at", "is", null).execute()
    for (const r of rows) live.add(r.token_hash)
  }
  return live
}

export const sessions = (db: Kysely<DB>) => Sessions.of({
  issue: (userId, now) => Effect.promise(() => issueSession(db, userId, now))
})

/**
 * Resolved sessions kept in this process for a few seconds of real time, so a burst of calls costs one lookup; a
 * revocation reaches other processes within the same few seconds. A session is valid by the service's clock, the one
 * it was issued by and the scheduler purges it by (a wall clock here and the service's there would disagree).
 */
export const cachedSessions = (db: Kysely<DB>, clock: () => Date, ttlMs = 5_000, maxEntries = 10_000) => {
  const cache = new Map<string, { actor: Actor | undefined; until: number }>()
  return async (token: string): Promise<Actor | undefined> => {
    const hit = cache.get(token)
    if (hit && hit.until > Date.now()) return hit.actor
    const actor = await resolveSession(db, token, clock())
    if (cache.size >= maxEntries) cache.clear()
    if (actor) cache.set(token, { actor, until: Date.now() + ttlMs })
    return actor
  }
}
