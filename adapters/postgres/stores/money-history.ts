/** MoneyHistory over Postgres: ledger rows that move money and the user's paid trades, one list, newest first. */
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { LedgerRef } from "#src/wallet/ledger"
import { MoneyHistory, PAID_OUT_KINDS, type MoneyRow, type PaidOutKind } from "#src/wallet/money-history"
import { pageFrom, type PageKey } from "#src/shared/paging"
import { afterKey, keyText, PAGE_SIZE, pageNumberOf } from "../paging"
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
  readonly page_at: string
}

/**
 * The lines of one page: each source reads only the rows the page can hold (its own index range after the cursor,
 * newest first, `take` of them) before its order numbers are joined, then the two are merged. A year's wallet has
 * thousands of rows; joining all of them to every order and trade to show twenty took a quarter of a second.
 */
const lines = (userId: string, after: PageKey | undefined, take: number) => {
  const ledgerAfter = after ? afterKey({ at: sql.ref("l.created_at"), id: sql.ref("l.id") }, after) : sql`true`
  const tradeAfter = after ? afterKey({ at: sql.ref("t.paid_at"), id: sql.ref("t.trade_no") }, after) : sql`true`
  return sql`
  select 'ledger' as source, l.id, l.type, null::text as kind, l.money, l.remark, l.created_at as at, e.order_no
  from (select * from ledger l where l.user_id = ${userId} and l.money <> 0 and ${ledgerAfter} order by l.created_at desc, l.id limit ${take}) l
  left join pay_trade tip on l.ref_type = ${LedgerRef.tip} and tip.trade_no = l.ref_id
  left join errand_order e on e.id = case when l.ref_type in (${LedgerRef.runnerIncome}, ${LedgerRef.errandRefund}) then l.ref_id else tip.ref_id end
  union all
  select 'trade', t.trade_no, 0, t.kind, t.amount_fen, '', t.paid_at, coalesce(e.order_no, s.order_no, p.express_no)
  from (select * from pay_trade t where t.user_id = ${userId} and t.paid_at is not null and t.kind in (${sql.join(PAID_OUT_KINDS)}) and ${tradeAfter}
    order by t.paid_at desc, t.trade_no limit ${take}) t
  left join errand_order e on t.kind in ('errand', 'tip') and e.id = t.ref_id
  left join send_order s on t.kind = 'freight' and s.id = t.ref_id
  left join parcel p on t.kind = 'safekeep' and p.id = t.ref_id`
}

/** How many lines the list has: its rows counted where they are, no joins. */
const lineCount = (userId: string) => sql<{ n: string }>`
  select (select count(*) from ledger where user_id = ${userId} and money <> 0)
    + (select count(*) from pay_trade where user_id = ${userId} and paid_at is not null and kind in (${sql.join(PAID_OUT_KINDS)})) as n`

const toRow = (r: LineRow): MoneyRow =>
  r.source === "ledger"
    ? { source: "ledger", id: r.id, type: r.type, money: r.money, remark: r.remark, at: new Date(r.at), orderNo: r.order_no }
    : { source: "trade", id: r.id, kind: r.kind as PaidOutKind, money: r.money, at: new Date(r.at), orderNo: r.order_no }

export const moneyHistory = (db: Kysely<DB>) => MoneyHistory.of({
  list: (userId, page) => query(async () => {
    const at = sql.ref("line.at")
    const skip = typeof page === "number" ? (pageNumberOf(page) - 1) * PAGE_SIZE : 0
    const source = lines(userId, typeof page === "number" ? undefined : page.after, skip + PAGE_SIZE + 1)
    const [rows, count] = await Promise.all([
      sql<LineRow>`select line.*, ${keyText(at)} as page_at from (${source}) as line order by at desc, id limit ${PAGE_SIZE + 1} offset ${skip}`.execute(db),
      typeof page === "number" ? lineCount(userId).execute(db) : Promise.resolve(undefined)
    ])
    const answered = pageFrom(rows.rows, (r) => ({ at: r.page_at, id: r.id }), page, count === undefined ? undefined : Number(count.rows[0]?.n ?? 0))
    return { ...answered, results: answered.results.map(toRow) }
  })
})
