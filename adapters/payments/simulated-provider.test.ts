import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { payouts, signFields, SimulatedPaymentProvider } from "./simulated-provider"

const KEY = "merchant-key"

describe("simulated payment provider", () => {
  it("pays a signed transfer once per trade number", () => {
    const provider = new SimulatedPaymentProvider(KEY, 1_000)
    const fields = { partner_trade_no: "w1", openid: "o1", amount: 600, desc: "提现", nonce_str: "n" }
    const request = { ...fields, sign: signFields(fields, KEY) }
    const first = provider.transfer(request)
    expect(first.ok).toBe(true)
    expect(provider.transfer(request)).toEqual(first)
    expect(provider.transfer({ ...request, partner_trade_no: "w2", sign: signFields({ ...fields, partner_trade_no: "w2" }, KEY) }))
      .toEqual({ ok: false, reason: "商户余额不足" })
  })

  it("refuses requests whose signature does not match, and amounts below the minimum", () => {
    const provider = new SimulatedPaymentProvider(KEY)
    const fields = { partner_trade_no: "w3", openid: "o1", amount: 600, nonce_str: "n" }
    expect(provider.transfer({ ...fields, sign: signFields(fields, "another-key") })).toEqual({ ok: false, reason: "签名错误" })
    expect(provider.transfer({ ...fields, amount: 601, sign: signFields(fields, KEY) })).toEqual({ ok: false, reason: "签名错误" })
    const small = { ...fields, partner_trade_no: "w4", amount: 29 }
    expect(provider.transfer({ ...small, sign: signFields(small, KEY) })).toEqual({ ok: false, reason: "付款金额不能小于最低限额" })
  })

  it("signs prepay requests and notifications that verify with the merchant key only", () => {
    const provider = new SimulatedPaymentProvider(KEY)
    const order = { out_trade_no: "P1", total_fee: 300, body: "跑腿费", nonce_str: "n" }
    const prepay = provider.prepay({ ...order, sign: signFields(order, KEY) })
    if (!prepay.ok) throw new Error(prepay.reason)
    const notice = provider.notification(prepay.prepayId)!
    expect(notice).toMatchObject({ out_trade_no: "P1", total_fee: 300, result_code: "SUCCESS" })
    expect(SimulatedPaymentProvider.verifyNotification(notice, KEY)).toBe(true)
    expect(SimulatedPaymentProvider.verifyNotification({ ...notice, total_fee: 1 }, KEY)).toBe(false)
  })

  it("is reached through the Payouts port with signed requests", async () => {
    const provider = new SimulatedPaymentProvider(KEY)
    const port = payouts(provider, KEY)
    expect(await Effect.runPromise(port.transfer({ withdrawalId: "w9", openid: "o9", amountFen: 994 }))).toMatchObject({ ok: true })
    expect(await Effect.runPromise(payouts(provider, "wrong").transfer({ withdrawalId: "w10", openid: "o9", amountFen: 994 })))
      .toEqual({ ok: false, reason: "签名错误" })
  })
})
