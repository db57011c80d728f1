/**
 * Pay-in calls: the safekeeping-fee prepay, the JS-SDK pay-sign data, the provider's signed notice
 * (no session: the provider calls it, its signature is the proof) and, with the local fake messaging
 * app only, the payment sheet's "pay" step that has the simulated provider post its notice here.
 */
import type { IncomingMessage } from "node:http"
import { Cause, Exit } from "effect"
import { Router, type Request } from "express"
import { DevPay, PaySafekeep, PaySign } from "#src/payment/calls"
import { paySafekeeping } from "#src/payment/safekeeping"
import type { PostedNotice } from "#src/payment/pay-in"
import { messages } from "#src/payment/trade"
import { paySignFor } from "#src/payment/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { isDomainError, StateConflict } from "#src/shared/errors"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { logger } from "../logger"
import { actorOf, GENERIC_FAILURE } from "../outcome"

export const NOTIFY_PATH = "/api/wx/payNotify"

export const paymentRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/expressTosend/paysafekeep/:id", handle(PaySafekeep, ({ id }, req) => runtime.run(paySafekeeping(actorOf(req), id ?? ""))))
  r.get("/api/wx/paysign", handle(PaySign, (input, req) => runtime.read(paySignFor(actorOf(req), input.package))))
  return r
}

/** The notices' bodies as sent, which the provider's signature covers: kept by the JSON parser (server.ts) for this path only. */
const noticeBodies = new WeakMap<IncomingMessage, string>()
export const keepNoticeBody = (req: IncomingMessage, _res: unknown, body: Buffer) => {
  if (req.url?.split("?")[0] === NOTIFY_PATH) noticeBodies.set(req, body.toString("utf8"))
}

/** The notice as it came: its headers (the last of a repeated one) and its body, byte for byte. */
const postedNotice = (req: Request): PostedNotice => ({
  headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.at(-1) : value])),
  body: noticeBodies.get(req) ?? ""
})

/**
 * The provider's notice: answered 200 with `code` SUCCESS once handled (also for a replay), a 4xx or 5xx with `code` FAIL
 * and a message when refused, as WeChat Pay v3 expects (`return_code` and `success` as the station's own clients read them).
 */
export const payNotifyRoutes = (runtime: Runtime) => {
  const r = Router()
  r.post(NOTIFY_PATH, async (req, res) => {
    const exit = await runtime.run(settleNotice(postedNotice(req)))
    if (Exit.isSuccess(exit)) {
      if (exit.value.refunded === false) logger.warn({ tradeNo: exit.value.tradeNo }, "refund not done at the provider (closed or abnormal)")
      return res.json({ code: "SUCCESS", success: true, return_code: "SUCCESS", data: exit.value })
    }
    const failure = Cause.squash(exit.cause)
    if (!Cause.hasDies(exit.cause) && isDomainError(failure)) {
      logger.warn({ reason: failure.message }, "payment notice refused")
      return res.status(failure.status).json({ code: "FAIL", success: false, return_code: "FAIL", message: failure.message })
    }
    logger.error({ err: failure }, "payment notice failed")
    return res.status(500).json({ code: "FAIL", success: false, return_code: "FAIL", message: GENERIC_FAILURE })
  })
  return r
}

/** Where this server answers on its own machine: the simulated provider posts its notices there. */
const ownNotifyUrl = (req: Request) => `http://127.0.0.1:${req.socket.localPort}${NOTIFY_PATH}`

export const devPayRoutes = (runtime: Runtime) => {
  const r = Router()
  r.post("/auth/dev/pay", handle(DevPay, async (sheet, req) => {
    const fields = Object.fromEntries(Object.entries(sheet).filter(([, v]) => v !== undefined)) as Record<string, string>
    const paid = await runtime.paymentProvider.pay(fields)
    if (!paid.ok) return Exit.fail(new StateConflict({ message: messages.payFailed(paid.reason) }))
    const notified = await fetch(ownNotifyUrl(req), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(paid.notice) })
      .then((res) => res.ok, () => false)
    return Exit.succeed({ tradeNo: String(paid.notice.out_trade_no), notified })
  }))
  return r
}
