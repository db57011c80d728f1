/** Ordering an errand: the form's data (buildings, the worksite's errand side, the discount banner), placing the order and its prepay. */
import { Effect } from "effect"
import { Router } from "express"
import { ActivityOffer, Buildings, PlaceErrand } from "#src/errand/calls"
import { activityOfferFor, buildingList, errandFormInfo, placeErrandOrder, prepayErrand } from "#src/errand/ordering"
import { ErrandFormInfo, ErrandPrepay } from "#src/errand/ordering-calls"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const errandOrderRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/building/list/:worksiteId", handle(Buildings, ({ worksiteId }, req) => runtime.read(buildingList(actorOf(req), worksiteId ?? ""))))
  r.get("/api/active/one/1/:worksiteId/1", handle(ActivityOffer, ({ worksiteId }) => runtime.read(activityOfferFor(worksiteId ?? ""))))
  r.get("/api/paotuiOrder/formInfo/:worksiteId", handle(ErrandFormInfo, ({ worksiteId }) => runtime.read(errandFormInfo(worksiteId ?? ""))))
  r.post("/api/paotuiOrder", idempotent(runtime.db), handle(PlaceErrand, (input, req) =>
    runtime.run(placeErrandOrder(actorOf(req), input).pipe(Effect.map((o) => ({ _id: o.id, orderNo: o.orderNo, payFee: o.payFee }))))))
  r.get("/api/paotuiOrder/prepay/:id", handle(ErrandPrepay, ({ id }, req) => runtime.run(prepayErrand(actorOf(req), id ?? ""))))
  return r
}
