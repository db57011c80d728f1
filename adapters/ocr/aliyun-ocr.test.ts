import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { startAliyunStandIn, type AliyunAnswer } from "../sms/aliyun-stand-in"
import { aliyunIdCardOcr, aliyunOcrSettings } from "./aliyun-ocr"
import { ocrChoice, providerOcr } from "./choose-ocr"
import { OCR_CHUNK } from "./fake-ocr"
import { cardImage, ocrContract } from "./ocr.contract"
import { pngTextChunks } from "./png-text"

/** RecognizeIdcard as the documents answer it (the fields in `Data`, a JSON string), reading the test's card off the picture. */
const recognizeIdcard = (_query: Record<string, string>, raw: Buffer): AliyunAnswer => {
  if (raw.length === 0) return { status: 400, code: "imageUrlOrBodyEmpty" }
  const chunks = pngTextChunks(raw)
  if (!chunks) return { status: 415, code: "unsupportedImageFormat" }
  const text = chunks.get(OCR_CHUNK)
  if (text === undefined) return { status: 400, code: "unmatchedImageType" }
  const card = JSON.parse(text) as { realname?: string; idCardNo?: string; unavailable?: string }
  if (card.unavailable === "timeout") return "never"
  if (card.unavailable) return { status: 400, code: "Throttling.User" }
  const no = card.idCardNo ?? ""
  const face = { name: card.realname ?? "", sex: Number(no[16]) % 2 === 1 ? "男" : "女", ethnicity: "汉", birthDate: no.slice(6, 14), address: "北京市朝阳区某某路1号", idNumber: no.toLowerCase() }
  return { body: { Data: JSON.stringify({ data: { face: { data: face } }, width: 1200, height: 760 }) } }
}

const env = (endpoint: string, secret = "test-ocr-secret") => ({
  OCR: "aliyun", ALIYUN_OCR_ACCESS_KEY_ID: "LTAIocr", ALIYUN_OCR_ACCESS_KEY_SECRET: secret, ALIYUN_OCR_ENDPOINT: endpoint, ALIYUN_OCR_TIMEOUT_MS: "300"
})

const standIn = () =>
  startAliyunStandIn({ accessKeyId: "LTAIocr", accessKeySecret: "test-ocr-secret", action: "RecognizeIdcard", version: "2021-07-07", answer: recognizeIdcard })

ocrContract("Alibaba Cloud ID-card OCR", async () => {
  const server = await standIn()
  return {
    ocr: aliyunIdCardOcr(aliyunOcrSettings(env(server.endpoint))),
    wrongSecret: aliyunIdCardOcr(aliyunOcrSettings(env(server.endpoint, "wrong-secret"))),
    close: () => server.close()
  }
})

describe("Alibaba Cloud ID-card OCR on the wire", () => {
  it("sends the picture itself as the signed body, with the action and version the API names", async () => {
    const server = await standIn()
    try {
      const image = cardImage({ realname: "张三", idCardNo: "11010519491231002X" })
      expect(await Effect.runPromise(providerOcr(env(server.endpoint)).recognise(image))).toMatchObject({ ok: true, result: { realname: "张三" } })
      expect(server.requests).toHaveLength(1)
      expect(Buffer.compare(server.requests[0]!.raw, Buffer.from(image))).toBe(0)
      expect(server.requests[0]!.headers).toMatchObject({ "x-acs-action": "RecognizeIdcard", "x-acs-version": "2021-07-07", "content-type": "application/octet-stream" })
    } finally {
      await server.close()
    }
  })

  it("an unopened service is unavailable, not unrecognised; the settings name what is missing", async () => {
    const server = await startAliyunStandIn({
      accessKeyId: "LTAIocr", accessKeySecret: "test-ocr-secret", action: "RecognizeIdcard", version: "2021-07-07",
      answer: () => ({ status: 401, code: "ocrServiceNotOpen" })
    })
    try {
      const outcome = await Effect.runPromise(aliyunIdCardOcr(aliyunOcrSettings(env(server.endpoint))).recognise(cardImage({ realname: "张三" })))
      expect(outcome).toMatchObject({ ok: false, reason: "unavailable", detail: expect.stringContaining("ocrServiceNotOpen") })
    } finally {
      await server.close()
    }
    expect(ocrChoice({ OCR: "aliyun" })).toBe("aliyun")
    expect(() => aliyunOcrSettings({ ALIYUN_OCR_ACCESS_KEY_ID: "x" })).toThrow("OCR=aliyun: ALIYUN_OCR_ACCESS_KEY_SECRET is not set")
    expect(() => aliyunOcrSettings({ ...env("x"), ALIYUN_OCR_TIMEOUT_MS: "soon" })).toThrow("ALIYUN_OCR_TIMEOUT_MS")
  })
})
