/**
 * The errand order's life (spec 001 §4 "Errand order status", "Actions by role", live events; DESIGN §6)
 * for all four order types as one table: each edge names its action, the order types and status it
 * leaves, the status it reaches, who may do it, the live events it sends and, for a type-1 order, the
 * parcel events (src/parcel/status-machine.ts) that go with it. `decide` applies one action to an order
 * and returns the new order with its events and money movements; it never reads a clock.
 */
import { NotAllowed, RuleViolation, StateConflict, type DomainError } from "../shared/errors"
import { minutes } from "../shared/time"
import { ParcelStatus } from "../parcel/parcel-status"
import type { ParcelEvent } from "../parcel/status-machine"
import { SendStatus } from "./send-status"

export const ErrandStatus = {
  awaitingPayment: -1,
  awaitingAcceptance: 0,
  accepted: 1,
  /** Goods collected (types 1, 3, 4) or awaiting the runner's confirmation (type 2). */
  collected: 2,
  /** Delivered (types 1, 3, 4) or awaiting freight calculation (type 2). */
  delivered: 3,
  cancelled: 4,
  awaitingWarehouseOut: 5,
  awaitingFreightPayment: 10,
  freightPaid: 20,
  completed: 100
} as const
export type ErrandStatus = (typeof ErrandStatus)[keyof typeof ErrandStatus]
export const ERRAND_STATUSES = Object.values(ErrandStatus) as ReadonlyArray<ErrandStatus>

export const ErrandType = { deliverToDoor: 1, pickupFromDoor: 2, food: 3, other: 4 } as const
export type ErrandType = (typeof ErrandType)[keyof typeof ErrandType]
export const ERRAND_TYPES = Object.values(ErrandType) as ReadonlyArray<ErrandType>

const statusNames: Record<ErrandStatus, string> = {
  [-1]: "待支付", 0: "待接单", 1: "已接单", 2: "已取件", 3: "已送达", 4: "已取消", 5: "待出库", 10: "待付运费", 20: "已付款待到件", 100: "已完成"
}
/** The status as shown; type 2 reads 2 and 3 differently (spec §4). */
export const errandStatusStr = (type: ErrandType, status: ErrandStatus): string =>
  type !== ErrandType.pickupFromDoor ? statusNames[status] : status === ErrandStatus.collected ? "待跑腿确认" : status === ErrandStatus.delivered ? "待计算运费" : statusNames[status]

export type Role = "requester" | "runner" | "leader" | "staff" | "system"

/** Who receives a live event: the requester, the runner who holds the order, or the hall (the worksite's room). */
export type Audience = "requester" | "runner" | "hall"
export interface LiveEvent {
  readonly name: string
  readonly to: Audience
}

export type ErrandAction =
  | "prepay" | "cancel" | "voidUnpaid" | "voidUnaccepted" | "grab" | "release" | "takeaway" | "markDelivered" | "confirmReceipt"
  | "leaderSign" | "sayTaken" | "confirmTaken" | "confirmTakenDaofu" | "setFreight" | "setFreightDaofu" | "payFreight" | "arrive" | "shipOut"

export interface Edge {
  readonly action: ErrandAction
  readonly types: ReadonlyArray<ErrandType>
  readonly from: ErrandStatus
  readonly to: ErrandStatus
  readonly by: ReadonlyArray<Role>
  readonly live: ReadonlyArray<LiveEvent>
  /** For a type-1 order: the parcel events, in order, that move its parcel along. */
  readonly parcel?: ReadonlyArray<ParcelEvent>
  /** For a type-2 order (a door pickup): its send order's status before and after, moved with the errand. */
  readonly send?: { readonly from: SendStatus; readonly to: SendStatus }
}

const ALL: ReadonlyArray<ErrandType> = [1, 2, 3, 4]
const DELIVERY: ReadonlyArray<ErrandType> = [1, 3, 4]
const PICKUP: ReadonlyArray<ErrandType> = [2]
const ev = (name: string, ...to: ReadonlyArray<Audience>): ReadonlyArray<LiveEvent> => to.map((a) => ({ name, to: a }))

