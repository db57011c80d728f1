/** Ports of the parcel area: parcels at stations, the people they are for, the QR signer, the catalogues. */
import { Context, Effect } from "effect"
import type { OutgoingMessage, StationOperation } from "../shared/ports"
import type { Page, PageRequest } from "../shared/paging"
import type { ParcelStatus, SafekeepingTerms } from "./parcel"

export interface ParcelRecord {
  readonly id: string
  readonly worksiteId: string
  readonly expressCompanyId: string
  readonly expressCompanyName: string
  readonly expressNo: string
  readonly storageNo: string
  readonly tag: number
  readonly weightId: string
  readonly receiver: string
  readonly receiverId: string | null
  readonly receiverOpenid: string | null
  readonly receiverPhone: string
  readonly status: ParcelStatus
  readonly agentOpenid: string | null
  readonly paotuiOpenid: string | null
  readonly safekeepPaidFen: number
  readonly createdAt: Date
  readonly checkedInBy: string
}

/** A parcel as its receiver's side needs it: the friend chosen for it and where a cabinet parcel sits. */
export interface CollectParcel extends ParcelRecord {
  readonly agentId: string | null
  readonly agent: string | null
  readonly agentPhone: string | null
  readonly type: number
  readonly deviceAddress: string | null
  readonly boxDoor: string | null
  readonly boxOpenedAt: Date | null
  /** The order number of its open door-delivery errand (not cancelled or completed), if any (spec's `paotuiOrderNo`). */
  readonly paotuiOrderNo?: string | null
}

/** The friend chosen to pick a parcel up (their own name and phone, kept with the parcel). */
export interface Agent {
  readonly id: string
  readonly openid: string
  readonly name: string
  readonly phone: string
}

/** What a worksite lets its receivers do themselves. */
export interface CollectRules {
  readonly selfSignAble: boolean
  readonly paotuiAble: boolean
  /** The worksite's short name and service phone, for the list's header. */
  readonly shortName: string
  readonly servicePhone: string
}


/** A parcel about to be checked in: everything but its tag, which the store hands out. */
export type ParcelDraft = Omit<ParcelRecord, "tag">

/**
 * What a check-in writes beside the parcel, before its tag is known: the store adds the storage code
 * (`storageNo-0042`) to the SMS params as `code`, and `tag` and `code` to the log's outcome.
 */
export interface CheckInFollowUps {
  /** The receiver's SMS, its params still without the storage code. */
  readonly sms: OutgoingMessage | undefined
  /** The receiver's arrival template message (src/parcel/arrival-notice.ts), its params still without the storage code. */
  readonly template: OutgoingMessage | undefined
  /** The operations-log row, its outcome still without the tag and the storage code. */
  readonly log: StationOperation
}

export type CheckInOutcome = { readonly tag: number } | "duplicateExpressNo" | "shelvesFull"

/** Which parcels `listByStatus` reads: some statuses, at one worksite or all, of one carrier or all, checked in by a time. */
export interface ParcelFilter {
  readonly statuses: ReadonlyArray<ParcelStatus>
  readonly worksiteId?: string | undefined
  readonly expressCompanyId?: string | undefined
  /** Only parcels checked in at or before this time. */
  readonly checkedInBy?: Date | undefined
  readonly limit?: number | undefined
}

