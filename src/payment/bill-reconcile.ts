/**
 * The daily reconciliation with the provider's trade bill (WeChat Pay's 交易账单): every payment and refund the bill
 * lists must be one of our trades as we have it, every trade we settled or refunded on the bill's days must be in it,
 * and the bill's summary row must be the sum of its rows (else the file was truncated or edited).
 */
import { yuan } from "../shared/money"
import { shanghaiDate } from "../shared/time"
import { TradeStatus, type Trade } from "./trade"

/** A bill row's 交易状态: a payment, a refund of one, a payment revoked. */
export const BillStatus = { success: "SUCCESS", refund: "REFUND", revoked: "REVOKED" } as const
export type BillStatus = (typeof BillStatus)[keyof typeof BillStatus]

/** The bill's money columns, in fen; the summary row holds their totals. */
export interface BillAmounts {
  /** 应结订单金额: what the payment settles to the merchant (the order amount less no-top-up coupons). */
  readonly settledFen: number
  /** 退款金额 */
  readonly refundFen: number
  /** 充值券退款金额 */
  readonly rechargeRefundFen: number
  /** 手续费 */
  readonly feeFen: number
  /** 订单金额: the amount the order was made for. */
  readonly orderFen: number
  /** 申请退款金额: the amount the refund was asked for. */
  readonly appliedRefundFen: number
}

/** Each total of the summary row, by the bill's own name for it. */
export const SUMMARY_TOTALS = {
  settledFen: "应结订单总金额",
  refundFen: "退款总金额",
  rechargeRefundFen: "充值券退款总金额",
  feeFen: "手续费总金额",
  orderFen: "订单总金额",
  appliedRefundFen: "申请退款总金额"
} as const satisfies Record<keyof BillAmounts, string>

export interface BillRow extends BillAmounts {
  /** 交易时间: when it was paid, or when the refund was asked for. */
  readonly at: Date
  /** 商户订单号: our trade number (out_trade_no); a refund row names the trade it refunds. */
  readonly tradeNo: string
  readonly status: BillStatus
}

/** The summary row: 总交易单数 (every row, refunds included) and the totals of the money columns. */
export interface BillSummary extends BillAmounts {
  readonly count: number
}

export interface TradeBill {
  readonly rows: ReadonlyArray<BillRow>
  readonly summary: BillSummary
}

export type BillTrade = Pick<Trade, "tradeNo" | "status" | "amountFen" | "paidAt" | "refundedAt">

export interface BillDifference {
  /** null for the summary row. */
  readonly tradeNo: string | null
  /** Our trade as we have it; null when we have none. */
  readonly ours: { readonly status: TradeStatus; readonly amountFen: number } | null
  /** The bill's row as it says; null when the bill has none. */
  readonly bill: { readonly status: BillStatus; readonly amountFen: number } | null
  readonly problem: string
}

/** What a row says moved for the trade: a payment its order's amount, a refund or a revocation what was asked back. */
export const amountOf = (row: BillRow): number => (row.status === BillStatus.success ? row.orderFen : row.appliedRefundFen)

/** The summary a bill of these rows must end with. */
export const summaryOf = (rows: ReadonlyArray<BillRow>): BillSummary => {
  const total = (key: keyof BillAmounts) => rows.reduce((sum, r) => sum + r[key], 0)
  return {
    count: rows.length, settledFen: total("settledFen"), refundFen: total("refundFen"), rechargeRefundFen: total("rechargeRefundFen"),
    feeFen: total("feeFen"), orderFen: total("orderFen"), appliedRefundFen: total("appliedRefundFen")
  }
}

/** The Asia/Shanghai days a bill's rows fall on, in order: the days whose trades it must hold. */
export const billDays = (rows: ReadonlyArray<BillRow>): ReadonlyArray<string> => [...new Set(rows.map((r) => shanghaiDate(r.at)))].sort()

const tookMoney = (trade: BillTrade) => trade.status === TradeStatus.paid || trade.status === TradeStatus.refunded

const rowProblem = (row: BillRow, trade: BillTrade | undefined): string | undefined => {
  if (row.status === BillStatus.revoked) return "revoked at the provider: the station never revokes a payment"
  const paying = row.status === BillStatus.success
  if (!trade) return paying ? "paid at the provider, no trade of ours" : "refunded at the provider, no trade of ours"
  if (paying && !tookMoney(trade)) return `paid at the provider, our trade is ${trade.status}`
  if (!paying && trade.status !== TradeStatus.refunded) return `refunded at the provider, our trade is ${trade.status}`
  if (amountOf(row) !== trade.amountFen) return paying ? "paid another amount than our trade's" : "refunded another amount than our trade's"
  return undefined
}

const summaryProblems = (summary: BillSummary, rows: ReadonlyArray<BillRow>): ReadonlyArray<string> => {
  const sums = summaryOf(rows)
  const counted = summary.count === sums.count ? [] : [`the summary's 总交易单数 is ${summary.count}, the bill has ${sums.count} rows: the file is truncated or edited`]
  return [...counted, ...(Object.keys(SUMMARY_TOTALS) as ReadonlyArray<keyof BillAmounts>).filter((key) => summary[key] !== sums[key]).map((key) =>
    `the summary's ${SUMMARY_TOTALS[key]} is ${yuan(summary[key])}, the rows add up to ${yuan(sums[key])}: the file is truncated or edited`)]
}

/**
 * Every difference between a trade bill and our trades: `days` are the bill's Asia/Shanghai days, `trades` ours paid or
 * refunded on them and every one a row names. Bill rows come first in the bill's order, then our trades missing from
 * it, then the summary.
 */
export const reconcileBill = (bill: TradeBill, days: ReadonlyArray<string>, trades: ReadonlyArray<BillTrade>): ReadonlyArray<BillDifference> => {
  const ours = new Map(trades.map((t) => [t.tradeNo, t]))
  const oursOf = (trade: BillTrade | undefined) => (trade ? { status: trade.status, amountFen: trade.amountFen } : null)
  const listed = new Set<string>()
  const rowDifferences = bill.rows.flatMap((row): ReadonlyArray<BillDifference> => {
    const trade = ours.get(row.tradeNo)
    const key = `${row.status} ${row.tradeNo}`
    const problem = listed.has(key) ? `listed more than once as ${row.status}` : rowProblem(row, trade)
    listed.add(key)
    return problem === undefined ? [] : [{ tradeNo: row.tradeNo, ours: oursOf(trade), bill: { status: row.status, amountFen: amountOf(row) }, problem }]
  })
  const dayOf = (at: Date | null) => (at === null ? undefined : days.find((day) => day === shanghaiDate(at)))
  const missing = trades.flatMap((trade): ReadonlyArray<BillDifference> => {
    const paidOn = tookMoney(trade) ? dayOf(trade.paidAt) : undefined
    const refundedOn = trade.status === TradeStatus.refunded ? dayOf(trade.refundedAt) : undefined
    return [
      ...(paidOn && !listed.has(`${BillStatus.success} ${trade.tradeNo}`) ? [`paid on ${paidOn} by our books, not in the bill`] : []),
      ...(refundedOn && !listed.has(`${BillStatus.refund} ${trade.tradeNo}`) ? [`refunded on ${refundedOn} by our books, not in the bill`] : [])
    ].map((problem) => ({ tradeNo: trade.tradeNo, ours: oursOf(trade), bill: null, problem }))
  })
  const summary = summaryProblems(bill.summary, bill.rows).map((problem): BillDifference => ({ tradeNo: null, ours: null, bill: null, problem }))
  return [...rowDifferences, ...missing, ...summary]
}
