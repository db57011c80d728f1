import { sql, type Kysely } from "kysely"

/**
 * An errand order's step log (issue 21 item 5): one line per applied action (and its refund, and the rating), written
 * in the action's transaction, so the order's page shows when each step happened.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table errand_step (
    seq bigserial primary key,
    order_id text not null references errand_order(id),
    action text not null,
    at timestamptz not null
  )`).execute(db)
  await sql.raw(`create index errand_step_by_order on errand_step (order_id, seq)`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table errand_step`.execute(db)
}
