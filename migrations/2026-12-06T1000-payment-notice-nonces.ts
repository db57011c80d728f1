import { sql, type Kysely } from "kysely"

/**
 * The nonces of WeChat Pay's notices (issue 23): a notice replayed to another server process is refused as it is by
 * the process that took it first. `seen_at` is for pruning: a nonce older than the 5 minutes a notice is good for
 * guards nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table payment_notice_nonce (nonce text primary key, seen_at timestamptz not null)`.execute(db)
  await sql`create index payment_notice_nonce_seen_at on payment_notice_nonce (seen_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table payment_notice_nonce`.execute(db)
}
