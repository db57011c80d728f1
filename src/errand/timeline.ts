/**
 * An errand order's timeline (issue 21 item 5): each step's time, from the order row (placed, accepted, finished)
 * and the order's step log (`ErrandStep`, one line per applied action, written in the action's transaction; plus
 * the refund and the rating). Steps not reached yet carry no time; a cancelled order shows only what happened.
 */
import { yuan } from "../shared/money"
import type { ErrandOrderRecord } from "./errand-store"
import { ErrandStatus, ErrandType, type ErrandAction } from "./status-machine"

/** What the step log records: an applied action, the refund that came with one, or the requester's rating. */
export type StepAction = ErrandAction | "refund" | "rate"

export interface ErrandStep {
  readonly orderId: string
  readonly action: StepAction
  readonly at: Date
}

export interface TimelineStep {
  readonly label: string
  readonly at: Date | null
  readonly note?: string
}

/** The log's line for an applied action (none for the pay-in's own prepay record kept on the trade). */
export const stepOf = (orderId: string, action: StepAction, at: Date): ErrandStep => ({ orderId, action, at })

type Kind = "paid" | "accepted" | "collected" | "delivered" | "completed" | "cancelled" | "refunded" | "rated" | "released" | "freight" | "freightPaid" | "arrived"

const kindOf: Record<StepAction, Kind> = {
  prepay: "paid", grab: "accepted", release: "released", takeaway: "collected", sayTaken: "collected", confirmTaken: "delivered",
  confirmTakenDaofu: "delivered", markDelivered: "delivered", confirmReceipt: "completed", leaderSign: "completed", shipOut: "completed",
  cancel: "cancelled", voidUnpaid: "cancelled", voidUnaccepted: "cancelled", refund: "refunded", rate: "rated",
  setFreight: "freight", setFreightDaofu: "freightPaid", payFreight: "freightPaid", arrive: "arrived"
}

const labels = (type: number): Record<Kind, string> => ({
  paid: "已支付", accepted: "已接单", released: "跑腿员取消接单",
  collected: type === ErrandType.pickupFromDoor ? "已交件" : "已取件",
  delivered: type === ErrandType.pickupFromDoor ? "跑腿已确认" : "已送达",
  completed: type === ErrandType.pickupFromDoor ? "已出库" : "已完成",
  cancelled: "已取消", refunded: "已退款", rated: "已评价", freight: "已计算运费", freightPaid: "已付运费", arrived: "已到驿站"
})

/** The main line of each order type, in order; a door pickup has its freight and station steps. */
const mainLine = (type: number): ReadonlyArray<Kind> =>
  type === ErrandType.pickupFromDoor
    ? ["paid", "accepted", "collected", "delivered", "freightPaid", "arrived", "completed", "rated"]
    : ["paid", "accepted", "collected", "delivered", "completed", "rated"]

/**
 * The order's steps: 已下单 first, then each step of its type's line with the last time it happened (null while
 * not reached); a runner giving the order up shows where it happened. A cancelled order lists what it reached,
 * then 已取消 and, when its payment went back, 已退款.
 */
export const errandTimeline = (
  order: Pick<ErrandOrderRecord, "type" | "status" | "createdAt" | "acceptedAt" | "finishedAt" | "payFee" | "paid" | "refunded" | "accept">,
  steps: ReadonlyArray<Pick<ErrandStep, "action" | "at">>
): ReadonlyArray<TimelineStep> => {
  const label = labels(order.type)
  const last = new Map<Kind, Date>()
  const sorted = [...steps].sort((a, b) => a.at.getTime() - b.at.getTime())
  for (const s of sorted) last.set(kindOf[s.action], s.at)
  // the row's own times stand in for lines the log does not hold (orders placed before it)
  if (!last.has("accepted") && order.acceptedAt) last.set("accepted", order.acceptedAt)
  const done = order.status === ErrandStatus.completed
  const cancelled = order.status === ErrandStatus.cancelled
  if (done && !last.has("completed") && order.finishedAt) last.set("completed", order.finishedAt)
  if (cancelled && !last.has("cancelled") && order.finishedAt) last.set("cancelled", order.finishedAt)
  const note = (k: Kind): string | undefined =>
    k === "paid" ? `¥${yuan(order.paid || order.payFee)}`
      : k === "accepted" && order.accept ? order.accept.name || undefined
        : k === "refunded" ? `¥${yuan(order.refunded)}` : undefined
  const entry = (k: Kind): TimelineStep => {
    const at = last.get(k) ?? null
    const n = at ? note(k) : undefined
    return n ? { label: label[k], at, note: n } : { label: label[k], at }
  }
  const line: Array<TimelineStep> = [{ label: "已下单", at: order.createdAt }]
  const main = mainLine(order.type)
  // a step before the furthest one reached was passed, though maybe before the log kept times (or with nothing to pay)
  const furthest = Math.max(order.status === ErrandStatus.awaitingPayment ? -1 : 0, ...main.map((k, i) => (last.has(k) ? i : -1)))
  main.forEach((k, i) => {
    if (last.has(k) || (!cancelled && i > furthest)) line.push(entry(k))
  })
  const released = sorted.filter((s) => s.action === "release")
  for (const r of released) line.push({ label: label.released, at: r.at })
  if (cancelled) {
    line.push(entry("cancelled"))
    if (last.has("refunded") || order.refunded > 0) line.push(entry("refunded"))
  }
  // reached steps by time, then those still to come in their order
  const reached = line.filter((s) => s.at !== null).sort((a, b) => a.at!.getTime() - b.at!.getTime())
  return [...reached, ...line.filter((s) => s.at === null)]
}
