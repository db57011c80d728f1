import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import { convertPoints, messages } from "./points"

describe("convertPoints", () => {
  it("235 held, request 235 → 230 points used, 115 fen; the remainder stays", () => {
    expect(convertPoints({ requested: 235, held: 235 })).toEqual({ points: 230, moneyFen: 115 })
  })

  it.each([
    [10, 5],
    [19, 5],
    [20, 10],
    [100, 50]
  ])("request %i → %i fen at ratio 0.5", (requested, fen) => {
    const r = convertPoints({ requested, held: 1_000 })
    expect(r).toEqual({ points: Math.floor(requested / 10) * 10, moneyFen: fen })
  })

  it("uses a configured ratio", () => {
    expect(convertPoints({ requested: 40, held: 40, ratio: 1 })).toEqual({ points: 40, moneyFen: 40 })
  })

  describe("messages in the spec's order", () => {
    it("1. at least 10: '提现积分必须>=10'", () => {
      for (const requested of [9, 0, -10, 1]) {
        const r = convertPoints({ requested, held: 235 })
        expect(r).toBeInstanceOf(RuleViolation)
        expect((r as RuleViolation).message).toBe("提现积分必须>=10")
      }
    })

    it("2. not above points held: '对不起，您只有N积可提现'", () => {
      const r = convertPoints({ requested: 300, held: 235 })
      expect(r).toBeInstanceOf(RuleViolation)
      expect((r as RuleViolation).message).toBe("对不起，您只有235积可提现")
    })

    it("the minimum is checked before the holding", () => {
      expect((convertPoints({ requested: 9, held: 5 }) as RuleViolation).message).toBe("提现积分必须>=10")
    })

    it("request equal to the holding is allowed", () => {
      expect(convertPoints({ requested: 10, held: 10 })).toEqual({ points: 10, moneyFen: 5 })
    })
  })

  it("success and failure texts are the spec's", () => {
    expect(messages.done).toBe("提现成功")
    expect(messages.failed).toBe("提现失败")
    expect(messages.notEnough(0)).toBe("对不起，您只有0积可提现")
  })
})
