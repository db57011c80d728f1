/** Station staff calls: carriers, weight types, receiver lookup, check-in, the QR check and pickup. */
import { Effect } from "effect"
import { Router } from "express"
import {
  CheckIn, CheckQr, checkQrAnswer, DictDetail, ExpressCompanies, ReceiversByLast4, receiverView, scannedQr, TakePart
} from "#src/parcel/calls"
import { messages as checkInMessages } from "#src/parcel/check-in"
import { Catalogue } from "#src/parcel/parcel-store"
import { checkIn, checkScannedQr, receiversByLast4 } from "#src/parcel/use-cases"
import { handOverParcel } from "#src/errand/lifecycle"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const stationRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/expressCompany/list", handle(ExpressCompanies, ({ _id }) => runtime.read(Catalogue.use((c) => c.expressCompanies(_id)))))

  r.get("/api/dict/detail/:dict", handle(DictDetail, ({ dict }) =>
    runtime.read(Catalogue.use((c) => c.dictValues(dict ?? "")).pipe(Effect.map((values) => ({ values }))))))

  r.get("/api/user/list/:worksiteId/:last4", handle(
    ReceiversByLast4,
    ({ worksiteId, last4 }, req) => runtime.read(receiversByLast4(actorOf(req), worksiteId ?? "", last4 ?? "").pipe(Effect.map((people) => people.map(receiverView)))),
    (people) => ({ message: people.length ? undefined : checkInMessages.noMatch })
  ))

  r.post("/api/expressTosend", idempotent(runtime.db), handle(
    CheckIn,
    (input, req) => runtime.run(checkIn(actorOf(req), input).pipe(Effect.map(({ code }) => code)), { oneStatement: true }),
    (code) => ({ status: 201, message: `${code} ${checkInMessages.completed}` })
  ))

  r.get("/api/expressTosend/checkqr", handle(CheckQr, (input, req) =>
    runtime.read(checkScannedQr(actorOf(req), scannedQr(input)).pipe(Effect.map(checkQrAnswer)))))

  r.put("/api/expressTosend/takepart", idempotent(runtime.db), handle(
    TakePart,
    (input, req) => runtime.run(handOverParcel(actorOf(req), input).pipe(Effect.asVoid)),
    () => ({ message: "确认取件成功" })
  ))

  return r
}
