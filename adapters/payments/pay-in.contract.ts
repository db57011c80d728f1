/** The PayIn port's contract, run against the simulated provider's adapter and the WeChat Pay v3 one (with its stand-in). */
import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PayIn, PaySign, PostedNotice } from "#src/payment/pay-in"

export interface PayInSubject {
  readonly payIn: PayIn["Service"]
  /** The user pays in the sheet with this pay-sign: the notice the provider then posted, or undefined when it refused to take the money. */
  pay(sheet: PaySign): Promise<PostedNotice | undefined>
  /** While on, the provider refuses prepays with one of its documented errors. */
  refusePrepays(on: boolean): void
  /** The same port against a provider that never answers, with a short timeout (absent: an in-process provider cannot time out). */
  readonly timingOut?: PayIn["Service"]
  /** The provider's clock (epoch ms). */
  now(): number
  close(): Promise<void>
}

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)
const tradeNumber = () => `P${Date.now()}${randomBytes(4).toString("hex")}`.toUpperCase()

/** The same notice with its body changed by one field (what a forger would post). */
const tampered = (notice: PostedNotice): PostedNotice => ({ ...notice, body: JSON.stringify({ ...(JSON.parse(notice.body) as object), total_fee: 1, id: "forged" }) })

export const payInContract = (name: string, make: () => Promise<PayInSubject>) =>
  describe(`the PayIn contract: ${name}`, () => {
    let s: PayInSubject
    beforeAll(async () => { s = await make() })
    afterAll(() => s?.close())

    const prepay = (tradeNo: string, amountFen = 150) =>
      run(s.payIn.prepay({ tradeNo, amountFen, description: "保管费", openid: "o-contract", expiresAt: new Date(s.now() + 30 * 60_000) }))
    const opened = async (tradeNo: string, amountFen = 150) => {
      const answer = await prepay(tradeNo, amountFen)
      if (!answer.ok) throw new Error(answer.reason)
      return answer.prepayId
    }

    it("prepay → the pay-sign pays → the notice gives the trade → close refused as paid → refund, idempotent by refund number", async () => {
      const tradeNo = tradeNumber()
      const prepayId = await opened(tradeNo, 150)
      const sheet = await run(s.payIn.paySign(prepayId, new Date(s.now())))
      expect(sheet.package).toBe(`prepay_id=${prepayId}`)
      const notice = await s.pay(sheet)
      expect(notice).toBeDefined()
      expect(await run(s.payIn.verifyNotice(notice!))).toEqual({ tradeNo, amountFen: 150, providerRef: expect.stringMatching(/./) })
      expect(await run(s.payIn.close(tradeNo))).toMatchObject({ closed: false, paid: true })
      const refunded = await run(s.payIn.refund({ tradeNo, refundNo: `R${tradeNo}`.slice(0, 32), amountFen: 150 }))
      expect(refunded).toEqual({ ok: true, reference: expect.stringMatching(/./) })
      expect(await run(s.payIn.refund({ tradeNo, refundNo: `R${tradeNo}`.slice(0, 32), amountFen: 150 }))).toEqual(refunded)
    })

    it("a pay-sign made for another prepay, or changed, does not pay", async () => {
      const prepayId = await opened(tradeNumber())
      const sheet = await run(s.payIn.paySign(prepayId, new Date(s.now())))
      expect(await s.pay({ ...sheet, paySign: (await run(s.payIn.paySign(`${prepayId}x`, new Date(s.now())))).paySign })).toBeUndefined()
      expect(await s.pay({ ...sheet, nonceStr: `${sheet.nonceStr}x` })).toBeUndefined()
    })

    it("a tampered notice is refused", async () => {
      const tradeNo = tradeNumber()
      const notice = await s.pay(await run(s.payIn.paySign(await opened(tradeNo), new Date(s.now()))))
      expect(await run(s.payIn.verifyNotice(tampered(notice!)))).toBeUndefined()
      expect(await run(s.payIn.verifyNotice({ headers: {}, body: "not json" }))).toBeUndefined()
    })

    it("closes an unpaid order, which then cannot be paid; an unknown order counts as closed", async () => {
      const tradeNo = tradeNumber()
      const prepayId = await opened(tradeNo)
      expect(await run(s.payIn.close(tradeNo))).toEqual({ closed: true })
      expect(await s.pay(await run(s.payIn.paySign(prepayId, new Date(s.now()))))).toBeUndefined()
      expect(await run(s.payIn.close(tradeNumber()))).toEqual({ closed: true })
    })

    it("refuses to refund an unpaid order", async () => {
      const tradeNo = tradeNumber()
      await opened(tradeNo)
      expect(await run(s.payIn.refund({ tradeNo, refundNo: `R${tradeNo}`.slice(0, 32), amountFen: 150 }))).toEqual({ ok: false, reason: expect.stringMatching(/./) })
    })

    it("a provider error is ok:false with its reason", async () => {
      s.refusePrepays(true)
      try {
        expect(await prepay(tradeNumber())).toEqual({ ok: false, reason: expect.stringMatching(/./) })
      } finally {
        s.refusePrepays(false)
      }
    })

    it("a provider that does not answer in time is ok:false", async (ctx) => {
      if (!s.timingOut) return ctx.skip()
      expect(await run(s.timingOut.prepay({ tradeNo: tradeNumber(), amountFen: 150, description: "保管费", openid: "o", expiresAt: new Date(s.now() + 60_000) })))
        .toEqual({ ok: false, reason: expect.stringMatching(/./) })
    })
  })
