/**
 * An errand decision's money carried out (status-machine.ts `decide` returns it): what the requester paid and is
 * owed back goes back through the pay-in port, the runner's income into their wallet through the one wallet door
 * (src/wallet/settle.ts), and what came in through a payment notice is already settled by that notice.
 */
import { Effect } from "effect"
import { TradeKind, TradeStatus } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import { refundTradeWith } from "../payment/use-cases"
import { LedgerRef, LedgerType } from "../wallet/ledger"
import { moveWallet } from "../wallet/settle"
import { ErrandParties } from "./errand-parties"
import type { ErrandOrderRecord } from "./errand-store"
import type { MoneyMove } from "./status-machine"

/** The label of a runner's income ledger row (`跑腿收入（单号）`); `station check` finds the rows by their reference, not by it. */
const RUNNER_INCOME_LABEL = "跑腿收入"

/**
 * Pays an order's errand payment back through the pay-in port (the trade that opened it, by its prepay id), in the
 * transaction that books the refund on the order. Only a whole refund exists (the provider's trade is refunded as a
 * whole), so the amount must be the whole payment.
 */
export const refundErrandPayment = Effect.fn("refundErrandPayment")(function* (order: Pick<ErrandOrderRecord, "id" | "prepayId">, amount: number, at?: Date) {
  if (amount <= 0) return
  const trade = order.prepayId ? yield* (yield* TradeStore).findByPrepayId(order.prepayId) : undefined
  if (!trade || trade.kind !== TradeKind.errand || trade.refId !== order.id || trade.status !== TradeStatus.paid || trade.amountFen !== amount) {
    return yield* Effect.die(new Error(`errand order ${order.id}: no paid trade of ${amount} fen to refund`))
  }
  // the refund is booked on the order itself (its `refunded`), so the trade's own undo changes nothing
  yield* refundTradeWith(trade.tradeNo, () => Effect.void, at)
})

export const settleErrandMoney = Effect.fnUntraced(function* (order: ErrandOrderRecord, money: ReadonlyArray<MoneyMove>, now: Date) {
  for (const move of money) {
    switch (move.kind) {
      case "refund":
        yield* refundErrandPayment(order, move.amount, now)
        break
      case "creditRunner": {
        const runner = yield* (yield* ErrandParties).byOpenid(move.openid)
        if (!runner) return yield* Effect.die(new Error(`runner ${move.openid} of errand ${order.orderNo} does not exist`))
        yield* moveWallet({
          userId: runner.id, type: LedgerType.income, money: move.amount, ref: LedgerRef.runnerIncome, refId: order.id,
          label: RUNNER_INCOME_LABEL, orderNo: order.orderNo, at: now
        })
        break
      }
      case "pay":
      case "payFreight":
        // taken by the provider: the settlement of its payment notice is what applies this edge
        break
    }
  }
})
