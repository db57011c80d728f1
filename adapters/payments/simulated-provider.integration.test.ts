/**
 * The simulated payment provider over its books in the database: signed requests, prepay, the sheet's pay,
 * notices, closing, refunds and transfers, with the real service's failures; a second provider object on the same
 * database (a restart, another process) knows what the first did; what it answered inside a caller's transaction
 * is kept when that transaction rolls back. On PGlite and, with TEST_DATABASE_URL, on Postgres.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, unique, type TestApp } from "../../test/support/test-app"
import { OutsideWrites } from "../postgres/outside-writes"
import { jsonNotice } from "#src/payment/pay-in"
import { payIn, paySignData } from "./pay-in"
import type { ProviderTables } from "./provider-books"
import { payouts, signFields, SimulatedPaymentProvider, type ProviderOptions } from "./simulated-provider"

const KEY = "merchant-key"

for (const backend of backends) {
  describe(`simulated payment provider [${backend}]`, () => {
    let t: TestApp
    beforeAll(async () => { t = await startTestApp(backend) })
    afterAll(async () => { await t?.close() })

    const outside = () => new OutsideWrites(t.runtime.database.db, t.runtime.database.beside)
    const provider = (options: ProviderOptions = {}) => new SimulatedPaymentProvider(KEY, outside(), options)
    const books = () => t.db.withTables<ProviderTables>()
    const setFunds = (fen: number) => books().updateTable("sim_provider_merchant").set({ funds_fen: fen }).execute()
    const funds = async () => (await books().selectFrom("sim_provider_merchant").select("funds_fen").executeTakeFirstOrThrow()).funds_fen
    const orderRow = (tradeNo: string) => books().selectFrom("sim_provider_order").selectAll().where("out_trade_no", "=", tradeNo).executeTakeFirst()
    const refundRows = (tradeNo: string) => books().selectFrom("sim_provider_refund").select(["out_refund_no", "refund_fee", "refund_id"]).where("out_trade_no", "=", tradeNo).execute()

    it("pays a signed transfer once per trade number, from the merchant's funds", async () => {
      await setFunds(1_000)
      const p = provider()
      const tradeNo = unique("w")
      const fields = { partner_trade_no: tradeNo, openid: "o1", amount: 600, desc: "提现", nonce_str: "n" }
      const request = { ...fields, sign: signFields(fields, KEY) }
      const first = await p.transfer(request)
      expect(first.ok).toBe(true)
      expect(await p.transfer(request)).toEqual(first)
      expect(await funds()).toBe(400)
      const other = { ...fields, partner_trade_no: unique("w") }
      expect(await p.transfer({ ...other, sign: signFields(other, KEY) })).toEqual({ ok: false, reason: "商户余额不足" })
      // funds short is not an answer for good: with funds again the same trade number is paid
      await setFunds(10_000)
      expect(await p.transfer({ ...other, sign: signFields(other, KEY) })).toMatchObject({ ok: true })
      expect(await funds()).toBe(9_400)
      await setFunds(10_000_000)
    })

    it("refuses requests whose signature does not match, amounts below the minimum and users it does not know, for good", async () => {
      const p = provider({ knownOpenid: (openid) => openid !== "stranger" })
      const fields = { partner_trade_no: unique("w"), openid: "o1", amount: 600, nonce_str: "n" }
      expect(await p.transfer({ ...fields, sign: signFields(fields, "another-key") })).toEqual({ ok: false, reason: "签名错误" })
      expect(await p.transfer({ ...fields, amount: 601, sign: signFields(fields, KEY) })).toEqual({ ok: false, reason: "签名错误" })
      const small = { ...fields, partner_trade_no: unique("w"), amount: 29 }
      expect(await p.transfer({ ...small, sign: signFields(small, KEY) })).toEqual({ ok: false, reason: "付款金额不能小于最低限额" })
      const stranger = { ...fields, partner_trade_no: unique("w"), openid: "stranger" }
      expect(await p.transfer({ ...stranger, sign: signFields(stranger, KEY) })).toEqual({ ok: false, reason: "openid与商户appid不匹配" })
      // the answer is kept: the same trade number is refused again even for a user it now knows
      expect(await provider().transfer({ ...stranger, sign: signFields(stranger, KEY) })).toEqual({ ok: false, reason: "openid与商户appid不匹配" })
    })

    it("signs prepay requests and notifications that verify with the merchant key only", async () => {
      const p = provider()
      const tradeNo = unique("P")
      const order = { out_trade_no: tradeNo, total_fee: 300, body: "跑腿费", nonce_str: "n" }
      const prepay = await p.prepay({ ...order, sign: signFields(order, KEY) })
      if (!prepay.ok) throw new Error(prepay.reason)
      const notice = (await p.notification(prepay.prepayId))!
      expect(notice).toMatchObject({ out_trade_no: tradeNo, total_fee: 300, result_code: "SUCCESS" })
      expect(SimulatedPaymentProvider.verifyNotification(notice, KEY)).toBe(true)
      expect(SimulatedPaymentProvider.verifyNotification({ ...notice, total_fee: 1 }, KEY)).toBe(false)
      expect(await p.notification("wxnone")).toBeUndefined()
    })

    it("is reached through the Payouts port with signed requests", async () => {
      const p = provider()
      expect(await Effect.runPromise(payouts(p, KEY).transfer({ withdrawalId: unique("w"), openid: "o9", amountFen: 994 }))).toMatchObject({ ok: true })
      expect(await Effect.runPromise(payouts(p, "wrong").transfer({ withdrawalId: unique("w"), openid: "o9", amountFen: 994 })))
        .toEqual({ ok: false, reason: "签名错误" })
    })

    describe("money coming in through the PayIn port", () => {
      const now = new Date("2026-11-23T04:00:00Z")
      const open = async (p: SimulatedPaymentProvider, tradeNo = unique("P"), amountFen = 150, key = KEY) => {
        const answer = await Effect.runPromise(payIn(p, key, "wx-app").prepay({ tradeNo, amountFen, description: "保管费", openid: "o1", expiresAt: new Date(now.getTime() + 30 * 60_000) }))
        if (!answer.ok) throw new Error(answer.reason)
        return answer.prepayId
      }

      it("the sheet pays a prepay once with the server's pay-sign, and the notice verifies with the merchant key only", async () => {
        const p = provider()
        const port = payIn(p, KEY, "wx-app")
        const tradeNo = unique("P")
        const prepayId = await open(p, tradeNo)
        const sheet = await Effect.runPromise(port.paySign(prepayId, now))
        expect(sheet).toMatchObject({ appId: "wx-app", package: `prepay_id=${prepayId}`, signType: "HMAC-SHA256", timeStamp: String(now.getTime() / 1000) })
        const paid = await p.pay(sheet, now.getTime())
        if (!paid.ok) throw new Error(paid.reason)
        expect(await Effect.runPromise(port.verifyNotice(jsonNotice(paid.notice)))).toEqual({ tradeNo, amountFen: 150, providerRef: paid.notice.transaction_id })
        expect(await Effect.runPromise(payIn(p, "other", "wx-app").verifyNotice(jsonNotice(paid.notice)))).toBeUndefined()
        expect(await Effect.runPromise(port.verifyNotice(jsonNotice({ ...paid.notice, total_fee: 1 })))).toBeUndefined()
        expect(await Effect.runPromise(port.verifyNotice(jsonNotice({ ...paid.notice, extra: { nested: true } })))).toBeUndefined()
        expect(await p.pay(sheet, now.getTime())).toEqual({ ok: false, reason: "订单已支付" })
        expect(await Effect.runPromise(port.close(tradeNo))).toEqual({ closed: false, paid: true, reason: "订单已支付" })
        // the notice it posts again carries the payment's transaction id
        expect(await p.notification(prepayId)).toMatchObject({ out_trade_no: tradeNo, transaction_id: paid.notice.transaction_id })
        expect(await orderRow(tradeNo)).toMatchObject({ state: "paid", total_fee: 150, transaction_id: paid.notice.transaction_id, paid_at: now })
      })

      it("refuses a forged pay-sign, a closed or expired order, and fails when told to", async () => {
        const p = provider()
        const port = payIn(p, KEY, "wx-app")
        const [pa, pb] = [unique("PA"), unique("PB")]
        const a = await open(p, pa)
        expect(await p.pay({ ...paySignData("wx-app", a, "wrong-key", now) }, now.getTime())).toEqual({ ok: false, reason: "支付签名错误" })
        expect(await p.pay({ ...paySignData("wx-app", a, KEY, now), package: "prepay_id=wxother" }, now.getTime())).toEqual({ ok: false, reason: "支付签名错误" })
        expect(await p.pay(paySignData("wx-app", "wxnone", KEY, now), now.getTime())).toEqual({ ok: false, reason: "订单不存在" })
        expect(await p.pay(paySignData("wx-app", a, KEY, now), now.getTime() + 30 * 60_000)).toEqual({ ok: false, reason: "订单已过期" })
        expect(await Effect.runPromise(port.close(pa))).toEqual({ closed: true })
        expect(await p.pay(paySignData("wx-app", a, KEY, now), now.getTime())).toEqual({ ok: false, reason: "订单已关闭" })
        expect(await Effect.runPromise(port.close(unique("PNONE")))).toEqual({ closed: true })
        const b = await open(p, pb)
        p.failures = { pay: "余额不足" }
        expect(await p.pay(paySignData("wx-app", b, KEY, now), now.getTime())).toEqual({ ok: false, reason: "余额不足" })
        p.failures = { prepay: "系统繁忙" }
        await expect(open(p)).rejects.toThrow("系统繁忙")
        p.failures = {}
        expect(await Effect.runPromise(payIn(p, "wrong", "wx-app").prepay({ tradeNo: unique("PD"), amountFen: 1, description: "x", openid: "o", expiresAt: now }))).toEqual({ ok: false, reason: "签名错误" })
        await expect(open(p, pb)).rejects.toThrow("商户订单号重复")
        // another provider object (a restart, another process) knows the order too
        await expect(open(provider(), pb)).rejects.toThrow("商户订单号重复")
        expect((await provider().pay(paySignData("wx-app", b, KEY, now), now.getTime())).ok).toBe(true)
      })

      it("tells an order's expiry by the time it is given, not the machine's", async () => {
        // `now` is days before the machine's time: by the machine's clock every order made then has expired
        let at = now.getTime()
        const p = provider({ now: () => at })
        const prepayId = await open(p)
        at += 29 * 60_000
        expect((await p.pay(paySignData("wx-app", prepayId, KEY, now))).ok).toBe(true)
        const late = await open(p)
        at += 30 * 60_000
        expect(await p.pay(paySignData("wx-app", late, KEY, now))).toEqual({ ok: false, reason: "订单已过期" })
      })

      it("refunds a paid order once per refund number, never more than it took", async () => {
        const p = provider()
        const port = payIn(p, KEY, "wx-app")
        const tradeNo = unique("PR")
        const prepayId = await open(p, tradeNo, 300)
        expect(await Effect.runPromise(port.refund({ tradeNo, refundNo: "R1", amountFen: 300 }))).toEqual({ ok: false, reason: "订单未支付" })
        const paid = await p.pay(paySignData("wx-app", prepayId, KEY, now), now.getTime())
        expect(paid.ok).toBe(true)
        p.failures = { refund: "退款系统繁忙" }
        expect(await Effect.runPromise(port.refund({ tradeNo, refundNo: "R1", amountFen: 300 }))).toEqual({ ok: false, reason: "退款系统繁忙" })
        p.failures = {}
        const first = await Effect.runPromise(port.refund({ tradeNo, refundNo: "R1", amountFen: 300 }))
        expect(first.ok).toBe(true)
        expect(await Effect.runPromise(port.refund({ tradeNo, refundNo: "R1", amountFen: 300 }))).toEqual(first)
        expect(await Effect.runPromise(port.refund({ tradeNo, refundNo: "R2", amountFen: 1 }))).toEqual({ ok: false, reason: "退款金额大于支付金额" })
        // a restarted provider answers the same refund number with the same refund
        expect(await Effect.runPromise(payIn(provider(), KEY, "wx-app").refund({ tradeNo, refundNo: "R1", amountFen: 300 }))).toEqual(first)
        expect(await refundRows(tradeNo)).toEqual([{ out_refund_no: "R1", refund_fee: 300, refund_id: first.ok ? first.reference : "" }])
        expect(await orderRow(tradeNo)).toMatchObject({ state: "refunded" })
      })

      it("refuses to refund an order it has no record of, as the real service does", async () => {
        const port = payIn(provider(), KEY, "wx-app")
        const tradeNo = unique("PX")
        expect(await Effect.runPromise(port.refund({ tradeNo, refundNo: `R${tradeNo}`, amountFen: 300 }))).toEqual({ ok: false, reason: "订单号不存在" })
        expect(await orderRow(tradeNo)).toBeUndefined()
        expect(await refundRows(tradeNo)).toEqual([])
      })

      it("keeps what it answered inside a caller's transaction when that transaction rolls back", async () => {
        const p = provider()
        const tradeNo = unique("PK")
        const prepayId = await open(p, tradeNo, 300)
        expect((await p.pay(paySignData("wx-app", prepayId, KEY, now), now.getTime())).ok).toBe(true)
        const marker = unique("job")
        let answer: unknown
        await expect(outside().transaction(t.db, async (trx) => {
          await trx.insertInto("job_item_failure").values({
            job: marker, item_id: tradeNo, attempts: 1, last_error: "x", first_failed_at: now, last_failed_at: now, next_try_at: null
          }).execute()
          answer = await Effect.runPromise(payIn(p, KEY, "wx-app", trx).refund({ tradeNo, refundNo: "R1", amountFen: 300 }))
          throw new Error("the caller fails after the provider refunded")
        })).rejects.toThrow("the caller fails after the provider refunded")
        expect(answer).toMatchObject({ ok: true })
        // the caller's own write is gone, the provider's refund stays
        expect(await t.db.selectFrom("job_item_failure").select("job").where("job", "=", marker).execute()).toEqual([])
        expect(await refundRows(tradeNo)).toEqual([expect.objectContaining({ out_refund_no: "R1", refund_fee: 300 })])
        expect(await Effect.runPromise(payIn(p, KEY, "wx-app").refund({ tradeNo, refundNo: "R1", amountFen: 300 }))).toEqual(answer)
        // a transaction in which the provider wrote nothing rolls back as any other
        await expect(outside().transaction(t.db, async (trx) => {
          await trx.insertInto("job_item_failure").values({
            job: marker, item_id: "plain", attempts: 1, last_error: "x", first_failed_at: now, last_failed_at: now, next_try_at: null
          }).execute()
          throw new Error("plain failure")
        })).rejects.toThrow("plain failure")
        expect(await t.db.selectFrom("job_item_failure").select("job").where("job", "=", marker).execute()).toEqual([])
      })
    })
  })
}
