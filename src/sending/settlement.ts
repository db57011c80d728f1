/** What a paid freight trade changes (the pay-in settlement of kind `freight`), apart from the payment's use cases to avoid an import cycle. */
import { Effect } from "effect"
import { ById, IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { SendStore } from "./send-store"
import { SendStatus } from "./status-machine"
import { transitionUnlessMovedOn } from "./transition"

/** A paid freight as the operations log keeps it, under the sender: the order and its new status. */
export const FreightPaidOperation = operationKind("freightPaid", ById, IdStatus)

/** The settlement of a paid freight trade: the order moves 20 → 4 once; an order no longer awaiting payment is left as it is. */
export const freightPaid = Effect.fn("freightPaid")(function* (trade: { readonly refId: string; readonly userId: string }) {
  const order = yield* (yield* SendStore).findById(trade.refId)
  if (!order || order.status !== SendStatus.awaitingFreightPayment) return undefined
  // moved meanwhile (another notice settled it): nothing to do. Anything else (a door pickup's errand not at its
  // matching step) is a defect: the notice fails whole, nothing of it is kept, and the provider sends it again
  const done = yield* transitionUnlessMovedOn(order, { role: "sender", userId: order.senderId }, { type: "payFreight" }).pipe(Effect.orDie)
  if (done) {
    yield* logOperation(FreightPaidOperation, order.senderOpenid, yield* (yield* Clock).now, { id: order.id }, { id: done.order.id, status: done.order.status })
  }
  return done
})

