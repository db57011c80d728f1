/**
 * The ID-card OCR a start asks for (`OCR`: `fake`, the default, `tencent` or `aliyun`), each provider's adapter
 * logged as the fake is; another value, or a provider with a variable missing, stops the start with its name.
 */
import type { Ocr } from "#src/upload/ocr"
import { providerChoice } from "../provider-settings"
import { aliyunIdCardOcr, aliyunOcrSettings } from "./aliyun-ocr"
import { tencentIdCardOcr, tencentOcrSettings } from "./tencent-ocr"

export const ocrChoice = (env: NodeJS.ProcessEnv) => providerChoice(env, "OCR", ["fake", "tencent", "aliyun"])
export type OcrChoice = ReturnType<typeof ocrChoice>

/** The provider's adapter for a live choice. */
export const providerOcr = (env: NodeJS.ProcessEnv): Ocr["Service"] =>
  ocrChoice(env) === "aliyun" ? aliyunIdCardOcr(aliyunOcrSettings(env)) : tencentIdCardOcr(tencentOcrSettings(env))
