/** Station parcel use cases: receiver lookup, check-in, the QR check at pickup and the pickup itself. */
import { Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock, Events, Ids } from "../shared/ports"
import { messages as staffMessages } from "../staff/employee"
import { employeeOf } from "../staff/use-cases"
import { arrivalNotices } from "./arrival-notice"
import { checkInRefusal, messages, scanned } from "./check-in"
import { collectorOf, tabStatuses } from "./collect"
import {
  cannotTakeMessage, feeLeft, isParty, mayTake, ParcelStatus, pickupCheck, pickupEvent, statusStr, type PickupRole
} from "./parcel"
import { Catalogue, ParcelStore, People, QrSigner, type ParcelDraft, type ParcelRecord } from "./parcel-store"
import { isFresh, looksPersonal, messages as personQrMessages, PersonQr, personSignedText } from "./person-qr"
import { holderOf, PickupQr, QR_INVALID, qrFromText, signedText } from "./pickup-qr"
import { nextStatus } from "./status-machine"
import { storageCode } from "./storage-code"
import { CheckIn, type CheckInRequest, type TakePartRequest } from "./calls"

/** A handover as the operations log keeps it: what the staff confirmed after the QR was verified. */
export const HandOverInput = Schema.Struct({
  worksiteCode: Schema.optional(Schema.String),
  expressNo: Schema.optional(Schema.String),
  storageNo: Schema.optional(Schema.String),
  signOpenid: Schema.optional(Schema.String),
  tag: Schema.optional(Schema.String),
  isPaotui: Schema.optional(Schema.Boolean),
  /**
   * Whom the scanned QR named once its signature was verified (a parcel QR's holder, or a personal QR's "person"): a
   * replay checks this recorded verification, as the QR is signed with the recording server's key.
   */
  verified: Schema.optional(Schema.Struct({ role: Schema.Literals(["receiver", "agent", "runner", "person"]), openid: Schema.String }))
})
export type HandOverInput = typeof HandOverInput.Type

/** A check-in as the operations log keeps it: the call's request, and the parcel with the tag and code the check-in statement picked. */
export const CheckInOperation = operationKind("checkIn", CheckIn.request, Schema.Struct({ id: Schema.String, tag: Schema.Int, code: Schema.String }))
/** A handover as the operations log keeps it: what the staff confirmed, and the parcel's new status. */
export const TakePartOperation = operationKind("takePart", HandOverInput, IdStatus)

export const SCAN_FIRST = "请先扫一扫取件码"

const otherWorksite = () => new NotAllowed({ message: staffMessages.otherWorksite })

export const receiversByLast4 = Effect.fn("receiversByLast4")(function* (actor: Actor, worksiteId: string, last4: string) {
  const employee = yield* employeeOf(actor)
  if (employee.worksite.id !== worksiteId) return yield* otherWorksite()
  if (!/^\d{4}$/.test(last4)) return yield* new RuleViolation({ message: messages.phoneWrong })
  return yield* (yield* People).byPhoneSuffix(worksiteId, last4)
})

export const checkIn = Effect.fn("checkIn")(function* (actor: Actor, raw: CheckInRequest) {
  const input = { ...raw, storageNo: raw.storageNo && scanned(raw.storageNo), expressNo: raw.expressNo && scanned(raw.expressNo) }
  const employee = yield* employeeOf(actor)
  const refused = checkInRefusal(input)
  if (refused) return yield* refused
  const worksite = employee.worksite
  if (input.worksite !== undefined && input.worksite !== worksite.id) return yield* otherWorksite()
  if (!worksite.expressCompanies.includes(input.expressCompany!)) return yield* new RuleViolation({ message: messages.companyNotServed })
  const catalogue = yield* Catalogue
  const [company] = yield* catalogue.expressCompanies([input.expressCompany!])
  const weights = yield* catalogue.dictValues("weightFeeType")
  if (!company) return yield* new RuleViolation({ message: messages.company })
  if (!weights.some((w) => w._id === input.weight)) return yield* new RuleViolation({ message: messages.weightUnknown })
  const people = yield* People
  const named = input.receiverId ? yield* people.findById(input.receiverId) : undefined
  const person = named?.worksiteId === worksite.id ? named : yield* people.findByPhone(worksite.id, input.receiverPhone!)
  const parcels = yield* ParcelStore
  const now = yield* (yield* Clock).now
  const draft: ParcelDraft = {
    id: yield* (yield* Ids).next,
    worksiteId: worksite.id,
    expressCompanyId: company._id,
    expressCompanyName: company.name,
    expressNo: input.expressNo!,
    storageNo: input.storageNo!,
    weightId: input.weight!,
    receiver: input.receiver?.trim() || person?.realname || person?.nickname || "",
    receiverId: person?.id ?? null,
    receiverOpenid: person?.openid ?? null,
    receiverPhone: input.receiverPhone!,
    status: ParcelStatus.awaitingPickup,
    agentOpenid: null,
    paotuiOpenid: null,
    safekeepPaidFen: 0,
    createdAt: now,
    checkedInBy: employee.id
  }
  const placed = yield* parcels.checkIn(draft, {
    ...yield* arrivalNotices(worksite, company.name, draft.receiverPhone, person),
    // the check-in statement adds the tag and code it picks to the outcome
    log: { op: CheckInOperation.op, actorOpenid: actor.openid, at: now, input: raw satisfies typeof CheckInOperation.input.Type, outcome: { id: draft.id } }
  })
  if (placed === "shelvesFull") return yield* new StateConflict({ message: messages.shelvesFull })
  if (placed === "duplicateExpressNo") return yield* new StateConflict({ message: messages.duplicate })
  const parcel: ParcelRecord = { ...draft, tag: placed.tag }
  const code = storageCode(parcel.storageNo, parcel.tag)
  if (person) {
    yield* (yield* Events).publish({ room: { user: person.id }, name: "expressTotakeAdd", payload: { _id: parcel.id, code } })
  }
  return { code, parcel }
})

