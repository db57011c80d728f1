/**
 * The errand side of the pay-in port: what a settled errand trade does (the order opens, −1 → 0, its parcel
 * 2 → 3, the hall hears of it) and the live events of an order's hall. Kept apart from the ordering use cases
 * so the payment settlements can name it without importing the trade use cases back.
 */
import { Effect } from "effect"
import { sendingFollowsErrand } from "../sending/errand-link"
import { ParcelStore } from "../parcel/parcel-store"
import type { ParcelStatus } from "../parcel/parcel"
import { nextStatus, type ParcelEvent } from "../parcel/status-machine"
import { PayIn } from "../payment/pay-in"
import type { Trade } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import { StateConflict } from "../shared/errors"
import { Clock, Events, type LiveEvent } from "../shared/ports"
import { errandOrderView } from "./calls"
import { ErrandStore, type ErrandOrderRecord } from "./errand-store"
import { decide, ErrandStatus, HALL_ADD, HALL_ADD_PICKUP, hallEventName, type Decided } from "./status-machine"

/**
 * The hall room an order is shown in: the worksite's hall (a door pickup's: the worksite's door-pickup hall), or
 * only its sex room when the order is limited to one sex; `bySex` false for events every hall must hear (taken, cancelled).
 */
export const hallRoom = (order: Pick<ErrandOrderRecord, "worksiteId" | "sexLimit" | "type">, bySex = true): LiveEvent["room"] => ({
  hall: order.worksiteId,
  ...(order.type === 2 ? { pickup: true as const } : {}),
  ...(bySex && (order.sexLimit === 1 || order.sexLimit === 2) ? { sex: order.sexLimit } : {})
})

/** `{worksiteId}-paotuiOrderAdd` (type 2: `-paotuiPickupOrderAdd`) with the order, to its hall room. */
export const hallAddEvent = (order: ErrandOrderRecord): LiveEvent => ({
  room: hallRoom(order),
  name: hallEventName(order.worksiteId, order.type === 2 ? HALL_ADD_PICKUP : HALL_ADD),
  payload: errandOrderView(order)
})

export const PARCEL_MOVED = "快递状态已变化，请刷新后重试"

/** Moves a type-1 order's parcel along the parcel events of an errand change, each only from the status it is in; else 409 `failure`. */
export const moveParcel = Effect.fnUntraced(function* (order: Pick<ErrandOrderRecord, "toTakeId">, events: ReadonlyArray<ParcelEvent>, failure: string = PARCEL_MOVED) {
  if (!order.toTakeId || events.length === 0) return
  const parcels = yield* ParcelStore
  const parcel = yield* parcels.findById(order.toTakeId)
  if (!parcel) return yield* Effect.die(new Error(`errand order names parcel ${order.toTakeId}, which does not exist`))
  let status: ParcelStatus = parcel.status
  for (const event of events) {
    const next = nextStatus(status, event)
    if (next === undefined || !(yield* parcels.changeStatus(parcel.id, status, next))) return yield* new StateConflict({ message: failure })
    status = next
  }
})

/** A decided change written only if the order is still where it was read; false when someone changed it first. */
export const applyDecided = Effect.fnUntraced(function* (before: ErrandOrderRecord, decided: Decided, extra: Partial<ErrandOrderRecord> = {}) {
  const next: ErrandOrderRecord = { ...before, ...decided.order, ...extra }
  if (!(yield* (yield* ErrandStore).replace(next, before.status, before.accept?.openid ?? null))) return undefined
  yield* moveParcel(before, decided.parcel)
  return next
})

/**
 * A paid errand trade: the order it pays for opens (−1 → 0, parcel 2 → 3) and appears in its hall, once.
 * A payment that arrives for an order no longer awaiting it (voided or cancelled meanwhile) is paid back at once.
 */
export const settleErrandTrade = Effect.fnUntraced(function* (trade: Trade) {
  const errands = yield* ErrandStore
  const order = yield* errands.findById(trade.refId)
  if (!order) return yield* Effect.die(new Error(`trade ${trade.tradeNo} pays for errand order ${trade.refId}, which does not exist`))
  const now = yield* (yield* Clock).now
  if (order.status !== ErrandStatus.awaitingPayment || order.payFee !== trade.amountFen) {
    const refunded = yield* (yield* TradeStore).markRefunded(trade.tradeNo, now)
    if (!refunded) return
    const answer = yield* (yield* PayIn).refund({ tradeNo: trade.tradeNo, refundNo: `R${trade.tradeNo}`.slice(0, 32), amountFen: trade.amountFen })
    if (!answer.ok) return yield* Effect.die(new Error(`refund of trade ${trade.tradeNo} for a closed errand order failed: ${answer.reason}`))
    return
  }
  const decided = decide(order, { role: "requester", openid: order.openid }, { action: "prepay" }, now)
  if (!("edge" in decided)) return yield* Effect.die(decided)
  const opened = yield* applyDecided(order, decided, { prepayId: trade.prepayId }).pipe(Effect.orDie)
  // another change of the order won meanwhile: fail this notice so the provider sends it again and it is seen afresh
  if (!opened) return yield* Effect.die(new Error(`errand order ${order.id} changed while its payment settled`))
  if (opened.type === 2) yield* sendingFollowsErrand(opened.id, "prepay").pipe(Effect.orDie)
  yield* (yield* Events).publish(hallAddEvent(opened))
})
