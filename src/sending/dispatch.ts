/**
 * The outbound dispatch screen (spec 002, /toTakeinOutScan/{token}): per-carrier counts of parcels awaiting
 * dispatch (status 5), kept live by a per-site, per-carrier to-scan event whose negative delta applies only
 * above zero, and `sendOut` by scan (the text after the first comma, the same rule as check-in).
 */
import { NotFound, StateConflict, type NotAllowed } from "../shared/errors"
import { scanned } from "../parcel/check-in"
import { decide, SendStatus, statusNames, type SendEventName, type SendOrder, type SendStatus as Status } from "./status-machine"

export const messages = {
  sentOut: "出库成功",
  alreadySentOut: "该寄件已出库，请勿重复扫描",
  sendOutFailed: "寄件出库失败",
  countsFailed: "获取待寄件统计出错",
  notFound: "没有找到该寄件"
} as const

/** How long the success toast stays (ms). */
export const SENT_OUT_TOAST_MS = 2000

export { scanned as scannedCode }

export interface DispatchCount {
  readonly _id: string
  readonly name: string
  readonly count: number
}

/** Every carrier the worksite sends with, in its order, with its count (0 when none waits). */
export const dispatchCounts = (
  companies: ReadonlyArray<{ readonly id: string; readonly name: string }>,
  waiting: ReadonlyMap<string, number>
): ReadonlyArray<DispatchCount> => companies.map((c) => ({ _id: c.id, name: c.name, count: waiting.get(c.id) ?? 0 }))

/** The live event's name: after the site, the carrier and to-scan. */
export const toScanEventName = (worksiteId: string, companyId: string): string => `${worksiteId}-${companyId}-toScan`

/** A positive delta adds; a negative one applies only while the count is above zero (and never below it). */
export const applyToScanDelta = (count: number, delta: number): number =>
  delta >= 0 ? count + delta : count > 0 ? Math.max(0, count + delta) : count

/** How a status change moves the awaiting-dispatch count: +1 entering 5, −1 leaving it. */
export const toScanDelta = (from: Status, to: Status): number =>
  (to === SendStatus.awaitingOutOfStock ? 1 : 0) - (from === SendStatus.awaitingOutOfStock ? 1 : 0)

export interface SendOutDecision {
  readonly kind: "sendOut"
  readonly order: SendOrder
  readonly events: ReadonlyArray<SendEventName>
  readonly toScan: { readonly event: string; readonly delta: number }
}

/** A second scan of an order already out: nothing changes, and the scan is told so (never a second '出库成功'). */
export const alreadySentOut = () => new StateConflict({ message: messages.alreadySentOut })

/**
 * `PUT sendOut/{worksiteId}/{code}`: the order found by the scanned code goes 5 → 100 once; scanning an order
 * already out changes nothing and is refused as already out; any other status is refused naming it.
 */
export const sendOutDecision = (order: SendOrder | undefined, worksiteId: string): SendOutDecision | NotFound | NotAllowed | StateConflict => {
  if (order === undefined || order.worksiteId !== worksiteId) return new NotFound({ message: messages.notFound })
  if (order.status === SendStatus.outOfStock) return alreadySentOut()
  const decided = decide(order, { role: "staff", worksiteId }, { type: "sendOut" })
  if (!("order" in decided)) {
    return decided instanceof StateConflict ? new StateConflict({ message: `${statusNames[order.status]}的寄件不能出库` }) : decided
  }
  return {
    kind: "sendOut",
    order: decided.order,
    events: decided.events,
    toScan: { event: toScanEventName(worksiteId, order.companyId ?? ""), delta: toScanDelta(order.status, decided.order.status) }
  }
}
