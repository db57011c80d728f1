/**
 * The nonces of the provider's notices, kept so that a replayed notice is refused by every server process, not only
 * by the one that took it first. A nonce is written in the transaction that settles its notice: two processes given
 * the same notice at once queue on its row, and the second finds it taken.
 */
import { sql, type Kysely } from "kysely"
import { prune, PRUNE_BATCH } from "../postgres/retention"
import type { DB } from "../postgres/schema"

/**
 * How long a notice's nonce is kept: twice the 5 minutes a notice's timestamp is good for (the margin covers the
 * provider's clock being ahead of ours); an older notice is refused on its timestamp, so its nonce guards nothing.
 */
export const NOTICE_NONCE_KEEP_MS = 2 * 5 * 60_000

/** True the first time a nonce is seen (the notice window is the signature's 5 minutes; older notices are refused anyway). */
export type NonceBook = (nonce: string, at: Date) => Promise<boolean>

export const noticeNonces = (db: Kysely<DB>): NonceBook => async (nonce, at) => {
  const taken = await db.insertInto("payment_notice_nonce").values({ nonce, seen_at: at })
    .onConflict((oc) => oc.column("nonce").doNothing()).returning(sql<number>`1`.as("taken")).executeTakeFirst()
  return taken !== undefined
}

/** Deletes the nonces kept longer than `NOTICE_NONCE_KEEP_MS`, `batch` rows a statement; answers how many went. */
export const purgeSeenNonces = (db: Kysely<DB>, now: Date, batch = PRUNE_BATCH): Promise<number> =>
  prune(db, "payment_notice_nonce", sql<boolean>`seen_at < ${new Date(now.getTime() - NOTICE_NONCE_KEEP_MS)}`, batch)
