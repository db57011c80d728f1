/**
 * The WeChat Pay v3 adapter against the stand-in: the PayIn contract, then what v3 adds — settings named when missing,
 * replayed, stale, tampered and foreign-signed notices refused, an expired platform certificate refused, a rotated one
 * fetched, the refund notice, the order query.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PostedNotice } from "#src/payment/pay-in"
import { payInContract } from "./pay-in.contract"
import { wechatPay, wechatPaySettings } from "./wechatpay"
import { newPlatformCertificate, newRsaKey, startWechatPayStandIn, type PlatformCertificate } from "./wechatpay-stand-in"

const merchantKey = newRsaKey()
const MERCHANT_PEM = merchantKey.export({ type: "pkcs8", format: "pem" }) as string
const API_V3_KEY = "0123456789abcdef0123456789abcdef"
const DAY = 86_400_000
const certificate = (serial: string, fromDays: number, toDays: number) => newPlatformCertificate(serial, new Date(Date.now() + fromDays * DAY), new Date(Date.now() + toDays * DAY))
const EXPIRED = certificate("PLATFORM-OLD", -400, -1)

/** Where the notices arrive: every POST kept as it came (headers in lower case, the body as text), answered 204. */
const startNotifyReceiver = async () => {
  const received: PostedNotice[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.at(-1) : v])), body: Buffer.concat(chunks).toString("utf8") })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wx/payNotify`, received, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const env = (endpoint: string, notifyUrl: string, more: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  WECHATPAY_MCH_ID: "1900000001", WECHATPAY_APP_ID: "wxapp", WECHATPAY_SERIAL_NO: "MERCHANT1", WECHATPAY_PRIVATE_KEY: MERCHANT_PEM,
  WECHATPAY_API_V3_KEY: API_V3_KEY, WECHATPAY_NOTIFY_URL: notifyUrl, WECHATPAY_ENDPOINT: endpoint, WECHATPAY_TIMEOUT_MS: "2000", ...more
})

/** A stand-in, a receiver and the adapter, on clocks a test can move: `skew` moves both, `providerLag` only the provider's. */
const setUp = async (platform: PlatformCertificate[] = [EXPIRED, certificate("PLATFORM1", -30, 300)]) => {
  const clock = { skew: 0, providerLag: 0 }
  const merchantNow = () => Date.now() + clock.skew
  const receiver = await startNotifyReceiver()
  const standIn = await startWechatPayStandIn({
    mchid: "1900000001", appid: "wxapp", merchantSerial: "MERCHANT1", merchantPublicKey: merchantKey, apiV3Key: API_V3_KEY, platform,
    now: () => merchantNow() - clock.providerLag
  })
  const adapter = wechatPay(wechatPaySettings(env(standIn.endpoint, receiver.url)), merchantNow)
  return { clock, merchantNow, receiver, standIn, adapter, close: async () => { await standIn.close(); await receiver.close() } }
}
type SetUp = Awaited<ReturnType<typeof setUp>>

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)

payInContract("WeChat Pay API v3", async () => {
  const s = await setUp()
  const hanging = await startWechatPayStandIn({ mchid: "1900000001", appid: "wxapp", merchantSerial: "MERCHANT1", merchantPublicKey: merchantKey, apiV3Key: API_V3_KEY, platform: [EXPIRED] })
  hanging.state.hang = true
  return {
    payIn: s.adapter.port,
    pay: async (sheet) => {
      const paid = await s.standIn.pay(sheet)
      return paid.ok ? s.receiver.received.at(-1) : undefined
    },
    refusePrepays: (on) => { if (on) s.standIn.state.refuseNext.prepay = "SYSTEM_ERROR"; else delete s.standIn.state.refuseNext.prepay },
    timingOut: wechatPay(wechatPaySettings(env(hanging.endpoint, s.receiver.url, { WECHATPAY_TIMEOUT_MS: "300" }))).port,
    now: s.merchantNow,
    close: async () => { await s.close(); await hanging.close() }
  }
})

describe("WeChat Pay v3 settings", () => {
  it("stop the start naming a missing or malformed variable, never its value", () => {
    const full = env("http://127.0.0.1:1", "https://station.example/api/wx/payNotify")
    for (const name of ["WECHATPAY_MCH_ID", "WECHATPAY_APP_ID", "WECHATPAY_SERIAL_NO", "WECHATPAY_API_V3_KEY", "WECHATPAY_NOTIFY_URL"]) {
      expect(() => wechatPaySettings({ ...full, [name]: "" })).toThrow(`${name} is not set`)
    }
    expect(() => wechatPaySettings({ ...full, WECHATPAY_PRIVATE_KEY: "" })).toThrow("WECHATPAY_PRIVATE_KEY or WECHATPAY_PRIVATE_KEY_FILE is not set")
    expect(() => wechatPaySettings({ ...full, WECHATPAY_API_V3_KEY: "short-secret" })).toThrow(/^WECHATPAY_API_V3_KEY must be 32 characters$/)
    expect(() => wechatPaySettings({ ...full, WECHATPAY_PRIVATE_KEY: "not a key" })).toThrow(/^WECHATPAY_PRIVATE_KEY is not a PEM private key/)
  })

  it("read the key from WECHATPAY_PRIVATE_KEY_FILE, and default the endpoint", () => {
    const file = join(mkdtempSync(join(tmpdir(), "wechatpay-")), "apiclient_key.pem")
    writeFileSync(file, MERCHANT_PEM)
    const settings = wechatPaySettings({ ...env("", "https://station.example/n"), WECHATPAY_PRIVATE_KEY: "", WECHATPAY_PRIVATE_KEY_FILE: file, WECHATPAY_ENDPOINT: "" })
    expect(settings.endpoint).toBe("https://api.mch.weixin.qq.com")
    expect(settings.privateKey.asymmetricKeyType).toBe("rsa")
  })
})

describe("WeChat Pay v3 on the wire", () => {
  let s: SetUp
  beforeAll(async () => { s = await setUp() })
  afterAll(() => s.close())

  const paidOrder = async (tradeNo: string, amountFen = 250) => {
    const prepay = await run(s.adapter.port.prepay({ tradeNo, amountFen, description: "跑腿费", openid: "o-wire", expiresAt: new Date(s.merchantNow() + 30 * 60_000) }))
    if (!prepay.ok) throw new Error(prepay.reason)
    const paid = await s.standIn.pay(await run(s.adapter.port.paySign(prepay.prepayId, new Date(s.merchantNow()))))
    if (!paid.ok) throw new Error(paid.reason)
    return s.receiver.received.at(-1)!
  }

  it("sends the JSAPI order in fen with its deadline in Beijing time, signed as v3 asks", async () => {
    await run(s.adapter.port.prepay({ tradeNo: "TWIRE0001", amountFen: 1234, description: "保管费", openid: "o1", expiresAt: new Date("2026-12-01T04:00:00Z") }))
    const request = s.standIn.state.requests.filter((r) => r.path === "/v3/pay/transactions/jsapi").at(-1)!
    expect(JSON.parse(request.body)).toMatchObject({
      appid: "wxapp", mchid: "1900000001", out_trade_no: "TWIRE0001", time_expire: "2026-12-01T12:00:00+08:00",
      amount: { total: 1234, currency: "CNY" }, payer: { openid: "o1" }, notify_url: s.receiver.url
    })
    expect(request.headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",serial_no="MERCHANT1",timestamp="\d+",nonce_str="\w{32}",signature="[^"]+"$/)
  })

  it("the pay-sign is v3's: RSA over appId, timeStamp, nonceStr and package", async () => {
    const sheet = await run(s.adapter.port.paySign("wx123", new Date("2026-12-01T00:00:00Z")))
    expect(sheet).toMatchObject({ appId: "wxapp", timeStamp: "1796083200", package: "prepay_id=wx123", signType: "RSA" })
  })

  it("refuses a replayed notice, one older than 5 minutes, and one signed by an unknown or an expired certificate", async () => {
    const notice = await paidOrder("TWIRE0002")
    expect(await run(s.adapter.port.verifyNotice(notice))).toMatchObject({ tradeNo: "TWIRE0002", amountFen: 250 })
    expect(await run(s.adapter.port.verifyNotice(notice))).toBeUndefined()
    s.clock.providerLag = 6 * 60_000
    const stale = s.standIn.paidNotice("TWIRE0002")
    s.clock.providerLag = 0
    expect(await run(s.adapter.port.verifyNotice(stale))).toBeUndefined()
    expect(await run(s.adapter.port.verifyNotice(s.standIn.paidNotice("TWIRE0002", certificate("PLATFORM-FORGED", -1, 300))))).toBeUndefined()
    expect(await run(s.adapter.port.verifyNotice(s.standIn.paidNotice("TWIRE0002", EXPIRED)))).toBeUndefined()
    expect(await run(s.adapter.port.verifyNotice(s.standIn.paidNotice("TWIRE0002")))).toMatchObject({ tradeNo: "TWIRE0002" })
  })

  it("refuses an answer signed with an expired certificate", async () => {
    s.standIn.state.signingSerial = EXPIRED.serial
    try {
      expect(await run(s.adapter.port.prepay({ tradeNo: "TWIRE0003", amountFen: 1, description: "x", openid: "o", expiresAt: new Date(s.merchantNow() + 60_000) })))
        .toEqual({ ok: false, reason: "微信支付应答签名验证失败" })
    } finally {
      s.standIn.state.signingSerial = "PLATFORM1"
    }
  })

  it("reads the refund notice; queries an order's state", async () => {
    await paidOrder("TWIRE0004", 300)
    expect(await s.adapter.query("TWIRE0004")).toMatchObject({ ok: true, state: "SUCCESS", amountFen: 300 })
    expect(await s.adapter.query("TWIRE0404")).toEqual({ ok: true, state: "missing" })
    expect(await run(s.adapter.port.refund({ tradeNo: "TWIRE0004", refundNo: "RTWIRE0004", amountFen: 300 }))).toMatchObject({ ok: true })
    const { delivered } = await s.standIn.settleRefund("RTWIRE0004")
    expect(delivered?.status).toBe(204)
    expect(await run(s.adapter.port.verifyNotice(s.receiver.received.at(-1)!))).toEqual({ tradeNo: "TWIRE0004", refundNo: "RTWIRE0004", refunded: true })
  })

  it("a refund the merchant's funds cannot cover is ok:false with the provider's message", async () => {
    await paidOrder("TWIRE0005", 300)
    s.standIn.state.refuseNext.refund = "NOT_ENOUGH"
    expect(await run(s.adapter.port.refund({ tradeNo: "TWIRE0005", refundNo: "RTWIRE0005", amountFen: 300 }))).toEqual({ ok: false, reason: "基本账户余额不足，请充值后重新发起" })
  })

  it("fetches the certificates again when a notice names a new serial (rotation), at most once a minute", async () => {
    const rotated = certificate("PLATFORM2", 0, 400)
    s.standIn.rotate(rotated)
    const notice = await paidOrder("TWIRE0006").catch((e: Error) => e)
    // the prepay's answer is already signed by the new certificate: within a minute of the last download it is not fetched
    expect(notice).toBeInstanceOf(Error)
    s.clock.skew = 61_000
    const fresh = await paidOrder("TWIRE0007")
    expect(fresh.headers["wechatpay-serial"]).toBe("PLATFORM2")
    expect(await run(s.adapter.port.verifyNotice(fresh))).toMatchObject({ tradeNo: "TWIRE0007" })
  })
})
