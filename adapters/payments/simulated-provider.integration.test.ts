import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { payIn, paySignData } from "./pay-in"
import { payouts, signFields, SimulatedPaymentProvider } from "./simulated-provider"

const KEY = "merchant-key"

describe("simulated payment provider", () => {
  it("pays a signed transfer once per trade number", () => {
    const provider = new SimulatedPaymentProvider(KEY, { merchantFundsFen: 1_000 })
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

  describe("money coming in through the PayIn port", () => {
    const now = new Date("2026-11-23T04:00:00Z")
    const open = async (provider: SimulatedPaymentProvider, tradeNo = "P100", amountFen = 150, key = KEY) => {
      const answer = await Effect.runPromise(payIn(provider, key, "wx-app").prepay({ tradeNo, amountFen, description: "保管费", openid: "o1", expiresAt: new Date(now.getTime() + 30 * 60_000) }))
      if (!answer.ok) throw new Error(answer.reason)
      return answer.prepayId
    }

    it("the sheet pays a prepay once with the server's pay-sign, and the notice verifies with the merchant key only", async () => {
      const provider = new SimulatedPaymentProvider(KEY)
      const port = payIn(provider, KEY, "wx-app")
      const prepayId = await open(provider)
      const sheet = await Effect.runPromise(port.paySign(prepayId, now))
      expect(sheet).toMatchObject({ appId: "wx-app", package: `prepay_id=${prepayId}`, signType: "HMAC-SHA256", timeStamp: String(now.getTime() / 1000) })
      const paid = provider.pay(sheet, now.getTime())
      if (!paid.ok) throw new Error(paid.reason)
      expect(await Effect.runPromise(port.verifyNotice(paid.notice))).toEqual({ tradeNo: "P100", amountFen: 150, providerRef: paid.notice.transaction_id })
      expect(await Effect.runPromise(payIn(provider, "other", "wx-app").verifyNotice(paid.notice))).toBeUndefined()
      expect(await Effect.runPromise(port.verifyNotice({ ...paid.notice, total_fee: 1 }))).toBeUndefined()
      expect(await Effect.runPromise(port.verifyNotice({ ...paid.notice, extra: { nested: true } }))).toBeUndefined()
      expect(provider.pay(sheet, now.getTime())).toEqual({ ok: false, reason: "订单已支付" })
      expect(await Effect.runPromise(port.close("P100"))).toEqual({ closed: false, paid: true, reason: "订单已支付" })
    })

    it("refuses a forged pay-sign, a closed or expired order, and fails when told to", async () => {
      const provider = new SimulatedPaymentProvider(KEY)
      const port = payIn(provider, KEY, "wx-app")
      const a = await open(provider, "PA")
      expect(provider.pay({ ...paySignData("wx-app", a, "wrong-key", now) }, now.getTime())).toEqual({ ok: false, reason: "支付签名错误" })
      expect(provider.pay({ ...paySignData("wx-app", a, KEY, now), package: "prepay_id=wxother" }, now.getTime())).toEqual({ ok: false, reason: "支付签名错误" })
      expect(provider.pay(paySignData("wx-app", a, KEY, now), now.getTime() + 30 * 60_000)).toEqual({ ok: false, reason: "订单已过期" })
      expect(await Effect.runPromise(port.close("PA"))).toEqual({ closed: true })
      expect(provider.pay(paySignData("wx-app", a, KEY, now), now.getTime())).toEqual({ ok: false, reason: "订单已关闭" })
      const b = await open(provider, "PB")
      provider.failures = { pay: "余额不足" }
      expect(provider.pay(paySignData("wx-app", b, KEY, now), now.getTime())).toEqual({ ok: false, reason: "余额不足" })
      provider.failures = { prepay: "系统繁忙" }
      await expect(open(provider, "PC")).rejects.toThrow("系统繁忙")
      provider.failures = {}
      expect(await Effect.runPromise(payIn(provider, "wrong", "wx-app").prepay({ tradeNo: "PD", amountFen: 1, description: "x", openid: "o", expiresAt: now }))).toEqual({ ok: false, reason: "签名错误" })
      await expect(open(provider, "PB")).rejects.toThrow("商户订单号重复")
    })

    it("tells an order's expiry by the time it is given, not the machine's", async () => {
      // `now` is days before the machine's time: by the machine's clock every order made then has expired
      let at = now.getTime()
      const provider = new SimulatedPaymentProvider(KEY, { now: () => at })
      const prepayId = await open(provider, "PT")
      at += 29 * 60_000
      expect(provider.pay(paySignData("wx-app", prepayId, KEY, now)).ok).toBe(true)
      const late = await open(provider, "PU")
      at += 30 * 60_000
      expect(provider.pay(paySignData("wx-app", late, KEY, now))).toEqual({ ok: false, reason: "订单已过期" })
    })

    it("refunds a paid order once per refund number, never more than it took", async () => {
      const provider = new SimulatedPaymentProvider(KEY)
      const port = payIn(provider, KEY, "wx-app")
      const prepayId = await open(provider, "PR", 300)
      expect(await Effect.runPromise(port.refund({ tradeNo: "PR", refundNo: "R1", amountFen: 300 }))).toEqual({ ok: false, reason: "订单未支付" })
      const paid = provider.pay(paySignData("wx-app", prepayId, KEY, now), now.getTime())
      expect(paid.ok).toBe(true)
      provider.failures = { refund: "退款系统繁忙" }
      expect(await Effect.runPromise(port.refund({ tradeNo: "PR", refundNo: "R1", amountFen: 300 }))).toEqual({ ok: false, reason: "退款系统繁忙" })
      provider.failures = {}
      const first = await Effect.runPromise(port.refund({ tradeNo: "PR", refundNo: "R1", amountFen: 300 }))
      expect(first.ok).toBe(true)
      expect(await Effect.runPromise(port.refund({ tradeNo: "PR", refundNo: "R1", amountFen: 300 }))).toEqual(first)
      expect(await Effect.runPromise(port.refund({ tradeNo: "PR", refundNo: "R2", amountFen: 1 }))).toEqual({ ok: false, reason: "退款金额大于支付金额" })
    })
  })
})
