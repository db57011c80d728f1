/** MoneyHistory over Postgres: ledger rows that move money and the user's paid trades, one list, newest first. */
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { LedgerRef } from "#src/wallet/ledger"
import { MoneyHistory, PAID_OUT_KINDS, type MoneyRow, type PaidOutKind } from "#src/wallet/money-history"
import { PAGE_SIZE, pageNumberOf } from "../paging"
import type { DB } from "../schema"
import { query } from "./query"

interface LineRow {
  readonly source: "ledger" | "trade"
  readonly id: string
  readonly type: number
  readonly kind: string | null
  readonly money: number
  readonly remark: string
  readonly at: Date | string
  readonly order_no: string | null
}

const lines = (userId: string) => sql`
  select 'ledger' as source, l.id, l.type, null::text as kind, l.money, l.remark, l.created_at as at, e.order_no
  from ledger l
  left join pay_trade tip on l.ref_type = ${LedgerRef.tip} and tip.trade_no = l.ref_id
  left join errand_order e on e.id = case when l.ref_type in (${LedgerRef.runnerIncome}, ${LedgerRef.errandRefund}) then l.ref_id else tip.ref_id end
  where l.user_id = ${userId} and l.money <> 0
  union all
  select 'trade', t.trade_no, 0, t.kind, t.amount_fen, '', t.paid_at, coalesce(e.order_no, s.order_no, p.express_no)
  from pay_trade t
  left join errand_order e on t.kind in ('errand', 'tip') and e.id = t.ref_id
  left join send_order s on t.kind = 'freight' and s.id = t.ref_id
  left join parcel p on t.kind = 'safekeep' and p.id = t.ref_id
  where t.user_id = ${userId} and t.paid_at is not null and t.kind in (${sql.join(PAID_OUT_KINDS)})`

const toRow = (r: LineRow): MoneyRow =>
  r.source === "ledger"
    ? { source: "ledger", id: r.id, type: r.type, money: r.money, remark: r.remark, at: new Date(r.at), orderNo: r.order_no }
    : { source: "trade", id: r.id, kind: r.kind as PaidOutKind, money: r.money, at: new Date(r.at), orderNo: r.order_no }

export const moneyHistory = (db: Kysely<DB>) => MoneyHistory.of({
  list: (userId, page) => query(async () => {
    const pageNumber = pageNumberOf(page)
    const [rows, count] = await Promise.all([
      sql<LineRow>`select * from (${lines(userId)}) as line order by at desc, id limit ${PAGE_SIZE} offset ${(pageNumber - 1) * PAGE_SIZE}`.execute(db),
      sql<{ n: string }>`select count(*) as n from (${lines(userId)}) as line`.execute(db)
    ])
    const recordCount = Number(count.rows[0]?.n ?? 0)
    return { results: rows.rows.map(toRow), pageNumber, pageCount: Math.max(1, Math.ceil(recordCount / PAGE_SIZE)), recordCount }
  })
})