export class ParcelStore extends Context.Service<ParcelStore, {
  /**
   * Checks the parcel in under the worksite's next free tag (the first after the last issued that no
   * parcel in `ACTIVE_STATUSES` holds, wrapping 9999 → 1) and writes its follow-ups completed with the
   * tag and code, all at once (one statement: needs no transaction around it). Every tag held:
   * "shelvesFull", nothing written; an express number already active at the worksite:
   * "duplicateExpressNo", nothing written.
   */
  checkIn(parcel: ParcelDraft, followUps: CheckInFollowUps): Effect.Effect<CheckInOutcome>
  findById(id: string): Effect.Effect<ParcelRecord | undefined>
  safekeepingTerms(worksiteId: string): Effect.Effect<SafekeepingTerms>
  findAtShelf(key: { worksiteId: string; expressNo: string; storageNo: string; tag: number }): Effect.Effect<ParcelRecord | undefined>
  /** Moves the parcel on only if it is still in `from`; false when someone else moved it first. */
  moveStatus(id: string, from: ParcelStatus, to: ParcelStatus, signOpenid: string, at: Date): Effect.Effect<boolean>
  listForReceiver(userId: string, statuses: ReadonlyArray<ParcelStatus>, page: PageRequest): Effect.Effect<Page<ParcelRecord>>
  /** The parcels the filter names, oldest check-in first (then by id). */
  listByStatus(filter: ParcelFilter): Effect.Effect<ReadonlyArray<ParcelRecord>>
  /** Moves the parcel on only if it is still in `from`, leaving who signed for it alone; false when someone else moved it first. */
  changeStatus(id: string, from: ParcelStatus, to: ParcelStatus): Effect.Effect<boolean>
  /** The parcel with its agent and cabinet facts. */
  findToCollect(id: string): Effect.Effect<CollectParcel | undefined>
  /** The parcels the user receives or was chosen to pick up, in these statuses (at this worksite, when one is named), newest first. */
  listForHolder(userId: string, statuses: ReadonlyArray<ParcelStatus>, page: PageRequest, worksiteId?: string): Effect.Effect<Page<CollectParcel>>
  /** Moves the parcel on only if it is still in `from`, setting (or, with null, clearing) its agent; false when someone else moved it first. */
  moveWithAgent(id: string, from: ParcelStatus, to: ParcelStatus, agent: Agent | null): Effect.Effect<boolean>
  /** Takes a cabinet parcel out once: only if it is still in `from` and its door was never opened. */
  openBox(id: string, from: ParcelStatus, to: ParcelStatus, signOpenid: string, at: Date): Effect.Effect<boolean>
  collectRules(worksiteId: string): Effect.Effect<CollectRules>
  /** How many of the user's parcels (as receiver or agent) are in these statuses (at this worksite, when one is named). */
  countForHolder(userId: string, statuses: ReadonlyArray<ParcelStatus>, worksiteId?: string): Effect.Effect<number>
  /** Adds a paid (or, negative, refunded) safekeeping amount in fen; the parcel's new total, undefined when there is no such parcel. */
  recordSafekeepPaid(id: string, deltaFen: number): Effect.Effect<number | undefined>
}>()("station/ParcelStore") {}

export interface Person {
  readonly id: string
  readonly openid: string
  readonly phoneMain: string | null
  readonly phoneVice: string | null
  readonly realname: string | null
  readonly nickname: string | null
  readonly subscribe: boolean
  readonly worksiteId: string | null
}

export class People extends Context.Service<People, {
  findById(id: string): Effect.Effect<Person | undefined>
  findByPhone(worksiteId: string, phone: string): Effect.Effect<Person | undefined>
  byPhoneSuffix(worksiteId: string, last4: string): Effect.Effect<ReadonlyArray<Person>>
}>()("station/People") {}

export class Catalogue extends Context.Service<Catalogue, {
  expressCompanies(ids: ReadonlyArray<string> | undefined): Effect.Effect<ReadonlyArray<{ readonly _id: string; readonly name: string }>>
  dictValues(dict: string): Effect.Effect<ReadonlyArray<{ readonly _id: string; readonly name: string }>>
}>()("station/Catalogue") {}

export class QrSigner extends Context.Service<QrSigner, {
  sign(text: string): Effect.Effect<string>
  verify(text: string, signature: string): Effect.Effect<boolean>
  /** The QR image of a content string, as a data URL. */
  image(content: string): Effect.Effect<string>
}>()("station/QrSigner") {}
