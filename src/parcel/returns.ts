/**
 * Returns to the courier (DESIGN §6 "uncollected parcels"): a parcel left at status 0 or 1 for three
 * days after its check-in becomes due (300), staff see the worksite's due parcels and hand each back
 * with a scan of its express number (400). Every change goes through the status machine and a
 * conditional store change; both are written to the operations log so `station replay` redoes them.
 */
import { Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock, Events } from "../shared/ports"
import { messages as staffMessages } from "../staff/employee"
import { employeeOf } from "../staff/use-cases"
import { scanned } from "./check-in"
import { ParcelStatus, statusStr } from "./parcel-status"
import { ParcelStore, type ParcelRecord } from "./parcel-store"
import { ReturnScan } from "./return-calls"
import { nextStatus, statusesFor } from "./status-machine"

/** Three days, counted from the check-in (the parcel's `createdAt`) to the minute, not by calendar days. */
export const RETURN_AFTER_MS = 3 * 24 * 60 * 60 * 1000

/** The operations log's actor for changes nobody asked for: the scheduler's and `station returns mark-due`'s. */
export const SYSTEM_ACTOR = "station-system"

/** The longest to-return list one request answers (a station shelves at most a few hundred parcels a day). */
export const RETURN_LIST_LIMIT = 500

/** The live event, in the worksite's room, that removes a returned parcel from every staff screen (spec: "return done"). */
export const RETURN_DONE_EVENT = "returnDone"
/** The live event, in the worksite's room, that tells staff screens new parcels are due. */
export const RETURN_DUE_EVENT = "returnDue"

export const returnMessages = {
  numberMismatch: "快递单号不一致，请查证。",
  scanFirst: "请扫描快递单号",
  chooseParcel: "请选择要退回的快递",
  notFound: "快递不存在",
  alreadyReturned: "该快递已退回，请勿重复扫描",
  done: "退回成功"
} as const

/** Why a parcel in this status cannot be handed back to the courier. */
export const cannotReturnMessage = (status: ParcelStatus) =>
  status === ParcelStatus.returned ? returnMessages.alreadyReturned : `该快递当前状态为${statusStr(status)}，不能退回`

/** The latest check-in time a parcel may have and be due at `now`. */
export const dueCutoff = (now: Date) => new Date(now.getTime() - RETURN_AFTER_MS)

/** Due for return: still waiting at status 0 or 1 (the status machine's `markDue`) and checked in three days or more ago. */
export const isDue = (parcel: Pick<ParcelRecord, "status" | "createdAt">, now: Date) =>
  nextStatus(parcel.status, "markDue") !== undefined && now.getTime() - parcel.createdAt.getTime() >= RETURN_AFTER_MS

/** What a mark-due run changed: how many parcels became due, and their ids, sorted. */
export const MarkDueResult = Schema.Struct({ count: Schema.Int, ids: Schema.Array(Schema.String) })
export type MarkDueResult = typeof MarkDueResult.Type

/** A mark-due run as the operations log keeps it: the worksite it was limited to, if any, and what it changed. */
export const MarkDueOperation = operationKind("markDue", Schema.Struct({ worksiteId: Schema.optional(Schema.String) }), MarkDueResult)

/**
 * Marks every parcel due at the clock's time as awaiting return (300), each with a conditional change so
 * a parcel picked up meanwhile is left alone. Running it again changes nothing. A run that changed
 * parcels is one operations-log entry (`markDue`, outcome `{ count, ids }`); staff screens of each
 * worksite hear `returnDue`. Needs only the runtime's services: the scheduler runs it as a job.
 */
export const markDueParcels = Effect.fn("markDueParcels")(function* (worksiteId?: string) {
  const parcels = yield* ParcelStore
  const now = yield* (yield* Clock).now
  const candidates = yield* parcels.listByStatus({ statuses: statusesFor("markDue"), worksiteId, checkedInBy: dueCutoff(now) })
  const changed: Array<ParcelRecord> = []
  for (const parcel of candidates) {
    const to = nextStatus(parcel.status, "markDue")
    if (to === undefined || !isDue(parcel, now)) continue
    if (yield* parcels.changeStatus(parcel.id, parcel.status, to)) changed.push(parcel)
  }
  const ids = changed.map((p) => p.id).sort()
  if (changed.length > 0) {
    const events = yield* Events
    for (const site of [...new Set(changed.map((p) => p.worksiteId))].sort()) {
      yield* events.publish({ room: { worksite: site }, name: RETURN_DUE_EVENT, payload: { ids: changed.filter((p) => p.worksiteId === site).map((p) => p.id) } })
    }
    yield* logOperation(MarkDueOperation, SYSTEM_ACTOR, now, worksiteId ? { worksiteId } : {}, { count: ids.length, ids })
  }
  return { count: ids.length, ids } satisfies MarkDueResult
})