/** The hall events: a new order is prepended to the worksite's hall (type 2 to pickupAble users too). */
export const HALL_ADD = "paotuiOrderAdd"
export const HALL_ADD_PICKUP = "paotuiPickupOrderAdd"
/** The room name of a hall event: `{worksiteId}-paotuiOrderAdd`. */
export const hallEventName = (worksiteId: string, name: string) => `${worksiteId}-${name}`
const hallAdd = (type: ErrandType) => ev(type === ErrandType.pickupFromDoor ? HALL_ADD_PICKUP : HALL_ADD, "hall")

const edges = (
  action: ErrandAction, types: ReadonlyArray<ErrandType>, from: ReadonlyArray<ErrandStatus>, to: ErrandStatus, by: ReadonlyArray<Role>,
  live: ReadonlyArray<LiveEvent>, parcel?: (from: ErrandStatus) => ReadonlyArray<ParcelEvent>
): ReadonlyArray<Edge> => from.map((f) => ({ action, types, from: f, to, by, live, ...(parcel ? { parcel: parcel(f) } : {}) }))

/** A door pickup's edges: each errand status it leaves, paired with the send status the send order leaves, and where both go. */
const pickup = (
  action: ErrandAction, from: ReadonlyArray<readonly [ErrandStatus, SendStatus]>, to: readonly [ErrandStatus, SendStatus], by: ReadonlyArray<Role>,
  live: ReadonlyArray<LiveEvent>
): ReadonlyArray<Edge> => from.map(([f, sf]) => ({ action, types: PICKUP, from: f, to: to[0], by, live, send: { from: sf, to: to[1] } }))

const E = ErrandStatus
const S = SendStatus

