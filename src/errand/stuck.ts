/**
 * When a paid errand order is stuck (issue 17). Money an order took must reach an end: the runner's income when it
 * completes, the requester's refund when it is cancelled. Until then the order is open only up to its deadline plus
 * the time whoever moves it next is given:
 * - a status the scheduler leaves by a void (awaiting payment, awaiting acceptance): the void's deadline (placed + 30
 *   minutes; the required time) plus `SCHEDULER_GRACE_MS` — the jobs run every few minutes;
 * - any later status (a runner, the requester, a leader or staff moves it on): its required time plus
 *   `PEOPLE_GRACE_MS`, three days, as a parcel is given three days on the shelf before it goes back.
 * Past that the order is stuck, and `station check` reports it with the steps that could still move it, read from the
 * status table. An order that took no money, or has ended, is not this rule's (the money checks cover an ended one).
 */
import { hours } from "../shared/time"
import { ErrandStatus, errandEdges, voidDeadline, type Edge, type ErrandType, type VoidAction } from "./status-machine"

/** How long past a void's deadline the scheduler has to void the order. */
export const SCHEDULER_GRACE_MS = hours(1)
/** How long past its required time people have to move an order on. */
export const PEOPLE_GRACE_MS = hours(72)

/** The statuses an order ends in: from them on its money has been passed on or paid back. */
export const ERRAND_ENDS: ReadonlyArray<ErrandStatus> = [ErrandStatus.cancelled, ErrandStatus.completed]

/** What the rule reads of an order (money in fen). */
export interface ErrandClock {
  readonly type: ErrandType
  readonly status: ErrandStatus
  /** Errand money received from the requester. */
  readonly paid: number
  readonly createdAt: Date
  readonly requireArriveTime: Date
}

export interface Overdue {
  /** The deadline it passed; null when no deadline can end it (it ended without its money passed on). */
  readonly deadline: Date | null
  /** From when it counts as stuck: the deadline plus the grace of whoever moves it next. */
  readonly stuckSince: Date
  /** The steps that could still move it, `action (who)`. */
  readonly waitsFor: ReadonlyArray<string>
}

const isVoid = (action: string): action is VoidAction => action === "voidUnpaid" || action === "voidUnaccepted"

/** The table's edges leaving the order's status for its type. */
export const stepsFrom = (type: ErrandType, status: ErrandStatus): ReadonlyArray<Edge> =>
  errandEdges.filter((e) => e.from === status && e.types.includes(type))

export const describeSteps = (steps: ReadonlyArray<{ readonly action: string; readonly by: ReadonlyArray<string> }>): ReadonlyArray<string> =>
  steps.map((e) => `${e.action} (${e.by.join("/")})`)

/** The deadline of an open order and the grace after it: a void's when the scheduler leaves its status, else its required time. */
export const errandDeadline = (order: ErrandClock): { readonly deadline: Date; readonly graceMs: number } => {
  const scheduled = stepsFrom(order.type, order.status).map((e) => e.action).find(isVoid)
  return scheduled
    ? { deadline: voidDeadline(order, scheduled), graceMs: SCHEDULER_GRACE_MS }
    : { deadline: order.requireArriveTime, graceMs: PEOPLE_GRACE_MS }
}

/** A paid order still in a middle status after its deadline and grace, or undefined while it is open, unpaid or ended. */
export const overdueErrand = (order: ErrandClock, now: Date): Overdue | undefined => {
  if (order.paid <= 0 || ERRAND_ENDS.includes(order.status)) return undefined
  const { deadline, graceMs } = errandDeadline(order)
  const stuckSince = new Date(deadline.getTime() + graceMs)
  return now.getTime() > stuckSince.getTime() ? { deadline, stuckSince, waitsFor: describeSteps(stepsFrom(order.type, order.status)) } : undefined
}
