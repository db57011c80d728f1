/** Donation and SMS top-up calls: each opens a server-priced trade and answers its pay-sign data. */
import { Router } from "express"
import { Deposit, Donate } from "#src/support/calls"
import { depositSms, donate } from "#src/support/use-cases"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { actorOf } from "../outcome"

export const supportRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/common/donate", handle(Donate, (_input, req) => runtime.run(donate(actorOf(req)))))
  r.post("/api/common/deposit", handle(Deposit, (input, req) => runtime.run(depositSms(actorOf(req), input))))
  return r
}
