import { sql, type Kysely } from "kysely"

/**
 * The second pass over a year of data (issue 24): the lists a user walks are filtered by status, so their keyset
 * index has the status after the owner — a tab's page is then read in the list's order and its count from the index
 * alone (a year's history is thousands of rows; the heap was read for each of them on every first page). A runner's
 * open orders are a handful among thousands: a partial index of them alone. The money detail counts only the ledger
 * rows that move money, so those have an index of their own; the staff's return list reads a worksite's parcels awaiting
 * return oldest first (a year's shelf index held them among every active parcel). The indexes these extend (the same columns without the
 * id) go.
 */
const indexes = [
  `create index parcel_keyset_receiver_status on parcel (receiver_id, status, created_at desc, id)`,
  `create index parcel_keyset_agent_status on parcel (agent_id, status, created_at desc, id) where agent_id is not null`,
  `create index errand_order_keyset_runner_status on errand_order (accept_openid, status, created_at desc, id) where accept_openid is not null`,
  `create index errand_order_keyset_runner_open on errand_order (accept_openid, created_at desc, id) where accept_openid is not null and status not in (4, 100)`,
  `create index ledger_keyset_moving on ledger (user_id, created_at desc, id) where money <> 0`,
  `create index parcel_awaiting_return on parcel (worksite_id, created_at, id) where status = 300`
]

const superseded = [
  `parcel_by_receiver on parcel (receiver_id, status, created_at desc)`,
  `parcel_by_agent on parcel (agent_id, status, created_at desc) where agent_id is not null`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of indexes) await sql.raw(statement).execute(db)
  for (const index of superseded) await sql.raw(`drop index if exists ${index.split(" ")[0]}`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of superseded) await sql.raw(`create index if not exists ${index}`).execute(db)
  for (const statement of indexes) await sql.raw(`drop index ${statement.split(" ")[2]}`).execute(db)
}
