/**
 * When a send order's paid freight is stuck (issue 17), by the errand's rule (src/errand/stuck.ts): the freight a
 * sender paid ends with the parcel handed to the carrier (100). Between the payment and that, only staff move the
 * order (the waybill, the dispatch), so it is given its required time — a door pickup's booked time, a plain
 * sending's evening service end of its booking day — plus `PEOPLE_GRACE_MS`. No transition refunds freight, so a
 * cancelled order that paid it is stuck at once. A door pickup's reward is its errand's, checked by the errand's rule.
 */
import { PEOPLE_GRACE_MS, describeSteps, type Overdue } from "../errand/stuck"
import { plainSendingArriveTime } from "./booking-time"
import { SendStatus, sendTransitionNames, sendTransitionRoles, sendTransitions } from "./status-machine"

/** What the rule reads of a send order. */
export interface SendClock {
  readonly status: SendStatus
  readonly freightPaid: boolean
  readonly createdAt: Date
  /** A door pickup's booked time; null for a plain sending (not kept). */
  readonly requireArriveTime: Date | null
  /** The worksite's evening door-service end ('HH:mm'), which a plain sending's required time is. */
  readonly eveningEnd: string | null
}

/** The transitions leaving a status, `transition (who)`. */
const stepsFrom = (status: SendStatus): ReadonlyArray<string> =>
  describeSteps(sendTransitionNames
    .filter((t) => (sendTransitions[t].from as ReadonlyArray<SendStatus>).includes(status))
    .map((t) => ({ action: t, by: sendTransitionRoles[t] })))

/** The required time a send order is due by. */
export const sendDeadline = (order: SendClock): Date =>
  order.requireArriveTime ?? plainSendingArriveTime(order.createdAt, order.eveningEnd ?? undefined)

/** A send order that paid its freight and has not gone out after its deadline and grace (or was cancelled), else undefined. */
export const overdueSendOrder = (order: SendClock, now: Date): Overdue | undefined => {
  if (!order.freightPaid || order.status === SendStatus.outOfStock) return undefined
  if (order.status === SendStatus.cancelled) return { deadline: null, stuckSince: order.createdAt, waitsFor: [] }
  const deadline = sendDeadline(order)
  const stuckSince = new Date(deadline.getTime() + PEOPLE_GRACE_MS)
  return now.getTime() > stuckSince.getTime() ? { deadline, stuckSince, waitsFor: stepsFrom(order.status) } : undefined
}
