/**
 * Retention of the service's own bookkeeping: rows that guard or remember something for a while (sessions, sign-in
 * nonces and failures, the payment provider's notice nonces, Idempotency-Key answers) and then guard nothing. None is
 * business data (the replay digest leaves these tables out, adapters/ops/digest.ts), so pruning them is no operation.
 * They are deleted in batches, each batch its own statement by physical row address, so a prune of a year's rows
 * never holds a long lock or a long transaction; each owner says which of its rows have ended.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely"
import type { DB } from "./schema"

/** Rows one statement deletes at most. */
export const PRUNE_BATCH = 1000

/** The tables pruned here: bookkeeping only (a business table's rows are replayed from the log and kept). */
export type BookkeepingTable = "session" | "login_nonce" | "login_failure" | "payment_notice_nonce" | "idempotency"

/** Deletes at most `batch` rows of `table` for which `ended` holds; answers how many went. */
export const pruneBatch = async (db: Kysely<DB>, table: BookkeepingTable, ended: Expression<SqlBool>, batch = PRUNE_BATCH): Promise<number> => {
  const gone = await sql`delete from ${sql.table(table)}
    where ctid = any(array(select ctid from ${sql.table(table)} where ${ended} limit ${batch}))`.execute(db)
  return Number(gone.numAffectedRows ?? 0)
}

/** Deletes every row of `table` for which `ended` holds, batch by batch; answers how many went. */
export const prune = async (db: Kysely<DB>, table: BookkeepingTable, ended: Expression<SqlBool>, batch = PRUNE_BATCH): Promise<number> => {
  let total = 0
  for (;;) {
    const gone = await pruneBatch(db, table, ended, batch)
    total += gone
    if (gone < batch) return total
  }
}
