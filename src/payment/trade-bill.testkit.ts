/** Trade bills as the provider makes them from our own trades, for the tests of the bill reconciliation and its file. */
import { shanghaiDate } from "../shared/time"
import { BillStatus, summaryOf, type BillRow, type BillTrade, type TradeBill } from "./bill-reconcile"
import { TradeStatus } from "./trade"

/** A payment row: settled in full, no coupon, a 0.6% fee. */
export const paymentRow = (tradeNo: string, amountFen: number, at: Date): BillRow => ({
  at, tradeNo, status: BillStatus.success, settledFen: amountFen, orderFen: amountFen, feeFen: Math.round((amountFen * 6) / 1000),
  refundFen: 0, rechargeRefundFen: 0, appliedRefundFen: 0
})

/** A refund row of the whole amount, as our refunds are. */
export const refundRow = (tradeNo: string, amountFen: number, at: Date): BillRow => ({
  at, tradeNo, status: BillStatus.refund, settledFen: 0, orderFen: 0, feeFen: 0, refundFen: amountFen, rechargeRefundFen: 0, appliedRefundFen: amountFen
})

/** The bill of these Asia/Shanghai days for our trades: a payment row for each trade paid on them, a refund row for each refunded on them. */
export const billOf = (trades: ReadonlyArray<BillTrade>, days: ReadonlyArray<string>): TradeBill => {
  const on = (at: Date | null): at is Date => at !== null && days.includes(shanghaiDate(at))
  const rows = trades.flatMap((t) => [
    ...((t.status === TradeStatus.paid || t.status === TradeStatus.refunded) && on(t.paidAt) ? [paymentRow(t.tradeNo, t.amountFen, t.paidAt)] : []),
    ...(t.status === TradeStatus.refunded && on(t.refundedAt) ? [refundRow(t.tradeNo, t.amountFen, t.refundedAt)] : [])
  ])
  return { rows, summary: summaryOf(rows) }
}
