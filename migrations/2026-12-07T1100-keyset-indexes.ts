import { sql, type Kysely } from "kysely"

/**
 * Keyset paging (issue 24): each list that grows over a year reads newest first, ties by id, starting after the last
 * row of the page before, so each gets an index in exactly that order behind its filter column. The older indexes
 * these extend (the same columns without the id) go.
 */
const indexes = [
  `create index parcel_keyset_receiver on parcel (receiver_id, created_at desc, id)`,
  `create index parcel_keyset_agent on parcel (agent_id, created_at desc, id) where agent_id is not null`,
  `create index ledger_keyset_user on ledger (user_id, created_at desc, id)`,
  `create index pay_trade_keyset_paid on pay_trade (user_id, paid_at desc, trade_no) where paid_at is not null`,
  `create index withdrawal_keyset_user on withdrawal (user_id, created_at desc, id)`,
  `create index errand_order_keyset_requester on errand_order (openid, created_at desc, id)`,
  `create index errand_order_keyset_runner on errand_order (accept_openid, created_at desc, id) where accept_openid is not null`,
  `create index credit_record_keyset_user on credit_record (user_id, created_at desc, id)`
]

const superseded = [
  `ledger_by_user on ledger (user_id, created_at desc)`,
  `withdrawal_by_user on withdrawal (user_id, created_at desc)`,
  `errand_order_by_requester on errand_order (openid, created_at desc)`,
  `errand_order_by_runner on errand_order (accept_openid, created_at desc) where accept_openid is not null`,
  `credit_record_by_user on credit_record (user_id, created_at desc)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of indexes) await sql.raw(statement).execute(db)
  for (const index of superseded) await sql.raw(`drop index if exists ${index.split(" ")[0]}`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of superseded) await sql.raw(`create index if not exists ${index}`).execute(db)
  for (const statement of indexes) await sql.raw(`drop index ${statement.split(" ")[2]}`).execute(db)
}
