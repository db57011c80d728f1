/**
 * One send-order transition: the core decides, the store writes it only if the order is still as read, a door
 * pickup's errand takes the matching edge in the same transaction, and the live events and the sender's template
 * message (status-notice.ts) go out. Also the order's view.
 */
import { Effect } from "effect"
import { ErrandStore, type ErrandOrderRecord } from "../errand/errand-store"
import { applyAction } from "../errand/lifecycle"
import { edgeFor, type ErrandActor, type ErrandCommand } from "../errand/status-machine"
import { notify } from "../notice/use-cases"
import { StateConflict } from "../shared/errors"
import { Events } from "../shared/ports"
import type { SendEventPayload, SendOrderView } from "./calls"
import { contactView, statusStrOf } from "./calls"
import { toScanDelta, toScanEventName } from "./dispatch"
import { SendStore, type SendingSettings, type SendRecord } from "./send-store"
import { SEND_STATUS_TEMPLATE, sendNotice } from "./status-notice"
import { decide, failureMessage, messages, type SendAction, type SendActor, type SendEventName } from "./status-machine"

/** What the order shows: its carrier's name and its errand's runner. */
export const sendOrderView = (o: SendRecord, settings: SendingSettings | undefined, errand: ErrandOrderRecord | undefined): SendOrderView => {
  const company = o.companyId === null ? undefined : settings?.companies.find((c) => c.id === o.companyId)
  return {
    _id: o.id, orderNo: o.orderNo, status: o.status, statusStr: statusStrOf(o.status), worksiteId: o.worksiteId, openid: o.senderOpenid,
    expressCompany: company ? { _id: company.id, name: company.name, code: company.code } : null,
    sender: contactView(o.sender), receiver: contactView(o.receiver), goodsName: o.goodsName, goodsCount: o.goodsCount,
    estimateWeight: o.estimateWeight, insureMoney: o.insureMoney, insureFreight: o.insureFreight, isDaofu: o.isDaofu, freight: o.freight,
    freightPay: o.freightPaid, freightWeight: o.freightWeight, expressNo: o.expressNo, remark: o.remark, requiredDoorService: o.doorPickup,
    paotuiRemark: o.pickup?.note ?? "", goodsType: o.pickup?.goodsType ?? null, largeCategory: o.pickup?.largeCategory ?? null,
    dormBuilding: o.pickup?.dormBuilding ?? null, dormFloor: o.pickup?.dormFloor ?? null, dormRoom: o.pickup?.dormRoom ?? null,
    requireArriveTime: o.pickup?.requireArriveTime ?? null, sexLimit: o.pickup?.sexLimit ?? -1, goodsPic: o.goodsPic,
    paotui: errand
      ? {
          _id: errand.id, orderNo: errand.orderNo, status: errand.status, fee: errand.payFee, isPayed: errand.paid > 0,
          acceptUser: errand.accept?.name ?? null, acceptUserPhone: errand.accept?.phone ?? null
        }
      : null,
    createdAt: o.createdAt
  }
}

/** The order with its carrier and errand, as answered. */
export const present = Effect.fn("presentSending")(function* (o: SendRecord) {
  return (yield* presentAll([o]))[0]!
})

/** Orders with their carriers and errands, each worksite's settings read once. */
export const presentAll = Effect.fn("presentSendings")(function* (orders: ReadonlyArray<SendRecord>) {
  const store = yield* SendStore
  const errands = yield* ErrandStore
  const settings = new Map<string, SendingSettings | undefined>()
  for (const id of new Set(orders.map((o) => o.worksiteId))) settings.set(id, yield* store.settings(id))
  return yield* Effect.forEach(orders, (o) =>
    (o.errandId ? errands.findById(o.errandId) : Effect.succeed(undefined)).pipe(Effect.map((errand) => sendOrderView(o, settings.get(o.worksiteId), errand))))
})

const payloadOf = (o: SendRecord): SendEventPayload => ({
  _id: o.id, orderNo: o.orderNo, status: o.status, expressNo: o.expressNo, freight: o.freight, isDaofu: o.isDaofu
})

/** A send order's events go to its sender, its runner and its worksite (the staff screens). */
const publish = Effect.fnUntraced(function* (o: SendRecord, names: ReadonlyArray<SendEventName>) {
  const events = yield* Events
  const payload = payloadOf(o)
  for (const name of names) {
    yield* events.publish({ room: { user: o.senderId }, name, payload })
    if (o.runnerId) yield* events.publish({ room: { user: o.runnerId }, name, payload })
    yield* events.publish({ room: { worksite: o.worksiteId }, name, payload })
  }
})

