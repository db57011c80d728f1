/**
 * The errand order's life after it is placed (spec 001 §4, §7 "Errand orders"; DESIGN §6): every role's
 * action goes through `applyAction`, which asks the core's transition table (`decide`), writes the order
 * only if it is still where it was read, moves a type-1 order's parcel and a door pickup's send order with it,
 * settles the money the table names (settle.ts), and sends the live events to the parties — all in the caller's
 * transaction.
 */
import type { PageRequest } from "../shared/paging"
import { Effect } from "effect"
import { notify } from "../notice/use-cases"
import type { ParcelStatus } from "../parcel/parcel"
import type { TakePartRequest } from "../parcel/calls"
import { ParcelStore } from "../parcel/parcel-store"
import { signedPickupQr } from "../parcel/receiver"
import { nextStatus } from "../parcel/status-machine"
import { takePart } from "../parcel/use-cases"
import { closeTrades } from "../payment/use-cases"
import { messages as payMessages, TradeKind } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import { isJoinedRunner, mayTakeErrands } from "../profile/runner-application"
import type { Actor } from "../shared/actor"
import { isDomainError, NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { Clock, Events, type LiveEvent } from "../shared/ports"
import { shanghaiDate } from "../shared/time"
import { optionalOwnImagePath } from "../upload/use-cases"
import { hallViewOf, roomViewOf } from "./order-view"
import { stepOf } from "./timeline"
import { DoorPickupSendOrders, type MovedSendOrder } from "./door-pickup"
import { settleErrandMoney } from "./settle"
import { changeCredit } from "./reviews"
import { hallRoom } from "./hall-room"
import { ErrandParties, type ErrandPerson } from "./errand-parties"
import { ErrandStore, type ErrandOrderRecord } from "./errand-store"
import { grabMessages, grabRefusal, hall, type HallSort } from "./grab"
import {
  cancelReasonTypeOf, decide, errandMessages, ErrandStatus, ErrandType, failureOf, HALL_ADD, HALL_ADD_PICKUP, hallEventName, offersRunnerQr, parcelStatusOfErrand,
  type Decided, type Edge, type ErrandActor, type ErrandCommand, type Role
} from "./status-machine"
import { ERRAND_STATUS_TEMPLATE, errandNotices } from "./status-notice"
import {
  CancelErrandOperation, ConfirmErrandReceiptOperation, ConfirmErrandTakeawayOperation, ErrandCollectedOperation, ErrandDeliveredOperation,
  ErrandTakeawayOperation, GrabErrandOperation, LeaderSignErrandOperation, ReleaseErrandOperation
} from "./errand-operations"
import { logOperation, type OperationKind } from "../shared/operation"

export const lifecycleMessages = {
  /** Hall, grab and the runner's lists for someone who is not a joined runner: the page goes to /paotuiApply. */
  notRunner: grabMessages.notRunner,
  hallFailed: "获取待接单数据出错",
  orderMissing: "获取跑腿单信息失败",
  listFailed: "获取跑腿单数据出错",
  collectAtStation: "请到驿站出示跑腿取件码由工作人员扫码取件"
} as const

const orderMissing = () => new NotFound({ message: lifecycleMessages.orderMissing })

export interface ApplyOptions {
  /** The parcel was already moved in this transaction (the station's hand-over to the runner). */
  readonly parcelMoved?: boolean
  /** The door pickup's send order was already written in this transaction, with its own fields (a sending use case leads). */
  readonly sendMoved?: boolean
  /** Fields the action records beside the table's change (a goods photo). */
  readonly patch?: Partial<Pick<ErrandOrderRecord, "goodsPic" | "prepayId">>
  /** The action's time when its caller logs it: the order's times and its log line are of one moment. */
  readonly at?: Date
}

/** The people an action names, each looked up once per action. */
const peopleCache = () => {
  const known = new Map<string, ErrandPerson | undefined>()
  return Effect.fnUntraced(function* (openid: string) {
    if (!known.has(openid)) known.set(openid, yield* (yield* ErrandParties).byOpenid(openid))
    return known.get(openid)
  })
}

/** The parcel's status after the edge's parcel events, from the status it holds while the order is where it was. */
const parcelTarget = (order: ErrandOrderRecord, decided: Decided) => {
  const from = parcelStatusOfErrand[order.status]
  if (from === undefined) return undefined
  let at: ParcelStatus | undefined = from as ParcelStatus
  for (const event of decided.parcel) at = at === undefined ? undefined : nextStatus(at, event)
  return at === undefined ? undefined : { from, to: at }
}

/** The core's live events as socket events: the requester's and runner's user rooms, the worksite's hall (by sex for a new order). */
const publish = Effect.fnUntraced(function* (
  before: ErrandOrderRecord, after: ErrandOrderRecord, decided: Decided, person: (openid: string) => Effect.Effect<ErrandPerson | undefined, never, ErrandParties>,
  sendOrder: MovedSendOrder | undefined
) {
  const events = yield* Events
  for (const live of decided.live) {
    let event: LiveEvent | undefined
    if (live.to === "hall") {
      const adds = live.name === HALL_ADD || live.name === HALL_ADD_PICKUP
      // a new card carries the order; every other hall event only tells which card to drop
      event = adds
        ? { room: hallRoom(after), name: hallEventName(after.worksiteId, live.name), payload: yield* hallViewOf(after) }
        : { room: hallRoom(after, false), name: live.name, payload: { _id: after.id } }
    } else {
      const openid = live.to === "requester" ? after.openid : (before.accept ?? after.accept)?.openid
      const user = openid ? yield* person(openid) : undefined
      if (user) event = { room: { user: user.id }, name: live.name, payload: roomViewOf(after, user.openid) }
    }
    if (event) yield* events.publish(event)
  }
  // a door pickup's staff screens hear its send order move
  if (sendOrder) {
    const sendPayload = {
      _id: sendOrder.id, orderNo: sendOrder.orderNo, status: sendOrder.status, expressNo: sendOrder.expressNo, freight: sendOrder.freight, isDaofu: sendOrder.isDaofu
    }
    for (const name of new Set(decided.live.map((l) => l.name))) yield* events.publish({ room: { worksite: sendOrder.worksiteId }, name, payload: sendPayload })
  }
})

/** The order was no longer in the status (or with the runner) it was read with: its conditional write changed nothing. */
const MOVED_ON = "movedOn"

/**
 * One action on one order by one actor, in the caller's transaction: the only way an errand order changes after
 * it is placed. The order is written only if it is still in the status (and with the runner) it was read with;
 * otherwise the action's failure (409). A type-1 order's parcel and a door pickup's send order move with it, the
 * money the decision names is settled, and the parties are told.
 */
export const applyAction = Effect.fn("applyAction")(function* (order: ErrandOrderRecord, actor: ErrandActor, command: ErrandCommand, options: ApplyOptions = {}) {
  const next = yield* applied(order, actor, command, options)
  if (next === MOVED_ON) return yield* new StateConflict({ message: failureOf[command.action] })
  return next
})

/**
 * `applyAction` for the scheduler, which acts on what it read a moment ago: undefined when the order moved on
 * meanwhile (its conditional write found it elsewhere, so nothing was written). Every other failure fails the
 * action as a whole, so the caller's transaction rolls back: a refund the provider refuses, a parcel or send order
 * not where the order says.
 */
export const applyUnlessMovedOn = Effect.fn("applyUnlessMovedOn")(function* (order: ErrandOrderRecord, actor: ErrandActor, command: ErrandCommand, at?: Date) {
  const next = yield* applied(order, actor, command, at ? { at } : {})
  return next === MOVED_ON ? undefined : next
})

const applied = Effect.fnUntraced(function* (order: ErrandOrderRecord, actor: ErrandActor, command: ErrandCommand, options: ApplyOptions) {
  const now = options.at ?? (yield* (yield* Clock).now)
  const decided = decide(order, actor, command, now)
  if (isDomainError(decided)) return yield* decided
  const finished = decided.order.status === ErrandStatus.cancelled || decided.order.status === ErrandStatus.completed
  const next: ErrandOrderRecord = {
    ...order,
    ...decided.order,
    ...options.patch,
    acceptedAt: command.action === "grab" ? now : decided.order.accept === null ? null : order.acceptedAt,
    finishedAt: finished ? now : order.finishedAt
  }
  const failed = () => new StateConflict({ message: failureOf[command.action] })
  const store = yield* ErrandStore
  if (!(yield* store.replace(next, order.status, order.accept?.openid ?? null))) return MOVED_ON
  // the order's step log, for its timeline (timeline.ts)
  yield* store.recordStep(stepOf(next.id, command.action, now))
  if (decided.money.some((m) => m.kind === "refund")) yield* store.recordStep(stepOf(next.id, "refund", now))

  if (order.type === ErrandType.deliverToDoor && order.toTakeId && decided.parcel.length > 0 && !options.parcelMoved) {
    const target = parcelTarget(order, decided)
    if (!target) return yield* Effect.die(new Error(`no parcel move for ${command.action} from errand status ${order.status}`))
    const runnerOpenid = command.action === "grab" ? command.runner.openid : next.accept === null ? null : undefined
    if (!(yield* (yield* ErrandParties).moveParcel(order.toTakeId, target.from, target.to, runnerOpenid))) return yield* failed()
  }

  const person = peopleCache()
  let sendOrder: MovedSendOrder | undefined
  if (decided.edge.send && !options.sendMoved) {
    const runnerId = command.action === "grab" ? (yield* person(command.runner.openid))?.id ?? null : next.accept === null ? null : undefined
    sendOrder = yield* (yield* DoorPickupSendOrders).move(order.id, {
      ...decided.edge.send, ...(runnerId === undefined ? {} : { runnerId }), ...(command.action === "confirmTakenDaofu" ? { isDaofu: true as const } : {})
    })
    if (!sendOrder) return yield* failed()
  }
  yield* settleErrandMoney(next, decided.money, now)
  if (decided.personalCancelBy !== undefined) {
    const runner = yield* person(decided.personalCancelBy)
    // a runner's cancel for a personal reason costs credit (credit.ts), written with its record
    if (runner && (yield* changeCredit(runner.id, { kind: "personalCancel" }, next.id, now)) === undefined) {
      return yield* new StateConflict({ message: errandMessages.cancelFailed })
    }
  }
  // when a sending use case leads (sendMoved), the send order's events and messages tell the same parties
  if (!options.sendMoved) {
    yield* publish(order, next, decided, person, sendOrder)
    yield* tellParties(order, next, decided.edge, actor.role, person, now)
  }
  return next
})

/** The step's template messages (status-notice.ts) to the requester and the runner, each unless they turned them off. */
const tellParties = Effect.fnUntraced(function* (
  before: ErrandOrderRecord, after: ErrandOrderRecord, edge: Edge, role: Role, person: (openid: string) => Effect.Effect<ErrandPerson | undefined, never, ErrandParties>,
  at: Date
) {
  for (const notice of errandNotices(after, edge, role)) {
    const openid = notice.to === "requester" ? after.openid : (before.accept ?? after.accept)?.openid
    const user = openid ? yield* person(openid) : undefined
    yield* notify(user && { userId: user.id, openid: user.openid }, "errandStatus", ERRAND_STATUS_TEMPLATE, notice.params, at)
  }
})

// --- who is calling -------------------------------------------------------------------------------------

const callerOf = Effect.fnUntraced(function* (actor: Actor) {
  const me = yield* (yield* ErrandParties).byId(actor.userId)
  if (!me) return yield* new NotFound({ message: "获取用户信息失败" })
  return me
})

const runnerOf = Effect.fnUntraced(function* (actor: Actor) {
  const me = yield* callerOf(actor)
  if (!mayTakeErrands(me)) return yield* new NotAllowed({ message: lifecycleMessages.notRunner })
  return me
})

const byId = Effect.fnUntraced(function* (id: string) {
  const order = id ? yield* (yield* ErrandStore).findById(id) : undefined
  return order ?? (yield* orderMissing())
})

const byNo = Effect.fnUntraced(function* (orderNo: string) {
  const order = orderNo ? yield* (yield* ErrandStore).findByOrderNo(orderNo) : undefined
  return order ?? (yield* orderMissing())
})

/** One step of an order taken at one moment and logged under whoever took it at that moment: the order's id and new status. */
const loggedStep = <I, E, R>(
  kind: OperationKind<string, I, { readonly id: string; readonly status: number }>, openid: string, input: NoInfer<I>,
  step: (at: Date) => Effect.Effect<ErrandOrderRecord, E, R>
) => Effect.gen(function* () {
  const at = yield* (yield* Clock).now
  const order = yield* step(at)
  yield* logOperation(kind, openid, at, input, { id: order.id, status: order.status })
  return order
})

const asRequester = (actor: Actor): ErrandActor => ({ role: "requester", openid: actor.openid })
const asRunner = (actor: Actor): ErrandActor => ({ role: "runner", openid: actor.openid })

// --- the hall and grabbing ------------------------------------------------------------------------------

const isSort = (value: string): value is HallSort => value === "time" || value === "fee"

/** `toRobbing/{worksiteId}/{time|fee}`: the open orders of the runner's own worksite that the runner's sex may take. */
export const hallOrders = Effect.fn("hallOrders")(function* (actor: Actor, worksiteId: string, sort: string) {
  if (!isSort(sort)) return yield* new RuleViolation({ message: lifecycleMessages.hallFailed })
  const me = yield* runnerOf(actor)
  if (me.worksiteId !== worksiteId) return yield* new NotAllowed({ message: lifecycleMessages.hallFailed })
  const now = yield* (yield* Clock).now
  return hall(me, yield* (yield* ErrandStore).hall(worksiteId, sort), sort, now)
})

/** `robbingRollModule/{orderNo}`: the grab; the store's conditional change lets exactly one runner win, the rest get '接单失败'. */
export const grabOrder = Effect.fn("grabOrder")(function* (actor: Actor, orderNo: string) {
  const me = yield* callerOf(actor)
  const order = orderNo ? yield* (yield* ErrandStore).findByOrderNo(orderNo) : undefined
  if (!order) return yield* new NotFound({ message: grabMessages.failed })
  const refused = grabRefusal(me, order, yield* (yield* Clock).now)
  if (refused) return yield* refused
  return yield* loggedStep(GrabErrandOperation, actor.openid, { orderNo: order.orderNo }, (at) =>
    applyAction(order, asRunner(actor), { action: "grab", runner: { openid: me.openid, name: me.name, phone: me.phone } }, { at }))
})

// --- the requester --------------------------------------------------------------------------------------

export const PAYING_NOW = payMessages.payingNow

/**
 * `cancel/{orderNo}`: the requester cancels their order before anyone took it; what they paid is refunded. An
 * unpaid order's open prepays are closed at the provider first (one already paid: try again once it settles),
 * and its activity place is given back, as when it is voided unpaid.
 */
export const cancelOrder = Effect.fn("cancelOrder")(function* (actor: Actor, orderNo: string) {
  const order = yield* byNo(orderNo)
  return yield* loggedStep(CancelErrandOperation, actor.openid, { orderNo: order.orderNo }, (at) => cancelled(actor, order, at))
})

/**
 * `cancelOrder` as a step of another operation that logs itself (a sending closed with its door pickup), dated by
 * that operation's time: not logged on its own.
 */
export const cancelOrderWithin = Effect.fn("cancelOrderWithin")(function* (actor: Actor, orderNo: string, at: Date) {
  return yield* cancelled(actor, yield* byNo(orderNo), at)
})

const cancelled = Effect.fnUntraced(function* (actor: Actor, order: ErrandOrderRecord, at: Date) {
  const unpaid = order.status === ErrandStatus.awaitingPayment && order.openid === actor.openid
  if (unpaid && (yield* closeTrades(yield* (yield* TradeStore).openFor(TradeKind.errand, order.id))) === "paid") {
    return yield* new StateConflict({ message: PAYING_NOW })
  }
  const done = yield* applyAction(order, asRequester(actor), { action: "cancel" }, { at })
  if (unpaid && order.activityId) yield* (yield* ErrandStore).releaseActivityPlace(order.activityId, shanghaiDate(order.createdAt))
  return done
})

/** `receiverSignRollModule/{id}` and `receiverSignByOrderNoRollModule/{orderNo}`: the requester confirms receipt; the runner is paid. */
export const confirmReceipt = Effect.fn("confirmReceipt")(function* (actor: Actor, key: { readonly id: string } | { readonly orderNo: string }) {
  const order = "id" in key ? yield* byId(key.id) : yield* byNo(key.orderNo)
  return yield* loggedStep(ConfirmErrandReceiptOperation, actor.openid, { id: order.id }, (at) =>
    applyAction(order, asRequester(actor), { action: "confirmReceipt" }, { at }))
})

// --- the runner -----------------------------------------------------------------------------------------

/**
 * `paotuiTakeaway/{id}`: the goods are taken. Type 2: the requester says the runner took the parcel at
 * their door. Types 3, 4: the runner collected the goods. Type 1 is collected at the station only, when
 * staff scan the runner's QR (`collectedAtStation`).
 */
export const sayTakeaway = Effect.fn("sayTakeaway")(function* (actor: Actor, id: string) {
  const order = yield* byId(id)
  if (order.type === ErrandType.deliverToDoor) return yield* new StateConflict({ message: lifecycleMessages.collectAtStation })
  return yield* loggedStep(ErrandTakeawayOperation, actor.openid, { id: order.id }, (at) => order.type === ErrandType.pickupFromDoor
    ? applyAction(order, asRequester(actor), { action: "sayTaken" }, { at })
    : applyAction(order, asRunner(actor), { action: "takeaway" }, { at }))
})

/**
 * `paotuiConfirmTakeaway/{id}` {goodsPic, isDaofu}: type 2, the runner confirms the parcel taken (cash on
 * delivery skips the freight steps); types 3, 4, the runner collected the goods, with the optional photo (the
 * caller's own upload, stored as its served path).
 */
export const confirmTakeaway = Effect.fn("confirmTakeaway")(function* (actor: Actor, id: string, goodsPic: string | undefined, isDaofu: boolean) {
  const order = yield* byId(id)
  if (order.type === ErrandType.deliverToDoor) return yield* new StateConflict({ message: lifecycleMessages.collectAtStation })
  return yield* confirmTakeawayWith(actor, order.id, yield* optionalOwnImagePath(actor, goodsPic), isDaofu)
})

/** The runner's confirmation with the photo as stored (already found to be the runner's own upload; replayed from the log). */
export const confirmTakeawayWith = Effect.fn("confirmTakeawayWith")(function* (actor: Actor, id: string, pic: string | null, isDaofu: boolean) {
  const order = yield* byId(id)
  if (order.type === ErrandType.deliverToDoor) return yield* new StateConflict({ message: lifecycleMessages.collectAtStation })
  return yield* loggedStep(ConfirmErrandTakeawayOperation, actor.openid, { id: order.id, goodsPic: pic, isDaofu }, (at) => order.type === ErrandType.pickupFromDoor
    ? applyAction(order, asRunner(actor), { action: isDaofu ? "confirmTakenDaofu" : "confirmTaken", goodsPic: pic }, { at })
    : applyAction(order, asRunner(actor), { action: "takeaway" }, { patch: { goodsPic: pic }, at }))
})

/** `receiverGet/{id}`: the runner says the receiver got the goods (delivered, types 1, 3, 4). */
export const markDelivered = Effect.fn("markDelivered")(function* (actor: Actor, id: string) {
  const order = yield* byId(id)
  return yield* loggedStep(ErrandDeliveredOperation, actor.openid, { id: order.id }, (at) => applyAction(order, asRunner(actor), { action: "markDelivered" }, { at }))
})

/** `cancalByPaotui/{orderNo}/{paotuiType}`: the runner gives the order back to the hall with a reason; a personal reason costs credit. */
export const runnerCancel = Effect.fn("runnerCancel")(function* (actor: Actor, orderNo: string, reasonType: number | undefined, reason: string | undefined) {
  const order = yield* byNo(orderNo)
  return yield* loggedStep(ReleaseErrandOperation, actor.openid, { orderNo: order.orderNo, reasonType: reasonType ?? null, reason: reason ?? null }, (at) =>
    applyAction(order, asRunner(actor), { action: "release", reasonType: cancelReasonTypeOf(reasonType), reason: reason ?? "" }, { at }))
})

/** `paotuiLeaderSignRollModule/{orderId}`: a leader of the worksite marks an unshipped order delivered and done. */
export const leaderSign = Effect.fn("leaderSign")(function* (actor: Actor, orderId: string) {
  const me = yield* callerOf(actor)
  const order = yield* byId(orderId)
  if (!me.isPaotuiLeader || !isJoinedRunner(me)) return yield* new NotAllowed({ message: errandMessages.signFailed })
  return yield* loggedStep(LeaderSignErrandOperation, actor.openid, { id: order.id }, (at) =>
    applyAction(order, { role: "leader", openid: me.openid, worksiteId: me.worksiteId ?? undefined }, { action: "leaderSign" }, { at }))
})

/**
 * The station handed a type-1 order's parcel to its runner (staff scanned the runner's QR, parcel 4 → 5):
 * the order moves 1 → 2 in the same transaction. A parcel without a running errand is left alone.
 */
export const collectedAtStation = Effect.fn("collectedAtStation")(function* (staffOpenid: string, parcelId: string, worksiteId: string) {
  const orderId = yield* (yield* ErrandParties).openOrderOfParcel(parcelId)
  if (!orderId) return undefined
  const order = yield* byId(orderId)
  return yield* loggedStep(ErrandCollectedOperation, staffOpenid, { parcelId, worksiteId }, (at) =>
    applyAction(order, { role: "staff", worksiteId }, { action: "takeaway" }, { parcelMoved: true, at }))
})

/** `PUT /api/expressTosend/takepart`: the station's hand-over; a runner's QR (`isPaotui`) moves the order they hold with its parcel. */
export const handOverParcel = Effect.fn("handOverParcel")(function* (actor: Actor, request: TakePartRequest) {
  const parcel = yield* takePart(actor, request)
  if (request.isPaotui === true) yield* collectedAtStation(actor.openid, parcel.id, parcel.worksiteId)
  return parcel
})

/**
 * The runner's pickup QR for a type-1 order they hold (status 1): the parcel's fields with `poid`, the
 * runner's openid, signed like the receiver's; staff scan it at the station.
 */
export const runnerQr = Effect.fn("runnerQr")(function* (actor: Actor, id: string) {
  const order = yield* byId(id)
  if (order.accept?.openid !== actor.openid) return yield* orderMissing()
  if (!offersRunnerQr(order)) return yield* new StateConflict({ message: errandMessages.takeawayFailed })
  const p = yield* (yield* ParcelStore).findById(order.toTakeId)
  if (!p) return yield* orderMissing()
  const now = yield* (yield* Clock).now
  return yield* signedPickupQr(p, { poid: actor.openid }, now)
})

// --- lists ----------------------------------------------------------------------------------------------

const isGroup = (s: string): s is "ing" | "complete" | "cancel" => s === "ing" || s === "complete" || s === "cancel"

/** One page of the caller's orders: type 1 as requester, type 2 as runner (joined runners only). */
export const pageOrders = Effect.fn("pageOrders")(function* (actor: Actor, type: string, status: string, page: PageRequest) {
  if (!isGroup(status) || (type !== "1" && type !== "2")) return yield* new RuleViolation({ message: lifecycleMessages.listFailed })
  const store = yield* ErrandStore
  if (type === "1") return yield* store.listForRequester(actor.openid, status, page)
  yield* runnerOf(actor)
  return yield* store.listForRunner(actor.openid, status, page)
})

/** `list/{type}/{openid}/{status}`: the first page, only of the caller's own openid. */
export const listOrders = Effect.fn("listOrders")(function* (actor: Actor, type: string, openid: string, status: string) {
  if (openid !== actor.openid) return yield* new NotAllowed({ message: lifecycleMessages.listFailed })
  return (yield* pageOrders(actor, type, status, 1)).results
})

/**
 * `getById` / `getByOrderNo`: the order for its requester, its runner, a leader of its worksite, or a
 * runner of its worksite while it waits in the hall; anyone else is told it does not exist.
 */
export const orderFor = Effect.fn("orderFor")(function* (actor: Actor, key: { readonly id: string } | { readonly orderNo: string }) {
  const order = "id" in key ? yield* byId(key.id) : yield* byNo(key.orderNo)
  if (order.openid === actor.openid || order.accept?.openid === actor.openid) return order
  const me = yield* (yield* ErrandParties).byId(actor.userId)
  const ofWorksite = me !== undefined && me.worksiteId === order.worksiteId && mayTakeErrands(me)
  if (ofWorksite && (me.isPaotuiLeader || order.status === ErrandStatus.awaitingAcceptance)) return order
  return yield* orderMissing()
})

/** `haveToComment`: whether a completed order of the caller waits for their rating. */
export const haveToComment = Effect.fn("haveToComment")(function* (actor: Actor) {
  return yield* (yield* ErrandStore).haveToComment(actor.openid)
})
