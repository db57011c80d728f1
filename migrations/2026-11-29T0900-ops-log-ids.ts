import { sql, type Kysely } from "kysely"

/**
 * The ids an operation drew (issue 22): every id a use case takes from `Ids` while it runs, in the order it took them,
 * kept with the operation it logged, so that `station replay` gives the same ids back and the replayed rows (ledger
 * lines, refunds, records) equal the recorded ones. Null for an operation that drew none, and for lines logged before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ops_log add column ids jsonb`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ops_log drop column ids`.execute(db)
}