const publishToScan = Effect.fnUntraced(function* (before: SendRecord, after: SendRecord) {
  const delta = toScanDelta(before.status, after.status)
  const companyId = after.companyId ?? before.companyId
  if (delta === 0 || companyId === null) return
  yield* (yield* Events).publish({ room: { worksite: after.worksiteId }, name: toScanEventName(after.worksiteId, companyId), payload: { delta } })
})

/** The errand edge a door pickup's send transition goes with (its freight, payment, waybill and dispatch). */
const errandCommandOf = (action: SendAction): ErrandCommand | undefined => {
  switch (action.type) {
    case "setFreight":
      return { action: "setFreight", freight: action.freight }
    case "setFreightDaofu":
      return { action: "setFreightDaofu" }
    case "payFreight":
      return { action: "payFreight" }
    case "assignNumber":
      return { action: "arrive" }
    case "sendOut":
      return { action: "shipOut" }
    default:
      return undefined
  }
}

const errandActorOf = (order: SendRecord, errand: ErrandOrderRecord, actor: SendActor): ErrandActor => {
  switch (actor.role) {
    case "sender":
      return { role: "requester", openid: order.senderOpenid }
    case "runner":
      // the send table checked that this runner holds the door pickup
      return { role: "runner", openid: errand.accept?.openid }
    case "staff":
      return { role: "staff", worksiteId: actor.worksiteId }
  }
}

/**
 * A door pickup's step from its freight on: the errand's edge for it, which must lead the send order where the
 * send table does, applied through the errand lifecycle in this transaction (completing it pays the runner), dated
 * `at`: the time its use case logs, so a replay (whose clock reads the logged time) dates the errand's step alike.
 */
const moveDoorPickup = Effect.fnUntraced(function* (order: SendRecord, next: SendRecord, actor: SendActor, action: SendAction, at: Date) {
  const errand = order.errandId ? yield* (yield* ErrandStore).findById(order.errandId) : undefined
  const command = errandCommandOf(action)
  if (!errand || !command) return yield* new StateConflict({ message: failureMessage[action.type] ?? messages.actionFailed })
  const edge = edgeFor(errand.type, errand.status, command.action)
  if (edge?.send && (edge.send.from !== order.status || edge.send.to !== next.status)) {
    return yield* Effect.die(new Error(`door pickup ${order.orderNo}: the errand's ${command.action} edge and the send table disagree`))
  }
  yield* applyAction(errand, errandActorOf(order, errand, actor), command, { sendMoved: true, at })
})

/**
 * The step, or undefined when the store found the order moved meanwhile (nothing written). A failure after the
 * write (a door pickup's errand edge) fails the whole, so the caller's transaction never keeps half of it.
 */
export const transitionUnlessMovedOn = Effect.fn("sendTransition")(function* (order: SendRecord, actor: SendActor, action: SendAction, at: Date, patch: Partial<SendRecord> = {}) {
  const decided = decide(order, actor, action)
  if (!("order" in decided)) return yield* decided
  const next: SendRecord = { ...order, ...decided.order, ...patch }
  if (!(yield* (yield* SendStore).replace(next, order.status))) return undefined
  if (order.doorPickup) yield* moveDoorPickup(order, next, actor, action, at)
  yield* publish(next, decided.events)
  yield* publishToScan(order, next)
  const notice = sendNotice(next, action.type)
  if (notice) yield* notify({ userId: next.senderId, openid: next.senderOpenid }, "sendStatus", SEND_STATUS_TEMPLATE, notice, at)
  return { order: next, message: decided.message }
})

/** The refusal of a step whose order moved meanwhile: the same words as a refusal of the table. */
export const movedOnRefusal = (action: SendAction["type"]) => new StateConflict({ message: failureMessage[action] ?? messages.actionFailed })

/** One transition: the core decides, the store writes it if the order is still as read, a door pickup's errand takes its edge, the events go out. */
export const transition = Effect.fn("sendTransitionOrRefuse")(function* (order: SendRecord, actor: SendActor, action: SendAction, at: Date, patch: Partial<SendRecord> = {}) {
  const done = yield* transitionUnlessMovedOn(order, actor, action, at, patch)
  if (!done) return yield* movedOnRefusal(action.type)
  return done
})

