/**
 * The sending use cases (spec 001 §7 "Parcel sending", the outbound staff screen; spec 002 dispatch):
 * booking with its door pickup, the sender's lists and close, freight (tariff quote, set once, cash on
 * delivery, paid through the pay-in port), the staff scan, the electronic waybill and the dispatch scan.
 * Every status change is the core's `decide`, written only if the order is still where it was read; the door
 * pickup's errand follows in the same transaction (`errandStatusOf`).
 */
import { Effect, Schema } from "effect"
import { AddressStore, Regions } from "../address/address-store"
import { ErrandStore, type ErrandOrderRecord } from "../errand/errand-store"
import { cancelOrderWithin, PAYING_NOW } from "../errand/lifecycle"
import { ErrandStatus, ErrandType, placeErrand } from "../errand/status-machine"
import { TradeStore } from "../payment/trade-store"
import { closeTrades, openTrade } from "../payment/use-cases"
import { QrSigner } from "../parcel/parcel-store"
import { QR_INVALID } from "../parcel/pickup-qr"
import { signQr } from "../parcel/receiver"
import { ProfileStore } from "../profile/profile-store"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { orderNumber } from "../shared/order-number"
import { ById, IdStatus, logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { EmployeeStore } from "../staff/staff-store"
import { employeeOf } from "../staff/use-cases"
import { optionalOwnImagePath } from "../upload/use-cases"
import { Worksites } from "../worksite/worksite-store"
import { messages as bookingMessages, newSending, sendingGate, type BookingContact, type BookingFields, type DoorPickup } from "./booking"
import { bookingDays, plainSendingArriveTime } from "./booking-time"
import { Book, ContactView } from "./calls"
import { alreadySentOut, dispatchCounts, messages as dispatchMessages, scannedCode, sendOutDecision } from "./dispatch"
import {
  cashOnDeliveryRefusal, freightDue, freightEntryRefusal, messages as freightMessages, offersCashOnDelivery, priceTable, quoteFreight, type TariffRow
} from "./freight"
import { screenMessages } from "./outbound-screen"
import { scannedSendQr, SendQr, sendSignedText, type UnsignedSendQr } from "./send-qr"
import { Printer, WaybillRenderer } from "./printer"
import { messages as printerMessages, printerAddress, printerSlot, type PrinterInput } from "./printer-settings"
import { SendStore, type SendingSettings, type SendRecord } from "./send-store"
import { FreightPrepayOperation } from "./settlement"
import { movedOnRefusal, transition, transitionUnlessMovedOn } from "./transition"
import {
  isSendListTab, messages, SendStatus, sendListTabs, type SendActor
} from "./status-machine"
import { sendTimeline } from "./timeline"
import { messages as waybillMessages, pageSetup, PRINTER_PROTOCOLS, waybillOf } from "./waybill"

export const useCaseMessages = {
  notFound: screenMessages.notFound,
  senderFailed: screenMessages.senderFailed,
  tabUnknown: "寄件列表类型不正确",
  verifyFailed: "审核出错"
} as const

const notFound = () => new NotFound({ message: useCaseMessages.notFound })

const settingsOf = Effect.fn("sendingSettings")(function* (worksiteId: string | null | undefined) {
  const settings = worksiteId ? yield* (yield* SendStore).settings(worksiteId) : undefined
  if (!settings) return yield* new NotAllowed({ message: bookingMessages.notOpen })
  return settings
})


// ---------------------------------------------------------------- booking

/** `GET /api/expressTakein/setup`: the gate, the carriers, the price picture and the booking days of the caller's worksite. */
export const sendingSetup = Effect.fn("sendingSetup")(function* (actor: Actor, token: string) {
  const profile = yield* (yield* ProfileStore).find(actor.userId)
  if (!profile) return yield* notFound()
  const settings = profile.worksiteId ? yield* (yield* SendStore).settings(profile.worksiteId) : undefined
  const now = yield* (yield* Clock).now
  const gate = sendingGate({ jijianAble: settings?.jijianAble ?? false }, profile, token)
  return {
    open: gate.open,
    message: gate.open ? null : gate.message,
    redirect: gate.open ? null : gate.redirect ?? null,
    worksiteId: profile.worksiteId ?? "",
    daofuAble: settings?.daofuAble ?? false,
    yunfeiPic: settings?.yunfeiPic ?? null,
    companies: settings ? companiesView(settings) : [],
    bookingDays: bookingDays(now).map((d) => ({ date: d.date, slots: [...d.slots] }))
  }
})

const companiesView = (s: SendingSettings) =>
  s.companies.map((c) => ({
    _id: c.id, name: c.name, code: c.code, surfaceHeight: c.surfaceHeight ?? null, surfaceWidth: c.surfaceWidth ?? null,
    daofuAble: offersCashOnDelivery({ carrierCode: s.daofuCarrierCode ?? "" }, s, c.code)
  }))

/** `GET /api/expressTakein/expressSendCompanies/{worksiteId}`. */
export const sendCompanies = Effect.fn("sendCompanies")(function* (worksiteId: string) {
  const settings = yield* (yield* SendStore).settings(worksiteId)
  return settings ? companiesView(settings) : []
})

/** A booking as the wire carries it: the carrier and both contacts by id (the caller's own address book), the time as text. */
export interface BookingInput extends Omit<BookingFields, "companyId" | "sender" | "receiver" | "requireArriveTime"> {
  readonly expressCompanyId?: string | undefined
  readonly senderAddressId?: string | undefined
  readonly receiverAddressId?: string | undefined
  readonly requireArriveTime?: string | undefined
}

const contactOf = Effect.fnUntraced(function* (actor: Actor, id: string | undefined) {
  const address = id ? yield* (yield* AddressStore).find(id) : undefined
  if (!address || address.userId !== actor.userId) return undefined
  const c: BookingContact = {
    name: address.name, phone: address.phone, province: address.province, city: address.city, county: address.county,
    provinceName: address.provinceName, cityName: address.cityName, countyName: address.countyName, detail: address.detail
  }
  return c
})

const instantOf = (text: string | undefined): Date | undefined => {
  if (!text) return undefined
  const d = new Date(text)
  return Number.isNaN(d.getTime()) ? undefined : d
}

const { senderAddressId: _senderAddressId, receiverAddressId: _receiverAddressId, ...bookingFields } = Book.request.fields

/** A booking with its sender and receiver as contacts (the address-book entries resolved), as the operations log keeps it. */
export const BookingLogInput = Schema.Struct({ ...bookingFields, sender: Schema.NullOr(ContactView), receiver: Schema.NullOr(ContactView) })
export type BookingLogInput = typeof BookingLogInput.Type

/** A booking as the operations log keeps it: its input, and the new ids and numbers it took (`station replay` takes them back). */
export const BookSendingOperation = operationKind("bookSending", BookingLogInput, Schema.Struct({
  ...IdStatus.fields, orderNo: Schema.String, errandId: Schema.NullOr(Schema.String), errandOrderNo: Schema.NullOr(Schema.String)
}))

/** `POST /api/expressTakein`: the caller's address-book entries resolved, then `bookWith`. */
export const book = Effect.fn("bookSending")(function* (actor: Actor, input: BookingInput) {
  const { senderAddressId, receiverAddressId, ...rest } = input
  return yield* bookWith(actor, {
    ...rest, sender: (yield* contactOf(actor, senderAddressId)) ?? null, receiver: (yield* contactOf(actor, receiverAddressId)) ?? null
  })
})

/** A door pickup's type-2 errand as booked with its send order: the reward is what it pays, its runner's errand is the pickup. */
const doorPickupErrand = (id: string, orderNo: string, worksiteId: string, openid: string, pickup: DoorPickup, now: Date): ErrandOrderRecord => ({
  id, orderNo, type: ErrandType.pickupFromDoor, status: placeErrand(pickup.reward).status, openid, worksiteId, accept: null, payFee: pickup.reward,
  paid: 0, refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: now, requireArriveTime: pickup.requireArriveTime,
  toComment: false, sexLimit: pickup.sexLimit, goodsClass: pickup.goodsType, specialGoodId: pickup.largeCategory, buildingId: pickup.dormBuilding,
  floor: pickup.dormFloor, dormRoom: pickup.dormRoom, proxyReceiver: null, proxyReceiverPhone: null, remark: pickup.note, toTakeId: null,
  fee: pickup.reward, activityId: null, prepayId: null, acceptedAt: null, finishedAt: null
})

/** The gate, the spec's checks in order, the order and, for a door pickup, its type-2 errand; logged for `station replay`. */
export const bookWith = Effect.fn("bookSendingWith")(function* (actor: Actor, input: BookingLogInput) {
  const profile = yield* (yield* ProfileStore).find(actor.userId)
  if (!profile) return yield* notFound()
  const settings = yield* settingsOf(profile.worksiteId)
  const gate = sendingGate(settings, profile, "")
  if (!gate.open) return yield* new NotAllowed({ message: gate.message })
  const store = yield* SendStore
  const now = yield* (yield* Clock).now
  const door = input.requiredDoorService === true
  const fields: BookingFields = {
    companyId: input.expressCompanyId,
    sender: input.sender ?? undefined,
    receiver: input.receiver ?? undefined,
    goodsName: input.goodsName,
    goodsCount: input.goodsCount,
    estimateWeight: input.estimateWeight,
    insureMoney: input.insureMoney,
    isDaofu: input.isDaofu,
    remark: input.remark,
    requiredDoorService: door,
    paotuiRemark: input.paotuiRemark,
    goodsType: input.goodsType,
    largeCategory: input.largeCategory,
    dormBuilding: door && input.dormBuilding && (yield* store.hasBuilding(settings.worksiteId, input.dormBuilding)) ? input.dormBuilding : undefined,
    dormFloor: input.dormFloor,
    dormRoom: input.dormRoom,
    requireArriveTime: door ? instantOf(input.requireArriveTime) : plainSendingArriveTime(now, settings.eveningEnd ?? undefined),
    sexLimit: input.sexLimit,
    fee: input.fee
  }
  const made = newSending(fields, { jijianAble: settings.jijianAble, daofuAble: settings.daofuAble, sendCompanies: settings.companies },
    { carrierCode: settings.daofuCarrierCode ?? "" }, now)
  if (made instanceof RuleViolation) return yield* made
  const id = yield* (yield* Ids).next
  const errandId = made.doorPickup ? yield* (yield* Ids).next : null
  const record: SendRecord = {
    id, orderNo: yield* orderNumber("JJ", now), status: made.status, senderId: actor.userId, worksiteId: settings.worksiteId,
    companyId: made.companyId, doorPickup: made.doorPickup !== null, runnerId: null, freight: null, freightWeight: null, freightPaid: false,
    isDaofu: made.isDaofu, expressNo: null, senderOpenid: actor.openid, sender: made.sender, receiver: made.receiver, goodsName: made.goodsName,
    goodsCount: made.goodsCount, estimateWeight: made.estimateWeight, insureMoney: made.insureMoney, insureFreight: made.insureFreight,
    remark: made.remark, goodsPic: null, errandId, pickup: made.doorPickup, createdAt: now, sentAt: null
  }
  const errandOrderNo = made.doorPickup ? yield* orderNumber("PT", now) : null
  // a door pickup is one aggregate: its send order and its type-2 errand are created together
  if (made.doorPickup && errandId && errandOrderNo) yield* (yield* ErrandStore).insert(doorPickupErrand(errandId, errandOrderNo, settings.worksiteId, actor.openid, made.doorPickup, now))
  yield* store.insert(record)
  yield* logOperation(BookSendingOperation, actor.openid, now, input, { id, orderNo: record.orderNo, status: record.status, errandId, errandOrderNo })
  return record
})

// ---------------------------------------------------------------- the sender's orders

export const sendList = Effect.fn("sendList")(function* (actor: Actor, tab: string) {
  if (!isSendListTab(tab)) return yield* new RuleViolation({ message: useCaseMessages.tabUnknown })
  return yield* (yield* SendStore).listForSender(actor.userId, sendListTabs[tab].statuses)
})

/** The sender and the runner see their order; staff see their worksite's; anyone else is told it is not found. */
const visible = Effect.fnUntraced(function* (actor: Actor, order: SendRecord | undefined) {
  if (!order) return yield* notFound()
  if (order.senderId === actor.userId || order.runnerId === actor.userId) return order
  const employee = yield* (yield* EmployeeStore).findByOpenid(actor.openid)
  if (employee && employee.worksite.id === order.worksiteId) return order
  return yield* notFound()
})

export const sendingById = Effect.fn("sendingById")(function* (actor: Actor, id: string) {
  return yield* visible(actor, yield* (yield* SendStore).findById(id))
})

export const sendingByOrderNo = Effect.fn("sendingByOrderNo")(function* (actor: Actor, orderNo: string) {
  return yield* visible(actor, yield* (yield* SendStore).findByOrderNo(orderNo))
})

/** The door pickup's send order by its errand (the runner's freight entry on their errand list). */
export const sendingByErrand = Effect.fn("sendingByErrand")(function* (actor: Actor, errandId: string) {
  return yield* visible(actor, errandId ? yield* (yield* SendStore).findByErrandId(errandId) : undefined)
})

/** Whether the order still has its counter visit ahead: its QR is shown until it is dispatched or cancelled. */
const showsQr = (o: SendRecord) => o.status !== SendStatus.outOfStock && o.status !== SendStatus.cancelled

/**
 * `GET /api/expressTakein/detail/{id}`: the order as `getById` shows it, with its signed QR (to its sender, until
 * it is dispatched or cancelled), its timeline from the row and the operations log, and the amount due now.
 */
export const sendingDetail = Effect.fn("sendingDetail")(function* (actor: Actor, id: string) {
  const order = yield* visible(actor, yield* (yield* SendStore).findById(id))
  const now = yield* (yield* Clock).now
  const unsigned: UnsignedSendQr = { k: "s", no: order.orderNo, ts: now.getTime() }
  const qr = order.senderId === actor.userId && showsQr(order) ? yield* signQr(unsigned, sendSignedText(unsigned)) : null
  const timeline = sendTimeline(order, yield* (yield* SendStore).history(order.id))
  const due = order.status === SendStatus.awaitingFreightPayment && !order.isDaofu && !order.freightPaid ? freightDue(order) : 0
  return { order, qr, timeline, due }
})

/** A close as the operations log keeps it: the order and its new status. */
export const CloseSendingOperation = operationKind("closeSending", ById, IdStatus)

/**
 * `DELETE /api/expressTakein/{id}`: the sender closes at 0, 1 or 20 with no runner. A door pickup still
 * awaiting its reward or its runner is closed by cancelling its type-2 errand through the errand lifecycle
 * (`cancelOrderWithin`): an open reward prepay is closed at the provider, a paid reward refunded through the pay-in
 * port like every errand cancel, and the send order follows the errand (errand-link.ts) in the same transaction.
 */
export const closeSending = Effect.fn("closeSending")(function* (actor: Actor, id: string) {
  const store = yield* SendStore
  const order = yield* store.findById(id)
  if (!order || order.senderId !== actor.userId) return yield* notFound()
  const now = yield* (yield* Clock).now
  const closed = yield* closeOrder(actor, order, now)
  yield* logOperation(CloseSendingOperation, actor.openid, now, { id }, { id: closed.order.id, status: closed.order.status })
  return closed
})

const closeOrder = Effect.fnUntraced(function* (actor: Actor, order: SendRecord, now: Date) {
  const store = yield* SendStore
  if (order.errandId && (order.status === SendStatus.pendingPayment || order.status === SendStatus.taskPosted)) {
    const errand = yield* (yield* ErrandStore).findById(order.errandId)
    if (errand && (errand.status === ErrandStatus.awaitingPayment || errand.status === ErrandStatus.awaitingAcceptance)) {
      yield* cancelOrderWithin(actor, errand.orderNo, now).pipe(
        Effect.catchIf((e) => e._tag === "StateConflict" && e.message !== PAYING_NOW, () => Effect.fail(new StateConflict({ message: messages.closeFailed })))
      )
      const closed = yield* store.findById(order.id)
      if (closed?.status !== SendStatus.cancelled) return yield* new StateConflict({ message: messages.closeFailed })
      return { order: closed, message: messages.closed as string | undefined }
    }
  }
  // an open freight prepay is closed at the provider first, so a closed order is never paid afterwards
  if ((yield* closeTrades(yield* (yield* TradeStore).openFor("freight", order.id))) === "paid") return yield* new StateConflict({ message: PAYING_NOW })
  return yield* transition(order, { role: "sender", userId: actor.userId }, { type: "close" }, now)
})

// ---------------------------------------------------------------- freight

export interface FreightQuoteInput {
  readonly worksiteId?: string | undefined
  readonly expressCode?: string | undefined
  readonly toProvinceCode?: string | undefined
  readonly freightWeight?: number | undefined
}

/** `GET /api/expressFreight/freight`: the tariff's freight (fen), or '自动计算运费失败，请手动输入。'. */
export const freightQuote = Effect.fn("freightQuote")(function* (q: FreightQuoteInput) {
  const tariff: ReadonlyArray<TariffRow> = q.worksiteId ? yield* (yield* SendStore).tariff(q.worksiteId) : []
  const quoted = quoteFreight(tariff, {
    worksiteId: q.worksiteId ?? "", companyCode: q.expressCode ?? "", toProvinceCode: (q.toProvinceCode ?? "").slice(0, 2), grams: q.freightWeight ?? 0
  })
  if (quoted instanceof RuleViolation) return yield* quoted
  return quoted
})

/** `GET /api/expressFreight/prices`: the caller's worksite's carriers with their tariff rows by province. */
export const priceTableOf = Effect.fn("priceTableOf")(function* (actor: Actor) {
  const profile = yield* (yield* ProfileStore).find(actor.userId)
  const settings = profile?.worksiteId ? yield* (yield* SendStore).settings(profile.worksiteId) : undefined
  if (!settings) return []
  const regions = yield* Regions
  return priceTable(settings.companies, yield* (yield* SendStore).tariff(settings.worksiteId), (code) => regions.province(code)?.name)
})

/** Who sets freight: the runner holding the door pickup, else a staff member of the order's worksite. */
const freightSetter = Effect.fnUntraced(function* (actor: Actor, order: SendRecord) {
  if (order.runnerId !== null && order.runnerId === actor.userId) return { role: "runner", userId: actor.userId } as const satisfies SendActor
  const employee = yield* employeeOf(actor)
  return { role: "staff", worksiteId: employee.worksite.id } as const satisfies SendActor
})

export interface FreightInput {
  readonly id?: string | undefined
  readonly expressCompanyId?: string | undefined
  readonly freightWeight?: number | undefined
  readonly freight?: number | undefined
  readonly isDaofu?: boolean | undefined
  readonly goodsPic?: string | undefined
}

/** Freight set as the operations log keeps it: the entry as the use case read it (absent numbers as null), and what the order became. */
export const SetFreightOperation = operationKind("setFreight",
  Schema.Struct({
    id: Schema.String, expressCompanyId: Schema.String, freightWeight: Schema.NullOr(Schema.Number), freight: Schema.NullOr(Schema.Number), isDaofu: Schema.Boolean
  }),
  Schema.Struct({ ...IdStatus.fields, freight: Schema.NullOr(Schema.Number), isDaofu: Schema.Boolean }))

/**
 * `updateFreight` / `updateFreightDaofu`: the entry's checks, then freight set once (only while none exists and
 * unpaid; the store's condition makes two staff at once → one winner). Logged for `station replay`.
 */
export const setFreight = Effect.fn("setFreight")(function* (actor: Actor, input: FreightInput) {
  const store = yield* SendStore
  const order = input.id ? yield* store.findById(input.id) : undefined
  if (!order) return yield* notFound()
  const who = yield* freightSetter(actor, order)
  const entry = { companyId: input.expressCompanyId, grams: input.freightWeight, freight: input.freight, isDaofu: input.isDaofu, photos: input.goodsPic ? 1 : 0 }
  const refused = freightEntryRefusal(entry, who.role === "runner" ? "runner" : "staff")
  if (refused) return yield* refused
  const settings = yield* settingsOf(order.worksiteId)
  const company = settings.companies.find((c) => c.id === input.expressCompanyId)
  if (!company) return yield* new RuleViolation({ message: freightMessages.companyRequired })
  const goodsPic = yield* optionalOwnImagePath(actor, input.goodsPic)
  const patch = goodsPic ? { goodsPic } : {}
  const now = yield* (yield* Clock).now
  let done: { order: SendRecord; message: string | undefined }
  if (input.isDaofu) {
    const refused = cashOnDeliveryRefusal({ carrierCode: settings.daofuCarrierCode ?? "" }, settings, company.code)
    if (refused) return yield* refused
    done = yield* transition(order, who, { type: "setFreightDaofu", companyId: company.id }, now, patch)
  } else {
    done = yield* transition(order, who, { type: "setFreight", companyId: company.id, freight: input.freight!, freightWeight: input.freightWeight! }, now, patch)
  }
  yield* logOperation(SetFreightOperation, actor.openid, now,
    { id: order.id, expressCompanyId: company.id, freightWeight: input.freightWeight ?? null, freight: input.freight ?? null, isDaofu: input.isDaofu === true },
    { id: done.order.id, status: done.order.status, freight: done.order.freight, isDaofu: done.order.isDaofu })
  return done
})

/** `GET /api/expressTakein/payFreight/{id}`: opens the pay-in trade for the freight of the sender's order at 20 (logged as `freightPrepay`). */
export const payFreight = Effect.fn("payFreight")(function* (actor: Actor, id: string) {
  const order = yield* (yield* SendStore).findById(id)
  if (!order || order.senderId !== actor.userId) return yield* notFound()
  if (order.status !== SendStatus.awaitingFreightPayment || order.isDaofu || order.freightPaid || order.freight === null) {
    return yield* new StateConflict({ message: messages.actionFailed })
  }
  const now = yield* (yield* Clock).now
  const trade = yield* openTrade(actor, { kind: "freight", refId: order.id, amountFen: freightDue(order), description: `寄件运费 ${order.orderNo}` }, now)
  // a trade opened now (not an open one handed out again) is logged with what the provider answered
  if (trade.opened) {
    yield* logOperation(FreightPrepayOperation, actor.openid, now, { id: order.id },
      { id: order.id, tradeNo: trade.tradeNo, prepayId: trade.prepayId ?? "", amountFen: trade.amountFen })
  }
  return { prepayId: trade.prepayId ?? "", tradeNo: trade.tradeNo, totalFee: trade.amountFen }
})

// ---------------------------------------------------------------- the outbound staff screen

const staffWorksite = Effect.fnUntraced(function* (actor: Actor, worksiteId: string | undefined) {
  const employee = yield* employeeOf(actor)
  if (worksiteId !== undefined && worksiteId !== "" && worksiteId !== employee.worksite.id) return yield* new NotAllowed({ message: messages.notYourWorksite })
  return employee.worksite.id
})

/** The order number a scanned send QR carries once its signature is verified ('二维码校验失败' else); any other text as scanned. */
const scannedOrderCode = Effect.fnUntraced(function* (code: string) {
  const json = scannedSendQr(code)
  if (json === undefined) return scannedCode(code)
  const qr = Schema.decodeUnknownOption(SendQr)(json)
  if (qr._tag === "None") return yield* new RuleViolation({ message: QR_INVALID })
  const { sig, ...unsigned } = qr.value
  if (!(yield* (yield* QrSigner).verify(sendSignedText(unsigned), sig))) return yield* new RuleViolation({ message: QR_INVALID })
  return unsigned.no
})

/** The scan: the order by its signed QR, its number (or the text after the first comma); a cancelled one says so. */
export const scanSending = Effect.fn("scanSending")(function* (actor: Actor, worksiteId: string | undefined, code: string) {
  const site = yield* staffWorksite(actor, worksiteId)
  const order = yield* (yield* SendStore).findByCode(site, yield* scannedOrderCode(code))
  if (!order) return yield* notFound()
  if (order.status === SendStatus.cancelled) return yield* new StateConflict({ message: screenMessages.cancelledByUser })
  return order
})

/** `GET /api/user/userInfoByOpenid/{openid}`: a sender with an order at the staff member's worksite. */
export const senderInfo = Effect.fn("senderInfo")(function* (actor: Actor, openid: string) {
  const site = yield* staffWorksite(actor, undefined)
  const userId = openid ? yield* (yield* SendStore).senderAt(site, openid) : undefined
  const profile = userId ? yield* (yield* ProfileStore).find(userId) : undefined
  if (!profile) return yield* new NotFound({ message: useCaseMessages.senderFailed })
  return profile
})

/** A waybill number the carrier's electronic waybill service would hand out: its code and the order number after its prefix (unique as order numbers are). */
export const expressNumberFor = (companyCode: string, orderNo: string): string => `${companyCode.toUpperCase()}${orderNo.replace(/^[A-Z]+/, "")}`

/** A first print as the operations log keeps it: the order by its number, and the express number it was given. */
export const PrintWaybillOperation = operationKind("printWaybill", Schema.Struct({ orderNo: Schema.String }),
  Schema.Struct({ ...IdStatus.fields, expressNo: Schema.NullOr(Schema.String) }))

/**
 * `POST /api/common/getElecWaybill/`: the first print assigns the express number (4 → 5); an order at 5 prints
 * again with its number. Unpaid freight → '寄件客户还没付运费'; the printer refusing → '打印失败，请检查打印机状态。'
 * and nothing is kept (the transaction rolls back).
 */
export const printWaybill = Effect.fn("printWaybill")(function* (actor: Actor, input: { readonly orderNo?: string | undefined; readonly expressCompanyId?: string | undefined }) {
  const site = yield* staffWorksite(actor, undefined)
  const store = yield* SendStore
  const order = input.orderNo ? yield* store.findByOrderNo(input.orderNo) : undefined
  if (!order || order.worksiteId !== site) return yield* notFound()
  const settings = yield* settingsOf(site)
  const company = settings.companies.find((c) => c.id === (order.companyId ?? input.expressCompanyId))
  if (!company) return yield* new RuleViolation({ message: freightMessages.companyRequired })
  const setup = pageSetup(company, settings.printers)
  if (setup instanceof StateConflict) return yield* setup
  const now = yield* (yield* Clock).now
  let printed = order
  if (order.status === SendStatus.awaitingNumber) {
    printed = (yield* transition(order, { role: "staff", worksiteId: site }, { type: "assignNumber", expressNo: expressNumberFor(company.code, order.orderNo) }, now)).order
  } else if (order.status === SendStatus.awaitingFreight || order.status === SendStatus.awaitingFreightPayment) {
    return yield* new StateConflict({ message: waybillMessages.freightUnpaid })
  } else if (order.status !== SendStatus.awaitingOutOfStock) {
    return yield* new StateConflict({ message: messages.actionFailed })
  }
  const waybill = waybillOf(printed, company, setup, now)
  if (waybill instanceof StateConflict) return yield* waybill

  const renderer = yield* WaybillRenderer
  const pdf = yield* Effect.promise(() => renderer.render(waybill))
  const answer = yield* (yield* Printer).print({ printer: setup.printer, name: printed.orderNo, pdf, waybill })
  if (!answer.ok) return yield* new StateConflict({ message: waybillMessages.printerFailed })
  if (printed !== order) yield* logOperation(PrintWaybillOperation, actor.openid, now, { orderNo: printed.orderNo }, { id: printed.id, status: printed.status, expressNo: printed.expressNo })
  return { orderNo: printed.orderNo, expressNo: printed.expressNo ?? "", widthMm: setup.widthMm, heightMm: setup.heightMm, pdf: `/api/common/elecWaybill/${encodeURIComponent(printed.orderNo)}.pdf` }
})

/** The printed PDF of an order of the staff member's worksite. */
export const waybillPdf = Effect.fn("waybillPdf")(function* (actor: Actor, orderNo: string) {
  const site = yield* staffWorksite(actor, undefined)
  const order = yield* (yield* SendStore).findByOrderNo(orderNo)
  if (!order || order.worksiteId !== site) return yield* notFound()
  const pdf = yield* (yield* Printer).find(order.orderNo)
  if (!pdf) return yield* notFound()
  return pdf
})

// ---------------------------------------------------------------- dispatch

export const toScanAll = Effect.fn("toScanAll")(function* (actor: Actor, worksiteId: string) {
  const site = yield* staffWorksite(actor, worksiteId)
  const store = yield* SendStore
  const settings = yield* store.settings(site)
  return dispatchCounts(settings?.companies ?? [], yield* store.toScanCounts(site))
})

export const toScan = Effect.fn("toScan")(function* (actor: Actor, worksiteId: string, companyId: string) {
  const all = yield* toScanAll(actor, worksiteId)
  const one = all.find((c) => c._id === companyId)
  if (!one) return yield* new NotFound({ message: dispatchMessages.countsFailed })
  return one
})

/** A dispatch as the operations log keeps it: the worksite and the scanned code, and the order's new status. */
export const SendOutOperation = operationKind("sendOut", Schema.Struct({ worksiteId: Schema.String, code: Schema.String }), IdStatus)

/**
 * `PUT sendOut/{worksiteId}/{code}`: 5 → 100 once. The same order again, or a concurrent second scan that
 * finds it already out, changes nothing and is refused as already out. Logged for `station replay`.
 */
export const sendOut = Effect.fn("sendOut")(function* (actor: Actor, worksiteId: string, code: string) {
  const site = yield* staffWorksite(actor, worksiteId)
  const store = yield* SendStore
  const scanned = scannedCode(code)
  const order = scanned ? yield* store.findByCode(site, scanned) : undefined
  const decided = sendOutDecision(order, site)
  if (!("kind" in decided)) return yield* decided
  const now = yield* (yield* Clock).now
  // moved meanwhile: another scan sent it out (already out), or it went elsewhere (refused); nothing of this scan is kept
  const done = yield* transitionUnlessMovedOn(order!, { role: "staff", worksiteId: site }, { type: "sendOut" }, now, { sentAt: now })
  if (!done) {
    const again = yield* store.findById(order!.id)
    return yield* (again?.status === SendStatus.outOfStock ? alreadySentOut() : movedOnRefusal("sendOut"))
  }
  yield* logOperation(SendOutOperation, actor.openid, now, { worksiteId: site, code: scanned }, { id: done.order.id, status: done.order.status })
  return { order: done.order }
})

/** A worksite's label printer set (or removed, null) by the operator. */
export const SetPrinterOperation = operationKind("setPrinter", Schema.Struct({
  worksiteId: Schema.String,
  slot: Schema.Literals([150, 180]),
  printer: Schema.NullOr(Schema.Struct({
    host: Schema.String, port: Schema.Number, protocol: Schema.Literals(PRINTER_PROTOCOLS), path: Schema.optional(Schema.String)
  }))
}), Schema.Struct({ worksiteId: Schema.String }))

/**
 * `station printers set|clear`: one of a worksite's (by id or site code) two label printers, checked as typed, or
 * removed; logged under the operator. What the staff's next waybill prints on.
 */
export const setPrinter = Effect.fn("setPrinter")(function* (worksite: string, slot: string, input: PrinterInput | null) {
  const which = printerSlot(slot)
  if (which instanceof RuleViolation) return yield* which
  const printer = input === null ? null : printerAddress(input)
  if (printer instanceof RuleViolation) return yield* printer
  const site = (yield* (yield* Worksites).all()).find((w) => w.id === worksite || w.siteCode === worksite)
  if (!site) return yield* new NotFound({ message: printerMessages.worksiteMissing })
  yield* (yield* SendStore).setPrinter(site.id, which, printer)
  const logged = { worksiteId: site.id, slot: which, printer: printer && { ...printer } }
  yield* logOperation(SetPrinterOperation, STATION_OPERATOR, yield* (yield* Clock).now, logged, { worksiteId: site.id })
  return { worksiteId: site.id, siteCode: site.siteCode, slot: which, printer }
})

/** `station printers list`: each worksite's two label printers (either may be missing). */
export const worksitePrinters = Effect.fn("worksitePrinters")(function* () {
  const store = yield* SendStore
  return yield* Effect.forEach(yield* (yield* Worksites).all(), (site) => store.settings(site.id).pipe(Effect.map((settings) => ({
    worksiteId: site.id, siteCode: site.siteCode, shortName: site.shortName, printers: settings?.printers ?? {}
  }))))
})

/** `station tariff import`: the parsed rows written. */
export const importTariff = Effect.fn("importTariff")(function* (rows: ReadonlyArray<TariffRow>) {
  return yield* (yield* SendStore).importTariff(rows)
})

export { dispatchMessages, useCaseMessages as sendingMessages }
export { present, presentAll, sendOrderView, transition } from "./transition"
export { freightPaid } from "./settlement"
