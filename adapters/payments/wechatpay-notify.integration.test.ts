/**
 * The station's notify route with PAYMENTS=wechatpay: a v3 notice posted by the stand-in reaches the adapter with its
 * headers and its body as sent (verified, decrypted, the trade looked up), and is answered `{ code: "FAIL", message }`
 * with a 4xx when refused — a tampered one as a bad signature. A replay of a settled notice, across processes: see
 * notice-nonces.integration.test.ts.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createHttpApp } from "../http/server"
import { migrateToLatest, openDatabase, type Database } from "../postgres/database"
import { Runtime } from "../runtime"
import { wechatPay, wechatPaySettings } from "./wechatpay"
import { newPlatformCertificate, newRsaKey, startWechatPayStandIn, type WechatPayStandIn } from "./wechatpay-stand-in"
import { blankMemory } from "../../test/support/blank-database"

const merchantKey = newRsaKey()
const API_V3_KEY = "0123456789abcdef0123456789abcdef"

describe("the notify route with WeChat Pay v3", () => {
  let database: Database
  let standIn: WechatPayStandIn
  let http: ReturnType<typeof createServer>
  let notifyUrl: string
  beforeAll(async () => {
    database = await openDatabase(blankMemory())
    await migrateToLatest(database.db)
    standIn = await startWechatPayStandIn({
      mchid: "1900000001", appid: "wxapp", merchantSerial: "MERCHANT1", merchantPublicKey: merchantKey, apiV3Key: API_V3_KEY,
      platform: [newPlatformCertificate("PLATFORM1", new Date(Date.now() - 86_400_000), new Date(Date.now() + 300 * 86_400_000))]
    })
    http = createServer()
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
    notifyUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/wx/payNotify`
    const env = {
      PAYMENTS: "wechatpay", WECHATPAY_MCH_ID: "1900000001", WECHATPAY_APP_ID: "wxapp", WECHATPAY_SERIAL_NO: "MERCHANT1",
      WECHATPAY_PRIVATE_KEY: merchantKey.export({ type: "pkcs8", format: "pem" }) as string, WECHATPAY_API_V3_KEY: API_V3_KEY,
      WECHATPAY_NOTIFY_URL: notifyUrl, WECHATPAY_ENDPOINT: standIn.endpoint
    }
    const runtime = await Runtime.create(database, { env })
    http.on("request", createHttpApp(runtime, { devSignIn: false }))
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => http?.close(() => resolve()))
    await standIn?.close()
    await database?.close()
  })

  it("verifies and decrypts the posted notice, then refuses a trade it does not have, a tampered notice and a replay", async () => {
    // an order the station never opened: the stand-in pays it and posts its notice to the station
    const merchant = wechatPay(wechatPaySettings({
      WECHATPAY_MCH_ID: "1900000001", WECHATPAY_APP_ID: "wxapp", WECHATPAY_SERIAL_NO: "MERCHANT1", WECHATPAY_PRIVATE_KEY: merchantKey.export({ type: "pkcs8", format: "pem" }) as string,
      WECHATPAY_API_V3_KEY: API_V3_KEY, WECHATPAY_NOTIFY_URL: notifyUrl, WECHATPAY_ENDPOINT: standIn.endpoint
    })).port
    const prepay = await Effect.runPromise(merchant.prepay({ tradeNo: "PSTRANGER01", amountFen: 100, description: "保管费", openid: "o", expiresAt: new Date(Date.now() + 600_000) }))
    if (!prepay.ok) throw new Error(prepay.reason)
    const paid = await standIn.pay(await Effect.runPromise(merchant.paySign(prepay.prepayId, new Date())))
    if (!paid.ok) throw new Error(paid.reason)
    expect(paid.delivered?.status).toBe(404)
    expect(JSON.parse(paid.delivered!.body)).toMatchObject({ code: "FAIL", message: "订单不存在" })

    const post = (headers: Record<string, string>, body: string) =>
      fetch(notifyUrl, { method: "POST", headers, body }).then(async (res) => ({ status: res.status, body: await res.json() as unknown }))
    const tampered = paid.notice.body.replace('"summary":"支付成功"', '"summary":"x"')
    expect(tampered).not.toBe(paid.notice.body)
    expect(await post(paid.notice.headers, tampered)).toMatchObject({ status: 400, body: { code: "FAIL", message: "签名错误" } })
    // a refused notice leaves its nonce free (the provider sends it again): still a trade the station does not have
    expect(await post(paid.notice.headers, paid.notice.body)).toMatchObject({ status: 404, body: { code: "FAIL", message: "订单不存在" } })
  })
})
