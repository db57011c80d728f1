/**
 * The receiver's use cases (spec 001 §7 "Parcels to collect"): their list, one parcel with its signed
 * QR, the friend who picks it up for them, signing for it themselves and opening its cabinet door.
 * Every status change asks the status machine and moves the parcel only if it is still where it was read.
 */
import type { PageRequest } from "../shared/paging"
import { Effect, Schema } from "effect"
import { Locker } from "../locker/locker"
import type { Actor } from "../shared/actor"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { ById, IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock, Events } from "../shared/ports"
import {
  collectorOf, collectStatusStr, friendPhoneRefusal, isCollectTab, maskName, messages, openBoxRefusal, selfSignRefusal, showsCode,
  tabStatuses, takeEventOf, type Holder
} from "./collect"
import { statusStr, unpaidSafekeeping, type ParcelStatus, type SafekeepingTerms } from "./parcel"
import { Catalogue, ParcelStore, People, QrSigner, type CollectParcel } from "./parcel-store"
import { messages as personQrMessages, personSignedText, type UnsignedPersonQr } from "./person-qr"
import { signedText, type UnsignedQr } from "./pickup-qr"
import { parcelSize } from "./size"
import { nextStatus } from "./status-machine"
import { formatTag } from "./storage-code"
import { ParcelHistory, parcelTimeline } from "./timeline"

const notFound = () => new NotFound({ message: messages.notFound })

/** The changes a receiver or their friend makes to a parcel, as the operations log keeps them so `station replay` redoes them. */
export const ChooseAgentOperation = operationKind("chooseAgent", Schema.Struct({ toTakeId: Schema.String, agentPhone: Schema.String }),
  Schema.Struct({ ...IdStatus.fields, agentId: Schema.String }))
export const RefuseAgentOperation = operationKind("refuseAgent", ById, IdStatus)
export const CancelAgentOperation = operationKind("cancelAgent", ById, IdStatus)
export const SelfSignOperation = operationKind("selfSign", ById, IdStatus)
export const OpenBoxOperation = operationKind("openBox", ById, Schema.Struct({ ...IdStatus.fields, door: Schema.String }))

/** A parcel as one of its holders sees it: the code hidden unless they could take it now with nothing left to pay. */
export interface HeldParcel {
  readonly parcel: CollectParcel
  readonly holder: Holder
  readonly unpaidFen: number
  readonly statusStr: string
  readonly showsCode: boolean
}

const heldView = (parcel: CollectParcel, holder: Holder, unpaidFen: number): HeldParcel => ({
  parcel, holder, unpaidFen, statusStr: collectStatusStr(holder, parcel.status, unpaidFen), showsCode: showsCode(holder, parcel.status, unpaidFen)
})

/** The caller's parcel (as receiver or chosen friend) and the fee still to pay; anyone else's is '快递不存在'. */
const heldParcel = Effect.fn("heldParcel")(function* (actor: Actor, id: string) {
  const parcels = yield* ParcelStore
  const parcel = yield* parcels.findToCollect(id)
  const holder = parcel && collectorOf(parcel, actor.userId)
  if (!parcel || !holder) return yield* notFound()
  const now = yield* (yield* Clock).now
  const unpaidFen = unpaidSafekeeping(parcel, now, yield* parcels.safekeepingTerms(parcel.worksiteId))
  return { ...heldView(parcel, holder, unpaidFen), now }
})

