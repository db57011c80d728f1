import { describe, expect, it } from "vitest"
import { startTencentStandIn, type TencentAnswer } from "../sms/tencent-cloud-stand-in"
import { OCR_CHUNK } from "./fake-ocr"
import { cardImage, ocrContract } from "./ocr.contract"
import { pngTextChunks } from "./png-text"
import { ocrChoice } from "./choose-ocr"
import { tencentIdCardOcr, tencentOcrSettings } from "./tencent-ocr"

/** IDCardOCR as the documents answer it, reading the test's card off the picture's text chunk. */
const idCardOcr = (action: string, body: Record<string, unknown>): TencentAnswer => {
  if (action !== "IDCardOCR") return { error: "InvalidAction" }
  if (body.CardSide !== "FRONT") return { error: "InvalidParameterValue.InvalidParameterValueLimit" }
  const image = Buffer.from(String(body.ImageBase64 ?? ""), "base64")
  const chunks = pngTextChunks(image)
  if (!chunks) return { error: "FailedOperation.ImageDecodeFailed", message: "图片解码失败" }
  const text = chunks.get(OCR_CHUNK)
  if (text === undefined) return { error: "FailedOperation.OcrFailed", message: "OCR识别失败" }
  const card = JSON.parse(text) as { realname?: string; idCardNo?: string; unavailable?: string }
  if (card.unavailable === "timeout") return "never"
  if (card.unavailable) return { error: "RequestLimitExceeded", message: "请求的次数超过了频率限制" }
  const no = card.idCardNo ?? ""
  return {
    Name: card.realname ?? "", Sex: Number(no[16]) % 2 === 1 ? "男" : "女", Nation: "汉", Birth: `${no.slice(6, 10)}/${Number(no.slice(10, 12))}/${Number(no.slice(12, 14))}`,
    Address: "北京市朝阳区某某路1号", IdNum: no.toLowerCase(), Authority: "", ValidDate: "", AdvancedInfo: "{}", ReflectDetailInfos: []
  }
}

const env = (endpoint: string, secretKey = "test-ocr-key") => ({
  TENCENT_OCR_SECRET_ID: "AKIDocr", TENCENT_OCR_SECRET_KEY: secretKey, TENCENT_OCR_ENDPOINT: endpoint, TENCENT_OCR_TIMEOUT_MS: "300"
})

ocrContract("Tencent Cloud ID-card OCR", async () => {
  const server = await startTencentStandIn({ secretId: "AKIDocr", secretKey: "test-ocr-key", version: "2018-11-19", answer: idCardOcr })
  return {
    ocr: tencentIdCardOcr(tencentOcrSettings(env(server.endpoint))),
    wrongSecret: tencentIdCardOcr(tencentOcrSettings(env(server.endpoint, "wrong-secret"))),
    close: () => server.close()
  }
})

describe("Tencent Cloud ID-card OCR on the wire", () => {
  it("sends the picture's front as base64 with the action and version the API names", async () => {
    const server = await startTencentStandIn({ secretId: "AKIDocr", secretKey: "test-ocr-key", version: "2018-11-19", answer: idCardOcr })
    try {
      const { Effect } = await import("effect")
      const image = cardImage({ realname: "张三", idCardNo: "11010519491231002X" })
      await Effect.runPromise(tencentIdCardOcr(tencentOcrSettings(env(server.endpoint))).recognise(image))
      expect(server.requests[0]).toMatchObject({ action: "IDCardOCR", body: { ImageBase64: Buffer.from(image).toString("base64"), CardSide: "FRONT" } })
    } finally {
      await server.close()
    }
  })

  it("OCR is fake unless it names a provider; another value or a missing key stops the start with its name", () => {
    expect(ocrChoice({})).toBe("fake")
    expect(ocrChoice({ OCR: "tencent" })).toBe("tencent")
    expect(ocrChoice({ OCR: "aliyun" })).toBe("aliyun")
    expect(() => ocrChoice({ OCR: "baidu" })).toThrow("OCR=baidu is not one of fake, tencent, aliyun")
    expect(() => tencentOcrSettings({ TENCENT_OCR_SECRET_ID: "x" })).toThrow("TENCENT_OCR_SECRET_KEY is not set")
  })
})
