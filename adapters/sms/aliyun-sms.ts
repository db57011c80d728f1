/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25, SendSms) through @alicloud/dysmsapi20170525, which signs with the V3
 * signature (ACS3-HMAC-SHA256): sign name and template codes from configuration, the provider's codes sorted into
 * retry or give up.
 */
import type * as Dysms from "@alicloud/dysmsapi20170525"
import { SmsRefused, type SmsGateway } from "./fake-sms-gateway"
import { required, timeoutMs } from "../provider-settings"
import { SMS_TEMPLATE_PARAMS, templateIds } from "./sms-templates"

export interface AliyunSmsSettings {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  readonly signName: string
  readonly templates: Readonly<Record<string, string>>
  /** host[:port] of the API (default dysmsapi.aliyuncs.com); `http://` before it for a local stand-in. */
  readonly endpoint?: string
  readonly timeoutMs: number
}

export const aliyunSmsSettings = (env: NodeJS.ProcessEnv): AliyunSmsSettings => ({
  accessKeyId: required(env, "ALIYUN_SMS_ACCESS_KEY_ID"),
  accessKeySecret: required(env, "ALIYUN_SMS_ACCESS_KEY_SECRET"),
  signName: required(env, "ALIYUN_SMS_SIGN_NAME"),
  templates: templateIds(env, "ALIYUN_SMS_TEMPLATE_"),
  endpoint: env.ALIYUN_SMS_ENDPOINT || undefined,
  timeoutMs: timeoutMs(env, "ALIYUN_SMS_TIMEOUT_MS", 10_000)
})

/**
 * Codes a retry cannot mend: the number, template, sign name or parameters, the account (AccessKey, balance,
 * service), and the day's sending limit (isv.DAY_LIMIT_CONTROL: the outbox's retries end long before the day
 * does). isv.BUSINESS_LIMIT_CONTROL, the per-minute and per-hour throttle, clears and is retried.
 */
const permanentAliyun = new Set([
  "isv.MOBILE_NUMBER_ILLEGAL", "isv.MOBILE_COUNT_OVER_LIMIT", "isv.DAY_LIMIT_CONTROL", "isv.DOMESTIC_NUMBER_NOT_SUPPORTED", "isv.BLACK_KEY_CONTROL_LIMIT",
  "isv.SMS_TEMPLATE_ILLEGAL", "isv.TEMPLATE_MISSING_PARAMETERS", "isv.TEMPLATE_PARAMS_ILLEGAL", "isv.SMS_SIGNATURE_ILLEGAL", "isv.SMS_SIGN_ILLEGAL",
  "isv.SIGN_NAME_ILLEGAL", "isv.INVALID_PARAMETERS", "isv.INVALID_JSON_PARAM", "isv.PARAM_LENGTH_LIMIT", "isv.PARAM_NOT_SUPPORT_URL",
  "isv.SMS_CONTENT_ILLEGAL", "isv.EXTEND_CODE_ERROR", "isv.AMOUNT_NOT_ENOUGH", "isv.OUT_OF_SERVICE", "isv.PRODUCT_UN_SUBSCRIPT",
  "isv.PRODUCT_UNSUBSCRIBE", "isv.ACCOUNT_NOT_EXISTS", "isv.ACCOUNT_ABNORMAL", "isv.DENY_IP_RANGE", "isv.SMS_TEST_SIGN_TEMPLATE_LIMIT",
  "SignatureDoesNotMatch", "IncompleteSignature", "InvalidAccessKeyId.NotFound", "InvalidAccessKeyId.Inactive", "Forbidden.RAM",
  "Forbidden.AccessKeyDisabled", "MissingParameter", "InvalidParameter", "InvalidTimeStamp.Format", "InvalidTimeStamp.Expired"
])

export const aliyunSmsPermanent = (code: string) => permanentAliyun.has(code) || code.startsWith("isv.SMS_SIGNATURE") || code.startsWith("Forbidden")

type DysmsClient = InstanceType<typeof Dysms.default>

/** The SDK, loaded with the first message rather than when the server or each `station` command starts. */
const loadSdk = async () => {
  const [dysms, OpenApi, TeaUtil] = await Promise.all([import("@alicloud/dysmsapi20170525"), import("@alicloud/openapi-client"), import("@alicloud/tea-util")])
  // the CommonJS module's class, wherever the loader put it (`default`, or `default.default` from ESM)
  const Client: typeof Dysms.default = ((dysms.default as unknown as { default?: typeof Dysms.default }).default ?? dysms.default)
  return { dysms, OpenApi, TeaUtil, Client }
}

const splitEndpoint = (endpoint: string | undefined) => {
  if (!endpoint) return { protocol: "https", endpoint: "dysmsapi.aliyuncs.com" }
  const m = /^(?:(https?):\/\/)?(.+)$/.exec(endpoint)!
  return { protocol: m[1] ?? "https", endpoint: m[2]! }
}

const connect = async (settings: AliyunSmsSettings) => {
  const { dysms, OpenApi, TeaUtil, Client } = await loadSdk()
  const config = new OpenApi.Config({
    accessKeyId: settings.accessKeyId, accessKeySecret: settings.accessKeySecret, ...splitEndpoint(settings.endpoint),
    readTimeout: settings.timeoutMs, connectTimeout: settings.timeoutMs
  })
  const client: DysmsClient = new Client(config as unknown as ConstructorParameters<typeof Dysms.default>[0])
  const runtime = new TeaUtil.RuntimeOptions({ readTimeout: settings.timeoutMs, connectTimeout: settings.timeoutMs, autoretry: false })
  return { client, runtime, SendSmsRequest: dysms.SendSmsRequest }
}

export const aliyunSmsGateway = (settings: AliyunSmsSettings): SmsGateway => {
  let connected: ReturnType<typeof connect> | undefined
  return {
    async send(to, template, params) {
      const templateCode = settings.templates[template]
      const names = SMS_TEMPLATE_PARAMS[template]
      if (!templateCode || !names) throw new SmsRefused(true, `unknown template ${template}`)
      const { client, runtime, SendSmsRequest } = await (connected ??= connect(settings))
      const request = new SendSmsRequest({
        phoneNumbers: to, signName: settings.signName, templateCode,
        templateParam: JSON.stringify(Object.fromEntries(names.map((n) => [n, params[n] ?? ""])))
      })
      let code: string | undefined
      try {
        const answer = await client.sendSmsWithOptions(request, runtime as unknown as Parameters<DysmsClient["sendSmsWithOptions"]>[1])
        code = answer.body?.code
      } catch (e) {
        const { code: refused, message } = e as { code?: string; message?: string }
        if (refused && !/^(ETIMEDOUT|ECONNREFUSED|ECONNRESET|ReadTimeout|ConnectTimeout)/i.test(refused)) {
          throw new SmsRefused(aliyunSmsPermanent(refused), `Alibaba Cloud SMS refused the request: ${refused}`)
        }
        throw new SmsRefused(false, `Alibaba Cloud SMS not reached: ${refused ?? ""} ${(message ?? "no answer").split("\n")[0]}`.trim())
      }
      if (code !== "OK") throw new SmsRefused(aliyunSmsPermanent(code ?? ""), `Alibaba Cloud SMS refused ${template}: ${code ?? "no code"}`)
    }
  }
}
