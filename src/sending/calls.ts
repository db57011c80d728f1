/**
 * The sending calls (spec 001 §7 "Parcel sending", §5 "Book sending", the outbound staff screen; spec 002
 * dispatch): each request and answer as one Schema, and the views of a send order. Money is fen, weights
 * grams, everywhere on the wire.
 */
import { Schema } from "effect"
import { AddressView } from "../address/calls"
import { Prepay } from "../payment/calls"
import { Flag, Instant, Text, Whole, call } from "../shared/wire"
import type { BookingContact } from "./booking"
import { statusNames, type SendStatus } from "./status-machine"

/** Free text read generously off the wire, so the core answers an over-long note with the spec's words. */
const LONG_TEXT = 512

/** A sender or receiver as the order keeps it: the address book's entry without its id and default flag. */
const { _id: _addressId, isDefault: _isDefault, ...contactFields } = AddressView.fields
export const ContactView = Schema.Struct(contactFields)
export type ContactView = typeof ContactView.Type
export const contactView = (c: BookingContact): ContactView => ({
  name: c.name, phone: c.phone, province: c.province, city: c.city, county: c.county,
  provinceName: c.provinceName, cityName: c.cityName, countyName: c.countyName, detail: c.detail
})

/** A carrier the worksite sends with (expressSendCompanies): `_id`, `name`, `code`, the waybill sheet's size. */
export const SendCompanyView = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  code: Schema.String,
  surfaceHeight: Schema.NullOr(Schema.Number),
  surfaceWidth: Schema.NullOr(Schema.Number),
  /** Whether the pay-mode switch (cash on delivery) is offered for this carrier at this worksite. */
  daofuAble: Schema.Boolean
})
export type SendCompanyView = typeof SendCompanyView.Type

/** The door pickup's type-2 errand as the send order shows it (spec `paotui`). */
export const PaotuiView = Schema.Struct({
  _id: Schema.String,
  orderNo: Schema.String,
  status: Schema.Number,
  /** The reward, fen. */
  fee: Schema.Number,
  isPayed: Schema.Boolean,
  acceptUser: Schema.NullOr(Schema.String),
  acceptUserPhone: Schema.NullOr(Schema.String)
})
export type PaotuiView = typeof PaotuiView.Type

/** A send order (expressTakein) as the student's list, its detail and the staff screen show it. */
export const SendOrderView = Schema.Struct({
  _id: Schema.String,
  orderNo: Schema.String,
  status: Schema.Number,
  statusStr: Schema.String,
  worksiteId: Schema.String,
  /** The sender's account (for `userInfoByOpenid` on the staff screen). */
  openid: Schema.String,
  expressCompany: Schema.NullOr(Schema.Struct({ _id: Schema.String, name: Schema.String, code: Schema.String })),
  sender: ContactView,
  receiver: ContactView,
  goodsName: Schema.String,
  goodsCount: Schema.Number,
  /** Grams, the sender's guess. */
  estimateWeight: Schema.NullOr(Schema.Number),
  /** Declared value and its insurance fee, fen. */
  insureMoney: Schema.Number,
  insureFreight: Schema.Number,
  isDaofu: Schema.Boolean,
  /** Fen; null until set. */
  freight: Schema.NullOr(Schema.Number),
  freightPay: Schema.Boolean,
  /** Grams; null until set. */
  freightWeight: Schema.NullOr(Schema.Number),
  expressNo: Schema.NullOr(Schema.String),
  remark: Schema.String,
  requiredDoorService: Schema.Boolean,
  paotuiRemark: Schema.String,
  goodsType: Schema.NullOr(Schema.Number),
  largeCategory: Schema.NullOr(Schema.String),
  dormBuilding: Schema.NullOr(Schema.String),
  dormFloor: Schema.NullOr(Schema.Number),
  dormRoom: Schema.NullOr(Schema.String),
  requireArriveTime: Schema.NullOr(Instant),
  sexLimit: Schema.Number,
  goodsPic: Schema.NullOr(Schema.String),
  paotui: Schema.NullOr(PaotuiView),
  createdAt: Instant
})
export type SendOrderView = typeof SendOrderView.Type

export const statusStrOf = (status: number): string => statusNames[status as SendStatus] ?? ""

/**
 * `GET /api/expressTakein/setup`: what the booking page needs in one answer: the gate (sending open, the
 * sender verified; `redirect` to /authApply/0/expressTotakein/{token} when not), the carriers
 * (expressSendCompanies), the price table picture (null → 'no data') and the door-pickup booking days.
 * The gate failing is not an error here: the page shows `message` (and redirects for the real-name gate).
 */
export const SendingSetup = call(
  Schema.Struct({ token: Text(LONG_TEXT) }),
  Schema.Struct({
    open: Schema.Boolean,
    message: Schema.NullOr(Schema.String),
    redirect: Schema.NullOr(Schema.String),
    worksiteId: Schema.String,
    daofuAble: Schema.Boolean,
    yunfeiPic: Schema.NullOr(Schema.String),
    companies: Schema.Array(SendCompanyView),
    bookingDays: Schema.Array(Schema.Struct({ date: Schema.String, slots: Schema.Array(Instant) }))
  })
)

