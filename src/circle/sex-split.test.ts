import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { largestRemainder, sexSplit, sexSplitOf } from "./sex-split"

const count = fc.integer({ min: 0, max: 1_000_000 })

describe("the sex split", () => {
  it("is 0 and 0 with no posts, and splits the spec's way otherwise", () => {
    expect(sexSplit(0, 0)).toEqual({ nanSum: 0, nvSum: 0, nanPercent: 0, nvPercent: 0 })
    expect(sexSplit(1, 2)).toEqual({ nanSum: 1, nvSum: 2, nanPercent: 33, nvPercent: 67 })
    expect(sexSplit(2, 1)).toMatchObject({ nanPercent: 67, nvPercent: 33 })
    expect(sexSplit(1, 0)).toMatchObject({ nanPercent: 100, nvPercent: 0 })
    expect(sexSplit(1, 199)).toMatchObject({ nanPercent: 1, nvPercent: 99 })
    expect(sexSplit(199, 1)).toMatchObject({ nanPercent: 99, nvPercent: 1 })
    expect(sexSplit(1, 1)).toMatchObject({ nanPercent: 50, nvPercent: 50 })
  })

  test.prop([count, count])("percents are whole, add up to 100, and each is its exact share rounded up or down", (nan, nv) => {
    fc.pre(nan + nv > 0)
    const s = sexSplit(nan, nv)
    expect(s.nanPercent + s.nvPercent).toBe(100)
    for (const [p, c] of [[s.nanPercent, nan], [s.nvPercent, nv]] as const) {
      expect(Number.isInteger(p)).toBe(true)
      const exact = (c * 100) / (nan + nv)
      expect(p === Math.floor(exact) || p === Math.ceil(exact)).toBe(true)
    }
  })

  test.prop([count, count])("more posts never show a smaller percent; swapping the sexes swaps the percents", (nan, nv) => {
    const s = sexSplit(nan, nv)
    if (nan > nv) expect(s.nanPercent).toBeGreaterThanOrEqual(s.nvPercent)
    const t = sexSplit(nv, nan)
    expect([t.nanPercent, t.nvPercent]).toEqual([s.nvPercent, s.nanPercent])
  })

  test.prop([fc.array(count, { maxLength: 8 }), fc.integer({ min: 0, max: 1000 })])("largest remainder hands out exactly the total, within 1 of each exact share", (counts, total) => {
    const shares = largestRemainder(counts, total)
    const sum = counts.reduce((a, b) => a + b, 0)
    expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total)
    shares.forEach((s, i) => expect(Math.abs(s - (sum === 0 ? 0 : (counts[i]! * total) / sum))).toBeLessThan(1))
  })

  test.prop([fc.array(fc.constantFrom(1, 0, -1), { maxLength: 50 })])("counts men as 1 and women as 0", (sexes) => {
    const s = sexSplitOf(sexes)
    expect([s.nanSum, s.nvSum]).toEqual([sexes.filter((x) => x === 1).length, sexes.filter((x) => x === 0).length])
  })
})
