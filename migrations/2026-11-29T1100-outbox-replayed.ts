import { sql, type Kysely } from "kysely"

/**
 * Messages a replay writes are never sent (issue 22): a replay runs beside the server, whose outbox sender would otherwise
 * text people a second time (and charge the worksite's SMS credit) between the replayed operation's commit and the
 * replay's marking of its messages. A transaction of `station replay` sets `station.replaying`, and every outbox row it
 * writes, through the Outbox port or inside `station_check_in`, is marked `replayed` by this default; the sender skips
 * such rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox add column replayed boolean not null
    default (coalesce(current_setting('station.replaying', true), '') = 'on')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox drop column replayed`.execute(db)
}
