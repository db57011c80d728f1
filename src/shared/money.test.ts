import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { signedYuan, yuan } from "./money"

/** Independent of the code under test: yuan text back to fen by its digits, no floating point. */
const fenOf = (text: string): number => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text)
  if (!m) throw new Error(`not a two-decimal amount: ${text}`)
  const fen = Number(m[2]) * 100 + Number(m[3])
  return m[1] ? -fen : fen
}

const fen = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })

describe("yuan: every amount in yuan with two decimals", () => {
  it.each([
    [48_876, "488.76"],
    [48_880, "488.80"],
    [0, "0.00"],
    [1, "0.01"],
    [10, "0.10"],
    [100, "1.00"],
    [50_000, "500.00"],
    [-105, "-1.05"],
    [-5, "-0.05"],
    [2_000_000, "20000.00"]
  ])("%i fen is %s", (amount, text) => {
    expect(yuan(amount)).toBe(text)
  })

  test.prop([fen])("shows every fen: reading the text back gives the same amount", (amount) => {
    expect(fenOf(yuan(amount))).toBe(amount)
  })

  test.prop([fen])("always has exactly two decimals and no stray sign or leading zero", (amount) => {
    expect(yuan(amount)).toMatch(/^(-?[1-9]\d*|0|-0(?=\.\d*[1-9]))\.\d{2}$/)
  })

  test.prop([fen, fen])("keeps the order of amounts", (a, b) => {
    fc.pre(a !== b)
    const [lo, hi] = a < b ? [a, b] : [b, a]
    expect(fenOf(yuan(lo))).toBeLessThan(fenOf(yuan(hi)))
  })

  test.prop([fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.double({ min: -0.49, max: 0.49, noNaN: true })])(
    "rounds a stray fraction of a fen to the nearest fen", (amount, fraction) => {
      expect(yuan(amount + fraction)).toBe(yuan(amount))
    }
  )

  it("never shows minus zero", () => {
    expect(yuan(-0)).toBe("0.00")
    expect(yuan(-0.4)).toBe("0.00")
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("shows %s as --", (bad) => {
    expect(yuan(bad)).toBe("--")
  })
})

describe("signedYuan: a movement with its direction", () => {
  test.prop([fc.integer({ min: 0, max: 100_000_000 }), fc.boolean()])("is the sign of its direction and the amount without its sign", (amount, income) => {
    expect(signedYuan(amount, income)).toBe(`${income ? "+" : "-"}${yuan(amount)}`)
    expect(signedYuan(-amount, income)).toBe(`${income ? "+" : "-"}${yuan(amount)}`)
  })
})
