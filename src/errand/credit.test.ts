import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { applyCredit, clampCredit, creditDelta, creditLevel, isCreditGain, type CreditCause } from "./credit"

describe("the credit score", () => {
  it("moves per DESIGN §6", () => {
    expect([1, 2, 3, 4, 5].map((stars) => creditDelta({ kind: "rated", stars }))).toEqual([-3, -2, 0, 0, 2])
    expect(creditDelta({ kind: "personalCancel" })).toBe(-2)
    expect(applyCredit(100, { kind: "rated", stars: 1 })).toEqual({ score: 97, record: { type: 2, score: -3, remark: "跑腿服务获得1星评价" } })
    expect(applyCredit(90, { kind: "rated", stars: 5 })).toEqual({ score: 92, record: { type: 1, score: 2, remark: "跑腿服务获得5星评价" } })
    expect(applyCredit(50, { kind: "personalCancel" })).toEqual({ score: 48, record: { type: 3, score: -2, remark: "个人原因取消接单" } })
    expect(applyCredit(100, { kind: "rated", stars: 5 })).toEqual({ score: 100, record: null })
    expect(applyCredit(1, { kind: "rated", stars: 1 })).toEqual({ score: 0, record: { type: 2, score: -1, remark: "跑腿服务获得1星评价" } })
    expect(applyCredit(80, { kind: "rated", stars: 4 })).toEqual({ score: 80, record: null })
  })

  const cause: fc.Arbitrary<CreditCause> = fc.oneof(fc.constant({ kind: "personalCancel" as const }), fc.integer({ min: 1, max: 5 }).map((stars) => ({ kind: "rated" as const, stars })))

  test.prop([fc.array(cause, { maxLength: 200 })])("stays within 0–100 from 100 and the records add up to the score", (causes) => {
    let score = 100
    let sum = 100
    for (const c of causes) {
      const out = applyCredit(score, c)
      expect(out.score).toBe(clampCredit(score + creditDelta(c)))
      if (out.record) {
        sum += out.record.score
        expect(isCreditGain(out.record.type)).toBe(out.record.score > 0)
      }
      score = out.score
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(100)
    }
    expect(sum).toBe(score)
  })

  it("is coloured by 90 and 60", () => {
    expect([100, 90, 89, 60, 59, 0].map(creditLevel)).toEqual(["success", "success", "warning", "warning", "error", "error"])
  })
})