const partyOf = (parcel: ParcelRecord, unpaid: number) => ({
  status: parcel.status,
  receiverOpenid: parcel.receiverOpenid,
  agentOpenid: parcel.agentOpenid,
  paotuiOpenid: parcel.paotuiOpenid,
  safekeepUnpaidFen: unpaid
})

/** The scanned QR's fields and its holder, once its signature is verified; else '二维码校验失败'. */
const verifiedQr = Effect.fn("verifiedQr")(function* (scanned: unknown) {
  const qr = Schema.decodeUnknownOption(PickupQr)(scanned)
  if (qr._tag === "None") return yield* new RuleViolation({ message: QR_INVALID })
  const { sig, ...unsigned } = qr.value
  const holder = holderOf(unsigned)
  if (!holder || !(yield* (yield* QrSigner).verify(signedText(unsigned), sig))) return yield* new RuleViolation({ message: QR_INVALID })
  return { unsigned, holder }
})

/** Verifies the scanned QR and tells whether its holder may take the parcel now. */
export const checkQr = Effect.fn("checkQr")(function* (actor: Actor, scanned: unknown) {
  const employee = yield* employeeOf(actor)
  const { unsigned, holder } = yield* verifiedQr(scanned)
  const tag = Number(unsigned.tag)
  const parcel = yield* (yield* ParcelStore).findAtShelf({ worksiteId: employee.worksite.id, expressNo: unsigned.en, storageNo: unsigned.sn, tag })
  if (!parcel) return yield* new NotFound({ message: QR_INVALID })
  if (!isParty(partyOf(parcel, 0), holder.role, holder.openid)) return yield* new RuleViolation({ message: QR_INVALID })
  const now = yield* (yield* Clock).now
  const unpaid = feeLeft(parcel, now, employee.worksite.safekeeping)
  return { ...pickupCheck(partyOf(parcel, unpaid), holder.role), parcel, role: holder.role, safekeepFee: unpaid }
})

/** The personal QR's holder, once its signature, its ten minutes and its phone (still their main phone) are checked. */
const verifiedPerson = Effect.fn("verifiedPerson")(function* (scanned: unknown) {
  const qr = Schema.decodeUnknownOption(PersonQr)(scanned)
  if (qr._tag === "None") return yield* new RuleViolation({ message: QR_INVALID })
  const { sig, ...unsigned } = qr.value
  if (!(yield* (yield* QrSigner).verify(personSignedText(unsigned), sig))) return yield* new RuleViolation({ message: QR_INVALID })
  if (!isFresh(unsigned.ts, yield* (yield* Clock).now)) return yield* new RuleViolation({ message: personQrMessages.expired })
  const person = yield* (yield* People).findById(unsigned.uid)
  if (!person || person.phoneMain !== unsigned.ph) return yield* new RuleViolation({ message: QR_INVALID })
  return person
})

/** The most pages of a holder's parcels a personal QR's check reads (ten parcels a page). */
const HELD_PAGES = 10

/**
 * A personal QR checked at the staff's station: its holder, and each parcel there they may take as receiver or as
 * the chosen friend (a parcel out with a runner is not the counter's), with what the pickup screen shows for it.
 */
export const checkPersonQr = Effect.fn("checkPersonQr")(function* (actor: Actor, scanned: unknown) {
  const employee = yield* employeeOf(actor)
  const person = yield* verifiedPerson(scanned)
  const store = yield* ParcelStore
  const now = yield* (yield* Clock).now
  const parcels: Array<QrCheck> = []
  for (let page = 1, pageCount = 1; page <= Math.min(pageCount, HELD_PAGES); page++) {
    const listed = yield* store.listForHolder(person.id, tabStatuses.ing, page, employee.worksite.id)
    pageCount = listed.pageCount
    for (const parcel of listed.results) {
      const role = collectorOf(parcel, person.id)
      if (!role || !mayTake(role, parcel.status)) continue
      const unpaid = feeLeft(parcel, now, employee.worksite.safekeeping)
      parcels.push({ ...pickupCheck(partyOf(parcel, unpaid), role), parcel, role, safekeepFee: unpaid })
    }
  }
  return { person, parcels }
})
export type QrCheck = Effect.Success<ReturnType<typeof checkQr>>

