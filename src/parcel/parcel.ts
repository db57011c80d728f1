/** A parcel waiting at a station (expressTosend): its states, safekeeping fee and who may take it away. */
import { hours } from "../shared/time"
import { DEFAULT_SAFEKEEPING, type SafekeepingTerms } from "../staff/worksite"
import { ParcelStatus, statusStr } from "./parcel-status"
import { statusesFor, type ParcelEvent } from "./status-machine"

export { ACTIVE_STATUSES, ParcelStatus, statusStr } from "./parcel-status"

export const UNPAID_SAFEKEEPING = "待支付保管费"

export { DEFAULT_SAFEKEEPING, type SafekeepingTerms }

/** Free for the first hours, then a fee per started 24 h, capped. */
export const safekeepingFee = (checkedInAt: Date, now: Date, terms: SafekeepingTerms = DEFAULT_SAFEKEEPING): number => {
  const over = now.getTime() - checkedInAt.getTime() - hours(terms.freeHours)
  if (over <= 0) return 0
  return Math.min(terms.capFen, Math.ceil(over / hours(24)) * terms.feePerDayFen)
}

/** The statuses in which a safekeeping fee is due: the parcel is on the shelf for its receiver (0, 1, 300). */
export const FEE_STATUSES: ReadonlyArray<ParcelStatus> = statusesFor("takeByReceiver")

/** The worksite's fee for the time since check-in less what was paid, whatever the status. */
export const feeLeft = (
  parcel: { readonly createdAt: Date; readonly safekeepPaidFen: number }, now: Date, terms: SafekeepingTerms = DEFAULT_SAFEKEEPING
): number => Math.max(0, safekeepingFee(parcel.createdAt, now, terms) - parcel.safekeepPaidFen)

/**
 * The safekeeping fee still to pay: the worksite's fee for the time on the shelf less what was paid, and
 * nothing once the parcel left the shelf for its receiver (signed, returned, out on an errand).
 */
export const unpaidSafekeeping = (
  parcel: { readonly status: ParcelStatus; readonly createdAt: Date; readonly safekeepPaidFen: number }, now: Date, terms: SafekeepingTerms = DEFAULT_SAFEKEEPING
): number => FEE_STATUSES.includes(parcel.status) ? feeLeft(parcel, now, terms) : 0

/** Who shows the QR: the receiver, a friend picking up for them, or an errand runner. */
export type PickupRole = "receiver" | "agent" | "runner"

export interface PickupParty {
  readonly status: ParcelStatus
  readonly receiverOpenid: string | null
  readonly agentOpenid: string | null
  readonly paotuiOpenid: string | null
  readonly safekeepUnpaidFen: number
}

/** The hand-over each role's pickup is. */
export const pickupEvent: Record<PickupRole, ParcelEvent> = { receiver: "takeByReceiver", agent: "takeByAgent", runner: "takeByRunner" }

/** Whether this role may take a parcel in this status at all (a fee left to pay aside). */
export const mayTake = (role: PickupRole, status: ParcelStatus) => statusesFor(pickupEvent[role]).includes(status)

export const openidOfRole = (parcel: Pick<PickupParty, "receiverOpenid" | "agentOpenid" | "paotuiOpenid">, role: PickupRole): string | null =>
  role === "receiver" ? parcel.receiverOpenid : role === "agent" ? parcel.agentOpenid : parcel.paotuiOpenid

export const isParty = (parcel: PickupParty, role: PickupRole, openid: string): boolean =>
  openid !== "" && openidOfRole(parcel, role) === openid

/** What the pickup screen shows after a scan: the status text and whether the parcel may leave. */
export const pickupCheck = (parcel: PickupParty, role: PickupRole): { statusStr: string; canTakeaway: boolean } => {
  if (mayTake(role, parcel.status) && parcel.safekeepUnpaidFen > 0) {
    return { statusStr: UNPAID_SAFEKEEPING, canTakeaway: false }
  }
  return { statusStr: statusStr(parcel.status), canTakeaway: mayTake(role, parcel.status) }
}


export const cannotTakeMessage = (status: string) => `${status}状态的快递不能取件`
