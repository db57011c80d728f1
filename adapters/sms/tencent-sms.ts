/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through tencentcloud-sdk-nodejs-sms: the template's id and the
 * signature from configuration, numbers as +86 E.164, the provider's codes sorted into retry or give up.
 */
import type TencentSms from "tencentcloud-sdk-nodejs-sms"
import { SmsRefused, type SmsGateway } from "./fake-sms-gateway"
import { required, timeoutMs } from "../provider-settings"
import { SMS_TEMPLATE_PARAMS, templateIds } from "./sms-templates"

export interface TencentSmsSettings {
  readonly secretId: string
  readonly secretKey: string
  readonly sdkAppId: string
  readonly signName: string
  readonly templates: Readonly<Record<string, string>>
  readonly region: string
  /** host[:port] of the API (default sms.tencentcloudapi.com); `http://` before it for a local stand-in. */
  readonly endpoint?: string
  readonly timeoutMs: number
}

export const tencentSmsSettings = (env: NodeJS.ProcessEnv): TencentSmsSettings => ({
  secretId: required(env, "TENCENT_SMS_SECRET_ID"),
  secretKey: required(env, "TENCENT_SMS_SECRET_KEY"),
  sdkAppId: required(env, "TENCENT_SMS_SDK_APP_ID"),
  signName: required(env, "TENCENT_SMS_SIGN_NAME"),
  templates: templateIds(env, "TENCENT_SMS_TEMPLATE_"),
  region: env.TENCENT_SMS_REGION || "ap-guangzhou",
  endpoint: env.TENCENT_SMS_ENDPOINT || undefined,
  timeoutMs: timeoutMs(env, "TENCENT_SMS_TIMEOUT_MS", 10_000)
})

/**
 * Codes a retry cannot mend: the number, the template or signature, the account (auth, balance, permissions),
 * and every daily limit (the number's, the app's, a region's): the outbox's retries are over within minutes,
 * long before the day turns, so they would only spend the tries. The 30-second and hourly limits do clear.
 */
const permanentTencent = [
  /^InvalidParameterValue\./, /^InvalidParameter$/, /^MissingParameter/, /^UnsupportedOperation/, /^UnauthorizedOperation/,
  /^AuthFailure/, /^FailedOperation\.(TemplateIncorrectOrUnapproved|SignatureIncorrectOrUnapproved|InsufficientBalanceInSmsPackage|PhoneNumberInBlacklist|ContainSensitiveWord|MissingTemplateToModify|MissingSignature|JsonParseFail|PhoneNumberParseFail)/,
  /^LimitExceeded\.PhoneNumberCountLimit$/, /^LimitExceeded\.\w*DailyLimit$/
]

export const tencentSmsPermanent = (code: string) => permanentTencent.some((p) => p.test(code))

/** A local number (11 digits) as E.164; one already with + is left as it is. */
export const e164 = (to: string) => (to.startsWith("+") ? to : `+86${to}`)

const splitEndpoint = (endpoint: string | undefined) => {
  if (!endpoint) return { protocol: "https://", endpoint: "sms.tencentcloudapi.com" }
  const m = /^(https?:\/\/)?(.+)$/.exec(endpoint)!
  return { protocol: m[1] ?? "https://", endpoint: m[2]! }
}

type Client = InstanceType<typeof TencentSms.sms.v20210111.Client>

export const tencentSmsGateway = (settings: TencentSmsSettings): SmsGateway => {
  // the SDK loads with the first message, not when the server or each `station` command starts
  let client: Promise<Client> | undefined
  const clientOf = () => (client ??= import("tencentcloud-sdk-nodejs-sms").then(({ default: sdk }) => new sdk.sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: { httpProfile: { ...splitEndpoint(settings.endpoint), reqTimeout: settings.timeoutMs / 1000 } }
  })))
  return {
    async send(to, template, params) {
      const templateId = settings.templates[template]
      const names = SMS_TEMPLATE_PARAMS[template]
      if (!templateId || !names) throw new SmsRefused(true, `unknown template ${template}`)
      let answer: Awaited<ReturnType<Client["SendSms"]>>
      try {
        answer = await (await clientOf()).SendSms({
          PhoneNumberSet: [e164(to)], SmsSdkAppId: settings.sdkAppId, SignName: settings.signName,
          TemplateId: templateId, TemplateParamSet: names.map((n) => params[n] ?? "")
        })
      } catch (e) {
        const { code, message } = e as { code?: string; message?: string }
        if (code) throw new SmsRefused(tencentSmsPermanent(code), `Tencent SMS refused the request: ${code}`)
        throw new SmsRefused(false, `Tencent SMS not reached: ${message ?? "no answer"}`)
      }
      const status = answer.SendStatusSet?.[0]
      if (!status) throw new SmsRefused(false, "Tencent SMS answered no send status")
      if (status.Code !== "Ok") throw new SmsRefused(tencentSmsPermanent(status.Code ?? ""), `Tencent SMS refused ${template}: ${status.Code}`)
    }
  }
}