export const errandEdges: ReadonlyArray<Edge> = [
  // Requester: prepay the reward; the order appears in the hall.
  ...edges("prepay", DELIVERY, [E.awaitingPayment], E.awaitingAcceptance, ["requester"], hallAdd(1), () => ["payErrand"]),
  // Requester cancels own order before anyone took it; the system voids unpaid ones and unaccepted ones past their time.
  ...edges("cancel", DELIVERY, [E.awaitingPayment, E.awaitingAcceptance], E.cancelled, ["requester"], [...ev("paotuiOrderCancel", "requester", "hall")], () => ["voidErrand"]),
  ...edges("voidUnpaid", DELIVERY, [E.awaitingPayment], E.cancelled, ["system"], ev("paotuiOrderCancel", "requester"), () => ["voidErrand"]),
  ...edges("voidUnaccepted", DELIVERY, [E.awaitingAcceptance], E.cancelled, ["system"], ev("paotuiOrderCancel", "requester", "hall"), () => ["voidErrand"]),
  // Runner grabs: the requester sees the acceptor, every hall drops the order.
  ...edges("grab", DELIVERY, [E.awaitingAcceptance], E.accepted, ["runner"], ev("paotuiOrderRobbinged", "requester", "hall"), () => ["grabErrand"]),
  // Runner cancels the acceptance: back to the hall. A type-1 runner who already holds the parcel brings it back
  // to the station's shelf: the order ends there, refunded, and its owner collects the parcel as before.
  ...edges("release", [1], [E.accepted], E.awaitingAcceptance, ["runner"], [...ev("paotuiOrderCancelToWait", "requester"), ...hallAdd(1)], () => ["releaseErrand"]),
  ...edges("release", [1], [E.collected], E.cancelled, ["runner"], ev("paotuiOrderCancel", "requester"), () => ["backToShelf"]),
  ...edges("release", [3, 4], [E.accepted, E.collected], E.awaitingAcceptance, ["runner"], [...ev("paotuiOrderCancelToWait", "requester"), ...hallAdd(3)]),
  // Types 1, 3, 4: collected (type 1 at the station, staff scanning the runner's QR), delivered, confirmed by the receiver.
  ...edges("takeaway", [1], [E.accepted], E.collected, ["staff"], ev("paotuiHaveGettedExpress", "requester", "runner"), () => ["takeByRunner"]),
  ...edges("takeaway", [3, 4], [E.accepted], E.collected, ["runner"], ev("paotuiHaveGettedExpress", "requester")),
  ...edges("markDelivered", DELIVERY, [E.collected], E.delivered, ["runner"], ev("paotuiSayReceiverGet", "requester"), () => ["deliver"]),
  ...edges("confirmReceipt", DELIVERY, [E.collected, E.delivered], E.completed, ["requester"], ev("paotuiOrderComplete", "requester", "runner"),
    (f) => (f === E.collected ? ["deliver", "signDelivered"] : ["signDelivered"])),
  // A leader of the worksite marks an unfinished accepted order as delivered and done.
  ...edges("leaderSign", DELIVERY, [E.accepted, E.collected, E.delivered], E.completed, ["leader"],
    [...ev("paotuiOrderComplete", "requester", "runner"), ...ev("expressTosendPaotuiSign", "requester")],
    (f) => (f === E.accepted ? ["takeByRunner", "deliver", "signDelivered"] : f === E.collected ? ["deliver", "signDelivered"] : ["signDelivered"])),

  // Type 2, the door pickup for a sending: one aggregate of the errand and its send order, both moved by each edge.
  // The reward is paid, a runner grabs it, the requester says the runner took the parcel, the runner confirms with an
  // optional photo (cash on delivery: the freight is paid at the other end), freight is set and paid, the waybill is
  // printed as the parcel arrives at the station, and staff ship it out.
  ...pickup("prepay", [[E.awaitingPayment, S.pendingPayment]], [E.awaitingAcceptance, S.taskPosted], ["requester"], hallAdd(2)),
  ...pickup("cancel", [[E.awaitingPayment, S.pendingPayment], [E.awaitingAcceptance, S.taskPosted]], [E.cancelled, S.cancelled], ["requester"],
    ev("paotuiOrderCancel", "requester", "hall")),
  ...pickup("voidUnpaid", [[E.awaitingPayment, S.pendingPayment]], [E.cancelled, S.cancelled], ["system"], ev("paotuiOrderCancel", "requester")),
  ...pickup("voidUnaccepted", [[E.awaitingAcceptance, S.taskPosted]], [E.cancelled, S.cancelled], ["system"], ev("paotuiOrderCancel", "requester", "hall")),
  ...pickup("grab", [[E.awaitingAcceptance, S.taskPosted]], [E.accepted, S.accepted], ["runner"], ev("paotuiOrderRobbinged", "requester", "hall")),
  ...pickup("release", [[E.accepted, S.accepted], [E.collected, S.awaitingRunnerConfirmation]], [E.awaitingAcceptance, S.taskPosted], ["runner"],
    [...ev("paotuiOrderCancelToWait", "requester"), ...hallAdd(2)]),
  ...pickup("sayTaken", [[E.accepted, S.accepted]], [E.collected, S.awaitingRunnerConfirmation], ["requester"], ev("paotuiHaveGettedExpress", "runner")),
  ...pickup("confirmTaken", [[E.collected, S.awaitingRunnerConfirmation]], [E.delivered, S.awaitingFreight], ["runner"], ev("paotuiConfirmHaveGettedExpress", "requester")),
  ...pickup("confirmTakenDaofu", [[E.collected, S.awaitingRunnerConfirmation]], [E.freightPaid, S.awaitingNumber], ["runner"], ev("freightPaySuccessDaofu", "requester")),
  ...pickup("setFreight", [[E.delivered, S.awaitingFreight]], [E.awaitingFreightPayment, S.awaitingFreightPayment], ["runner", "staff"],
    ev("freightUpdated", "requester", "runner")),
  // Cash on delivery chosen after the confirmation (the staff's updateFreightDaofu, spec §4 outbound flow): nothing to pay here.
  ...pickup("setFreightDaofu", [[E.delivered, S.awaitingFreight]], [E.freightPaid, S.awaitingNumber], ["runner", "staff"], ev("freightPaySuccessDaofu", "requester", "runner")),
  ...pickup("payFreight", [[E.awaitingFreightPayment, S.awaitingFreightPayment]], [E.freightPaid, S.awaitingNumber], ["requester"], ev("freightPaySuccess", "requester", "runner")),
  ...pickup("arrive", [[E.freightPaid, S.awaitingNumber]], [E.awaitingWarehouseOut, S.awaitingOutOfStock], ["staff"], ev("expressPaotuiArrived", "requester", "runner")),
  ...pickup("shipOut", [[E.awaitingWarehouseOut, S.awaitingOutOfStock]], [E.completed, S.outOfStock], ["staff"], ev("paotuiOrderComplete", "requester", "runner"))
]

