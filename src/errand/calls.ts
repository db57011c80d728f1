/** The errand calls (spec 001 §7 "Errand orders", buildings, activity, credit): each request and answer as one Schema, and their views. */
import { Schema } from "effect"
import type { Actor } from "../shared/actor"
import { Cursor, Flag, Instant, Page, PageNo, Text, TextList, Whole, call, callBeside } from "../shared/wire"
import type { CreditEntry, BuildingRecord, ErrandOrderRecord } from "./errand-store"
import type { Activity, SpecialGood } from "./fee"
import { errandStatusStr } from "./status-machine"

/** Free text read generously off the wire, so the core answers an over-long remark or reason with the spec's words. */
const LONG_TEXT = 512

export const SpecialGoodView = Schema.Struct({ _id: Schema.String, name: Schema.String, liftFee: Schema.Number, feeOne: Schema.Number, feeTwo: Schema.Number })
export const specialGoodView = (g: SpecialGood): typeof SpecialGoodView.Type => ({ _id: g.id, name: g.name, liftFee: g.liftFee, feeOne: g.feeOne, feeTwo: g.feeTwo })

const Tiers = {
  liftSmallFee: Schema.optional(Schema.Number), liftMiddleFee: Schema.optional(Schema.Number), liftBigFee: Schema.optional(Schema.Number),
  smallFeeOne: Schema.optional(Schema.Number), smallFeeTwo: Schema.optional(Schema.Number), middleFeeOne: Schema.optional(Schema.Number),
  middleFeeTwo: Schema.optional(Schema.Number), bigFeeOne: Schema.optional(Schema.Number), bigFeeTwo: Schema.optional(Schema.Number)
}

export const BuildingView = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  tag: Schema.String,
  area: Schema.Struct({ name: Schema.String }),
  isLift: Schema.Boolean,
  ...Tiers,
  specialGoods: Schema.Array(SpecialGoodView),
  manager: Schema.NullOr(Schema.Struct({ realname: Schema.String, phoneMain: Schema.String, headimgBase64: Schema.NullOr(Schema.String) }))
})
export type BuildingView = typeof BuildingView.Type

export const buildingView = (
  b: BuildingRecord,
  manager: { readonly realname: string; readonly phoneMain: string; readonly headimgBase64: string | null } | null
): BuildingView => ({
  _id: b.id, name: b.name, tag: b.tag, area: { name: b.area }, isLift: b.isLift, ...b.fees, specialGoods: b.specialGoods.map(specialGoodView), manager
})

/** `GET /api/building/list/{worksiteId}`: the worksite's buildings for the order form. */
export const Buildings = call(Schema.Struct({ worksiteId: Text() }), Schema.Array(BuildingView))

export const ActivityView = Schema.Struct({
  _id: Schema.String, title: Schema.String, discount: Schema.NullOr(Schema.Number), fee: Schema.NullOr(Schema.Number), countDaily: Schema.NullOr(Schema.Number), remark: Schema.String
})
export const activityView = (a: Activity): typeof ActivityView.Type => ({ _id: a.id, title: a.title, discount: a.discount, fee: a.fee, countDaily: a.countDaily, remark: a.remark })

/** `GET /api/active/one/1/{worksiteId}/1`: `canOrder`, `discount` and `data` (the activity) beside `success`. */
export const ActivityOffer = callBeside(
  Schema.Struct({ worksiteId: Text() }),
  Schema.Struct({ canOrder: Schema.Boolean, discount: Schema.NullOr(Schema.Number), data: Schema.NullOr(ActivityView) })
)

/** The requester and the door, as the accepted runner needs them: the phone masked (`138****0001`) and in full, and the parcel's shelf tag. */
export const ContactView = Schema.Struct({
  name: Schema.String,
  phone: Schema.String,
  phoneMasked: Schema.String,
  building: Schema.NullOr(Schema.String),
  floor: Schema.NullOr(Schema.Number),
  room: Schema.String,
  shelf: Schema.NullOr(Schema.String)
})
export type ContactView = typeof ContactView.Type

