/**
 * Tencent Cloud ID-card OCR (IDCardOCR, API 2018-11-19) through tencentcloud-sdk-nodejs-ocr: the card's front read
 * into the port's answer (name, number, sex); a picture with no readable card is `unrecognised`, a service that
 * could not look (timeout, limits, auth, internal error) is `unavailable`.
 */
import { Effect } from "effect"
import type TencentOcr from "tencentcloud-sdk-nodejs-ocr"
import { normalizeIdCardNo, sexOfIdCardNo } from "#src/profile/id-card"
import { Ocr, type OcrOutcome } from "#src/upload/ocr"
import { required, settingsFor, timeoutMs } from "../provider-settings"

export interface TencentOcrSettings {
  readonly secretId: string
  readonly secretKey: string
  readonly region: string
  /** host[:port] of the API (default ocr.tencentcloudapi.com); `http://` before it for a local stand-in. */
  readonly endpoint?: string
  readonly timeoutMs: number
}

export const tencentOcrSettings = (env: NodeJS.ProcessEnv): TencentOcrSettings =>
  settingsFor("OCR=tencent", () => ({
    secretId: required(env, "TENCENT_OCR_SECRET_ID"),
    secretKey: required(env, "TENCENT_OCR_SECRET_KEY"),
    region: env.TENCENT_OCR_REGION || "ap-guangzhou",
    endpoint: env.TENCENT_OCR_ENDPOINT || undefined,
    timeoutMs: timeoutMs(env, "TENCENT_OCR_TIMEOUT_MS", 10_000)
  }))

/** The codes that mean "looked, found no card it could read"; every other failure means it could not look. */
const unrecognisedCodes = new Set([
  "FailedOperation.ImageDecodeFailed", "FailedOperation.OcrFailed", "FailedOperation.ImageNoIdCard", "FailedOperation.ImageBlur",
  "FailedOperation.IdCardInfoIllegal", "FailedOperation.IdCardTooSmall", "FailedOperation.ImageSizeTooLarge", "FailedOperation.MultiCardError",
  "FailedOperation.NoText", "FailedOperation.EmptyImageError", "InvalidParameterValue.InvalidParameterValueLimit", "LimitExceeded.TooLargeFileError"
])

const splitEndpoint = (endpoint: string | undefined) => {
  if (!endpoint) return { protocol: "https://", endpoint: "ocr.tencentcloudapi.com" }
  const m = /^(https?:\/\/)?(.+)$/.exec(endpoint)!
  return { protocol: m[1] ?? "https://", endpoint: m[2]! }
}

const sexes: Record<string, 1 | 2> = { 男: 1, 女: 2 }

type Client = InstanceType<typeof TencentOcr.ocr.v20181119.Client>

export const tencentIdCardOcr = (settings: TencentOcrSettings) => {
  // the SDK loads with the first picture, not when the server or each `station` command starts
  let client: Promise<Client> | undefined
  const clientOf = () => (client ??= import("tencentcloud-sdk-nodejs-ocr").then(({ default: sdk }) => new sdk.ocr.v20181119.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: { httpProfile: { ...splitEndpoint(settings.endpoint), reqTimeout: settings.timeoutMs / 1000 } }
  })))
  const recognise = async (image: Uint8Array): Promise<OcrOutcome> => {
    let answer: Awaited<ReturnType<Client["IDCardOCR"]>>
    try {
      answer = await (await clientOf()).IDCardOCR({ ImageBase64: Buffer.from(image).toString("base64"), CardSide: "FRONT" })
    } catch (e) {
      const { code, message } = e as { code?: string; message?: string }
      if (code && unrecognisedCodes.has(code)) return { ok: false, reason: "unrecognised", detail: `no ID card read (${code})` }
      return { ok: false, reason: "unavailable", detail: code ? `Tencent OCR refused the request: ${code}` : `Tencent OCR not reached: ${message ?? "no answer"}` }
    }
    const realname = (answer.Name ?? "").trim()
    const idCardNo = normalizeIdCardNo(answer.IdNum ?? "")
    if (realname === "" || idCardNo === "") return { ok: false, reason: "unrecognised", detail: "name or number missing on the card" }
    return { ok: true, result: { realname, idCardNo, sex: sexes[answer.Sex ?? ""] ?? sexOfIdCardNo(idCardNo) ?? 0 } }
  }
  return Ocr.of({ recognise: (image) => Effect.promise(() => recognise(image)) })
}