/** The errand and send statuses a door pickup stands at together, as its edges pair them (each edge's two ends). */
export const doorPickupPairs: ReadonlyArray<readonly [ErrandStatus, SendStatus]> = [
  ...new Map(errandEdges.flatMap((e) => (e.send ? [[e.from, e.send.from] as const, [e.to, e.send.to] as const] : [])).map((p) => [String(p), p])).values()
]

export const ERRAND_ACTIONS = [...new Set(errandEdges.map((e) => e.action))] as ReadonlyArray<ErrandAction>

/** The edge this action takes from the order's type and status, or undefined when it cannot happen there. */
export const edgeFor = (type: ErrandType, status: ErrandStatus, action: ErrandAction): Edge | undefined =>
  errandEdges.find((e) => e.action === action && e.from === status && e.types.includes(type))

/**
 * Whether the table lets this role take this action on an order of this type and status: what an order's page
 * offers its viewer (the use case checks again, with the person and the time).
 */
export const mayAct = (role: Role, type: number, status: number, action: ErrandAction): boolean =>
  errandEdges.some((e) => e.action === action && e.from === status && e.by.includes(role) && (e.types as ReadonlyArray<number>).includes(type))

/**
 * The runner's pickup QR, shown to staff at the station, exists for a type-1 order the runner holds before the
 * parcel is handed over (status 1, the takeaway edge) and that names its parcel.
 */
export const offersRunnerQr = <O extends { readonly type: number; readonly status: number; readonly toTakeId: string | null }>(
  order: O
): order is O & { readonly toTakeId: string } =>
  order.type === ErrandType.deliverToDoor && order.status === ErrandStatus.accepted && !!order.toTakeId

/** The parcel events of a type-1 order's edge (none for other types or edges without a parcel move). */
export const parcelEventsFor = (type: ErrandType, edge: Edge): ReadonlyArray<ParcelEvent> => (type === 1 ? edge.parcel ?? [] : [])

/** The parcel's status while its type-1 errand order is in each status. */
export const parcelStatusOfErrand: Partial<Record<ErrandStatus, ParcelStatus>> = {
  [E.awaitingPayment]: ParcelStatus.awaitingErrandPayment, [E.awaitingAcceptance]: ParcelStatus.awaitingRunner,
  [E.accepted]: ParcelStatus.runnerTookTask, [E.collected]: ParcelStatus.goodsCollected, [E.delivered]: ParcelStatus.delivered,
  [E.cancelled]: ParcelStatus.awaitingPickup, [E.completed]: ParcelStatus.signed
}

// ---------------------------------------------------------------------------------------------------------

/** Unpaid orders are voided 30 minutes after they were placed. */
export const PAYMENT_DEADLINE_MS = minutes(30)
export const CANCEL_REASON_MIN = 5
export const CANCEL_REASON_MAX = 50

/** Reason types of a runner's cancel: 1 personal reason (costs credit), 2 the user's reason. */
export type CancelReasonType = 1 | 2
export const cancelReasonTypes: Record<CancelReasonType, string> = { 1: "个人原因", 2: "用户原因" }
/** A runner's cancel reason: 5 to 50 characters once trimmed; the page checks it with the same words before sending. */
export const cancelReasonRefusal = (reason: string): RuleViolation | undefined => {
  const length = [...reason.trim()].length
  return length < CANCEL_REASON_MIN ? new RuleViolation({ message: errandMessages.reasonTooShort })
    : length > CANCEL_REASON_MAX ? new RuleViolation({ message: errandMessages.reasonTooLong })
    : undefined
}
/** The reason type as sent: 2 is the user's reason; anything else is the default, a personal reason. */
export const cancelReasonTypeOf = (value: number | undefined): CancelReasonType => (value === 2 ? 2 : 1)

export const errandMessages = {
  cancelFailed: "取消失败",
  grabFailed: "接单失败",
  deliverFailed: "送达失败",
  signFailed: "签收失败",
  takeawayFailed: "已取件失败",
  operationFailed: "操作失败",
  reasonTooShort: "取消原因不能少于5个字",
  reasonTooLong: "取消原因不能超过50个字",
  notYetDue: "该跑腿单还未到作废时间",
  freight: "请输入运费"
} as const

