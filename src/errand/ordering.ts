/**
 * Ordering an errand (spec 001 §2 `/doorService`, §5 "Errand submit", §7 "Errand orders", §9; DESIGN §6): the
 * order form's data (buildings, the worksite's tiers and windows, the discount banner), placing an order priced
 * only by the core, its prepay through the pay-in port, and the scheduler's voids of unpaid and unaccepted orders.
 * A type-1 order moves its parcel (0 → 2 on placing, 2 → 3 when paid, back to 0 when voided) in the same
 * transaction as the order.
 */
import { Effect } from "effect"
import { tabStatuses } from "../parcel/collect"
import { unpaidSafekeeping } from "../parcel/parcel"
import { ParcelStatus } from "../parcel/parcel-status"
import { Catalogue, ParcelStore, People } from "../parcel/parcel-store"
import { parcelSize } from "../parcel/size"
import { nextStatus, type ParcelEvent } from "../parcel/status-machine"
import { messages as payMessages, TradeKind } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import { closeTrades, openTrade } from "../payment/use-cases"
import type { Actor } from "../shared/actor"
import { isDomainError, NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { Clock, Events, Ids } from "../shared/ports"
import { orderNumber } from "../shared/order-number"
import { shanghaiDate } from "../shared/time"
import { EmployeeStore } from "../staff/staff-store"
import { Worksites } from "../worksite/worksite-store"
import { activityView, buildingView, type PlaceErrand } from "./calls"
import { ErrandParties } from "./errand-parties"
import { ErrandStore, type ErrandOrderRecord, type ErrandSettings } from "./errand-store"
import { activityOffer, ACTIVITY_FULL, specialGoodsFor, type GoodsClass } from "./fee"
import type { SexLimit } from "./grab"
import { hallAddEvent } from "./hall-room"
import { applyUnlessMovedOn } from "./lifecycle"
import { doorServiceWindows, errandRequireArriveTime } from "./order-form"
import { quote } from "./quote"
import { decide, ErrandStatus, ErrandType, placeErrand, PAYMENT_DEADLINE_MS } from "./status-machine"
import { ErrandPrepayOperation, PlaceErrandOperation, VoidErrandOperation } from "./errand-operations"
import { logOperation } from "../shared/operation"
import { SYSTEM_ACTOR } from "../parcel/returns"

export const orderingMessages = {
  parcelMissing: "快递不存在",
  parcelBusy: "该快递当前不能预约送货上门",
  notOpen: "该网点暂未开放跑腿服务",
  safekeepDue: "请先支付该快递的保管费",
  orderMissing: "跑腿单不存在",
  notAwaitingPayment: "该跑腿单无需支付",
  badType: "跑腿单类型不正确",
  /** A door pickup is booked with its sending (`POST /api/expressTakein` with door service), never on its own. */
  pickupWithSending: "上门取件请在寄快递中预约",
  badSexLimit: "接单性别限制不正确",
  worksite: "获取网点信息失败",
  buildingsElsewhere: "只能查看本网点的楼栋"
} as const

/** The day's "limit" of an activity without a cap: the largest count the counter holds. */
const NO_DAILY_CAP = 2_147_483_647

type PlaceInput = typeof PlaceErrand.request.Type

/** The types placed here; a door pickup (type 2) is created only with its send order. */
const ORDER_TYPES: ReadonlyArray<number> = [ErrandType.deliverToDoor, ErrandType.food, ErrandType.other]
const SEX_LIMITS: ReadonlyArray<number> = [-1, 1, 2]
const GOODS_CLASSES: ReadonlyArray<number> = [1, 2, 3]

const filled = (s: string | undefined): s is string => typeof s === "string" && s.trim() !== ""

/** The worksite's errand side as the form shows it; a worksite without errand settings prices nothing and is not open. */
const noFees = { liftSmallFee: 0, liftMiddleFee: 0, liftBigFee: 0, smallFeeOne: 0, smallFeeTwo: 0, middleFeeOne: 0, middleFeeTwo: 0, bigFeeOne: 0, bigFeeTwo: 0 }

/** `GET /api/paotuiOrder/formInfo/{worksiteId}`. */
export const errandFormInfo = Effect.fn("errandFormInfo")(function* (worksiteId: string) {
  const worksite = yield* (yield* Worksites).find(worksiteId)
  if (!worksite) return yield* new NotFound({ message: orderingMessages.worksite })
  const settings = yield* (yield* ErrandStore).settings(worksiteId)
  const windows = doorServiceWindows(settings ?? {})
  return {
    worksiteId, schoolCode: worksite.schoolCode, paotuiAble: worksite.paotuiAble && settings !== undefined,
    fees: settings?.fees ?? noFees, specialGoods: (settings?.specialGoods ?? []).map((g) => ({ _id: g.id, name: g.name, liftFee: g.liftFee, feeOne: g.feeOne, feeTwo: g.feeTwo })),
    paotuiOrderLastTime: settings?.paotuiOrderLastTime ?? null, serviceEnd: settings?.serviceEnd ?? worksite.serviceEnd, noon: windows.noon, pm: windows.pm
  }
})

/**
 * Who may see a worksite's buildings (their leaders' names and phones): its users, its staff, and whoever holds a
 * parcel to collect there (the door-delivery form of a parcel at another worksite than the user's own).
 */
const mayViewBuildings = Effect.fnUntraced(function* (actor: Actor, worksiteId: string) {
  if ((yield* (yield* People).findById(actor.userId))?.worksiteId === worksiteId) return true
  if ((yield* (yield* EmployeeStore).findByOpenid(actor.openid))?.worksite.id === worksiteId) return true
  return (yield* (yield* ParcelStore).countForHolder(actor.userId, tabStatuses.ing, worksiteId)) > 0
})

/** `GET /api/building/list/{worksiteId}`: the buildings with their own tiers and sub-categories and their leader, for those who may see them. */
export const buildingList = Effect.fn("buildingList")(function* (actor: Actor, worksiteId: string) {
  if (!(yield* mayViewBuildings(actor, worksiteId))) return yield* new NotAllowed({ message: orderingMessages.buildingsElsewhere })
  const buildings = yield* (yield* ErrandStore).buildings(worksiteId)
  const people = yield* People
  return yield* Effect.forEach(buildings, (b) => Effect.gen(function* () {
    const manager = b.managerId ? yield* people.findById(b.managerId) : undefined
    return buildingView(b, manager ? { realname: manager.realname ?? manager.nickname ?? "", phoneMain: manager.phoneMain ?? "", headimgBase64: null } : null)
  }))
})

/** `GET /api/active/one/1/{worksiteId}/1`: the running door-delivery activity, its discount and whether today still has places. */
export const activityOfferFor = Effect.fn("activityOfferFor")(function* (worksiteId: string) {
  const errands = yield* ErrandStore
  const activity = yield* errands.activity(worksiteId, 1)
  const now = yield* (yield* Clock).now
  const count = activity ? yield* errands.activityCount(activity.id, shanghaiDate(now)) : 0
  const offer = activityOffer(activity, count)
  return { canOrder: offer.canOrder, discount: offer.discount, data: offer.data ? activityView(offer.data) : null }
})

const payDescription = (order: Pick<ErrandOrderRecord, "orderNo">) => `跑腿费 ${order.orderNo}`

/**
 * `POST /api/paotuiOrder`: checks in the spec's order (the parcel and its worksite first, then the form, the
 * cut-off and the activity's day), prices with the core, takes an activity place with a conditional increment,
 * moves the parcel, opens the prepay (or, for nothing to pay, the order at once) and stores the order.
 */
export const placeErrandOrder = Effect.fn("placeErrandOrder")(function* (actor: Actor, input: PlaceInput) {
  const type = input.type ?? ErrandType.deliverToDoor
  if (type === ErrandType.pickupFromDoor) return yield* new RuleViolation({ message: orderingMessages.pickupWithSending })
  if (!ORDER_TYPES.includes(type)) return yield* new RuleViolation({ message: orderingMessages.badType })
  const sexLimit = input.sexLimit ?? -1
  if (!SEX_LIMITS.includes(sexLimit)) return yield* new RuleViolation({ message: orderingMessages.badSexLimit })
  const errands = yield* ErrandStore
  const parcels = yield* ParcelStore
  const now = yield* (yield* Clock).now

  // The parcel (type 1) names the worksite; other types are ordered at the requester's own worksite.
  let worksiteId: string | null
  const parcel = type === ErrandType.deliverToDoor ? (filled(input.toTakeId) ? yield* parcels.findById(input.toTakeId) : undefined) : undefined
  if (type === ErrandType.deliverToDoor) {
    if (!parcel || parcel.receiverId !== actor.userId) return yield* new NotFound({ message: orderingMessages.parcelMissing })
    if (parcel.status !== ParcelStatus.awaitingPickup) return yield* new StateConflict({ message: orderingMessages.parcelBusy })
    worksiteId = parcel.worksiteId
  } else {
    worksiteId = (yield* (yield* People).findById(actor.userId))?.worksiteId ?? null
  }
  const worksite = worksiteId ? yield* (yield* Worksites).find(worksiteId) : undefined
  const settings: ErrandSettings | undefined = worksiteId ? yield* errands.settings(worksiteId) : undefined
  if (!worksite || !settings) {
    if (type === ErrandType.deliverToDoor) return yield* new StateConflict({ message: orderingMessages.notOpen })
    return yield* new RuleViolation({ message: orderingMessages.worksite })
  }
  if (!worksite.paotuiAble) return yield* new StateConflict({ message: orderingMessages.notOpen })

  const found = filled(input.dormBuilding) ? yield* errands.findBuilding(input.dormBuilding) : undefined
  const building = found && found.worksiteId === worksite.id ? found : undefined
  const goodsClass = input.goodsType !== undefined && GOODS_CLASSES.includes(input.goodsType) ? (input.goodsType as GoodsClass) : null
  // a sub-category the building does not offer counts as none chosen
  const specialGoodId = goodsClass === 3 && filled(input.specialGoodId) && (!building || specialGoodsFor(settings, building).some((g) => g.id === input.specialGoodId))
    ? input.specialGoodId : null
  const friendReceives = input.friendReceives ?? false
  // the discount activity is the door-delivery one (kind 1): it prices type-1 orders only
  const activity = type === ErrandType.deliverToDoor ? yield* errands.activity(worksite.id, 1) : undefined
  const day = shanghaiDate(now)
  const activityOrdersToday = activity ? yield* errands.activityCount(activity.id, day) : 0

  // a class smaller than the parcel is refused as no class chosen
  const size = parcel ? parcelSize(yield* (yield* Catalogue).dictValues("weightFeeType"), parcel.weightId) : null
  const priced = quote({
    form: {
      goodsClass, specialGoodId, buildingId: building ? building.id : null, floor: input.dormFloor ?? null, dormRoom: input.dormRoom ?? "",
      friendReceives, friendName: input.proxyReceiver ?? "", friendPhone: input.proxyReceiverPhone ?? "",
      worksiteId: input.worksiteId === worksite.id ? worksite.id : null, schoolCode: worksite.schoolCode, remark: input.remark ?? ""
    },
    worksite: settings, building, parcelSize: size, activity: activity ?? null, activityOrdersToday, now
  })
  if (isDomainError(priced)) return yield* priced
  if (parcel && unpaidSafekeeping(parcel, now, yield* parcels.safekeepingTerms(parcel.worksiteId)) > 0) {
    return yield* new StateConflict({ message: orderingMessages.safekeepDue })
  }
  // every order under the activity takes a place (so the day's count is true and a void can give one back); the cap, if any, holds
  if (activity && priced.activityId && !(yield* errands.reserveActivityPlace(activity.id, day, activity.countDaily ?? NO_DAILY_CAP))) {
    return yield* new StateConflict({ message: ACTIVITY_FULL })
  }

  const start = placeErrand(priced.payable)
  const draft: ErrandOrderRecord = {
    id: yield* (yield* Ids).next, orderNo: yield* orderNumber("PT", now), type: type as ErrandType, status: start.status, openid: actor.openid,
    worksiteId: worksite.id, accept: null, payFee: priced.payable, paid: 0, refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0,
    goodsPic: null, createdAt: now, requireArriveTime: errandRequireArriveTime(settings, now), toComment: false, sexLimit: sexLimit as SexLimit,
    goodsClass: goodsClass!, specialGoodId, buildingId: building!.id, floor: input.dormFloor ?? null, dormRoom: (input.dormRoom ?? "").trim(),
    proxyReceiver: friendReceives ? (input.proxyReceiver ?? "").trim() : null, proxyReceiverPhone: friendReceives ? (input.proxyReceiverPhone ?? "").trim() : null,
    remark: input.remark ?? "", toTakeId: parcel?.id ?? null, fee: priced.fee, activityId: priced.activityId, prepayId: null, acceptedAt: null, finishedAt: null
  }
  // the parcel first: of two orders for one parcel, the second finds it moved and is refused
  yield* moveParcel(draft, start.parcel, orderingMessages.parcelBusy)
  let order = draft
  let tradeNo: string | null = null
  if (start.status === ErrandStatus.awaitingPayment) {
    const trade = yield* openTrade(actor, { kind: TradeKind.errand, refId: draft.id, amountFen: draft.payFee, description: payDescription(draft) }, now)
    order = { ...draft, prepayId: trade.prepayId }
    tradeNo = trade.tradeNo
  }
  yield* errands.insert(order)
  yield* logOperation(PlaceErrandOperation, actor.openid, now, input,
    { id: order.id, orderNo: order.orderNo, status: order.status, payFee: order.payFee, tradeNo, prepayId: order.prepayId })
  if (order.status === ErrandStatus.awaitingAcceptance) yield* (yield* Events).publish(hallAddEvent(order, yield* (yield* ErrandParties).placeFacts(order)))
  return order
})

/** `GET /api/paotuiOrder/prepay/{id}`: the prepay of the caller's own unpaid order, within its 30 minutes. */
export const prepayErrand = Effect.fn("prepayErrand")(function* (actor: Actor, id: string) {
  const errands = yield* ErrandStore
  const order = yield* errands.findById(id)
  if (!order || order.openid !== actor.openid) return yield* new NotFound({ message: orderingMessages.orderMissing })
  if (order.status !== ErrandStatus.awaitingPayment) return yield* new StateConflict({ message: orderingMessages.notAwaitingPayment })
  const now = yield* (yield* Clock).now
  if (now.getTime() >= order.createdAt.getTime() + PAYMENT_DEADLINE_MS) return yield* new StateConflict({ message: payMessages.closed })
  const trade = yield* openTrade(actor, { kind: TradeKind.errand, refId: order.id, amountFen: order.payFee, description: payDescription(order) }, now)
  const repointed = trade.prepayId !== order.prepayId
  if (repointed && !(yield* errands.replace({ ...order, prepayId: trade.prepayId }, ErrandStatus.awaitingPayment, null))) {
    return yield* new StateConflict({ message: orderingMessages.notAwaitingPayment })
  }
  // a new trade, or an open one the order did not point at yet: either changes what is stored, so it is logged
  if (trade.opened || repointed) {
    yield* logOperation(ErrandPrepayOperation, actor.openid, now, { id: order.id }, { id: order.id, tradeNo: trade.tradeNo, prepayId: trade.prepayId! })
  }
  return { prepayId: trade.prepayId!, tradeNo: trade.tradeNo, totalFee: trade.amountFen }
})

/** Unpaid orders placed 30 minutes or more before now, and unaccepted ones past their required time (for the scheduler). */
export const dueUnpaidErrands = Effect.fn("dueUnpaidErrands")(function* () {
  const now = yield* (yield* Clock).now
  return (yield* (yield* ErrandStore).dueUnpaid(new Date(now.getTime() - PAYMENT_DEADLINE_MS))).map((o) => o.id)
})

export const dueUnacceptedErrands = Effect.fn("dueUnacceptedErrands")(function* () {
  const now = yield* (yield* Clock).now
  return (yield* (yield* ErrandStore).dueUnaccepted(now)).map((o) => o.id)
})

export type VoidOutcome = "voided" | "skipped" | "paidElsewhere"

/**
 * Voids an order unpaid for 30 minutes: its open prepays are closed at the provider first (one the provider says
 * was paid waits for its notice), then the order is cancelled through the lifecycle (its parcel back to 0, a door
 * pickup's send order closed) and its activity place is given back. Anything else (already paid, cancelled, not
 * yet due, or moved on meanwhile) is skipped, so a second run changes nothing; any other failure fails the void as a
 * whole.
 */
export const voidUnpaidErrand = Effect.fn("voidUnpaidErrand")(function* (orderId: string) {
  const errands = yield* ErrandStore
  const order = yield* errands.findById(orderId)
  if (!order || order.status !== ErrandStatus.awaitingPayment) return "skipped" as VoidOutcome
  const now = yield* (yield* Clock).now
  if (isDomainError(decide(order, { role: "system" }, { action: "voidUnpaid" }, now))) return "skipped" as VoidOutcome
  if ((yield* closeTrades(yield* (yield* TradeStore).openFor(TradeKind.errand, order.id))) === "paid") return "paidElsewhere" as VoidOutcome
  const voided = yield* applyUnlessMovedOn(order, { role: "system" }, { action: "voidUnpaid" }, now)
  if (!voided) return "skipped" as VoidOutcome
  if (order.activityId) yield* errands.releaseActivityPlace(order.activityId, shanghaiDate(order.createdAt))
  yield* logOperation(VoidErrandOperation, SYSTEM_ACTOR, now, { id: order.id, reason: "unpaid" }, { id: order.id, status: voided.status })
  return "voided" as VoidOutcome
})

/**
 * Voids an order nobody accepted before its required time: cancelled through the lifecycle, its parcel back to 0,
 * and what was paid refunded through the pay-in port in the same transaction. The hall drops it. An order that
 * moved on meanwhile (grabbed, cancelled) is skipped; a refund the provider refuses fails the void as a whole, so
 * nothing of it is kept and the job counts it failed and tries it again later.
 */
export const voidUnacceptedErrand = Effect.fn("voidUnacceptedErrand")(function* (orderId: string) {
  const order = yield* (yield* ErrandStore).findById(orderId)
  if (!order || order.status !== ErrandStatus.awaitingAcceptance) return "skipped" as VoidOutcome
  const now = yield* (yield* Clock).now
  if (isDomainError(decide(order, { role: "system" }, { action: "voidUnaccepted" }, now))) return "skipped" as VoidOutcome
  const voided = yield* applyUnlessMovedOn(order, { role: "system" }, { action: "voidUnaccepted" }, now)
  if (voided) yield* logOperation(VoidErrandOperation, SYSTEM_ACTOR, now, { id: order.id, reason: "unaccepted" }, { id: order.id, status: voided.status })
  return (voided ? "voided" : "skipped") as VoidOutcome
})

/** Moves a new type-1 order's parcel along the parcel events of its placing, each only from the status it is in; else 409 `failure`. */
const moveParcel = Effect.fnUntraced(function* (order: Pick<ErrandOrderRecord, "toTakeId">, events: ReadonlyArray<ParcelEvent>, failure: string) {
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
