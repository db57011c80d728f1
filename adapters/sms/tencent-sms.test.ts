import { describe, expect, it } from "vitest"
import { smsGatewayContract } from "./sms-gateway.contract"
import { startTencentStandIn, type TencentAnswer } from "./tencent-cloud-stand-in"
import { e164, tencentSmsGateway, tencentSmsPermanent, tencentSmsSettings, type TencentSmsSettings } from "./tencent-sms"

/** The templates as registered in the stand-in's console: id → text with {1}, {2}, …. */
const registered: Record<string, string> = { "1001": "您的验证码是{1}，5分钟内有效。", "1002": "【{1}】您的{2}快递已到，取件码{3}，营业时间{4}。" }
const THROTTLED = "13900000009"
const DAILY_LIMITED = "13900000008"

const sendSms = (delivered: Array<{ to: string; text: string }>, hang: { on: boolean }) => (action: string, body: Record<string, unknown>): TencentAnswer => {
  if (hang.on) return "never"
  if (action !== "SendSms") return { error: "InvalidAction" }
  if (body.SmsSdkAppId !== "1400000001") return { error: "FailedOperation.SmsSdkAppIdVerifyFail" }
  if (body.SignName !== "校园驿站") return { error: "FailedOperation.SignatureIncorrectOrUnapproved" }
  const template = registered[String(body.TemplateId)]
  if (!template) return { error: "FailedOperation.TemplateIncorrectOrUnapproved" }
  const params = body.TemplateParamSet as string[]
  return {
    SendStatusSet: (body.PhoneNumberSet as string[]).map((phone) => {
      const code = !/^\+861\d{10}$/.test(phone) ? "InvalidParameterValue.IncorrectPhoneNumber"
        : phone === e164(THROTTLED) ? "LimitExceeded.PhoneNumberThirtySecondLimit"
        : phone === e164(DAILY_LIMITED) ? "LimitExceeded.PhoneNumberDailyLimit" : "Ok"
      if (code === "Ok") delivered.push({ to: phone, text: template.replace(/\{(\d)\}/g, (_, i: string) => params[Number(i) - 1] ?? "") })
      return { SerialNo: code === "Ok" ? "2019:123" : "", PhoneNumber: phone, Fee: code === "Ok" ? 1 : 0, SessionContext: "", Code: code, Message: code === "Ok" ? "send success" : code, IsoCode: "CN" }
    })
  }
}

const env = (endpoint: string, secretKey = "test-secret-key") => ({
  TENCENT_SMS_SECRET_ID: "AKIDtest", TENCENT_SMS_SECRET_KEY: secretKey, TENCENT_SMS_SDK_APP_ID: "1400000001",
  TENCENT_SMS_SIGN_NAME: "校园驿站", TENCENT_SMS_TEMPLATE_CAPTCHA: "1001", TENCENT_SMS_TEMPLATE_PARCEL_ARRIVED: "1002",
  TENCENT_SMS_ENDPOINT: endpoint, TENCENT_SMS_TIMEOUT_MS: "300"
})

const standIn = async (hang = { on: false }, now?: () => number) => {
  const delivered: Array<{ to: string; text: string }> = []
  const server = await startTencentStandIn({ secretId: "AKIDtest", secretKey: "test-secret-key", version: "2021-01-11", answer: sendSms(delivered, hang), now })
  return { server, delivered }
}

smsGatewayContract("Tencent Cloud SMS", async () => {
  const { server, delivered } = await standIn()
  const hanging = await standIn({ on: true })
  return {
    gateway: tencentSmsGateway(tencentSmsSettings(env(server.endpoint))),
    delivered: () => delivered.map(({ to, text }) => ({ to: to.replace(/^\+86/, ""), text })),
    throttled: THROTTLED,
    wrongSecret: tencentSmsGateway(tencentSmsSettings(env(server.endpoint, "wrong-secret"))),
    timingOut: tencentSmsGateway(tencentSmsSettings(env(hanging.server.endpoint))),
    close: async () => { await server.close(); await hanging.server.close() }
  }
})