export interface ReturnListFilter {
  readonly worksiteId?: string | undefined
  readonly expressCompanyId?: string | undefined
  readonly limit?: number | undefined
}

/** The parcels awaiting return (300), oldest check-in first, of a worksite and a carrier or of all (the admin tool's view). */
export const awaitingReturn = Effect.fn("awaitingReturn")(function* (filter: ReturnListFilter = {}) {
  return yield* (yield* ParcelStore).listByStatus({ statuses: [ParcelStatus.awaitingReturn], ...filter })
})

const otherWorksite = () => new NotAllowed({ message: staffMessages.otherWorksite })

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== ""

/** `GET /api/expressTosend/toreturn`: the staff's worksite's parcels awaiting return, optionally of one carrier. */
export const returnList = Effect.fn("returnList")(function* (actor: Actor, input: { readonly worksiteId?: string | undefined; readonly expressCompanyId?: string | undefined }) {
  const employee = yield* employeeOf(actor)
  if (present(input.worksiteId) && input.worksiteId !== employee.worksite.id) return yield* otherWorksite()
  const expressCompanyId = present(input.expressCompanyId) ? input.expressCompanyId : undefined
  return yield* awaitingReturn({ worksiteId: employee.worksite.id, expressCompanyId, limit: RETURN_LIST_LIMIT })
})

/** The return scan as the page sends it and the operations log keeps it. */
export interface ReturnInput {
  readonly _id?: string | undefined
  readonly expressNo?: string | undefined
  readonly worksiteCode?: string | undefined
  readonly storageNo?: string | undefined
  readonly tag?: string | undefined
}

/** A return scan as the operations log keeps it: the call's request (the fields it sent), and the parcel's new status. */
export const ReturnParcelOperation = operationKind("returnParcel", ReturnScan.request, IdStatus)

/**
 * `PUT /api/expressTosend/return`: hands a parcel awaiting return back to the courier. The scanned number
 * must be the parcel's ('快递单号不一致，请查证。'); only the staff's own worksite; a parcel already
 * returned (or moved on meanwhile) is a conflict. Removes it live from the worksite's staff screens.
 */
export const returnParcel = Effect.fn("returnParcel")(function* (actor: Actor, input: ReturnInput) {
  const employee = yield* employeeOf(actor)
  if (!present(input._id)) return yield* new RuleViolation({ message: returnMessages.chooseParcel })
  const expressNo = input.expressNo === undefined ? "" : scanned(input.expressNo)
  if (expressNo === "") return yield* new RuleViolation({ message: returnMessages.scanFirst })
  if (present(input.worksiteCode) && input.worksiteCode !== employee.worksite.siteCode) return yield* otherWorksite()
  const parcels = yield* ParcelStore
  const parcel = yield* parcels.findById(input._id)
  if (!parcel || parcel.worksiteId !== employee.worksite.id) return yield* new NotFound({ message: returnMessages.notFound })
  if (parcel.expressNo !== expressNo) return yield* new RuleViolation({ message: returnMessages.numberMismatch })
  const to = nextStatus(parcel.status, "returnToCourier")
  if (to === undefined) return yield* new StateConflict({ message: cannotReturnMessage(parcel.status) })
  if (!(yield* parcels.changeStatus(parcel.id, parcel.status, to))) {
    const now = yield* parcels.findById(parcel.id)
    return yield* new StateConflict({ message: cannotReturnMessage(now?.status ?? ParcelStatus.returned) })
  }
  const events = yield* Events
  yield* events.publish({ room: { worksite: parcel.worksiteId }, name: RETURN_DONE_EVENT, payload: { _id: parcel.id } })
  if (parcel.receiverId) yield* events.publish({ room: { user: parcel.receiverId }, name: RETURN_DONE_EVENT, payload: { _id: parcel.id, status: to } })
  const at = yield* (yield* Clock).now
  yield* logOperation(ReturnParcelOperation, actor.openid, at, loggedInput(input), { id: parcel.id, status: to })
  return { ...parcel, status: to }
})

const loggedInput = (input: ReturnInput): ReturnInput =>
  Object.fromEntries(Object.entries({ _id: input._id, expressNo: input.expressNo, worksiteCode: input.worksiteCode, storageNo: input.storageNo, tag: input.tag })
    .filter(([, v]) => v !== undefined))
