/**
 * What a settled errand trade does: the order it pays for opens (−1 → 0, a type-1 order's parcel 2 → 3, a door
 * pickup's send order 0 → 1) through the lifecycle's one write path, and its hall hears of it, once.
 */
import { Effect } from "effect"
import type { Trade } from "../payment/trade"
import { refundTradeWith } from "../payment/use-cases"
import { ErrandStore } from "./errand-store"
import { applyAction } from "./lifecycle"
import { ErrandStatus } from "./status-machine"
import { ErrandPaidOperation } from "./errand-operations"
import { logOperation } from "../shared/operation"
import { Clock } from "../shared/ports"

/** A payment that arrives for an order no longer awaiting it (voided or cancelled meanwhile) is paid back at once. */
export const settleErrandTrade = Effect.fnUntraced(function* (trade: Trade) {
  const errands = yield* ErrandStore
  const order = yield* errands.findById(trade.refId)
  if (!order) return yield* Effect.die(new Error(`trade ${trade.tradeNo} pays for errand order ${trade.refId}, which does not exist`))
  if (order.status !== ErrandStatus.awaitingPayment || order.payFee !== trade.amountFen) return yield* refundTradeWith(trade.tradeNo, () => Effect.void).pipe(Effect.asVoid, Effect.orDie)
  // another change of the order winning meanwhile fails this notice, so the provider sends it again and it is seen afresh
  // the time the notice marked the trade paid, which a replay of the notice marks it at
  const at = trade.paidAt ?? (yield* (yield* Clock).now)
  const paid = yield* applyAction(order, { role: "requester", openid: order.openid }, { action: "prepay" }, { patch: { prepayId: trade.prepayId }, at }).pipe(Effect.orDie)
  yield* logOperation(ErrandPaidOperation, order.openid, at, { tradeNo: trade.tradeNo, providerRef: trade.providerRef }, { id: paid.id, status: paid.status })
})
