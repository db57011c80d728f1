import { describe, expect, it } from "vitest"
import { LimitReached, RuleViolation, StateConflict } from "../shared/errors"
import { hours } from "../shared/time"
import {
  checkAmount,
  decideWithdrawal,
  messages,
  nextReviewStatus,
  payoutOf,
  WITHDRAWAL_LIMITS,
  withdrawalFee,
  withdrawalFeeRate,
  WithdrawalStatus,
  withdrawalStatusLabel
} from "./withdrawal"

const now = new Date("2024-05-10T04:00:00.000Z") // 12:00 in Shanghai
const shanghaiMidnight = new Date("2024-05-09T16:00:00.000Z")
const ago = (ms: number) => new Date(now.getTime() - ms)
const rec = (money: number, createdAt: Date, status: WithdrawalStatus = WithdrawalStatus.pending) => ({ money, status, createdAt })

const decide = (amountFen: number | undefined, balanceFen = 10_000_000, earlier: ReturnType<typeof rec>[] = []) =>
  decideWithdrawal({ amountFen, balanceFen, earlier, now })

const messageOf = (r: unknown) => (r instanceof RuleViolation || r instanceof LimitReached ? r.message : undefined)

describe("withdrawalFee: 0.6% rounded up to the fen", () => {
  it.each([
    [10_000, 60],
    [100, 1],
    [16_667, 101],
    [1_000, 6],
    [1_001, 7],
    [500_000, 3_000],
    [499_999, 3_000],
    [166, 1],
    [167, 2]
  ])("%i fen → %i fen", (amount, fee) => {
    expect(withdrawalFee(amount)).toBe(fee)
  })

  it("is exact for every allowed amount from 100 to 500000 fen (integer arithmetic, no float drift)", () => {
    const wrong: number[] = []
    for (let amount = 100; amount <= 500_000; amount++) {
      const fee = withdrawalFee(amount)
      if (fee * 1000 < amount * 6 || (fee - 1) * 1000 >= amount * 6) wrong.push(amount)
    }
    expect(wrong).toEqual([])
  })
})

describe("withdrawalFeeRate: the rate the notice shows is the rate charged", () => {
  it("reads 0.6%", () => {
    expect(withdrawalFeeRate).toBe("0.6%")
  })

  it("rounded up to the fen, the shown rate gives the charged fee for every allowed amount", () => {
    const m = /^(\d+)(?:\.(\d+))?%$/.exec(withdrawalFeeRate)!
    const decimals = m[2] ?? ""
    const scale = 100 * 10 ** decimals.length
    const parts = Number(m[1] + decimals)
    const wrong: number[] = []
    for (let amount = WITHDRAWAL_LIMITS.minFen; amount <= WITHDRAWAL_LIMITS.maxFen; amount++) {
      if (withdrawalFee(amount) !== Math.ceil((amount * parts) / scale)) wrong.push(amount)
    }
    expect(wrong).toEqual([])
  })
})

describe("payoutOf: the amount less its fee", () => {
  it.each([[10_000, 60, 9_940], [100, 1, 99], [500_000, 3_000, 497_000]])("%i fen less %i fen is %i fen", (money, fee, payout) => {
    expect(payoutOf({ money, fee })).toBe(payout)
  })
})

describe("withdrawalStatusLabel", () => {
  it.each([
    [WithdrawalStatus.pending, "待审核"],
    [WithdrawalStatus.approved, "已审核"],
    [WithdrawalStatus.rejected, "已驳回"],
    [WithdrawalStatus.transferred, "已到账"],
    [3, "3"],
    [-1, "-1"]
  ])("status %i reads %s", (status, label) => {
    expect(withdrawalStatusLabel(status)).toBe(label)
  })

  it("does not take an inherited property for a label", () => {
    expect(withdrawalStatusLabel("constructor" as unknown as number)).toBe("constructor")
  })
})

describe("checkAmount: the spec's messages in the spec's order", () => {
  it("1. amount required: '请输入您的提现金额'", () => {
    expect(checkAmount(undefined, 1_000)?.message).toBe("请输入您的提现金额")
    expect(checkAmount(Number.NaN, 1_000)?.message).toBe("请输入您的提现金额")
  })

  it("2. not above balance: '提现金额不能大于余额'", () => {
    expect(checkAmount(5_001, 5_000)?.message).toBe("提现金额不能大于余额")
    expect(checkAmount(100, 0)?.message).toBe("提现金额不能大于余额")
  })

  it("3. between 1 and 5000 yuan inclusive: '提现金额必须>=1 并且 <=5000'", () => {
    for (const amount of [99, 0, -100, 500_001, 100.5]) {
      expect(checkAmount(amount, 10_000_000)?.message).toBe("提现金额必须>=1 并且 <=5000")
    }
  })

  it("accepts the bounds 100 fen and 500000 fen, and the whole balance", () => {
    expect(checkAmount(100, 100)).toBeUndefined()
    expect(checkAmount(500_000, 500_000)).toBeUndefined()
    expect(checkAmount(12_345, 12_345)).toBeUndefined()
  })

  it("checks the balance before the range", () => {
    expect(checkAmount(600_000, 550_000)?.message).toBe("提现金额不能大于余额")
    expect(checkAmount(50, 40)?.message).toBe("提现金额不能大于余额")
  })

  it("returns RuleViolation (400)", () => {
    const r = checkAmount(undefined, 0)
    expect(r).toBeInstanceOf(RuleViolation)
    expect(r?.status).toBe(400)
  })

  it("the confirmation and success texts are the spec's", () => {
    expect(messages.confirm).toBe("确认要提交提现申请？")
    expect(messages.applied).toBe("申请成功")
    expect(messages.failed).toBe("提现失败，请联系系统管理员")
  })
})

