import { sql, type Kysely } from "kysely"

/**
 * Every ledger row says what it is for in a column (`ref_type`, with `ref_id` the thing it names), so `station
 * check` sums a runner's incomes by reference instead of by a remark pattern. Earlier rows are classified by the
 * remarks they were written with.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table ledger add column ref_type text`).execute(db)
  await sql.raw(`update ledger set ref_type = case
      when remark like '跑腿收入%' then 'runnerIncome'
      when remark like '跑腿赏金%' then 'tip'
      when remark in ('提现申请', '提现退回') then 'withdrawal'
      when remark like '%积分兑换' then 'pointsToMoney'
      else 'opening' end`).execute(db)
  await sql.raw(`alter table ledger alter column ref_type set not null`).execute(db)
  await sql.raw(`alter table ledger add constraint ledger_ref_type check (ref_type in ('opening', 'runnerIncome', 'errandRefund', 'tip', 'withdrawal', 'pointsToMoney'))`).execute(db)
  await sql.raw(`create index ledger_by_reference on ledger (ref_type, ref_id)`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table ledger drop column ref_type`).execute(db)
}
