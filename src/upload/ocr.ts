/** The ID-card recognition port: reads the name, number and sex off a photo; it can fail like any remote service. */
import { Context, Effect } from "effect"

export interface OcrResult {
  readonly realname: string
  readonly idCardNo: string
  readonly sex: 0 | 1 | 2
}

export type OcrOutcome =
  | { readonly ok: true; readonly result: OcrResult }
  /** `unrecognised`: the service looked and found no ID card; `unavailable`: it could not look. */
  | { readonly ok: false; readonly reason: "unrecognised" | "unavailable"; readonly detail: string }

export class Ocr extends Context.Service<Ocr, {
  recognise(image: Uint8Array): Effect.Effect<OcrOutcome>
}>()("station/Ocr") {}