/** `pagingForFontend`: one tab of the caller's parcels, those they were chosen to pick up among them. */
export const receiverParcels = Effect.fn("receiverParcels")(function* (actor: Actor, tab: string, page: PageRequest) {
  if (!isCollectTab(tab)) return yield* new RuleViolation({ message: messages.tabUnknown })
  const parcels = yield* ParcelStore
  const listed = yield* parcels.listForHolder(actor.userId, tabStatuses[tab], page)
  const now = yield* (yield* Clock).now
  const terms = new Map<string, SafekeepingTerms>()
  const results: Array<HeldParcel> = []
  for (const parcel of listed.results) {
    if (!terms.has(parcel.worksiteId)) terms.set(parcel.worksiteId, yield* parcels.safekeepingTerms(parcel.worksiteId))
    const holder = collectorOf(parcel, actor.userId) ?? "receiver"
    results.push(heldView(parcel, holder, unpaidSafekeeping(parcel, now, terms.get(parcel.worksiteId)!)))
  }
  return { ...listed, results }
})

/**
 * One parcel with the caller's own signed QR: `roid` for the receiver, `aoid` for the chosen friend.
 * No code and no QR unless the caller could take it now with no fee left to pay.
 */
export const parcelForReceiver = Effect.fn("parcelForReceiver")(function* (actor: Actor, id: string) {
  const held = yield* heldParcel(actor, id)
  const rules = yield* (yield* ParcelStore).collectRules(held.parcel.worksiteId)
  const size = parcelSize(yield* (yield* Catalogue).dictValues("weightFeeType"), held.parcel.weightId)
  if (!held.showsCode) return { ...held, rules, size, content: "", qrimgBase64: "" }
  const qr = yield* signedPickupQr(held.parcel, held.holder === "agent" ? { aoid: actor.openid } : { roid: actor.openid }, held.now)
  return { ...held, rules, size, ...qr }
})

/** A parcel's signed pickup QR for one holder (`roid` its receiver, `aoid` the chosen friend, `poid` the runner): its text and its image. */
export const signedPickupQr = Effect.fn("signedPickupQr")(function* (
  p: Pick<CollectParcel, "expressCompanyName" | "expressNo" | "storageNo" | "receiver" | "receiverPhone" | "tag">,
  holder: Pick<UnsignedQr, "roid" | "aoid" | "poid">,
  now: Date
) {
  const unsigned: UnsignedQr = {
    ex: p.expressCompanyName, en: p.expressNo, sn: p.storageNo, ...holder, re: p.receiver, rp: p.receiverPhone, tag: formatTag(p.tag), ts: now.getTime()
  }
  return yield* signQr(unsigned, signedText(unsigned))
})

/** A QR's content (its fields with the signature over `text`, as JSON) and its image: the parcel's, the personal and the gift's. */
export const signQr = Effect.fn("signQr")(function* (unsigned: object, text: string) {
  const signer = yield* QrSigner
  const content = JSON.stringify({ ...unsigned, sig: yield* signer.sign(text) })
  return { content, qrimgBase64: yield* signer.image(content) }
})

/**
 * `GET /api/user/pickupQrcode`: the caller's personal pick-up QR (user id and main phone, signed with its issue time),
 * which staff scan to see every parcel the caller may take at their station. No main phone: '请先绑定手机号'.
 */
export const personalPickupQr = Effect.fn("personalPickupQr")(function* (actor: Actor) {
  const person = yield* (yield* People).findById(actor.userId)
  if (!person) return yield* notFound()
  if (!person.phoneMain) return yield* new StateConflict({ message: personQrMessages.noPhone })
  const unsigned: UnsignedPersonQr = { k: "p", uid: person.id, ph: person.phoneMain, ts: (yield* (yield* Clock).now).getTime() }
  return yield* signQr(unsigned, personSignedText(unsigned))
})

/** The list page's header: who is looking, what their worksite lets them do, how many parcels wait for them. */
export const collectHeader = Effect.fn("collectHeader")(function* (actor: Actor) {
  const person = yield* (yield* People).findById(actor.userId)
  if (!person) return yield* notFound()
  const parcels = yield* ParcelStore
  const rules = person.worksiteId ? yield* parcels.collectRules(person.worksiteId) : { selfSignAble: false, paotuiAble: false, shortName: "", servicePhone: "" }
  const toTake = yield* parcels.countForHolder(actor.userId, tabStatuses.ing)
  return { person, rules, toTake }
})

