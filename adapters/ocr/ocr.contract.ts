/** The Ocr port's contract, run against the fake and each provider's adapter (with its stand-in). */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Ocr } from "#src/upload/ocr"
import { OCR_CHUNK } from "./fake-ocr"
import { pngWithText } from "./png-text"

export interface OcrSubject {
  readonly ocr: Ocr["Service"]
  /** The same service with a wrong secret (absent: it has none). */
  readonly wrongSecret?: Ocr["Service"]
  close?(): Promise<void>
}

/** A photo of a card as the tests draw it: the fake reads the chunk, a provider's stand-in answers from it. */
export const cardImage = (fields: Record<string, unknown>) => pngWithText({ [OCR_CHUNK]: JSON.stringify(fields) })

export const ocrContract = (name: string, make: () => Promise<OcrSubject>) =>
  describe(`the ID-card OCR contract: ${name}`, () => {
    let s: OcrSubject
    beforeAll(async () => { s = await make() })
    afterAll(() => s.close?.())
    const read = (image: Uint8Array, ocr = s.ocr) => Effect.runPromise(ocr.recognise(image))

    it("reads the name, number and sex off a card", async () => {
      expect(await read(cardImage({ realname: "张三", idCardNo: "11010519491231002x" }))).toEqual({
        ok: true, result: { realname: "张三", idCardNo: "11010519491231002X", sex: 2 }
      })
      expect(await read(cardImage({ realname: "李四", idCardNo: "110105194912310011" }))).toMatchObject({ ok: true, result: { realname: "李四", sex: 1 } })
    })

    it("a picture with no card, or one it cannot decode, is unrecognised", async () => {
      expect(await read(pngWithText())).toMatchObject({ ok: false, reason: "unrecognised" })
      expect(await read(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toMatchObject({ ok: false, reason: "unrecognised" })
    })

    it("a service that times out or is over its limit is unavailable", async () => {
      expect(await read(cardImage({ unavailable: "timeout" }))).toMatchObject({ ok: false, reason: "unavailable" })
      expect(await read(cardImage({ unavailable: "quota" }))).toMatchObject({ ok: false, reason: "unavailable" })
    })

    it("a wrong secret is unavailable, the secret not in the detail", async (ctx) => {
      if (!s.wrongSecret) return ctx.skip()
      const outcome = await read(cardImage({ realname: "张三", idCardNo: "11010519491231002X" }), s.wrongSecret)
      expect(outcome).toMatchObject({ ok: false, reason: "unavailable" })
      expect(JSON.stringify(outcome)).not.toMatch(/wrong-secret/)
    })
  })
