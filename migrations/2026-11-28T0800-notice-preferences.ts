import { sql, type Kysely } from "kysely"

/**
 * Reminders (issue 21 item 8):
 * - `notice_off`: the kinds of notice a user turned off on 我的 (arrival, returnReminder, errandStatus, sendStatus);
 *   a kind with no row is on, so every user starts with all of them on.
 * - `return_reminder`: the parcels whose 24-hours-before-return reminder was written (once per parcel), with when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table notice_off (
    user_id text not null references app_user(id),
    kind text not null check (kind in ('arrival', 'returnReminder', 'errandStatus', 'sendStatus')),
    at timestamptz not null,
    primary key (user_id, kind)
  )`).execute(db)
  await sql.raw(`create table return_reminder (
    parcel_id text primary key references parcel(id),
    at timestamptz not null,
    sent boolean not null
  )`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table return_reminder, notice_off`.execute(db)
}
