/**
 * The nonces of the provider's notices, kept so that a replayed notice is refused by every server process, not only
 * by the one that took it first. A nonce is written in the transaction that settles its notice: two processes given
 * the same notice at once queue on its row, and the second finds it taken.
 */
import { sql, type Kysely } from "kysely"
import type { DB } from "../postgres/schema"

/** True the first time a nonce is seen (the notice window is the signature's 5 minutes; older notices are refused anyway). */
export type NonceBook = (nonce: string, at: Date) => Promise<boolean>

export const noticeNonces = (db: Kysely<DB>): NonceBook => async (nonce, at) => {
  const taken = await db.insertInto("payment_notice_nonce").values({ nonce, seen_at: at })
    .onConflict((oc) => oc.column("nonce").doNothing()).returning(sql<number>`1`.as("taken")).executeTakeFirst()
  return taken !== undefined
}
