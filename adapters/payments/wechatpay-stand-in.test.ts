/** The WeChat Pay v3 stand-in checks what the real service checks: the merchant's signature, its timestamp and nonce; it signs its answers. */
import { createDecipheriv, createSign, createVerify, randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newPlatformCertificate, newRsaKey, startWechatPayStandIn, type WechatPayStandIn } from "./wechatpay-stand-in"

const merchantKey = newRsaKey()
const platform = newPlatformCertificate("PLATFORM1", new Date("2026-01-01T00:00:00Z"), new Date("2031-01-01T00:00:00Z"))
const API_V3_KEY = "0123456789abcdef0123456789abcdef"

describe("the WeChat Pay v3 stand-in", () => {
  let s: WechatPayStandIn
  beforeAll(async () => {
    s = await startWechatPayStandIn({ mchid: "1900000001", appid: "wxapp", merchantSerial: "MERCHANT1", merchantPublicKey: merchantKey, apiV3Key: API_V3_KEY, platform: [platform] })
  })
  afterAll(() => s.close())

  const signedRequest = (method: string, path: string, body = "", { timestamp = Math.floor(Date.now() / 1000), nonce = randomBytes(8).toString("hex"), key = merchantKey } = {}) => {
    const signature = createSign("RSA-SHA256").update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`).sign(key, "base64")
    const authorization = `WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="MERCHANT1"`
    return fetch(`${s.endpoint}${path}`, { method, headers: { authorization, "content-type": "application/json", accept: "application/json" }, ...(body ? { body } : {}) })
      .then(async (res) => ({ status: res.status, headers: res.headers, text: await res.text() }))
  }
  const verifiedByPlatform = (a: { headers: Headers; text: string }) =>
    a.headers.get("wechatpay-serial") === "PLATFORM1" &&
    createVerify("RSA-SHA256").update(`${a.headers.get("wechatpay-timestamp")}\n${a.headers.get("wechatpay-nonce")}\n${a.text}\n`)
      .verify(platform.privateKey, a.headers.get("wechatpay-signature") ?? "", "base64")

  const order = (outTradeNo: string) => JSON.stringify({
    appid: "wxapp", mchid: "1900000001", description: "保管费", out_trade_no: outTradeNo, notify_url: "https://station.example/api/wx/payNotify",
    amount: { total: 150, currency: "CNY" }, payer: { openid: "o1" }
  })

  it("opens a JSAPI prepay for a signed request and signs its answer with the platform key", async () => {
    const answer = await signedRequest("POST", "/v3/pay/transactions/jsapi", order("T0000001"))
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({ prepay_id: expect.stringMatching(/^wx/) })
    expect(verifiedByPlatform(answer)).toBe(true)
  })

  it("refuses a replayed nonce, an old timestamp and a foreign key with SIGN_ERROR (signed too)", async () => {
    const nonce = randomBytes(8).toString("hex")
    expect((await signedRequest("GET", "/v3/pay/transactions/out-trade-no/T0000001?mchid=1900000001", "", { nonce })).status).toBe(200)
    const replayed = await signedRequest("GET", "/v3/pay/transactions/out-trade-no/T0000001?mchid=1900000001", "", { nonce })
    expect([replayed.status, JSON.parse(replayed.text)]).toEqual([401, { code: "SIGN_ERROR", message: "随机串重复" }])
    expect(verifiedByPlatform(replayed)).toBe(true)
    const old = await signedRequest("GET", "/v3/pay/transactions/out-trade-no/T0000001?mchid=1900000001", "", { timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect(JSON.parse(old.text)).toEqual({ code: "SIGN_ERROR", message: "时间戳超出有效范围" })
    const foreign = await signedRequest("GET", "/v3/pay/transactions/out-trade-no/T0000001?mchid=1900000001", "", { key: newRsaKey() })
    expect(JSON.parse(foreign.text)).toEqual({ code: "SIGN_ERROR", message: "签名验证失败" })
  })

  it("answers documented errors: PARAM_ERROR, ORDER_NOT_EXIST, and one it is told to give", async () => {
    expect(JSON.parse((await signedRequest("POST", "/v3/pay/transactions/jsapi", order("x"))).text)).toMatchObject({ code: "PARAM_ERROR" })
    const missing = await signedRequest("GET", "/v3/pay/transactions/out-trade-no/T404404404?mchid=1900000001")
    expect([missing.status, JSON.parse(missing.text).code]).toEqual([404, "ORDER_NOT_EXIST"])
    s.state.refuseNext.prepay = "SYSTEM_ERROR"
    const failed = await signedRequest("POST", "/v3/pay/transactions/jsapi", order("T0000002"))
    expect([failed.status, JSON.parse(failed.text)]).toEqual([500, { code: "SYSTEM_ERROR", message: "系统错误" }])
  })

  it("hands out its platform certificates encrypted with the APIv3 key (associated data 'certificate')", async () => {
    const answer = await signedRequest("GET", "/v3/certificates")
    const [entry] = (JSON.parse(answer.text) as { data: Array<{ serial_no: string; expire_time: string; encrypt_certificate: { nonce: string; associated_data: string; ciphertext: string } }> }).data
    const sealed = Buffer.from(entry!.encrypt_certificate.ciphertext, "base64")
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(API_V3_KEY), entry!.encrypt_certificate.nonce).setAAD(Buffer.from(entry!.encrypt_certificate.associated_data))
    decipher.setAuthTag(sealed.subarray(-16))
    const pem = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]).toString("utf8")
    expect(entry).toMatchObject({ serial_no: "PLATFORM1", expire_time: "2031-01-01T08:00:00+08:00", encrypt_certificate: { associated_data: "certificate" } })
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/)
  })
})