/** The person of the worksite with this phone, who is not the caller: the friend to pick a parcel up. */
const friendOf = Effect.fnUntraced(function* (actor: Actor, worksiteId: string | null | undefined, phone: string) {
  const friend = worksiteId ? yield* (yield* People).findByPhone(worksiteId, phone) : undefined
  if (!friend) return yield* new NotFound({ message: messages.friendNotFound })
  if (friend.id === actor.userId) return yield* new RuleViolation({ message: messages.notYourself })
  return friend
})

/** `wxuserInfo/{phone}`: a friend of the caller's worksite by phone, as little of them as the page shows. */
export const findFriend = Effect.fn("findFriend")(function* (actor: Actor, phone: string | undefined) {
  const refused = friendPhoneRefusal(phone)
  if (refused) return yield* refused
  const me = yield* (yield* People).findById(actor.userId)
  const friend = yield* friendOf(actor, me?.worksiteId, phone!)
  return { name: maskName(friend.realname || friend.nickname || ""), phone: phone! }
})

/**
 * `proxy/updateAgent`: the receiver chooses a friend, named by phone (the page never learns their id):
 * 0 → 1, only if the parcel is still at 0 (a pickup or another choice first wins).
 */
export const chooseAgent = Effect.fn("chooseAgent")(function* (actor: Actor, input: { readonly toTakeId?: string | undefined; readonly agentPhone?: string | undefined }) {
  if (!input.toTakeId) return yield* notFound()
  const refused = friendPhoneRefusal(input.agentPhone)
  if (refused) return yield* refused
  const held = yield* heldParcel(actor, input.toTakeId)
  if (held.holder !== "receiver") return yield* notFound()
  const friend = yield* friendOf(actor, held.parcel.worksiteId, input.agentPhone!)
  const to = nextStatus(held.parcel.status, "chooseAgent")
  if (to === undefined) return yield* new StateConflict({ message: `${statusStr(held.parcel.status)}状态的快递不能找人代取` })
  const agent = { id: friend.id, openid: friend.openid, name: friend.realname || friend.nickname || "", phone: input.agentPhone! }
  if (!(yield* (yield* ParcelStore).moveWithAgent(held.parcel.id, held.parcel.status, to, agent))) {
    return yield* new StateConflict({ message: messages.changed })
  }
  yield* (yield* Events).publish({ room: { user: friend.id }, name: "agentAdd", payload: { _id: held.parcel.id } })
  yield* logOperation(ChooseAgentOperation, actor.openid, held.now, { toTakeId: held.parcel.id, agentPhone: agent.phone }, { id: held.parcel.id, status: to, agentId: agent.id })
  return { ...held.parcel, status: to, agentId: agent.id, agent: agent.name, agentPhone: agent.phone }
})

/** Back to the shelf for the receiver (1 → 0), by the friend (refuse) or by the receiver (cancel). */
const dropAgent = (event: "refuseAgent" | "cancelAgent", by: Holder) =>
  Effect.fn(event)(function* (actor: Actor, id: string) {
    const held = yield* heldParcel(actor, id)
    if (held.holder !== by) return yield* notFound()
    const to = nextStatus(held.parcel.status, event)
    if (to === undefined) return yield* new StateConflict({ message: `${statusStr(held.parcel.status)}状态的快递不能${event === "refuseAgent" ? "拒绝代取" : "取消代取"}` })
    if (!(yield* (yield* ParcelStore).moveWithAgent(held.parcel.id, held.parcel.status, to, null))) {
      return yield* new StateConflict({ message: messages.changed })
    }
    const events = yield* Events
    if (event === "refuseAgent" && held.parcel.receiverId) {
      yield* events.publish({ room: { user: held.parcel.receiverId }, name: "agentRefuse", payload: { _id: held.parcel.id } })
    }
    if (event === "cancelAgent" && held.parcel.agentId) {
      yield* events.publish({ room: { user: held.parcel.agentId }, name: "agentCancel", payload: { _id: held.parcel.id } })
    }
    yield* logOperation(event === "refuseAgent" ? RefuseAgentOperation : CancelAgentOperation, actor.openid, held.now, { id: held.parcel.id }, { id: held.parcel.id, status: to })
    return { ...held.parcel, status: to, agentId: null, agent: null, agentPhone: null }
  })

