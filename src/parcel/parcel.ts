/** A parcel waiting at a station (expressTosend): its states, safekeeping fee and who may take it away. */
import { hours } from "../shared/time"

export const ParcelStatus = {
  awaitingPickup: 0,
  friendPicking: 1,
  awaitingErrandPayment: 2,
  awaitingRunner: 3,
  runnerTookTask: 4,
  goodsCollected: 5,
  delivered: 6,
  signed: 100,
  awaitingReturn: 300,
  returned: 400
} as const
export type ParcelStatus = (typeof ParcelStatus)[keyof typeof ParcelStatus]

/** Statuses in which a parcel still sits on a shelf and holds its storage code. */
export const ACTIVE_STATUSES: ReadonlyArray<ParcelStatus> = [0, 1, 2, 3, 4, 300]

const statusText: Record<ParcelStatus, string> = {
  0: "待取件",
  1: "好友代取",
  2: "待支付",
  3: "待接单",
  4: "跑腿已接单",
  5: "已取件",
  6: "已送达",
  100: "已签收",
  300: "待退回",
  400: "已退回"
}

export const statusStr = (status: ParcelStatus): string => statusText[status]

export const UNPAID_SAFEKEEPING = "待支付保管费"

export interface SafekeepingTerms {
  readonly freeHours: number
  readonly feePerDayFen: number
  readonly capFen: number
}

export const DEFAULT_SAFEKEEPING: SafekeepingTerms = { freeHours: 48, feePerDayFen: 50, capFen: 300 }

/** Free for the first hours, then a fee per started 24 h, capped. */
export const safekeepingFee = (checkedInAt: Date, now: Date, terms: SafekeepingTerms = DEFAULT_SAFEKEEPING): number => {
  const over = now.getTime() - checkedInAt.getTime() - hours(terms.freeHours)
  if (over <= 0) return 0
  return Math.min(terms.capFen, Math.ceil(over / hours(24)) * terms.feePerDayFen)
}

/** Who shows the QR: the receiver, a friend picking up for them, or an errand runner. */
export type PickupRole = "receiver" | "agent" | "runner"

export interface PickupParty {
  readonly status: ParcelStatus
  readonly receiverOpenid: string | null
  readonly agentOpenid: string | null
  readonly paotuiOpenid: string | null
  readonly safekeepUnpaidFen: number
}

const roleMayTake: Record<PickupRole, ReadonlyArray<ParcelStatus>> = {
  receiver: [ParcelStatus.awaitingPickup, ParcelStatus.friendPicking],
  agent: [ParcelStatus.friendPicking],
  runner: [ParcelStatus.runnerTookTask]
}

export const openidOfRole = (parcel: Pick<PickupParty, "receiverOpenid" | "agentOpenid" | "paotuiOpenid">, role: PickupRole): string | null =>
  role === "receiver" ? parcel.receiverOpenid : role === "agent" ? parcel.agentOpenid : parcel.paotuiOpenid

export const isParty = (parcel: PickupParty, role: PickupRole, openid: string): boolean =>
  openid !== "" && openidOfRole(parcel, role) === openid

/** What the pickup screen shows after a scan: the status text and whether the parcel may leave. */
export const pickupCheck = (parcel: PickupParty, role: PickupRole): { statusStr: string; canTakeaway: boolean } => {
  if (roleMayTake[role].includes(parcel.status) && parcel.safekeepUnpaidFen > 0) {
    return { statusStr: UNPAID_SAFEKEEPING, canTakeaway: false }
  }
  return { statusStr: statusStr(parcel.status), canTakeaway: roleMayTake[role].includes(parcel.status) }
}

/** The status a parcel moves to when it leaves with this role. */
export const statusAfterPickup = (role: PickupRole): ParcelStatus =>
  role === "runner" ? ParcelStatus.goodsCollected : ParcelStatus.signed

export const cannotTakeMessage = (status: string) => `${status}状态的快递不能取件`
