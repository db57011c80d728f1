import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { textLength } from "./text"

describe("textLength", () => {
  it("counts code points, not UTF-16 units, without the spaces around the text", () => {
    expect(textLength("快递")).toBe(2)
    expect(textLength("😀a")).toBe(2)
    expect(textLength("  你好 世界 \n")).toBe(5)
    expect(textLength("")).toBe(0)
    expect(textLength(null)).toBe(0)
    expect(textLength(undefined)).toBe(0)
  })

  it("is the number of characters of the trimmed text for any text", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme-composite" }), fc.string({ unit: fc.constantFrom(" ", "\n", "\t") }), (text, pad) => {
      expect(textLength(pad + text + pad)).toBe(Array.from(text.trim()).length)
    }))
  })
})
