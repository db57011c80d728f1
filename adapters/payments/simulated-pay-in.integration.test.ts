/** The simulated provider's PayIn adapter runs the port's contract (its books on PGlite). */
import { jsonNotice } from "#src/payment/pay-in"
import { startTestApp } from "../../test/support/test-app"
import { OutsideWrites } from "../postgres/outside-writes"
import { payInContract } from "./pay-in.contract"
import { payIn } from "./pay-in"
import { SimulatedPaymentProvider } from "./simulated-provider"

const KEY = "merchant-key"

payInContract("the simulated provider", async () => {
  const t = await startTestApp("pglite")
  const provider = new SimulatedPaymentProvider(KEY, new OutsideWrites(t.runtime.database.db, t.runtime.database.beside))
  return {
    payIn: payIn(provider, KEY, "wx-app"),
    pay: async (sheet) => {
      const paid = await provider.pay(sheet)
      return paid.ok ? jsonNotice(paid.notice) : undefined
    },
    refusePrepays: (on) => { provider.failures = on ? { prepay: "系统繁忙" } : {} },
    now: Date.now,
    close: () => t.close()
  }
})
