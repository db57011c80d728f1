/** The station's calls (spec 000 §7): each request and answer as one Schema, and the answers' views of a parcel. */
import { Schema } from "effect"
import { call, Cursor, Flag, Instant, Page, PageNo, Text, TextList, Whole } from "../shared/wire"
import { openidOfRole, statusStr } from "./parcel"
import { maskPhone } from "../shared/phone-number"
import { maskName } from "./collect"
import type { CollectRules, ParcelRecord, Person } from "./parcel-store"
import type { HeldParcel } from "./receiver"
import type { PickupRole } from "./parcel"
import { qrFromText, type PickupQr } from "./pickup-qr"
import type { ParcelSize } from "./size"
import { formatTag } from "./storage-code"
import type { TimelineStep } from "./timeline"

interface QrCheck {
  readonly statusStr: string
  readonly canTakeaway: boolean
  readonly safekeepFee: number
  readonly role: PickupRole
  readonly parcel: ParcelRecord
}

interface ReceiverParcelOf extends HeldParcel {
  readonly content: string
  readonly qrimgBase64: string
  readonly rules: CollectRules
  readonly size: ParcelSize | null
}

/** The longest scanned QR text a station accepts: the signed pickup QR is well under it. */
export const QR_TEXT = 1024

const Named = Schema.Struct({ _id: Schema.String, name: Schema.String })

/** `GET /api/expressCompany/list?_id=a,b`: the carriers, all of them or the ones named. */
export const ExpressCompanies = call(
  Schema.Struct({ _id: TextList() }),
  Schema.Array(Named)
)

/** `GET /api/dict/detail/{dict}`: the values of a dictionary such as `weightFeeType`. */
export const DictDetail = call(Schema.Struct({ dict: Text() }), Schema.Struct({ values: Schema.Array(Named) }))

export const Receiver = Schema.Struct({
  _id: Schema.String,
  phoneMain: Schema.NullOr(Schema.String),
  phoneVice: Schema.NullOr(Schema.String),
  realname: Schema.NullOr(Schema.String),
  nickname: Schema.NullOr(Schema.String),
  openid: Schema.String,
  subscribe: Schema.Boolean
})
export type Receiver = typeof Receiver.Type

export const receiverView = (p: Person): Receiver => ({
  _id: p.id, phoneMain: p.phoneMain, phoneVice: p.phoneVice, realname: p.realname, nickname: p.nickname, openid: p.openid, subscribe: p.subscribe
})

/** `GET /api/user/list/{worksiteId}/{last4}`: the worksite's users whose phone ends in these digits. */
export const ReceiversByLast4 = call(Schema.Struct({ worksiteId: Text(), last4: Text() }), Schema.Array(Receiver))

/**
 * `POST /api/expressTosend`: the check-in payload of spec 000 §3; the answer is the storage code. The
 * worksite's own facts the page repeats (code, SMS flag, hours, phone, carrier name, previous code) are
 * read but the server takes them from its own records.
 */
export const CheckIn = call(
  Schema.Struct({
    worksite: Text(),
    worksiteCode: Text(),
    worksiteSmsAble: Flag,
    serviceTimeStr: Text(),
    servicePhone: Text(),
    expressCompany: Text(),
    expressName: Text(),
    expressNo: Text(),
    storageNo: Text(),
    tag: Text(),
    weight: Text(),
    receiver: Text(),
    receiverId: Text(),
    receiverOpenid: Text(),
    receiverPhone: Text(),
    subscribe: Flag
  }),
  Schema.String
)
export type CheckInRequest = typeof CheckIn.request.Type

/** One parcel as the pickup screen shows it after a scan (spec 000 §7's answer). */
const ParcelCheck = Schema.Struct({
  statusStr: Schema.String,
  canTakeaway: Schema.Boolean,
  safekeepFee: Schema.Number,
  expressCompany: Schema.String,
  expressNo: Schema.String,
  storageNo: Schema.String,
  tag: Schema.String,
  receiver: Schema.String,
  receiverPhone: Schema.String,
  signOpenid: Schema.String,
  isPaotui: Schema.Boolean
})
export type ParcelCheck = typeof ParcelCheck.Type

/** A personal QR's answer: who showed it, and the parcels at this station they may take. */
const PersonCheck = Schema.Struct({
  holder: Schema.Struct({ name: Schema.String, phone: Schema.String }),
  parcels: Schema.Array(ParcelCheck)
})
export type PersonCheck = typeof PersonCheck.Type

/**
 * `GET /api/expressTosend/checkqr`: the scanned QR's fields as the query, or its whole text as `qr`. A parcel's QR
 * answers that parcel; a personal pick-up QR answers its holder and their parcels here.
 */
export const CheckQr = call(
  Schema.Struct({
    qr: Text(QR_TEXT),
    ex: Text(), en: Text(), sn: Text(), roid: Text(), aoid: Text(), poid: Text(), re: Text(), rp: Text(), tag: Text(), sig: Text(),
    ts: Whole
  }),
  Schema.Union([ParcelCheck, PersonCheck])
)
export type CheckQrRequest = typeof CheckQr.request.Type
export type CheckQrAnswer = typeof CheckQr.answer.Type

