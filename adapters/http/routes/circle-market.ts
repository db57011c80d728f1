/** The market's calls: a visitor's view of a shared item, and a student's posting, editing, listing and reading. */
import { Effect } from "effect"
import { Router, type RequestHandler } from "express"
import { AddItem, EditItem, ItemById, ItemDetail, ItemPaging, LatestItems, MyItemPaging, SetItemStatus } from "#src/circle/calls"
import { addItem, editItem, itemDetail, itemPaging, latestItems, myItemPaging, setItemStatus, viewItem } from "#src/circle/market"
import type { Runtime } from "../../runtime"
import { viewerOf } from "../circle-viewer"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

const DONE = "操作成功"

/** Mounted before the session check, behind `viewer` (`circleViewer`): a view counts, in a transaction with its operation. */
export const circleMarketVisitorRoutes = (runtime: Runtime, viewer: RequestHandler) => {
  const r = Router()
  r.get("/api/circle/getById/:id", viewer, handle(ItemById, ({ id }, req) => runtime.run(viewItem(viewerOf(req), id))))
  return r
}

export const circleMarketRoutes = (runtime: Runtime) => {
  const r = Router()

  r.post("/api/circle/add", idempotent(runtime.db), handle(AddItem, (input, req) => runtime.run(addItem(actorOf(req), input))))
  r.put("/api/circle/edit", handle(EditItem, (input, req) => runtime.run(editItem(actorOf(req), input).pipe(Effect.asVoid)), () => ({ message: DONE })))
  r.put("/api/circle/status/:id/:status", handle(
    SetItemStatus, (input, req) => runtime.run(setItemStatus(actorOf(req), input).pipe(Effect.asVoid)), () => ({ message: DONE })
  ))

  r.get("/api/circle/paging", handle(ItemPaging, (input, req) => runtime.read(itemPaging(actorOf(req), input))))
  r.get("/api/circle/pagingForMy", handle(MyItemPaging, ({ pageNo }, req) => runtime.read(myItemPaging(actorOf(req), pageNo))))
  r.get("/api/circle/latestInfo", handle(LatestItems, (_, req) => runtime.read(latestItems(actorOf(req)))))
  r.get("/api/circle/detail/:id", handle(ItemDetail, ({ id }, req) => runtime.run(itemDetail(actorOf(req), id))))

  return r
}