export const failureOf: Record<ErrandAction, string> = {
  prepay: errandMessages.operationFailed, cancel: errandMessages.cancelFailed, voidUnpaid: errandMessages.cancelFailed,
  voidUnaccepted: errandMessages.cancelFailed, grab: errandMessages.grabFailed, release: errandMessages.cancelFailed,
  takeaway: errandMessages.takeawayFailed, markDelivered: errandMessages.deliverFailed, confirmReceipt: errandMessages.signFailed,
  leaderSign: errandMessages.signFailed, sayTaken: errandMessages.operationFailed, confirmTaken: errandMessages.operationFailed,
  confirmTakenDaofu: errandMessages.operationFailed, setFreight: "更新运费失败", setFreightDaofu: "更新运费失败", payFreight: errandMessages.operationFailed,
  arrive: errandMessages.operationFailed, shipOut: errandMessages.operationFailed
}

export interface Runner {
  readonly openid: string
  readonly name: string
  readonly phone: string
}

/** What the lifecycle needs of an order; money in fen. */
export interface ErrandOrder {
  readonly type: ErrandType
  readonly status: ErrandStatus
  /** The requester. */
  readonly openid: string
  readonly worksiteId: string
  readonly accept: Runner | null
  /** What the requester pays for the errand (after any discount). */
  readonly payFee: number
  /** Errand money received from the requester, refunded to them, and credited to the runner. */
  readonly paid: number
  readonly refunded: number
  readonly runnerIncome: number
  /** Type 2: the freight set and the freight paid (the carrier's money, held by the platform). */
  readonly freight: number | null
  readonly freightPaid: number
  readonly goodsPic: string | null
  readonly createdAt: Date
  readonly requireArriveTime: Date
  /** Completed and not yet rated by the requester. */
  readonly toComment: boolean
}

export type ErrandCommand =
  | { readonly action: "prepay" | "cancel" | "voidUnpaid" | "voidUnaccepted" | "takeaway" | "markDelivered" | "confirmReceipt" | "leaderSign" | "sayTaken" | "setFreightDaofu" | "payFreight" | "arrive" | "shipOut" }
  | { readonly action: "grab"; readonly runner: Runner }
  | { readonly action: "release"; readonly reasonType: CancelReasonType; readonly reason: string }
  | { readonly action: "confirmTaken" | "confirmTakenDaofu"; readonly goodsPic: string | null }
  | { readonly action: "setFreight"; readonly freight: number }

export interface ErrandActor {
  readonly role: Role
  /** The acting user (requester, runner or leader); staff and system need none. */
  readonly openid?: string | undefined
  /** The worksite of a leader or staff member. */
  readonly worksiteId?: string | undefined
}

export type MoneyMove =
  | { readonly kind: "pay"; readonly amount: number }
  | { readonly kind: "refund"; readonly amount: number }
  | { readonly kind: "creditRunner"; readonly amount: number; readonly openid: string }
  | { readonly kind: "payFreight"; readonly amount: number }

export interface Decided {
  readonly order: ErrandOrder
  readonly edge: Edge
  readonly live: ReadonlyArray<LiveEvent>
  readonly parcel: ReadonlyArray<ParcelEvent>
  readonly money: ReadonlyArray<MoneyMove>
  /** The runner whose cancel for a personal reason costs credit (credit.ts). */
  readonly personalCancelBy?: string
}

/** The scheduler's voids: unpaid orders 30 minutes after they were placed, unaccepted ones after their required time. */
export type VoidAction = "voidUnpaid" | "voidUnaccepted"

/** The deadline a void waits for: from it on (voidUnpaid) or once past it (voidUnaccepted) the scheduler ends the order. */
export const voidDeadline = (order: Pick<ErrandOrder, "createdAt" | "requireArriveTime">, action: VoidAction): Date =>
  action === "voidUnpaid" ? new Date(order.createdAt.getTime() + PAYMENT_DEADLINE_MS) : order.requireArriveTime

/** Open in the hall: awaiting acceptance and not past its required time (after it, it is voided and refunded). */
export const isOpen = (order: { readonly status: number; readonly requireArriveTime: Date }, now: Date): boolean =>
  order.status === ErrandStatus.awaitingAcceptance && now.getTime() <= order.requireArriveTime.getTime()