/** Whether a `checkqr` answer is a personal QR's. */
export const isPersonCheck = (answer: CheckQrAnswer): answer is PersonCheck => "parcels" in answer

const parcelCheck = (c: QrCheck): ParcelCheck => ({
  statusStr: c.statusStr, canTakeaway: c.canTakeaway, safekeepFee: c.safekeepFee,
  expressCompany: c.parcel.expressCompanyName, expressNo: c.parcel.expressNo, storageNo: c.parcel.storageNo,
  tag: formatTag(c.parcel.tag), receiver: c.parcel.receiver, receiverPhone: c.parcel.receiverPhone,
  signOpenid: openidOfRole(c.parcel, c.role) ?? "",
  isPaotui: c.role === "runner"
})

/** The QR check as the pickup screen shows it: the parcel, whether it may leave, and who signs for it; or the person and theirs. */
export const checkQrAnswer = (c: QrCheck | { readonly person: Person; readonly parcels: ReadonlyArray<QrCheck> }): CheckQrAnswer =>
  "person" in c
    ? { holder: { name: c.person.realname || c.person.nickname || "", phone: c.person.phoneMain ?? "" }, parcels: c.parcels.map(parcelCheck) }
    : parcelCheck(c)

/** What was scanned: the whole QR text when it came as one, else its fields. */
export const scannedQr = ({ qr, ...fields }: CheckQrRequest): unknown => (qr !== undefined ? qrFromText(qr) : fields)

/** The QR as the page sends it to `checkqr`: its fields as query parameters. */
export const checkQrQuery = (qr: PickupQr): CheckQrRequest => ({ ...qr })

/**
 * `PUT /api/expressTosend/takepart`: spec 000 §7's fields plus `qr`, the scanned signed QR text, which
 * is verified again at pickup so that nobody can sign for a parcel without its QR.
 */
export const TakePart = call(
  Schema.Struct({
    worksiteCode: Text(),
    expressNo: Text(),
    storageNo: Text(),
    signOpenid: Text(),
    tag: Text(),
    isPaotui: Flag,
    qr: Text(QR_TEXT)
  }),
  Schema.Void
)
export type TakePartRequest = typeof TakePart.request.Type

export const ParcelView = Schema.Struct({
  _id: Schema.String,
  status: Schema.Number,
  statusStr: Schema.String,
  expressNo: Schema.String,
  expressCompany: Named,
  storageNo: Schema.String,
  tag: Schema.String,
  receiver: Schema.String,
  receiverPhone: Schema.String,
  weight: Schema.String,
  worksite: Schema.String,
  createdAt: Instant
})
export type ParcelView = typeof ParcelView.Type

export const parcelView = (p: ParcelRecord): ParcelView => ({
  _id: p.id, status: p.status, statusStr: statusStr(p.status), expressNo: p.expressNo,
  expressCompany: { _id: p.expressCompanyId, name: p.expressCompanyName }, storageNo: p.storageNo, tag: p.tag ? formatTag(p.tag) : "-",
  receiver: p.receiver, receiverPhone: p.receiverPhone, weight: p.weightId, worksite: p.worksiteId, createdAt: p.createdAt
})

/** A parcel as one of its holders sees it: no code unless they could take it now with nothing left to pay. */
export const CollectView = Schema.Struct({
  ...ParcelView.fields,
  type: Schema.Number,
  /** The caller was chosen to pick it up for its receiver. */
  isAgent: Schema.Boolean,
  /** The friend chosen (for the receiver), masked. */
  agent: Schema.NullOr(Schema.String),
  agentPhone: Schema.NullOr(Schema.String),
  safekeepFee: Schema.Number,
  safekeepNeedPay: Schema.Boolean,
  deviceAddress: Schema.NullOr(Schema.String),
  boxDoor: Schema.NullOr(Schema.String),
  boxOpened: Schema.Boolean,
  /** The receiver's open door-delivery errand on it, which 取消任务 cancels (`PUT /api/paotuiOrder/cancel/{orderNo}`); null for a friend. */
  paotuiOrderNo: Schema.NullOr(Schema.String)
})
export type CollectView = typeof CollectView.Type

export const collectView = (h: HeldParcel): CollectView => {
  const p = h.parcel
  const agent = h.holder === "agent"
  return {
    ...parcelView(p),
    statusStr: h.statusStr,
    storageNo: h.showsCode ? p.storageNo : "-",
    tag: h.showsCode ? formatTag(p.tag) : "-",
    receiver: agent ? maskName(p.receiver) : p.receiver,
    receiverPhone: agent ? maskPhone(p.receiverPhone) : p.receiverPhone,
    type: p.type,
    isAgent: agent,
    agent: p.agent === null || agent ? null : maskName(p.agent),
    agentPhone: p.agentPhone === null || agent ? null : maskPhone(p.agentPhone),
    safekeepFee: h.unpaidFen,
    safekeepNeedPay: h.unpaidFen > 0,
    deviceAddress: p.deviceAddress,
    boxDoor: h.showsCode ? p.boxDoor : null,
    boxOpened: p.boxOpenedAt !== null,
    paotuiOrderNo: agent ? null : p.paotuiOrderNo ?? null
  }
}