describe("decideWithdrawal", () => {
  it("accepts a first application and returns the fee", () => {
    expect(decide(10_000)).toEqual({ amountFen: 10_000, fee: 60 })
  })

  it("runs the amount checks before the limits", () => {
    const busy = Array.from({ length: 12 }, () => rec(500_000, ago(1_000)))
    expect(messageOf(decide(undefined, 1_000, busy))).toBe("请输入您的提现金额")
    expect(messageOf(decide(2_000, 1_000, busy))).toBe("提现金额不能大于余额")
    expect(messageOf(decide(50, 1_000, busy))).toBe("提现金额必须>=1 并且 <=5000")
  })

  describe("one application a minute", () => {
    it("refuses within 60 s of an earlier non-rejected application", () => {
      const r = decide(10_000, undefined, [rec(100, ago(59_999))])
      expect(r).toBeInstanceOf(LimitReached)
      expect(messageOf(r)).toBe(messages.tooSoon)
      expect((r as LimitReached).status).toBe(429)
    })

    it("accepts at exactly 60 s", () => {
      expect(decide(10_000, undefined, [rec(100, ago(WITHDRAWAL_LIMITS.gapMs))])).toEqual({ amountFen: 10_000, fee: 60 })
    })

    it("ignores a rejected application", () => {
      expect(decide(10_000, undefined, [rec(100, ago(1_000), WithdrawalStatus.rejected)])).toEqual({ amountFen: 10_000, fee: 60 })
    })

    it.each([WithdrawalStatus.approved, WithdrawalStatus.transferred])("counts status %i", (status) => {
      expect(messageOf(decide(10_000, undefined, [rec(100, ago(1_000), status)]))).toBe(messages.tooSoon)
    })
  })

  describe("at most 10 a (Shanghai) day", () => {
    const tenToday = Array.from({ length: 10 }, (_, i) => rec(100, ago(hours(1) + i * 60_000)))

    it("refuses the 11th", () => {
      expect(messageOf(decide(100, undefined, tenToday))).toBe(messages.dailyCount)
    })

    it("accepts when one of the ten was rejected", () => {
      const some = tenToday.map((w, i) => (i === 3 ? { ...w, status: WithdrawalStatus.rejected } : w))
      expect(decide(100, undefined, some)).toEqual({ amountFen: 100, fee: 1 })
    })

    it("does not count applications before Shanghai midnight", () => {
      const yesterday = Array.from({ length: 10 }, (_, i) => rec(100, new Date(shanghaiMidnight.getTime() - 1 - i * 60_000)))
      expect(decide(100, undefined, yesterday)).toEqual({ amountFen: 100, fee: 1 })
    })

    it("counts an application made exactly at Shanghai midnight as today", () => {
      const atMidnight = [...tenToday.slice(1), rec(100, shanghaiMidnight)]
      expect(messageOf(decide(100, undefined, atMidnight))).toBe(messages.dailyCount)
    })
  })

  describe("at most 20,000 yuan a day", () => {
    const today = (money: number) => Array.from({ length: 4 }, (_, i) => rec(money / 4, ago(hours(1) + i * 60_000)))

    it("accepts reaching exactly 2,000,000 fen", () => {
      expect(decide(500_000, undefined, today(1_500_000))).toEqual({ amountFen: 500_000, fee: 3_000 })
    })

    it("refuses going one fen above", () => {
      const r = decide(500_000, undefined, [...today(1_500_000), rec(1, ago(hours(2)))])
      expect(messageOf(r)).toBe(messages.dailySum)
      expect(r).toBeInstanceOf(LimitReached)
    })

    it("ignores rejected and yesterday's amounts", () => {
      const earlier = [
        ...today(1_500_000),
        rec(500_000, ago(hours(3)), WithdrawalStatus.rejected),
        rec(500_000, new Date(shanghaiMidnight.getTime() - 1))
      ]
      expect(decide(500_000, undefined, earlier)).toEqual({ amountFen: 500_000, fee: 3_000 })
    })
  })
})

describe("nextReviewStatus: 0 → 1 → 100, or 0 → 2", () => {
  const table: ReadonlyArray<[WithdrawalStatus, "approve" | "reject" | "transfer", WithdrawalStatus | "conflict"]> = [
    [0, "approve", 1],
    [0, "reject", 2],
    [0, "transfer", "conflict"],
    [1, "approve", "conflict"],
    [1, "reject", "conflict"],
    [1, "transfer", 100],
    [2, "approve", "conflict"],
    [2, "reject", "conflict"],
    [2, "transfer", "conflict"],
    [100, "approve", "conflict"],
    [100, "reject", "conflict"],
    [100, "transfer", "conflict"]
  ]
  it.each(table)("status %i, %s → %s", (from, action, to) => {
    const r = nextReviewStatus(from, action)
    if (to === "conflict") {
      expect(r).toBeInstanceOf(StateConflict)
      expect((r as StateConflict).status).toBe(409)
    } else {
      expect(r).toBe(to)
    }
  })

  it("says why a transfer is refused: not yet approved, or already decided", () => {
    expect((nextReviewStatus(0, "transfer") as StateConflict).message).toBe("该提现申请尚未审核通过")
    expect((nextReviewStatus(2, "transfer") as StateConflict).message).toBe("该提现申请已处理")
    expect((nextReviewStatus(1, "approve") as StateConflict).message).toBe("该提现申请已处理")
  })
})
