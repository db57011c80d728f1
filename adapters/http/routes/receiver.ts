/** The receiver's parcel calls: their list and its header, one parcel's QR, proxy pickup, self-sign and the cabinet door. */
import { Effect } from "effect"
import { Router } from "express"
import {
  CollectHeader, collectView, FindFriend, OpenBox, ParcelAction, ParcelForReceiver, ParcelTimeline, parcelTimelineView, PersonalPickupQr, ReceiverParcels,
  receiverParcelView, UpdateAgent
} from "#src/parcel/calls"
import { pageRequest } from "#src/shared/paging"
import { messages } from "#src/parcel/collect"
import {
  cancelAgent, chooseAgent, collectHeader, findFriend, openBox, parcelForReceiver, parcelTimelineFor, personalPickupQr, receiverParcels, refuseAgent,
  selfSign
} from "#src/parcel/receiver"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

const moved = (p: { id: string; status: number }) => ({ _id: p.id, status: p.status })

export const receiverRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/expressTosend/getById/:id", handle(ParcelForReceiver, ({ id }, req) =>
    runtime.read(parcelForReceiver(actorOf(req), id ?? "").pipe(Effect.map(receiverParcelView)))))

  r.get("/api/expressTosend/pagingForFontend", handle(ReceiverParcels, ({ statusStr, pageNo, cursor }, req) =>
    runtime.read(pageRequest(pageNo, cursor).pipe(Effect.flatMap((page) => receiverParcels(actorOf(req), statusStr ?? "ing", page)),Effect.map((page) => ({ ...page, results: page.results.map(collectView) }))),
      { short: true })))

  r.get("/api/expressTosend/timeline/:id", handle(ParcelTimeline, ({ id }, req) =>
    runtime.read(parcelTimelineFor(actorOf(req), id ?? "").pipe(Effect.map(parcelTimelineView)))))

  r.get("/api/user/wxuserInfoForTotakeList", handle(CollectHeader, (_, req) =>
    runtime.read(collectHeader(actorOf(req)).pipe(Effect.map(({ person, rules, toTake }) => ({
      nickname: person.nickname, phoneMain: person.phoneMain, worksite: person.worksiteId, worksiteName: rules.shortName, servicePhone: rules.servicePhone,
      selfSignAble: rules.selfSignAble, paotuiAble: rules.paotuiAble, toTakeCount: toTake
    }))))))

  r.get("/api/user/pickupQrcode", handle(PersonalPickupQr, (_, req) => runtime.read(personalPickupQr(actorOf(req)))))

  r.get("/api/user/wxuserInfo/:phone", handle(FindFriend, ({ phone }, req) => runtime.read(findFriend(actorOf(req), phone))))

  r.put("/api/expressTosend/proxy/updateAgent", idempotent(runtime.db), handle(
    UpdateAgent,
    (input, req) => runtime.run(chooseAgent(actorOf(req), input).pipe(Effect.map((p) => ({ _id: p.id, status: p.status, agent: p.agent ?? "" })))),
    () => ({ message: messages.agentChosen })
  ))

  r.put("/api/expressTosend/proxy/refuseAgent/:id", idempotent(runtime.db), handle(
    ParcelAction, ({ id }, req) => runtime.run(refuseAgent(actorOf(req), id ?? "").pipe(Effect.map(moved))), () => ({ message: messages.refused })))

  r.put("/api/expressTosend/proxy/cancelAgent/:id", idempotent(runtime.db), handle(
    ParcelAction, ({ id }, req) => runtime.run(cancelAgent(actorOf(req), id ?? "").pipe(Effect.map(moved))), () => ({ message: messages.cancelled })))

  r.put("/api/expressTosend/takepartBySelf/:id", idempotent(runtime.db), handle(
    ParcelAction, ({ id }, req) => runtime.run(selfSign(actorOf(req), id ?? "").pipe(Effect.map(moved))), () => ({ message: messages.selfSigned })))

  r.get("/api/box/openFromWX/:id", handle(OpenBox, ({ id }, req) =>
    runtime.run(openBox(actorOf(req), id ?? "").pipe(Effect.map((p) => ({ _id: p.id, status: p.status, door: p.door })))),
  () => ({ message: messages.boxOpenedOk })))

  return r
}