/** `GET /api/expressTakein/expressSendCompanies/{worksiteId}`: the worksite's carriers for sending (the staff picker too). */
export const SendCompanies = call(Schema.Struct({ worksiteId: Text() }), Schema.Array(SendCompanyView))

/**
 * `POST /api/expressTakein`: book a sending. Sender and receiver are the caller's address-book entries
 * (`senderAddressId`, `receiverAddressId`); the server copies them onto the order. No fee is trusted: the
 * insurance fee is computed. With `requiredDoorService` the type-2 errand is created in the same
 * transaction and answered as `paotui` (the page then pays its reward and goes to /orderSuccess/{id}).
 * Fails with the spec's messages in its order, '用户还没通过实名认证' (the page redirects by `setup`'s rule)
 * and '本网点暂未开通寄件业务'. `requireArriveTime` is an ISO instant (one of `setup`'s slots).
 */
export const Book = call(
  Schema.Struct({
    expressCompanyId: Text(),
    senderAddressId: Text(),
    receiverAddressId: Text(),
    goodsName: Text(LONG_TEXT),
    goodsCount: Whole,
    estimateWeight: Whole,
    insureMoney: Whole,
    isDaofu: Flag,
    remark: Text(LONG_TEXT),
    requiredDoorService: Flag,
    paotuiRemark: Text(LONG_TEXT),
    goodsType: Whole,
    largeCategory: Text(),
    dormBuilding: Text(),
    dormFloor: Whole,
    dormRoom: Text(),
    requireArriveTime: Text(),
    sexLimit: Whole,
    fee: Whole
  }),
  SendOrderView
)

/** `GET /api/expressTakein/wxlist/{status}`: the caller's own orders of the tab (ing, complete, cancel), newest first. */
export const SendList = call(Schema.Struct({ status: Text() }), Schema.Array(SendOrderView))

/** `GET /api/expressTakein/getById/{bizId}` and `getByOrderNo/{no}`: the sender sees their own; staff their worksite's. */
export const SendById = call(Schema.Struct({ bizId: Text() }), SendOrderView)
export const SendByOrderNo = call(Schema.Struct({ no: Text() }), SendOrderView)
/** `GET /api/expressTakein/getByPaotuiId/{paotuiId}`: the send order of a door pickup's errand, to its sender, its runner or its worksite's staff. */
export const SendByPaotui = call(Schema.Struct({ paotuiId: Text() }), SendOrderView)

/** `DELETE /api/expressTakein/{id}`: close at 0, 1 or 20 with no runner; message '关闭成功'. */
export const CloseSending = call(Schema.Struct({ id: Text() }), SendOrderView)

/** `GET /api/expressFreight/freight?worksiteId,expressCode,fromProvinceCode,toProvinceCode,freightWeight(grams)`: freight (fen) from the tariff. */
export const FreightQuote = call(
  Schema.Struct({ worksiteId: Text(), expressCode: Text(), fromProvinceCode: Text(), toProvinceCode: Text(), freightWeight: Whole }),
  Schema.Number
)

/**
 * `PUT /api/expressTakein/freight/updateFreight {id, expressCompanyId, freightWeight (g), goodsPic, isDaofu, freight (fen)}`:
 * staff of the order's worksite, or the runner holding its door pickup. Set once: a second setter gets '更新运费失败'.
 * Message '计费成功待支付' (or '到付成功待打印' with isDaofu).
 */
export const UpdateFreight = call(
  Schema.Struct({ id: Text(), expressCompanyId: Text(), freightWeight: Whole, goodsPic: Text(LONG_TEXT), isDaofu: Flag, freight: Whole }),
  SendOrderView
)

/** `PUT /api/expressTakein/freight/updateFreightDaofu {id, expressCompanyId}`: cash on delivery; message '到付成功待打印'. */
export const UpdateFreightDaofu = call(Schema.Struct({ id: Text(), expressCompanyId: Text() }), SendOrderView)

/** `GET /api/expressTakein/payFreight/{id}`: the sender opens the pay-in trade for the freight (+ insurance fee); then `/api/wx/paysign`. */
export const PayFreight = call(Schema.Struct({ id: Text() }), Prepay)

