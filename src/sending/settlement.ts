/** What a paid freight trade changes (the pay-in settlement of kind `freight`), apart from the payment's use cases to avoid an import cycle. */
import { Effect, Schema } from "effect"
import type { Trade } from "../payment/trade"
import { ById, IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { SendStore } from "./send-store"
import { SendStatus } from "./status-machine"
import { transitionUnlessMovedOn } from "./transition"

/**
 * The sender's freight prepay opened, under the sender: the trade number and the provider's prepay id as they came,
 * and the amount asked (a replay opens the same trade with them instead of drawing new ones).
 */
export const FreightPrepayOperation = operationKind("freightPrepay", ById,
  Schema.Struct({ id: Schema.String, tradeNo: Schema.String, prepayId: Schema.String, amountFen: Schema.Number }))

/**
 * A paid freight as the operations log keeps it, under the sender, at the time the notice marked the trade paid: the
 * order, the trade and the provider's reference as the notice said; the order and its new status.
 */
export const FreightPaidOperation = operationKind("freightPaid",
  Schema.Struct({ id: Schema.String, tradeNo: Schema.String, providerRef: Schema.NullOr(Schema.String) }), IdStatus)

/** The settlement of a paid freight trade: the order moves 20 → 4 once; an order no longer awaiting payment is left as it is. */
export const freightPaid = Effect.fn("freightPaid")(function* (trade: Pick<Trade, "refId" | "userId" | "tradeNo" | "providerRef" | "paidAt">) {
  const order = yield* (yield* SendStore).findById(trade.refId)
  if (!order || order.status !== SendStatus.awaitingFreightPayment) return undefined
  // moved meanwhile (another notice settled it): nothing to do. Anything else (a door pickup's errand not at its
  // matching step) is a defect: the notice fails whole, nothing of it is kept, and the provider sends it again
  // the time the notice marked the trade paid, which a replay of the notice marks it at
  const at = trade.paidAt ?? (yield* (yield* Clock).now)
  const done = yield* transitionUnlessMovedOn(order, { role: "sender", userId: order.senderId }, { type: "payFreight" }, at).pipe(Effect.orDie)
  if (done) {
    yield* logOperation(FreightPaidOperation, order.senderOpenid, at, { id: order.id, tradeNo: trade.tradeNo, providerRef: trade.providerRef },
      { id: done.order.id, status: done.order.status })
  }
  return done
})