export const ErrandOrderView = Schema.Struct({
  _id: Schema.String,
  orderNo: Schema.String,
  type: Schema.Number,
  status: Schema.Number,
  statusStr: Schema.String,
  openid: Schema.String,
  acceptOpenid: Schema.NullOr(Schema.String),
  acceptUser: Schema.NullOr(Schema.String),
  acceptUserPhone: Schema.NullOr(Schema.String),
  sexLimit: Schema.Number,
  goodsType: Schema.Number,
  specialGoodId: Schema.NullOr(Schema.String),
  dormBuilding: Schema.NullOr(Schema.String),
  dormFloor: Schema.NullOr(Schema.Number),
  dormRoom: Schema.String,
  proxyReceiver: Schema.NullOr(Schema.String),
  proxyReceiverPhone: Schema.NullOr(Schema.String),
  remark: Schema.String,
  toTakeId: Schema.NullOr(Schema.String),
  fee: Schema.Number,
  payFee: Schema.Number,
  freight: Schema.NullOr(Schema.Number),
  goodsPic: Schema.NullOr(Schema.String),
  toComment: Schema.Boolean,
  requireArriveTime: Instant,
  createdAt: Instant,
  /** The destination building's name and, for a parcel errand, the station it is collected at: shown to the hall too. */
  buildingName: Schema.NullOr(Schema.String),
  station: Schema.NullOr(Schema.String),
  /** Who and where, for the order's requester and its accepted runner only (order-view.ts); null to anyone else. */
  contact: Schema.NullOr(ContactView)
})
export type ErrandOrderView = typeof ErrandOrderView.Type

export const errandOrderView = (o: ErrandOrderRecord): ErrandOrderView => ({
  _id: o.id, orderNo: o.orderNo, type: o.type, status: o.status, statusStr: errandStatusStr(o.type, o.status), openid: o.openid,
  acceptOpenid: o.accept?.openid ?? null, acceptUser: o.accept?.name ?? null, acceptUserPhone: o.accept?.phone ?? null, sexLimit: o.sexLimit,
  goodsType: o.goodsClass, specialGoodId: o.specialGoodId, dormBuilding: o.buildingId, dormFloor: o.floor, dormRoom: o.dormRoom,
  proxyReceiver: o.proxyReceiver, proxyReceiverPhone: o.proxyReceiverPhone, remark: o.remark, toTakeId: o.toTakeId, fee: o.fee, payFee: o.payFee,
  freight: o.freight, goodsPic: o.goodsPic, toComment: o.toComment, requireArriveTime: o.requireArriveTime, createdAt: o.createdAt,
  buildingName: null, station: null, contact: null
})

/** One order as `getById` shows it: with `prepayId` (spec 001 §7), so that its requester can pay it from its page; null to anyone else. */
export const ErrandOrderDetailView = Schema.Struct({ ...ErrandOrderView.fields, prepayId: Schema.NullOr(Schema.String) })
export type ErrandOrderDetailView = typeof ErrandOrderDetailView.Type

export const errandOrderDetailView = (o: ErrandOrderRecord, view: ErrandOrderView, viewer: Pick<Actor, "openid">): ErrandOrderDetailView => ({
  ...view, prepayId: o.openid === viewer.openid ? o.prepayId : null
})

/**
 * `POST /api/paotuiOrder`: a door delivery of a parcel to collect (type 1). No fee is read: the server
 * prices the choices with the core (`quote`). The answer is `data._id`.
 */
