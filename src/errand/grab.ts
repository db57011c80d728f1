/**
 * The errand hall (`/robbing`, spec 001 §2, §4, §5, §6; DESIGN §6 "order grab"): who may grab an order and
 * which open orders a user sees. That exactly one runner wins is the store's conditional change; this module
 * says who may try.
 */
import { mayTakeErrands } from "../profile/runner-application"
import { NotAllowed, StateConflict } from "../shared/errors"
import { isOpen } from "./status-machine"

/** A sex limit: −1 (or none) any, 1 male only, 2 female only. User sex: 0 unknown, 1 male, 2 female. */
export type SexLimit = -1 | 1 | 2

export interface Grabber {
  readonly openid: string
  readonly authStatus: number
  readonly paotuiStatus: number
  readonly sex: number
  readonly worksiteId: string | null
}

export interface HallOrder {
  readonly openid: string
  readonly status: number
  readonly sexLimit: number | null
  readonly worksiteId: string
  readonly payFee: number
  readonly createdAt: Date
  /** Past this time an unaccepted order is voided and refunded; it can no longer be grabbed. */
  readonly requireArriveTime: Date
}

export const RUNNER_APPLY_PATH = "/paotuiApply"

export const grabMessages = {
  maleOnly: "对不起，该跑腿单只有男生可接。",
  femaleOnly: "对不起，该跑腿单只有女生可接。",
  notRunner: "您还不是跑腿员，请先申请跑腿",
  failed: "接单失败",
  success: "接单成功",
  /** More grabs than a runner's limit allows in its window (429; the limit is the HTTP adapter's). */
  tooOften: "抢单过于频繁，请稍后再试"
} as const

const anySex = (limit: number | null): boolean => limit === null || limit === -1 || (limit !== 1 && limit !== 2)

/** Whether an order's sex limit lets this user take it. */
export const sexAllows = (limit: number | null, sex: number): boolean => anySex(limit) || limit === sex

export type GrabRefusal = NotAllowed | StateConflict

/**
 * May this user grab this order now? Undefined when so; else the refusal: not a verified, joined runner (the
 * page sends them to the runner application); the sex limit with the spec's words; another worksite's order,
 * one's own order, or an order no longer open → '接单失败'.
 */
export const grabRefusal = (user: Grabber, order: HallOrder, now: Date): GrabRefusal | undefined => {
  if (!mayTakeErrands(user)) return new NotAllowed({ message: grabMessages.notRunner })
  if (!sexAllows(order.sexLimit, user.sex)) return new NotAllowed({ message: order.sexLimit === 1 ? grabMessages.maleOnly : grabMessages.femaleOnly })
  if (user.worksiteId !== order.worksiteId || user.openid === order.openid) return new NotAllowed({ message: grabMessages.failed })
  if (!isOpen(order, now)) return new StateConflict({ message: grabMessages.failed })
  return undefined
}

/** The hall shows the worksite's open orders, not past their time, whose sex limit is any or the user's sex (also for live additions). */
export const inHall = (user: Pick<Grabber, "sex" | "worksiteId">, order: HallOrder, now: Date): boolean =>
  isOpen(order, now) && order.worksiteId === user.worksiteId && sexAllows(order.sexLimit, user.sex)

export type HallSort = "time" | "fee"

/** Newest first by time; highest fee first by fee (newest first among equal fees). */
export const sortHall = <O extends HallOrder>(orders: ReadonlyArray<O>, by: HallSort): ReadonlyArray<O> =>
  [...orders].sort((a, b) => (by === "fee" ? b.payFee - a.payFee : 0) || b.createdAt.getTime() - a.createdAt.getTime())

export const hall = <O extends HallOrder>(user: Pick<Grabber, "sex" | "worksiteId">, orders: ReadonlyArray<O>, by: HallSort, now: Date): ReadonlyArray<O> =>
  sortHall(orders.filter((o) => inHall(user, o, now)), by)
