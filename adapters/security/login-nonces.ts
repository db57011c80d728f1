/** Single-use sign-in nonces: issued with the public key, expiring after 5 minutes, and purged once expired. */
import { randomBytes } from "node:crypto"
import { sql, type Kysely } from "kysely"
import { LOGIN_ATTEMPTS } from "#src/staff/employee"
import { prune, PRUNE_BATCH } from "../postgres/retention"
import type { DB } from "../postgres/schema"

export const NONCE_TTL_MS = 5 * 60 * 1000

/** Expired rows one issue clears on its way, so the table stays small without a scheduler. */
const CLEARED_PER_ISSUE = 100

const clearExpiredNonces = (db: Kysely<DB>, now: Date, limit: number) =>
  db.deleteFrom("login_nonce")
    .where("nonce", "in", db.selectFrom("login_nonce").select("nonce").where("expires_at", "<=", now).limit(limit))
    .executeTakeFirst()

export const issueLoginNonce = async (db: Kysely<DB>, now: Date): Promise<string> => {
  const nonce = randomBytes(16).toString("base64url")
  await db.insertInto("login_nonce").values({ nonce, expires_at: new Date(now.getTime() + NONCE_TTL_MS) }).execute()
  await clearExpiredNonces(db, now, CLEARED_PER_ISSUE)
  return nonce
}

/**
 * Deletes every expired nonce (used or not: neither can be consumed any more) and the sign-in
 * failures too old to count; for a scheduled job. Answers how many rows went.
 */
export const purgeExpiredLoginRows = async (db: Kysely<DB>, now: Date, batch = PRUNE_BATCH): Promise<{ nonces: number; failures: number }> => ({
  nonces: await prune(db, "login_nonce", sql<boolean>`expires_at <= ${now}`, batch),
  failures: await prune(db, "login_failure", sql<boolean>`at < ${new Date(now.getTime() - LOGIN_ATTEMPTS.windowMs)}`, batch)
})
