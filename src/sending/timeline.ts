/**
 * A send order's steps as the sender reads them on its detail page: booked, freight set, paid (or cash on
 * delivery), printed, dispatched — or cancelled — each with its time. The times come from the order's row
 * (booked, dispatched) and from the operations log (freight, payment, print, close); a step not reached yet has none.
 */
import { SendStatus } from "./status-machine"

/** The operations of a send order the timeline reads, with the time each was logged. */
export const TIMELINE_OPS = ["setFreight", "freightPaid", "printWaybill", "sendOut", "closeSending"] as const
export type TimelineOp = (typeof TIMELINE_OPS)[number]

export interface LoggedStep {
  readonly op: TimelineOp
  readonly at: Date
}

export type SendStepKey = "booked" | "freight" | "paid" | "printed" | "dispatched" | "cancelled"

export interface SendStep {
  readonly key: SendStepKey
  readonly title: string
  /** When it happened; null while it is still to come. */
  readonly at: Date | null
}

export interface TimelineOrder {
  readonly status: number
  readonly isDaofu: boolean
  readonly freight: number | null
  readonly createdAt: Date
  readonly sentAt: Date | null
}

const firstAt = (log: ReadonlyArray<LoggedStep>, op: TimelineOp): Date | null => log.find((s) => s.op === op)?.at ?? null

/**
 * The steps in order. Cash on delivery has no payment step ('到付' at the freight). A cancelled order keeps the steps it
 * reached and ends with '已取消'; the others list every step, those to come without a time.
 */
export const sendTimeline = (order: TimelineOrder, log: ReadonlyArray<LoggedStep>): ReadonlyArray<SendStep> => {
  const steps: Array<SendStep> = [
    { key: "booked", title: "已预约", at: order.createdAt },
    { key: "freight", title: order.isDaofu ? "已计费（到付）" : "已计费", at: firstAt(log, "setFreight") },
    ...(order.isDaofu ? [] : [{ key: "paid" as const, title: "已支付运费", at: firstAt(log, "freightPaid") }]),
    { key: "printed", title: "已打印面单", at: firstAt(log, "printWaybill") },
    { key: "dispatched", title: "已出库", at: order.sentAt ?? firstAt(log, "sendOut") }
  ]
  if (order.status !== SendStatus.cancelled) return steps
  return [...steps.filter((s) => s.at !== null), { key: "cancelled", title: "已取消", at: firstAt(log, "closeSending") }]
}
