import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { yuan } from "../shared/money"
import { FREE, parseAmount, parseYuan, storedPrice, yuanOf, yuanText } from "./money"

const MAX_FEN = 10 ** 15 - 1
const fen = fc.integer({ min: 0, max: MAX_FEN })

describe("a circle price in yuan, kept in fen", () => {
  it("reads what people type", () => {
    expect(["12", "12.5", "12.50", "0.01", " 8 ", "0", "0.0"].map(parseYuan)).toEqual([1200, 1250, 1250, 1, 800, 0, 0])
    expect([12, 12.5, 0.1, 99.99].map(parseYuan)).toEqual([1200, 1250, 10, 9999])
    expect(["-1", -1, "-1.00"].map(parseYuan)).toEqual([FREE, FREE, FREE])
  })

  it("refuses three decimals, other negatives and what is not a plain number", () => {
    for (const typed of ["1.234", 1.005, "-2", -0.5, "-1.5", "1e3", 1e21, "0x10", "", " ", "abc", "1,5", "¥5", ".5", "5.", "+5", NaN, Infinity, null, undefined, true, {}, "12345678901234"]) {
      expect(parseYuan(typed), String(typed)).toBeUndefined()
    }
    expect(parseAmount("-1")).toBeUndefined()
  })

  test.prop([fen])("round trip: fen → yuan as sent, as shown in the form, with two decimals → the same fen", (f) => {
    expect(parseYuan(yuanOf(f))).toBe(f)
    expect(parseYuan(yuanText(f))).toBe(f)
    expect(parseYuan(yuan(f))).toBe(f)
    expect(yuanOf(f) * 100).toBeCloseTo(f, 0)
  })

  test.prop([fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 999 })])("two decimals read, three refused", (whole, thousandths) => {
    const twoDecimals = `${whole}.${String(Math.floor(thousandths / 10)).padStart(2, "0")}`
    expect(parseYuan(twoDecimals)).toBe(whole * 100 + Math.floor(thousandths / 10))
    expect(parseYuan(`${whole}.${String(thousandths).padStart(3, "0")}`)).toBeUndefined()
  })

  test.prop([fc.integer({ min: -(10 ** 9), max: -1 }).filter((n) => n !== -1), fc.integer({ min: 0, max: 99 })])("no negative reads but −1", (whole, cents) => {
    expect(parseYuan(String(whole))).toBeUndefined()
    expect(parseYuan(`${whole}.${String(cents).padStart(2, "0")}`)).toBeUndefined()
    expect(parseYuan(whole)).toBeUndefined()
  })

  test.prop([fc.string()])("any text reads as nothing or as whole fen from 0, or −1", (s) => {
    const f = parseYuan(s)
    if (f !== undefined) expect(f === FREE || (Number.isSafeInteger(f) && f >= 0)).toBe(true)
  })

  it("keeps −1 for a free item whatever was typed, else the typed price", () => {
    expect(storedPrice(2, "30")).toBe(FREE)
    expect(storedPrice(2, undefined)).toBe(FREE)
    expect(storedPrice(1, "30")).toBe(3000)
    expect(storedPrice(1, "-1")).toBeUndefined()
    expect([yuanOf(FREE), yuanText(FREE)]).toEqual([-1, "-1"])
  })
})
