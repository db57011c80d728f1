import { describe, expect, it } from "vitest"
import { aliyunSmsGateway, aliyunSmsSettings } from "./aliyun-sms"
import { replay, startAliyunStandIn, type AliyunAnswer } from "./aliyun-stand-in"
import { smsGatewayContract } from "./sms-gateway.contract"

/** The templates as registered in the stand-in's console: code → text with ${name}. */
const registered: Record<string, string> = { SMS_1001: "您的验证码是${code}，5分钟内有效。", SMS_1002: "【${site}】您的${company}快递已到，取件码${code}，营业时间${serviceTime}。" }
const THROTTLED = "13900000009"
const DAILY_LIMITED = "13900000008"

const sendSms = (delivered: Array<{ to: string; text: string }>, hang: { on: boolean }) => (query: Record<string, string>): AliyunAnswer => {
  if (hang.on) return "never"
  if (query.SignName !== "校园驿站") return { code: "isv.SMS_SIGNATURE_ILLEGAL" }
  const template = registered[query.TemplateCode ?? ""]
  if (!template) return { code: "isv.SMS_TEMPLATE_ILLEGAL" }
  if (!/^1\d{10}$/.test(query.PhoneNumbers ?? "")) return { code: "isv.MOBILE_NUMBER_ILLEGAL" }
  if (query.PhoneNumbers === THROTTLED) return { code: "isv.BUSINESS_LIMIT_CONTROL" }
  if (query.PhoneNumbers === DAILY_LIMITED) return { code: "isv.DAY_LIMIT_CONTROL" }
  const params = JSON.parse(query.TemplateParam ?? "{}") as Record<string, string>
  delivered.push({ to: query.PhoneNumbers!, text: template.replace(/\$\{(\w+)\}/g, (_, n: string) => params[n] ?? "") })
  return { code: "OK" }
}

const env = (endpoint: string, secret = "test-access-secret") => ({
  ALIYUN_SMS_ACCESS_KEY_ID: "LTAItest", ALIYUN_SMS_ACCESS_KEY_SECRET: secret, ALIYUN_SMS_SIGN_NAME: "校园驿站",
  ALIYUN_SMS_TEMPLATE_CAPTCHA: "SMS_1001", ALIYUN_SMS_TEMPLATE_PARCEL_ARRIVED: "SMS_1002", ALIYUN_SMS_ENDPOINT: endpoint, ALIYUN_SMS_TIMEOUT_MS: "300"
})

const standIn = async (hang = { on: false }, now?: () => number) => {
  const delivered: Array<{ to: string; text: string }> = []
  const server = await startAliyunStandIn({ accessKeyId: "LTAItest", accessKeySecret: "test-access-secret", answer: sendSms(delivered, hang), now })
  return { server, delivered }
}

smsGatewayContract("Alibaba Cloud SMS", async () => {
  const { server, delivered } = await standIn()
  const hanging = await standIn({ on: true })
  return {
    gateway: aliyunSmsGateway(aliyunSmsSettings(env(server.endpoint))),
    delivered: () => delivered,
    throttled: THROTTLED,
    wrongSecret: aliyunSmsGateway(aliyunSmsSettings(env(server.endpoint, "wrong-secret"))),
    timingOut: aliyunSmsGateway(aliyunSmsSettings(env(hanging.server.endpoint))),
    close: async () => { await server.close(); await hanging.server.close() }
  }
})

describe("Alibaba Cloud SMS on the wire", () => {
  it("signs with ACS3-HMAC-SHA256 and a fresh nonce each time; a replayed request is refused with SignatureNonceUsed", async () => {
    const { server } = await standIn()
    try {
      const gateway = aliyunSmsGateway(aliyunSmsSettings(env(server.endpoint)))
      await gateway.send("13800000001", "captcha", { code: "42" })
      await gateway.send("13800000001", "captcha", { code: "43" })
      const [first, second] = server.requests
      expect(first?.headers["x-acs-action"]).toBe("SendSms")
      expect(first?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAItest,/)
      expect(first?.query).toMatchObject({ PhoneNumbers: "13800000001", SignName: "校园驿站", TemplateCode: "SMS_1001", TemplateParam: JSON.stringify({ code: "42" }) })
      expect(first?.headers["x-acs-signature-nonce"]).not.toBe(second?.headers["x-acs-signature-nonce"])
      expect(await replay(server.endpoint, first!)).toMatchObject({ status: 400, body: { Code: "SignatureNonceUsed" } })
    } finally {
      await server.close()
    }
  })

  it("a wrong secret fails the signature check (SignatureDoesNotMatch), for good", async () => {
    const { server } = await standIn()
    try {
      expect(await aliyunSmsGateway(aliyunSmsSettings(env(server.endpoint, "wrong-secret"))).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e))
        .toMatchObject({ permanent: true, message: "Alibaba Cloud SMS refused the request: SignatureDoesNotMatch" })
      expect(server.requests).toHaveLength(0)
    } finally {
      await server.close()
    }
  })

  it("a number over the day's limit is given up (isv.DAY_LIMIT_CONTROL: the retries end before the day does)", async () => {
    const { server } = await standIn()
    try {
      expect(await aliyunSmsGateway(aliyunSmsSettings(env(server.endpoint))).send(DAILY_LIMITED, "captcha", { code: "1" }).catch((e: Error) => e))
        .toMatchObject({ permanent: true, message: expect.stringContaining("isv.DAY_LIMIT_CONTROL") })
    } finally {
      await server.close()
    }
  })

  it("a clock more than 15 minutes off is refused, and so is an unpaid account (isv.AMOUNT_NOT_ENOUGH), both for good", async () => {
    const skewed = await standIn({ on: false }, () => Date.now() + 20 * 60_000)
    const broke = await startAliyunStandIn({ accessKeyId: "LTAItest", accessKeySecret: "test-access-secret", answer: () => ({ code: "isv.AMOUNT_NOT_ENOUGH" }) })
    try {
      expect(await aliyunSmsGateway(aliyunSmsSettings(env(skewed.server.endpoint))).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e))
        .toMatchObject({ permanent: true, message: expect.stringContaining("InvalidTimeStamp.Expired") })
      expect(await aliyunSmsGateway(aliyunSmsSettings(env(broke.endpoint))).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e))
        .toMatchObject({ permanent: true, message: expect.stringContaining("isv.AMOUNT_NOT_ENOUGH") })
    } finally {
      await skewed.server.close(); await broke.close()
    }
  })
})