describe("Tencent Cloud SMS on the wire", () => {
  it("a number over its daily limit is given up (the retries end before the day does), the app's daily limits too", async () => {
    const { server } = await standIn()
    try {
      expect(await tencentSmsGateway(tencentSmsSettings(env(server.endpoint))).send(DAILY_LIMITED, "captcha", { code: "1" }).catch((e: Error) => e))
        .toMatchObject({ permanent: true, message: expect.stringContaining("LimitExceeded.PhoneNumberDailyLimit") })
    } finally {
      await server.close()
    }
    expect(["LimitExceeded.DailyLimit", "LimitExceeded.AppDailyLimit", "LimitExceeded.AppMainlandChinaDailyLimit"].map(tencentSmsPermanent)).toEqual([true, true, true])
    expect(["LimitExceeded.PhoneNumberThirtySecondLimit", "LimitExceeded.PhoneNumberOneHourLimit"].map(tencentSmsPermanent)).toEqual([false, false])
  })

  it("sends the number as +86 E.164 with the action and version headers, and the configured ids", async () => {
    const { server } = await standIn()
    try {
      await tencentSmsGateway(tencentSmsSettings(env(server.endpoint))).send("13800000001", "captcha", { code: "42" })
      const [request] = server.requests
      expect(request?.action).toBe("SendSms")
      expect(request?.headers["x-tc-version"]).toBe("2021-01-11")
      expect(request?.body).toMatchObject({ PhoneNumberSet: ["+8613800000001"], SmsSdkAppId: "1400000001", TemplateId: "1001", TemplateParamSet: ["42"] })
    } finally {
      await server.close()
    }
  })

  it("a clock more than 5 minutes off is refused (SignatureExpire), and a template not registered for good", async () => {
    const { server } = await standIn({ on: false }, () => Date.now() + 6 * 60_000)
    const fresh = await standIn()
    try {
      const skewed = await tencentSmsGateway(tencentSmsSettings(env(server.endpoint))).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e)
      expect(skewed).toMatchObject({ permanent: true, message: expect.stringContaining("AuthFailure.SignatureExpire") })
      const unregistered = await tencentSmsGateway(tencentSmsSettings({ ...env(fresh.server.endpoint), TENCENT_SMS_TEMPLATE_CAPTCHA: "9999" })).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e)
      expect(unregistered).toMatchObject({ permanent: true, message: expect.stringContaining("TemplateIncorrectOrUnapproved") })
    } finally {
      await server.close(); await fresh.server.close()
    }
  })

  it("a wrong secret is refused by the signature check (AuthFailure.SignatureFailure), an unknown key id by SecretIdNotFound", async () => {
    const { server } = await standIn()
    try {
      const wrong = await tencentSmsGateway(tencentSmsSettings(env(server.endpoint, "wrong-secret"))).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e)
      expect(wrong).toMatchObject({ permanent: true, message: "Tencent SMS refused the request: AuthFailure.SignatureFailure" })
      const unknown = await tencentSmsGateway(tencentSmsSettings({ ...env(server.endpoint), TENCENT_SMS_SECRET_ID: "AKIDother" })).send("13800000001", "captcha", { code: "1" }).catch((e: Error) => e)
      expect(unknown).toMatchObject({ permanent: true, message: expect.stringContaining("AuthFailure.SecretIdNotFound") })
      expect(server.requests).toHaveLength(0)
    } finally {
      await server.close()
    }
  })

  it("names a missing setting, never a secret's value", () => {
    expect(() => tencentSmsSettings({ ...env("x"), TENCENT_SMS_SECRET_KEY: "" })).toThrow("TENCENT_SMS_SECRET_KEY is not set")
    expect(() => tencentSmsSettings({ ...env("x"), TENCENT_SMS_TEMPLATE_PARCEL_ARRIVED: undefined })).toThrow("TENCENT_SMS_TEMPLATE_PARCEL_ARRIVED is not set")
  })
})
