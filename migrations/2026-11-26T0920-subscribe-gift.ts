import { sql, type Kysely } from "kysely"

/**
 * The follow gift (spec 002 §3 Exchange record: status 0 未兑换, 1 已兑换): one per user, granted when a following user
 * first opens `/subscribeActive`, at their worksite then, redeemed once by that worksite's staff. The status moves
 * 0 → 1 only (a conditional update), and who redeemed it and when are kept.
 */
const statements = [
  `create table subscribe_gift (
    id text primary key,
    user_id text not null unique references app_user (id),
    worksite_id text not null references worksite (id),
    status smallint not null default 0 check (status in (0, 1)),
    created_at timestamptz not null,
    exchanged_at timestamptz,
    exchanged_by text references employee (id),
    check ((status = 1) = (exchanged_at is not null and exchanged_by is not null))
  )`,
  `create index subscribe_gift_worksite on subscribe_gift (worksite_id, status)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table subscribe_gift`.execute(db)
}
