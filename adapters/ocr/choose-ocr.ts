/**
 * The ID-card OCR a start asks for (`OCR`: `fake`, the default, `tencent` or `aliyun`), each provider's adapter
 * logged as the fake is; another value, or a provider with a variable missing, stops the start with its name.
 */
import type { Ocr } from "#src/upload/ocr"
import { aliyunIdCardOcr, aliyunOcrSettings } from "./aliyun-ocr"
import { tencentIdCardOcr, tencentOcrSettings } from "./tencent-ocr"

const CHOICES = ["fake", "tencent", "aliyun"] as const
export type OcrChoice = (typeof CHOICES)[number]

export const ocrChoice = (env: NodeJS.ProcessEnv): OcrChoice => {
  const choice = env.OCR?.trim() || "fake"
  if (!(CHOICES as ReadonlyArray<string>).includes(choice)) throw new Error(`OCR=${choice} is not one of ${CHOICES.join(", ")}`)
  return choice as OcrChoice
}

/** The provider's adapter for a live choice. */
export const providerOcr = (env: NodeJS.ProcessEnv): Ocr["Service"] =>
  ocrChoice(env) === "aliyun" ? aliyunIdCardOcr(aliyunOcrSettings(env)) : tencentIdCardOcr(tencentOcrSettings(env))
