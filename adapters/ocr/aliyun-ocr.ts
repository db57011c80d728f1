/**
 * Alibaba Cloud ID-card OCR (RecognizeIdcard, API 2021-07-07) through @alicloud/ocr-api20210707, which sends the
 * picture as the request's binary body and signs with the V3 signature (ACS3-HMAC-SHA256): the card's face read into
 * the port's answer (name, number, sex). A picture it could read no card from is `unrecognised`; a service that could
 * not look (timeout, throttling, auth, an unopened or expired service, an algorithm error) is `unavailable`.
 */
import { Readable } from "node:stream"
import type * as AliyunOcr from "@alicloud/ocr-api20210707"
import { Effect } from "effect"
import { normalizeIdCardNo, sexOfIdCardNo } from "#src/profile/id-card"
import { Ocr, type OcrOutcome } from "#src/upload/ocr"
import { required, settingsFor, timeoutMs } from "../provider-settings"

export interface AliyunOcrSettings {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  /** host[:port] of the API (default ocr-api.cn-hangzhou.aliyuncs.com); `http://` before it for a local stand-in. */
  readonly endpoint?: string
  readonly timeoutMs: number
}

export const aliyunOcrSettings = (env: NodeJS.ProcessEnv): AliyunOcrSettings =>
  settingsFor("OCR=aliyun", () => ({
    accessKeyId: required(env, "ALIYUN_OCR_ACCESS_KEY_ID"),
    accessKeySecret: required(env, "ALIYUN_OCR_ACCESS_KEY_SECRET"),
    endpoint: env.ALIYUN_OCR_ENDPOINT || undefined,
    timeoutMs: timeoutMs(env, "ALIYUN_OCR_TIMEOUT_MS", 10_000)
  }))

/** The API's codes for "looked at the picture and read no card" (its public error list); any other code means it could not look. */
const unrecognisedCodes = new Set([
  "unmatchedImageType", "unsupportedImageFormat", "illegalImageContent", "exceededImageContent", "illegalImageSize",
  "ExceededImageSize", "ExceededFaceBackCount", "imageUrlOrBodyEmpty"
])

const splitEndpoint = (endpoint: string | undefined) => {
  if (!endpoint) return { protocol: "https", endpoint: "ocr-api.cn-hangzhou.aliyuncs.com" }
  const m = /^(?:(https?):\/\/)?(.+)$/.exec(endpoint)!
  return { protocol: m[1] ?? "https", endpoint: m[2]! }
}

/** The SDK's client, made with the first picture: the SDK loads then, not when the server or each `station` command starts. */
const connect = async (settings: AliyunOcrSettings) => {
  const [aliyunOcr, OpenApi] = await Promise.all([import("@alicloud/ocr-api20210707"), import("@alicloud/openapi-core")])
  // the CommonJS module's class, wherever the loader put it (`default`, or `default.default` from ESM)
  const OcrClient: typeof AliyunOcr.default = ((aliyunOcr.default as unknown as { default?: typeof AliyunOcr.default }).default ?? aliyunOcr.default)
  const client = new OcrClient(new OpenApi.$OpenApiUtil.Config({
    accessKeyId: settings.accessKeyId, accessKeySecret: settings.accessKeySecret, ...splitEndpoint(settings.endpoint),
    readTimeout: settings.timeoutMs, connectTimeout: settings.timeoutMs
  }))
  return { client, RecognizeIdcardRequest: aliyunOcr.RecognizeIdcardRequest }
}

/** The face side's fields as `Data` carries them (a JSON string): `{ data: { face: { data: { name, sex, idNumber, … } } } }`. */
const faceOf = (data: string | undefined): { name?: string; sex?: string; idNumber?: string } | undefined => {
  try {
    return (JSON.parse(data ?? "") as { data?: { face?: { data?: { name?: string; sex?: string; idNumber?: string } } } }).data?.face?.data
  } catch {
    return undefined
  }
}

const sexes: Record<string, 1 | 2> = { 男: 1, 女: 2 }

export const aliyunIdCardOcr = (settings: AliyunOcrSettings) => {
  let connected: ReturnType<typeof connect> | undefined
  const recognise = async (image: Uint8Array): Promise<OcrOutcome> => {
    let data: string | undefined
    try {
      const { client, RecognizeIdcardRequest } = await (connected ??= connect(settings))
      const answer = await client.recognizeIdcard(new RecognizeIdcardRequest({ body: Readable.from([Buffer.from(image)]) }))
      data = answer.body?.data
    } catch (e) {
      const { code, message } = e as { code?: string; message?: string }
      if (code && unrecognisedCodes.has(code)) return { ok: false, reason: "unrecognised", detail: `no ID card read (${code})` }
      const reached = code && !/^(ETIMEDOUT|ECONNREFUSED|ECONNRESET|ReadTimeout|ConnectTimeout)/i.test(code)
      return {
        ok: false, reason: "unavailable",
        detail: reached ? `Alibaba Cloud OCR refused the request: ${code}` : `Alibaba Cloud OCR not reached: ${`${code ?? ""} ${(message ?? "no answer").split("\n")[0]}`.trim()}`
      }
    }
    const face = faceOf(data)
    const realname = (face?.name ?? "").trim()
    const idCardNo = normalizeIdCardNo(face?.idNumber ?? "")
    if (realname === "" || idCardNo === "") return { ok: false, reason: "unrecognised", detail: "name or number missing on the card" }
    return { ok: true, result: { realname, idCardNo, sex: sexes[face?.sex ?? ""] ?? sexOfIdCardNo(idCardNo) ?? 0 } }
  }
  return Ocr.of({ recognise: (image) => Effect.promise(() => recognise(image)) })
}
