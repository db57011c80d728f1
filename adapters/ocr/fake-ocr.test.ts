import { describe, expect, it } from "vitest"
import { fakeOcr, recogniseFake } from "./fake-ocr"
import { ocrContract } from "./ocr.contract"
import { pngTextChunks, pngWithText } from "./png-text"

describe("the local ID-card OCR", () => {
  it("reads the name and number of a PNG's 'ocr' text chunk; the sex from the number unless given", () => {
    expect(recogniseFake(pngWithText({ ocr: JSON.stringify({ realname: " 张三 ", idCardNo: "11010519491231002x" }) }))).toEqual({
      ok: true, result: { realname: "张三", idCardNo: "11010519491231002X", sex: 2 }
    })
    expect(recogniseFake(pngWithText({ ocr: JSON.stringify({ realname: "李四", idCardNo: "110105491231002", sex: 1 }) }))).toMatchObject({ ok: true, result: { sex: 1 } })
  })

  it("fails like a real service: nothing on the card, unreadable text, a JPEG, a broken PNG, the service down", () => {
    const broken = Buffer.from(pngWithText({ ocr: JSON.stringify({ realname: "张三", idCardNo: "110105491231002" }) }))
    broken[40] = broken[40]! ^ 0xff
    const cases: Array<[Uint8Array, string]> = [
      [pngWithText(), "unrecognised"],
      [pngWithText({ comment: "hello" }), "unrecognised"],
      [pngWithText({ ocr: "{not json" }), "unrecognised"],
      [pngWithText({ ocr: JSON.stringify({ realname: "张三" }) }), "unrecognised"],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), "unrecognised"],
      [broken, "unrecognised"],
      [pngWithText({ ocr: JSON.stringify({ unavailable: "timeout" }) }), "unavailable"]
    ]
    for (const [bytes, reason] of cases) expect(recogniseFake(bytes)).toMatchObject({ ok: false, reason })
  })

  it("writes PNGs that read back, padded to an exact size when asked", () => {
    const png = pngWithText({ a: "1", ocr: "二" }, 10_000)
    expect(png.length).toBe(10_000)
    expect(pngTextChunks(png)).toEqual(new Map([["a", "1"], ["ocr", "二"]]))
  })
})

ocrContract("the local fake", async () => ({ ocr: fakeOcr }))
