/** Points to money: whole blocks of 10 points at ratio 0.5 fen a point; the remainder stays; at least 10. */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { RuleViolation } from "#src/shared/errors"
import { convertPoints } from "#src/wallet/points"

const held = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000_000 }))

describe("convertPoints", () => {
  const acceptable = fc
    .oneof(fc.integer({ min: 10, max: 200 }), fc.integer({ min: 10, max: 10_000_000 }))
    .chain((h) => fc.record({ held: fc.constant(h), requested: fc.integer({ min: 10, max: h }) }))

  test.prop({ c: acceptable }, { numRuns: 1_000 })(
    "uses the largest multiple of 10 not above the request, keeps the rest, pays used / 2 fen",
    ({ c: { held, requested } }) => {
      const r = convertPoints({ requested, held })
      expect(r).not.toBeInstanceOf(RuleViolation)
      if (r instanceof RuleViolation) return
      expect(r.points % 10).toBe(0)
      expect(r.points).toBeLessThanOrEqual(requested)
      expect(r.points + 10).toBeGreaterThan(requested)
      expect(r.points).toBeGreaterThanOrEqual(10)
      expect(held - r.points).toBeGreaterThanOrEqual(0)
      expect(r.moneyFen).toBe(r.points / 2)
      expect(r.moneyFen % 5).toBe(0)
    }
  )

  test.prop({ held: fc.integer({ min: 10, max: 1_000_000 }), pick: fc.double({ min: 0, max: 1, noNaN: true }) }, { numRuns: 500 })(
    "any request between 10 and the holding is accepted",
    ({ held, pick }) => {
      const requested = 10 + Math.floor(pick * (held - 10))
      expect(convertPoints({ requested, held })).not.toBeInstanceOf(RuleViolation)
    }
  )

  test.prop(
    { blocks: fc.integer({ min: 1, max: 100_000 }), ratio: fc.constantFrom(0.5, 1, 2, 0.1, 0.25) },
    { numRuns: 500 }
  )("money is points used × a configured ratio, in whole fen (within half a fen)", ({ blocks, ratio }) => {
    const requested = blocks * 10
    const r = convertPoints({ requested, held: requested, ratio })
    if (r instanceof RuleViolation) throw new Error(r.message)
    expect(r.points).toBe(requested)
    expect(Number.isInteger(r.moneyFen)).toBe(true)
    expect(Math.abs(r.moneyFen - requested * ratio)).toBeLessThanOrEqual(0.5)
  })

  test.prop({ held, requested: fc.integer({ min: -1_000, max: 10_000_000 }) }, { numRuns: 2_000 })(
    "errors exactly per spec: below 10 first, then above the points held",
    ({ held, requested }) => {
      const r = convertPoints({ requested, held })
      const expected = requested < 10 ? "提现积分必须>=10" : requested > held ? `对不起，您只有${held}积可提现` : undefined
      if (expected === undefined) {
        expect(r).not.toBeInstanceOf(RuleViolation)
      } else {
        expect(r).toBeInstanceOf(RuleViolation)
        expect((r as RuleViolation).message).toBe(expected)
      }
    }
  )

  test.prop({ held, requested: fc.double({ min: -100, max: 1_000, noNaN: true }).filter((d) => !Number.isInteger(d)) })(
    "a fractional request is never converted",
    ({ held, requested }) => {
      expect(convertPoints({ requested, held })).toBeInstanceOf(RuleViolation)
    }
  )
})
