/**
 * A local ID-card recognition service. It "recognises" a PNG that carries a tEXt chunk 'ocr' with JSON
 * `{ "realname", "idCardNo", "sex"? }`; anything else (no chunk, a JPEG or GIF, unreadable JSON) is not
 * recognised. `{ "unavailable": "<why>" }` makes the service fail as a remote one can (timeout, quota).
 */
import { Effect } from "effect"
import { normalizeIdCardNo, sexOfIdCardNo } from "#src/profile/id-card"
import { Ocr, type OcrOutcome } from "#src/upload/ocr"
import { logger } from "../http/logger"
import { pngTextChunks } from "./png-text"

export const OCR_CHUNK = "ocr"

export const recogniseFake = (image: Uint8Array): OcrOutcome => {
  const payload = pngTextChunks(image)?.get(OCR_CHUNK)
  if (payload === undefined) return { ok: false, reason: "unrecognised", detail: "no ID card found in the image" }
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    return { ok: false, reason: "unrecognised", detail: "the card's text could not be read" }
  }
  const fields = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>
  if (typeof fields.unavailable === "string") return { ok: false, reason: "unavailable", detail: fields.unavailable }
  const realname = typeof fields.realname === "string" ? fields.realname.trim() : ""
  const idCardNo = typeof fields.idCardNo === "string" ? normalizeIdCardNo(fields.idCardNo) : ""
  if (realname === "" || idCardNo === "") return { ok: false, reason: "unrecognised", detail: "name or number missing on the card" }
  const sex = fields.sex === 1 || fields.sex === 2 ? fields.sex : sexOfIdCardNo(idCardNo) ?? 0
  return { ok: true, result: { realname, idCardNo, sex } }
}

export const fakeOcr = Ocr.of({ recognise: (image) => Effect.sync(() => recogniseFake(image)) })

/** The same service, with its failures (not its "nothing recognised") in the server log. */
export const loggedOcr = (ocr: typeof fakeOcr) => Ocr.of({
  recognise: (image) =>
    ocr.recognise(image).pipe(Effect.tap((outcome) => Effect.sync(() => {
      if (!outcome.ok && outcome.reason === "unavailable") logger.warn({ detail: outcome.detail }, "ID-card recognition failed")
    })))
})

/** The image the fake recognises as this ID card (for tests and demos). */
export { pngWithText } from "./png-text"