/** `proxy/refuseAgent/{id}`: the chosen friend says no. */
export const refuseAgent = dropAgent("refuseAgent", "agent")
/** `proxy/cancelAgent/{id}`: the receiver takes the request back. */
export const cancelAgent = dropAgent("cancelAgent", "receiver")

const tellTaken = Effect.fn("tellTaken")(function* (parcel: CollectParcel, status: ParcelStatus) {
  const events = yield* Events
  for (const user of new Set([parcel.receiverId, parcel.agentId])) {
    if (user) yield* events.publish({ room: { user }, name: "takeawaySuccess", payload: { _id: parcel.id, status } })
  }
})

/** `takepartBySelf/{id}`: the receiver signs for a shelf parcel themselves, where the worksite allows it. */
export const selfSign = Effect.fn("selfSign")(function* (actor: Actor, id: string) {
  const held = yield* heldParcel(actor, id)
  if (held.holder !== "receiver") return yield* notFound()
  const parcels = yield* ParcelStore
  const { selfSignAble } = yield* parcels.collectRules(held.parcel.worksiteId)
  const refused = selfSignRefusal({ selfSignAble, type: held.parcel.type, status: held.parcel.status, unpaidFen: held.unpaidFen })
  if (refused) return yield* refused
  const to = nextStatus(held.parcel.status, "selfSign")!
  if (!(yield* parcels.moveStatus(held.parcel.id, held.parcel.status, to, actor.openid, held.now))) {
    return yield* new StateConflict({ message: messages.changed })
  }
  yield* tellTaken(held.parcel, to)
  yield* logOperation(SelfSignOperation, actor.openid, held.now, { id: held.parcel.id }, { id: held.parcel.id, status: to })
  return { ...held.parcel, status: to }
})

/**
 * `box/openFromWX/{id}`: the receiver or the chosen friend opens the cabinet door, once. The parcel is
 * taken first (a conditional change); a door that does not open undoes it.
 */
export const openBox = Effect.fn("openBox")(function* (actor: Actor, id: string) {
  const held = yield* heldParcel(actor, id)
  const p = held.parcel
  const refused = openBoxRefusal({ holder: held.holder, type: p.type, status: p.status, unpaidFen: held.unpaidFen, opened: p.boxOpenedAt !== null })
  if (refused) return yield* refused
  const to = nextStatus(p.status, takeEventOf[held.holder])!
  if (!(yield* (yield* ParcelStore).openBox(p.id, p.status, to, actor.openid, held.now))) {
    return yield* new StateConflict({ message: messages.boxOpened })
  }
  const door = yield* (yield* Locker).open({ device: p.deviceAddress ?? "", door: p.boxDoor ?? "", parcelId: p.id })
  if (!door.opened) return yield* new StateConflict({ message: messages.boxFailed })
  yield* tellTaken(p, to)
  yield* logOperation(OpenBoxOperation, actor.openid, held.now, { id: p.id }, { id: p.id, status: to, door: p.boxDoor ?? "" })
  return { ...p, status: to, door: p.boxDoor ?? "" }
})

/** A parcel's timeline for its receiver or the friend chosen for it (anyone else: not found, as for the parcel itself). */
export const parcelTimelineFor = Effect.fn("parcelTimelineFor")(function* (actor: Actor, id: string) {
  const { parcel } = yield* heldParcel(actor, id)
  const facts = yield* (yield* ParcelHistory).facts(parcel)
  return { parcel, steps: parcelTimeline(parcel, facts) }
})