/** `GET /api/expressTosend/getById/{id}`: the caller's parcel (as receiver or chosen friend), its unpaid fee, their own signed QR and what the worksite offers. */
export const ParcelForReceiver = call(
  Schema.Struct({ id: Text() }),
  Schema.Struct({
    ...CollectView.fields,
    qrContent: Schema.String,
    qrimgBase64: Schema.String,
    selfSignAble: Schema.Boolean,
    paotuiAble: Schema.Boolean,
    /** 1 small, 2 medium, 3 large, 4 extra large (its weight class); null for an unknown class. */
    size: Schema.NullOr(Schema.Literals([1, 2, 3, 4]))
  })
)
export type ReceiverParcel = typeof ParcelForReceiver.answer.Type

export const receiverParcelView = (v: ReceiverParcelOf): ReceiverParcel => ({
  ...collectView(v), qrContent: v.content, qrimgBase64: v.qrimgBase64, selfSignAble: v.rules.selfSignAble, paotuiAble: v.rules.paotuiAble,
  size: v.size
})

/** `GET /api/expressTosend/pagingForFontend?statusStr=ing&pageNo=1`: one tab of the caller's parcels, a page at a time. */
export const ReceiverParcels = call(Schema.Struct({ statusStr: Text(), pageNo: PageNo, cursor: Cursor }), Page(CollectView))

/** `GET /api/user/wxuserInfoForTotakeList`: the list page's header. */
export const CollectHeader = call(
  Schema.Struct({}),
  Schema.Struct({
    nickname: Schema.NullOr(Schema.String),
    phoneMain: Schema.NullOr(Schema.String),
    worksite: Schema.NullOr(Schema.String),
    worksiteName: Schema.String,
    servicePhone: Schema.String,
    selfSignAble: Schema.Boolean,
    paotuiAble: Schema.Boolean,
    toTakeCount: Schema.Number
  })
)

/** `GET /api/user/wxuserInfo/{phone}`: a friend by phone, their name masked; never their id, openid or wallet. */
export const FindFriend = call(Schema.Struct({ phone: Text(32) }), Schema.Struct({ name: Schema.String, phone: Schema.String }))

/** `PUT /api/expressTosend/proxy/updateAgent`: the spec's fields; the friend is found again by `agentPhone` (ids from the page are not trusted). */
export const UpdateAgent = call(
  Schema.Struct({ toTakeId: Text(), agentId: Text(), agentOpenid: Text(), agent: Text(), agentPhone: Text(32) }),
  Schema.Struct({ _id: Schema.String, status: Schema.Number, agent: Schema.String })
)

/** `PUT proxy/refuseAgent/{id}`, `PUT proxy/cancelAgent/{id}`, `PUT takepartBySelf/{id}`: one parcel, its new status. */
export const ParcelAction = call(Schema.Struct({ id: Text() }), Schema.Struct({ _id: Schema.String, status: Schema.Number }))

/** `GET /api/box/openFromWX/{id}`: opens the parcel's cabinet door. */
export const OpenBox = call(Schema.Struct({ id: Text() }), Schema.Struct({ _id: Schema.String, status: Schema.Number, door: Schema.String }))

/** `GET /api/user/pickupQrcode`: the caller's personal pick-up QR, its text and its image, good for ten minutes. */
export const PersonalPickupQr = call(Schema.Struct({}), Schema.Struct({ content: Schema.String, qrimgBase64: Schema.String }))

export const TimelineStepView = Schema.Struct({ kind: Schema.String, title: Schema.String, detail: Schema.String, at: Instant })

/** `GET /api/expressTosend/timeline/{id}`: the caller's parcel (as receiver or chosen friend) and its steps, oldest first. */
export const ParcelTimeline = call(
  Schema.Struct({ id: Text() }),
  Schema.Struct({
    _id: Schema.String, expressCompany: Schema.String, expressNo: Schema.String, status: Schema.Int, statusStr: Schema.String,
    steps: Schema.Array(TimelineStepView)
  })
)

export const parcelTimelineView = (v: { readonly parcel: ParcelRecord; readonly steps: ReadonlyArray<TimelineStep> }): typeof ParcelTimeline.answer.Type => ({
  _id: v.parcel.id, expressCompany: v.parcel.expressCompanyName, expressNo: v.parcel.expressNo, status: v.parcel.status, statusStr: statusStr(v.parcel.status),
  steps: v.steps.map((s) => ({ kind: s.kind, title: s.title, detail: s.detail, at: s.at }))
})
