/** Return-to-courier calls for station staff: the to-return list and the return scan. */
import { Effect } from "effect"
import { Router } from "express"
import { parcelView } from "#src/parcel/calls"
import { ReturnScan, ToReturn } from "#src/parcel/return-calls"
import { returnList, returnMessages, returnParcel } from "#src/parcel/returns"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const returnRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/expressTosend/toreturn", handle(ToReturn, (input, req) =>
    runtime.read(returnList(actorOf(req), input).pipe(Effect.map((parcels) => parcels.map(parcelView))))))

  r.put("/api/expressTosend/return", idempotent(runtime.db), handle(
    ReturnScan,
    (input, req) => runtime.run(returnParcel(actorOf(req), input).pipe(Effect.asVoid)),
    () => ({ message: returnMessages.done })
  ))

  return r
}
