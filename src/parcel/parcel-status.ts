/** The statuses of a parcel to collect (spec §4 "Parcel to collect status") and their names. */
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
export const ACTIVE_STATUSES: ReadonlyArray<ParcelStatus> = [
  ParcelStatus.awaitingPickup, ParcelStatus.friendPicking, ParcelStatus.awaitingErrandPayment, ParcelStatus.awaitingRunner,
  ParcelStatus.runnerTookTask, ParcelStatus.awaitingReturn
]

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
