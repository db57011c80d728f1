/** The SmsGateway port's contract, run against the fake and each provider's adapter (each with its stand-in). */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SmsRefused, type SmsGateway } from "./fake-sms-gateway"

export interface SmsSubject {
  readonly gateway: SmsGateway
  /** What reached the phones, as the provider rendered it. */
  delivered(): Array<{ to: string; text: string }>
  /** A number the provider throttles (absent: the gateway throttles nobody). */
  readonly throttled?: string
  /** The same gateway with a wrong secret. */
  readonly wrongSecret?: SmsGateway
  /** The same gateway against a provider that never answers, with a short timeout. */
  readonly timingOut?: SmsGateway
  close?(): Promise<void>
}

const refusal = async (sending: Promise<void>) => {
  const e = await sending.then(() => undefined, (e: unknown) => e)
  expect(e).toBeInstanceOf(SmsRefused)
  return e as SmsRefused
}

export const smsGatewayContract = (name: string, make: () => Promise<SmsSubject>) =>
  describe(`the SMS gateway contract: ${name}`, () => {
    let s: SmsSubject
    beforeAll(async () => { s = await make() })
    afterAll(() => s.close?.())

    it("delivers a message rendered from the template with its params", async () => {
      await s.gateway.send("13800000001", "captcha", { code: "123456" })
      await s.gateway.send("13800000002", "parcelArrived", { site: "东区", company: "顺丰", code: "A-12", serviceTime: "9:00-21:00" })
      expect(s.delivered().slice(-2)).toEqual([
        { to: "13800000001", text: "您的验证码是123456，5分钟内有效。" },
        { to: "13800000002", text: "【东区】您的顺丰快递已到，取件码A-12，营业时间9:00-21:00。" }
      ])
    })

    it("refuses an invalid number for good", async () => {
      expect((await refusal(s.gateway.send("12345", "captcha", { code: "1" }))).permanent).toBe(true)
    })

    it("refuses an unknown template for good", async () => {
      expect((await refusal(s.gateway.send("13800000001", "noSuchTemplate", {}))).permanent).toBe(true)
    })

    it("refuses a throttled number for now (retry later)", async (ctx) => {
      if (!s.throttled) return ctx.skip()
      expect((await refusal(s.gateway.send(s.throttled, "captcha", { code: "1" }))).permanent).toBe(false)
    })

    it("is refused with a wrong secret, and the secret is not in the message", async (ctx) => {
      if (!s.wrongSecret) return ctx.skip()
      const e = await refusal(s.wrongSecret.send("13800000001", "captcha", { code: "1" }))
      expect(e.permanent).toBe(true)
      expect(e.message).not.toMatch(/wrong-secret/)
    })

    it("a provider that does not answer is a refusal for now", async (ctx) => {
      if (!s.timingOut) return ctx.skip()
      expect((await refusal(s.timingOut.send("13800000001", "captcha", { code: "1" }))).permanent).toBe(false)
    })
  })