/** `checkqr`: a personal QR lists its holder's parcels here; any other is one parcel's QR. */
export const checkScannedQr = Effect.fn("checkScannedQr")(function* (actor: Actor, scanned: unknown) {
  if (looksPersonal(scanned)) return yield* checkPersonQr(actor, scanned)
  return yield* checkQr(actor, scanned)
})

/**
 * Hands the parcel out to the holder of its signed QR: the QR is verified again here and must name the
 * same parcel and the same person the staff confirm. A personal QR names only the person: the parcel must be
 * theirs to take, which the hand-over checks.
 */
export const takePart = Effect.fn("takePart")(function* (actor: Actor, request: TakePartRequest) {
  const { qr, ...input } = request
  yield* employeeOf(actor)
  if (!qr) return yield* new RuleViolation({ message: SCAN_FIRST })
  const scanned = qrFromText(qr)
  if (looksPersonal(scanned)) {
    const person = yield* verifiedPerson(scanned)
    if (person.openid !== input.signOpenid || input.isPaotui === true) return yield* new NotAllowed({ message: QR_INVALID })
    return yield* handOver(actor, { ...input, verified: { role: "person", openid: person.openid } })
  }
  const { unsigned, holder } = yield* verifiedQr(scanned)
  const sameParcel = unsigned.en === input.expressNo && unsigned.sn === input.storageNo && unsigned.tag === input.tag
  const samePerson = holder.openid === input.signOpenid && (holder.role === "runner") === (input.isPaotui === true)
  if (!sameParcel) return yield* new RuleViolation({ message: QR_INVALID })
  if (!samePerson) return yield* new NotAllowed({ message: QR_INVALID })
  return yield* handOver(actor, { ...input, verified: { role: holder.role, openid: holder.openid } })
})

/**
 * A logged hand-over replayed: the QR's recorded verification (whom it named) must name the same person the staff
 * confirmed, as `takePart` checks the live QR; a line without one (logged before it was recorded) is handed over as it is.
 */
export const handOverRecorded = Effect.fn("handOverRecorded")(function* (actor: Actor, input: HandOverInput) {
  const v = input.verified
  if (v && (v.openid !== input.signOpenid || (v.role === "runner") !== (input.isPaotui === true))) return yield* new NotAllowed({ message: QR_INVALID })
  return yield* handOver(actor, input)
})

/** Hands the parcel out to whoever signs for it, once, and only within the staff's worksite (replayed from the log). */
export const handOver = Effect.fn("handOver")(function* (actor: Actor, input: HandOverInput) {
  const employee = yield* employeeOf(actor)
  if (!input.expressNo || !input.storageNo || !input.tag || !input.signOpenid) return yield* new RuleViolation({ message: SCAN_FIRST })
  if (input.worksiteCode !== undefined && input.worksiteCode !== employee.worksite.siteCode) return yield* otherWorksite()
  const parcels = yield* ParcelStore
  const parcel = yield* parcels.findAtShelf({
    worksiteId: employee.worksite.id, expressNo: input.expressNo, storageNo: input.storageNo, tag: Number(input.tag)
  })
  if (!parcel) return yield* new NotFound({ message: "确认取件失败" })
  const candidates: ReadonlyArray<PickupRole> = input.isPaotui ? ["runner"] : ["receiver", "agent"]
  const now = yield* (yield* Clock).now
  const unpaid = feeLeft(parcel, now, employee.worksite.safekeeping)
  const party = partyOf(parcel, unpaid)
  const role = candidates.find((r) => isParty(party, r, input.signOpenid!))
  if (!role) return yield* new NotAllowed({ message: QR_INVALID })
  const check = pickupCheck(party, role)
  const to = nextStatus(parcel.status, pickupEvent[role])
  if (!check.canTakeaway || to === undefined) return yield* new StateConflict({ message: cannotTakeMessage(check.statusStr) })
  if (!(yield* parcels.moveStatus(parcel.id, parcel.status, to, input.signOpenid, now))) {
    return yield* new StateConflict({ message: cannotTakeMessage(statusStr(to)) })
  }
  const agentId = role === "agent" ? (yield* parcels.findToCollect(parcel.id))?.agentId : undefined
  for (const user of new Set([parcel.receiverId, agentId])) {
    if (user) yield* (yield* Events).publish({ room: { user }, name: "takeawaySuccess", payload: { _id: parcel.id, status: to } })
  }
  yield* logOperation(TakePartOperation, actor.openid, now, input, { id: parcel.id, status: to })
  return { ...parcel, status: to }
})

/** The receiver's side (their list, one parcel and its QR, proxy pickup, self-sign, cabinets) is in receiver.ts. */
export { parcelForReceiver, receiverParcels } from "./receiver"
