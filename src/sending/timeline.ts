/**
 * A send order's steps as the sender reads them on its detail page: booked, freight set, paid (or cash on
 * delivery), printed, dispatched — or cancelled — each with its time. The times come from the order's row
 * (booked, dispatched) and from the operations log (freight, payment, print, close); a step not reached yet has none
 * and says what it waits for ('待支付运费').
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
  const step = (key: SendStepKey, done: string, toCome: string, at: Date | null): SendStep => ({ key, title: at ? done : toCome, at })
  const steps: Array<SendStep> = [
    step("booked", "已预约", "已预约", order.createdAt),
    step("freight", order.isDaofu ? "已计费（到付）" : "已计费", "待驿站计费", firstAt(log, "setFreight")),
    ...(order.isDaofu ? [] : [step("paid", "已支付运费", "待支付运费", firstAt(log, "freightPaid"))]),
    step("printed", "已打印面单", "待打印面单", firstAt(log, "printWaybill")),
    step("dispatched", "已出库", "待出库", order.sentAt ?? firstAt(log, "sendOut"))
  ]
  if (order.status !== SendStatus.cancelled) return steps
  return [...steps.filter((s) => s.at !== null), step("cancelled", "已取消", "已取消", firstAt(log, "closeSending"))]
}