export const PlaceErrand = call(
  Schema.Struct({
    type: Whole,
    toTakeId: Text(),
    worksiteId: Text(),
    goodsType: Whole,
    specialGoodId: Text(),
    dormBuilding: Text(),
    dormFloor: Whole,
    dormRoom: Text(),
    friendReceives: Flag,
    proxyReceiver: Text(),
    proxyReceiverPhone: Text(),
    sexLimit: Whole,
    remark: Text(LONG_TEXT)
  }),
  Schema.Struct({ _id: Schema.String, orderNo: Schema.String, payFee: Schema.Number })
)

/** `GET /api/paotuiOrder/toRobbing/{worksiteId}/{orderType}`: the hall, by `time` or `fee`. */
export const Hall = call(Schema.Struct({ worksiteId: Text(), orderType: Text() }), Schema.Array(ErrandOrderView))

/** `PUT /api/paotuiOrder/robbingRollModule/{orderNo}`: grab; exactly one runner wins. */
export const Grab = call(Schema.Struct({ orderNo: Text() }), ErrandOrderView)

/** The calls that name one order by id or order number and carry nothing else (cancel, receiverGet, receiverSign…, paotuiTakeaway, leader sign). */
export const OrderById = call(Schema.Struct({ id: Text() }), ErrandOrderView)
export const OrderByNo = call(Schema.Struct({ orderNo: Text() }), ErrandOrderView)

/** `GET /api/paotuiOrder/getById/{id}`: the order with `prepayId` for its requester. */
export const OrderDetail = call(Schema.Struct({ id: Text() }), ErrandOrderDetailView)

export const TimelineStepView = Schema.Struct({ label: Schema.String, at: Schema.NullOr(Instant), note: Schema.NullOr(Schema.String) })

/** `GET /api/paotuiOrder/timeline/{id}`: the order as its caller may see it, with each step's time (timeline.ts). */
export const OrderTimeline = call(Schema.Struct({ id: Text() }), Schema.Struct({ order: ErrandOrderView, steps: Schema.Array(TimelineStepView) }))

/** `PUT /api/paotuiOrder/paotuiConfirmTakeaway/{id}`: the runner confirms with an optional goods photo; type 2 may go cash on delivery. */
export const ConfirmTakeaway = call(Schema.Struct({ id: Text(), goodsPic: Text(LONG_TEXT), isDaofu: Flag }), ErrandOrderView)

/** `PUT /api/paotuiOrder/cancalByPaotui/{orderNo}/{paotuiType}`: the runner gives an accepted order up. */
export const RunnerCancel = call(Schema.Struct({ orderNo: Text(), paotuiType: Text(), reasonType: Whole, reason: Text(LONG_TEXT) }), ErrandOrderView)

const Acceptor = { acceptUserId: Text(), acceptOpenid: Text(), acceptUserName: Text(), acceptUserPhone: Text() }
/** `PUT /api/paotuiOrder/rollout/single` and `rollout/batch`: hand accepted orders to a teammate. */
export const TransferOne = call(Schema.Struct({ paotuiId: Text(), ...Acceptor }), Schema.Void)
export const TransferBatch = call(Schema.Struct({ paotuiIds: TextList(), ...Acceptor }), Schema.Void)

/** `GET /api/paotuiOrder/list/{type}/{openid}/{status}` and `pagingForFontend?statusStr,type,pageNo`. */
export const OrderList = call(Schema.Struct({ type: Text(), openid: Text(), status: Text() }), Schema.Array(ErrandOrderView))
export const OrderPage = call(Schema.Struct({ statusStr: Text(), type: Text(), pageNo: PageNo, cursor: Cursor }), Page(ErrandOrderView))

/** `GET /api/paotuiOrder/haveToComment`: whether a completed order waits for the caller's rating (the dot on `/my`). */
export const HaveToComment = call(Schema.Struct({}), Schema.Boolean)

/** `PUT /api/paotuiOrder/comment/update`: stars, tags and the tip (fen) of a completed order. */
export const Rate = call(
  Schema.Struct({ paotuiId: Text(), acceptOpenid: Text(), score: Whole, tags: Schema.optional(Schema.Array(Schema.Unknown)), rewardMoney: Whole }),
  Schema.Void
)

