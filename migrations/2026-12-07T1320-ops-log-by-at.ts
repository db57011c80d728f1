import { sql, type Kysely } from "kysely"

/**
 * `station ops export --from --to` over a long log (issue 24): the export walks the log in `seq` order, a window's
 * lines filtered by `at`, and without an index on `at` the first batch read every line before the window (1.1 s over
 * the 435,000 lines before a week of a 500,000-line log) and the last every line after it. The export now finds the
 * window's first and last `seq` from this index (an index-only range scan) and walks only between them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ops_log_by_at on ops_log (at, seq)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index ops_log_by_at`.execute(db)
}
