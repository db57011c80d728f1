/**
 * 资金明细 (`/moneyDetail/0`): money only — the wallet's ledger rows that move money, and what the user paid in
 * through a trade (safekeeping fee, errand fee, tip, freight, donation) as paid-out lines read from the trade: nothing
 * moves in the wallet for those. A line for an order names its order number, always the same way (`跑腿收入（PT…）`).
 */
import { Context, type Effect } from "effect"
import { ledgerRemark } from "./ledger"
import type { Page, PageRequest } from "../shared/paging"

/** The type a paid-out line shows with: an expense ('-'); it is no ledger type, since the wallet does not move. */
export const PAID_OUT_TYPE = 3

/** What each kind of pay-in (a trade's kind, src/payment/trade.ts) reads as in the list; a staff member's SMS top-up is not the user's own. */
export const paidOutLabels = {
  safekeep: "支付保管费",
  errand: "支付跑腿费",
  tip: "打赏跑腿员",
  freight: "支付寄件运费",
  donation: "捐赠"
} as const
export type PaidOutKind = keyof typeof paidOutLabels
export const PAID_OUT_KINDS = Object.keys(paidOutLabels) as ReadonlyArray<PaidOutKind>

/** One line as the store reads it: a ledger row or a paid trade, with the order number it is for when there is one. */
export type MoneyRow =
  | { readonly source: "ledger"; readonly id: string; readonly type: number; readonly money: number; readonly remark: string; readonly at: Date; readonly orderNo: string | null }
  | { readonly source: "trade"; readonly id: string; readonly kind: PaidOutKind; readonly money: number; readonly at: Date; readonly orderNo: string | null }

export interface MoneyLine {
  readonly id: string
  readonly type: number
  readonly money: number
  readonly remark: string
  readonly createdAt: Date
}

/** The remark with its order number, added once when the row's own remark does not name it yet. */
export const withOrderNo = (remark: string, orderNo: string | null): string =>
  orderNo && !remark.includes(orderNo) ? ledgerRemark(remark, orderNo) : remark

export const moneyLine = (row: MoneyRow): MoneyLine =>
  row.source === "ledger"
    ? { id: row.id, type: row.type, money: row.money, remark: withOrderNo(row.remark, row.orderNo), createdAt: row.at }
    : { id: row.id, type: PAID_OUT_TYPE, money: row.money, remark: withOrderNo(paidOutLabels[row.kind], row.orderNo), createdAt: row.at }

export class MoneyHistory extends Context.Service<MoneyHistory, {
  /** The user's money lines, newest first, a page at a time. */
  list(userId: string, page: PageRequest): Effect.Effect<Page<MoneyRow>>
}>()("station/MoneyHistory") {}