/** How an order starts: a zero amount skips payment and goes straight to the hall (parcel 0 → 2 → 3). */
export const placeErrand = (payFee: number): { readonly status: ErrandStatus; readonly parcel: ReadonlyArray<ParcelEvent> } =>
  payFee > 0 ? { status: E.awaitingPayment, parcel: ["orderErrand"] } : { status: E.awaitingAcceptance, parcel: ["orderErrand", "payErrand"] }

const isActorAllowed = (order: ErrandOrder, actor: ErrandActor, action: ErrandAction, edge: Edge): boolean => {
  if (!edge.by.includes(actor.role)) return false
  switch (actor.role) {
    case "requester":
      return actor.openid === order.openid
    case "runner":
      return action === "grab" ? actor.openid !== undefined && actor.openid !== order.openid : actor.openid !== undefined && actor.openid === order.accept?.openid
    case "leader":
    case "staff":
      return actor.worksiteId === order.worksiteId
    case "system":
      return true
  }
}

/**
 * Applies one action by one actor at `now`. A refusal is a domain error with the spec's message: 409 when
 * the order is not in a status the table allows, 403 for the wrong person, 400 for bad input.
 */
export const decide = (order: ErrandOrder, actor: ErrandActor, command: ErrandCommand, now: Date): Decided | DomainError => {
  const action = command.action
  const edge = edgeFor(order.type, order.status, action)
  if (!edge) return new StateConflict({ message: failureOf[action] })
  if (!isActorAllowed(order, actor, action, edge)) return new NotAllowed({ message: failureOf[action] })

  const money: Array<MoneyMove> = []
  let next: ErrandOrder = { ...order, status: edge.to }
  let personalCancelBy: string | undefined

  switch (command.action) {
    case "prepay":
      money.push({ kind: "pay", amount: order.payFee })
      next = { ...next, paid: order.paid + order.payFee }
      break
    case "voidUnpaid":
      if (now.getTime() < voidDeadline(order, "voidUnpaid").getTime()) return new StateConflict({ message: errandMessages.notYetDue })
      break
    case "voidUnaccepted":
      if (now.getTime() <= voidDeadline(order, "voidUnaccepted").getTime()) return new StateConflict({ message: errandMessages.notYetDue })
      break
    case "grab":
      if (!isOpen(order, now)) return new StateConflict({ message: errandMessages.grabFailed })
      next = { ...next, accept: command.runner }
      break
    case "release": {
      const refused = cancelReasonRefusal(command.reason)
      if (refused) return refused
      if (command.reasonType === 1) personalCancelBy = order.accept!.openid
      next = { ...next, accept: null }
      break
    }
    case "confirmTaken":
    case "confirmTakenDaofu":
      next = { ...next, goodsPic: command.goodsPic }
      break
    case "setFreight":
      if (!Number.isInteger(command.freight) || command.freight <= 0) return new RuleViolation({ message: errandMessages.freight })
      next = { ...next, freight: command.freight }
      break
    case "payFreight":
      money.push({ kind: "payFreight", amount: order.freight ?? 0 })
      next = { ...next, freightPaid: order.freightPaid + (order.freight ?? 0) }
      break
  }

  // Leaving for good: what was paid and not yet passed on goes back (cancelled) or to the runner (completed).
  const held = next.paid - next.refunded - next.runnerIncome
  if (edge.to === ErrandStatus.cancelled && held > 0) {
    money.push({ kind: "refund", amount: held })
    next = { ...next, refunded: next.refunded + held }
  }
  if (edge.to === ErrandStatus.completed) {
    if (held > 0) {
      money.push({ kind: "creditRunner", amount: held, openid: next.accept!.openid })
      next = { ...next, runnerIncome: next.runnerIncome + held }
    }
    next = { ...next, toComment: true }
  }

  return {
    order: next, edge, live: edge.live, parcel: parcelEventsFor(order.type, edge), money,
    ...(personalCancelBy !== undefined ? { personalCancelBy } : {})
  }
}

/** The errand money still held by the platform for this order. */
export const heldAmount = (o: Pick<ErrandOrder, "paid" | "refunded" | "runnerIncome">): number => o.paid - o.refunded - o.runnerIncome