/** `GET /api/paotuiOrder/reward/{id}/{amount}`: pay parameters of a tip (fen) through the pay-in port. */
export const Reward = call(Schema.Struct({ id: Text(), amount: Whole }), Schema.Struct({ prepayId: Schema.String }))

export const CreditRecordView = Schema.Struct({ type: Schema.Number, score: Schema.Number, remark: Schema.String, createdAt: Instant })
export const creditRecordView = (r: CreditEntry): typeof CreditRecordView.Type => ({ type: r.type, score: r.score, remark: r.remark, createdAt: r.createdAt })

/** `GET /api/creditscore/wxlist`: the caller's credit records, newest first. */
export const CreditRecords = call(Schema.Struct({ pageNo: PageNo, cursor: Cursor }), Page(CreditRecordView))

/** `GET /api/paotuiOrder/takeQrcode/{id}`: the runner's signed pickup QR (poid) for the type-1 order they hold, shown to staff at the station. */
export const RunnerQrcode = call(Schema.Struct({ id: Text() }), Schema.Struct({ content: Schema.String, qrimgBase64: Schema.String }))
// --- teams, building leaders, a runner's day (src/errand/team.ts, runner-day.ts) ---------------------------------

export const ManagerView = Schema.Struct({ _id: Schema.String, realname: Schema.String, phoneMain: Schema.String, headimgBase64: Schema.NullOr(Schema.String) })

/** `GET /api/building/listForSetManager/{worksiteId}`: the leader's buildings with their building leaders (as `Buildings`). */
export const BuildingsForManager = call(Schema.Struct({ worksiteId: Text() }), Schema.Array(BuildingView))

/** `GET /api/building/findManager/{phone}`: the set-leader page's lookup of a runner by phone. */
export const FindManager = call(Schema.Struct({ phone: Text() }), ManagerView)

/** `PUT /api/building/setExpressMaster/{buildingId}/{userId}` and `DELETE /api/building/delExpressMaster/{buildingId}`. */
export const SetManager = call(Schema.Struct({ buildingId: Text(), userId: Text() }), ManagerView)
export const DelManager = call(Schema.Struct({ buildingId: Text() }), Schema.Void)

export const BuildingCountsView = Schema.Struct({
  _id: Schema.NullOr(Schema.String), name: Schema.String, toPickup: Schema.Number, sending: Schema.Number, toSign: Schema.Number, completed: Schema.Number
})
/** `GET /api/building/status/paotui`: today's door-delivery orders of the leader's worksite per building. */
export const BuildingStatus = call(Schema.Struct({}), Schema.Array(BuildingCountsView))

/** `GET /api/area/getById/{id}`: a worksite's area. */
export const AreaById = call(
  Schema.Struct({ id: Text() }),
  Schema.Struct({ _id: Schema.String, name: Schema.String, shortName: Schema.String, schoolCampus: Schema.String, areas: Schema.Array(Schema.String), buildingCount: Schema.Number })
)

/**
 * `GET /api/paotuiOrder/getListForDownload`: the runner's orders accepted today as the spreadsheet's rows, and
 * a signed link (`exportExcel/{userId}?expires&sig`) that downloads them on a computer until `expiresAt`.
 */
export const DayOrders = call(
  Schema.Struct({}),
  Schema.Struct({
    userId: Schema.String, columns: Schema.Array(Schema.String), rows: Schema.Array(Schema.Array(Schema.String)), exportUrl: Schema.String, expiresAt: Instant
  })
)

/** `GET /api/paotuiOrder/recruit`: the `/paotuiQrcode` card — the caller's team leader and its invitation code. */
export const RecruitCard = call(
  Schema.Struct({}),
  Schema.Struct({ worksiteId: Schema.NullOr(Schema.String), leaderName: Schema.NullOr(Schema.String), invitation: Schema.NullOr(Schema.String) })
)
