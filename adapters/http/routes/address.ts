/** The address book: list, add, delete. */
import { Effect } from "effect"
import { Router } from "express"
import { messages } from "#src/address/address"
import { AddAddress, Addresses, addressView, DeleteAddress } from "#src/address/calls"
import { addAddress, deleteAddress, myAddresses } from "#src/address/use-cases"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const addressRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/address/wxlist", handle(Addresses, (_input, req) => runtime.read(myAddresses(actorOf(req)).pipe(Effect.map((list) => list.map(addressView))))))

  r.post("/api/address/wxadd", idempotent(runtime.db), handle(
    AddAddress,
    (fields, req) => runtime.run(addAddress(actorOf(req), fields).pipe(Effect.map(addressView))),
    () => ({ status: 201, message: "保存成功" })
  ))

  r.delete("/api/address/wxdelete/:id", handle(
    DeleteAddress,
    ({ id }, req) => runtime.run(deleteAddress(actorOf(req), id ?? "")),
    () => ({ message: messages.deleted })
  ))

  return r
}
