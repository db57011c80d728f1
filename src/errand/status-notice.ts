/**
 * The template messages an errand's steps send (issue 21 item 8, kind 跑腿订单状态): each party the step's live
 * events reach (the requester, the runner who holds the order) hears of it, but the one who did it — a type-1
 * order's collection at the counter is the runner's doing, though staff scan it. A door pickup's steps from its
 * freight on are its send order's, told by src/sending/status-notice.ts; so are those led by a sending use case.
 */
import type { Audience, Edge, ErrandAction, ErrandStatus, ErrandType, Role } from "./status-machine"
import { errandStatusStr } from "./status-machine"

export const ERRAND_STATUS_TEMPLATE = "errandStatus"

/**
 * The line each step's message carries, by the order's new status where one action ends in two. A step with no line
 * sends nothing: the requester's own (prepay, cancel) and a door pickup's freight, payment, arrival and dispatch,
 * whose send order tells its sender.
 */
const lines: Partial<Record<ErrandAction, string | Partial<Record<ErrandStatus, string>>>> = {
  grab: "跑腿员已接单",
  release: { 0: "跑腿员取消了接单，订单重新等待接单", 4: "跑腿员已将快递放回驿站，赏金已退回" },
  voidUnpaid: "订单超时未支付，已取消",
  voidUnaccepted: "订单超时无人接单，已取消，赏金已退回",
  takeaway: "跑腿员已取件",
  markDelivered: "跑腿员已送达，请确认收货",
  confirmReceipt: "用户已确认收货，订单完成",
  leaderSign: "队长已代为签收，订单完成",
  sayTaken: "用户说你已取件，请确认",
  confirmTaken: "跑腿员已确认取件，等待计算运费",
  confirmTakenDaofu: "跑腿员已确认取件，运费到付"
}

export interface ErrandNotice {
  readonly to: Exclude<Audience, "hall">
  readonly params: { readonly orderNo: string; readonly status: string; readonly remark: string }
}

/** The messages of one step: to whom (requester, runner) and what. */
export const errandNotices = (
  order: { readonly orderNo: string; readonly type: ErrandType; readonly status: ErrandStatus }, edge: Edge, actedAs: Role
): ReadonlyArray<ErrandNotice> => {
  const line = lines[edge.action]
  const remark = typeof line === "string" ? line : line?.[order.status]
  if (remark === undefined) return []
  const doer: Role = edge.action === "takeaway" ? "runner" : actedAs
  const parties = [...new Set(edge.live.map((l) => l.to))].filter((to): to is ErrandNotice["to"] => to !== "hall" && to !== doer)
  const params = { orderNo: order.orderNo, status: errandStatusStr(order.type, order.status), remark }
  return parties.map((to) => ({ to, params }))
}
