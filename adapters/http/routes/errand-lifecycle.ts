/** The errand hall, the grab and every role's action on an order after it is placed, with the order lists (spec 001 §7 "Errand orders"). */
import { Effect } from "effect"
import { Router } from "express"
import {
  ConfirmTakeaway, errandOrderDetailView, Grab, Hall, HaveToComment, OrderById, OrderByNo, OrderDetail, OrderList, OrderPage, OrderTimeline, RunnerCancel,
  RunnerQrcode
} from "#src/errand/calls"
import { pageRequest } from "#src/shared/paging"
import type { ErrandOrderRecord } from "#src/errand/errand-store"
import { orderTimelineOf, orderViewOf, orderViewsOf } from "#src/errand/order-view"
import type { Actor } from "#src/shared/actor"
import { grabMessages } from "#src/errand/grab"
import {
  cancelOrder, confirmReceipt, confirmTakeaway, grabOrder, hallOrders, haveToComment, leaderSign, listOrders, markDelivered, orderFor, pageOrders,
  runnerCancel, runnerQr, sayTakeaway
} from "#src/errand/lifecycle"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

const said = (message: string) => () => ({ message })

/** Each answer carries the order as its caller may see it (src/errand/order-view.ts). */
const viewFor = (actor: Actor) => Effect.flatMap((o: ErrandOrderRecord) => orderViewOf(actor, o))
const viewsFor = (actor: Actor) => Effect.flatMap((orders: ReadonlyArray<ErrandOrderRecord>) => orderViewsOf(actor, orders))

export const errandLifecycleRoutes = (runtime: Runtime) => {
  const r = Router()
  const once = idempotent(runtime.db)
  const base = "/api/paotuiOrder"

  r.get(`${base}/toRobbing/:worksiteId/:orderType`, handle(Hall, ({ worksiteId, orderType }, req) =>
    runtime.read(hallOrders(actorOf(req), worksiteId ?? "", orderType ?? "").pipe(viewsFor(actorOf(req))))))

  r.put(`${base}/robbingRollModule/:orderNo`, once, handle(Grab, ({ orderNo }, req) =>
    runtime.run(grabOrder(actorOf(req), orderNo ?? "").pipe(viewFor(actorOf(req)))), said(grabMessages.success)))

  r.put(`${base}/cancel/:orderNo`, once, handle(OrderByNo, ({ orderNo }, req) =>
    runtime.run(cancelOrder(actorOf(req), orderNo ?? "").pipe(viewFor(actorOf(req)))), said("取消成功")))

  r.put(`${base}/receiverGet/:id`, once, handle(OrderById, ({ id }, req) =>
    runtime.run(markDelivered(actorOf(req), id ?? "").pipe(viewFor(actorOf(req)))), said("成功送达")))

  r.put(`${base}/receiverSignRollModule/:id`, once, handle(OrderById, ({ id }, req) =>
    runtime.run(confirmReceipt(actorOf(req), { id: id ?? "" }).pipe(viewFor(actorOf(req)))), said("签收成功")))

  r.put(`${base}/receiverSignByOrderNoRollModule/:orderNo`, once, handle(OrderByNo, ({ orderNo }, req) =>
    runtime.run(confirmReceipt(actorOf(req), { orderNo: orderNo ?? "" }).pipe(viewFor(actorOf(req)))), said("签收成功")))

  r.put(`${base}/paotuiTakeaway/:id`, once, handle(OrderById, ({ id }, req) =>
    runtime.run(sayTakeaway(actorOf(req), id ?? "").pipe(viewFor(actorOf(req)))), said("已取件成功")))

  r.put(`${base}/paotuiConfirmTakeaway/:id`, once, handle(ConfirmTakeaway, ({ id, goodsPic, isDaofu }, req) =>
    runtime.run(confirmTakeaway(actorOf(req), id ?? "", goodsPic, isDaofu === true).pipe(viewFor(actorOf(req)))), said("操作成功")))

  r.put(`${base}/paotuiLeaderSignRollModule/:id`, once, handle(OrderById, ({ id }, req) =>
    runtime.run(leaderSign(actorOf(req), id ?? "").pipe(viewFor(actorOf(req)))), said("签收成功")))

  r.put(`${base}/cancalByPaotui/:orderNo/:paotuiType`, once, handle(RunnerCancel, ({ orderNo, reasonType, reason }, req) =>
    runtime.run(runnerCancel(actorOf(req), orderNo ?? "", reasonType, reason).pipe(viewFor(actorOf(req)))), said("取消成功")))

  r.get(`${base}/list/:type/:openid/:status`, handle(OrderList, ({ type, openid, status }, req) =>
    runtime.read(listOrders(actorOf(req), type ?? "", openid ?? "", status ?? "").pipe(viewsFor(actorOf(req))))))

  r.get(`${base}/pagingForFontend`, handle(OrderPage, ({ statusStr, type, pageNo, cursor }, req) =>
    runtime.read(pageRequest(pageNo, cursor).pipe(Effect.flatMap((page) => pageOrders(actorOf(req), type ?? "1", statusStr ?? "ing", page)))
      .pipe(Effect.flatMap((page) => orderViewsOf(actorOf(req), page.results).pipe(Effect.map((results) => ({ ...page, results }))))))))

  r.get(`${base}/getByOrderNo/:orderNo`, handle(OrderByNo, ({ orderNo }, req) =>
    runtime.read(orderFor(actorOf(req), { orderNo: orderNo ?? "" }).pipe(viewFor(actorOf(req))))))

  r.get(`${base}/getById/:id`, handle(OrderDetail, ({ id }, req) =>
    runtime.read(orderFor(actorOf(req), { id: id ?? "" })
      .pipe(Effect.flatMap((o) => orderViewOf(actorOf(req), o).pipe(Effect.map((view) => errandOrderDetailView(o, view, actorOf(req)))))))))

  r.get(`${base}/timeline/:id`, handle(OrderTimeline, ({ id }, req) =>
    runtime.read(orderFor(actorOf(req), { id: id ?? "" }).pipe(Effect.flatMap((o) => orderTimelineOf(actorOf(req), o))))))

  r.get(`${base}/haveToComment`, handle(HaveToComment, (_, req) => runtime.read(haveToComment(actorOf(req)))))

  r.get(`${base}/takeQrcode/:id`, handle(RunnerQrcode, ({ id }, req) => runtime.read(runnerQr(actorOf(req), id ?? ""))))

  return r
}