/** The sender as the outbound staff screen shows them (`GET /api/user/userInfoByOpenid/{openid}`, staff of the sender's order's worksite). */
export const SenderInfo = Schema.Struct({
  _id: Schema.String,
  openid: Schema.String,
  nickname: Schema.NullOr(Schema.String),
  realname: Schema.NullOr(Schema.String),
  phoneMain: Schema.NullOr(Schema.String),
  idCardNo: Schema.NullOr(Schema.String),
  idCardUrl: Schema.NullOr(Schema.String),
  studentCardUrl: Schema.NullOr(Schema.String),
  authStatus: Schema.Number,
  rejectComment: Schema.NullOr(Schema.String)
})
export type SenderInfo = typeof SenderInfo.Type
/** Fails '获取寄件用户信息出错'. The verifier approves/rejects in place with the existing `PUT /api/user/verifyauth/{userId}` ('审核出错' on failure). */
export const UserInfoByOpenid = call(Schema.Struct({ openid: Text() }), SenderInfo)

/**
 * `GET /api/expressTakein/scan/{worksiteId}/{code}`: the outbound staff screen's scan (the order number, or the
 * text after the first comma of the scanned QR); fails '查找寄件信息出错'.
 */
export const ScanSending = call(Schema.Struct({ worksiteId: Text(), code: Text() }), SendOrderView)

/**
 * `POST /api/common/getElecWaybill/ {orderNo, expressCompanyId, expressCompanyCode}`: assigns the express number
 * (first print: 4 → 5), renders the PDF and sends it to the worksite's printer. Fails '寄件客户还没付运费' when unpaid,
 * '打印失败，请检查打印机状态。' when the printer refuses. A second print of an order at 5 prints the same number again.
 * `pdf` is the path to fetch the rendered PDF (`GET /api/common/elecWaybill/{orderNo}.pdf`, staff).
 */
export const ElecWaybill = call(
  Schema.Struct({ orderNo: Text(), expressCompanyId: Text(), expressCompanyCode: Text() }),
  Schema.Struct({ orderNo: Schema.String, expressNo: Schema.String, widthMm: Schema.Number, heightMm: Schema.Number, pdf: Schema.String })
)

/** `GET /api/expressTakein/toScan/{worksiteId}/{companyId}`: one carrier's count awaiting dispatch (status 5). */
export const ToScan = call(Schema.Struct({ worksiteId: Text(), companyId: Text() }), Schema.Struct({ _id: Schema.String, name: Schema.String, count: Schema.Number }))

/** `GET /api/expressTakein/toScanAll/{worksiteId}`: every carrier of the worksite with its count, in the worksite's order. */
export const ToScanAll = call(Schema.Struct({ worksiteId: Text() }), Schema.Array(Schema.Struct({ _id: Schema.String, name: Schema.String, count: Schema.Number })))

/** `PUT /api/expressTakein/sendOut/{worksiteId}/{code}`: code = the text after the first comma; '出库成功', or '寄件出库失败'/the server's message. */
export const SendOut = call(Schema.Struct({ worksiteId: Text(), code: Text() }), SendOrderView)

/**
 * Live events. Send-order events go to the sender's room `{userId}` and the worksite room `{worksiteId}`
 * with the payload `{ _id, orderNo, status, expressNo, freight, isDaofu }` (a SendOrderView subset).
 * The to-scan count event is `{worksiteId}-{companyId}-toScan` to the worksite room with payload `{ delta }`
 * (src/sending/dispatch.ts `toScanEventName`, `applyToScanDelta`).
 */
export const SendEventPayload = Schema.Struct({
  _id: Schema.String,
  orderNo: Schema.String,
  status: Schema.Number,
  expressNo: Schema.NullOr(Schema.String),
  freight: Schema.NullOr(Schema.Number),
  isDaofu: Schema.Boolean
})
export type SendEventPayload = typeof SendEventPayload.Type
export const ToScanEventPayload = Schema.Struct({ delta: Schema.Number })

/** One step of a send order's timeline (src/sending/timeline.ts): its key, its words and its time (null: still to come). */
export const SendStepView = Schema.Struct({ key: Schema.String, title: Schema.String, at: Schema.NullOr(Instant) })
export type SendStepView = typeof SendStepView.Type

/**
 * `GET /api/expressTakein/detail/{id}`: the sender's order with what its detail page shows: the signed QR to show at the
 * counter (null once dispatched or cancelled, or for anyone but the sender), the timeline, and what is due now (fen:
 * the freight and insurance fee while awaiting payment, else 0).
 */
export const SendDetail = call(
  Schema.Struct({ id: Text() }),
  Schema.Struct({
    order: SendOrderView,
    qr: Schema.NullOr(Schema.Struct({ content: Schema.String, qrimgBase64: Schema.String })),
    timeline: Schema.Array(SendStepView),
    due: Schema.Number
  })
)

/** `GET /api/expressFreight/prices`: the caller's worksite's 价格表, each carrier's first and additional kilogram by province (fen). */
export const PriceTable = call(
  Schema.Struct({}),
  Schema.Array(Schema.Struct({
    companyId: Schema.String,
    companyName: Schema.String,
    companyCode: Schema.String,
    provinces: Schema.Array(Schema.Struct({ provinceCode: Schema.String, provinceName: Schema.String, firstKg: Schema.Number, extraKg: Schema.Number }))
  }))
)
