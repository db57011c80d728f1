/** Cash withdrawal: the amount checks in the spec's order, the 0.6% fee, then the limits of DESIGN §6. */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { LimitReached, RuleViolation } from "#src/shared/errors"
import { decideWithdrawal, messages, type WithdrawalStatus } from "#src/wallet/withdrawal"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Independent of the code under test: the calendar date as Asia/Shanghai shows it. */
const shanghaiCalendar = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })
const sameShanghaiDay = (a: number, b: number) => shanghaiCalendar.format(a) === shanghaiCalendar.format(b)

/** now sits near a Shanghai midnight (16:00 UTC) more often than not. */
const shanghaiMidnight = fc.integer({ min: 18_000, max: 22_000 }).map((day) => day * DAY + 16 * HOUR)
const nowArb = fc
  .tuple(
    shanghaiMidnight,
    fc.oneof(
      fc.integer({ min: -2 * MINUTE, max: 2 * MINUTE }),
      fc.integer({ min: -3 * HOUR, max: 3 * HOUR }),
      fc.integer({ min: 0, max: DAY - 1 })
    )
  )
  .map(([midnight, offset]) => ({ midnight, now: midnight + offset }))

const status = fc.constantFrom<WithdrawalStatus>(0, 1, 2, 100)
const money = fc.oneof(fc.integer({ min: 100, max: 500_000 }), fc.constantFrom(100, 200_000, 500_000))

/** How long before now, or where around the reference midnight, an earlier application was made. */
const placement = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 30 * HOUR }).map((ago) => ({ ago })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * MINUTE }).map((ago) => ({ ago })) },
  { weight: 2, arbitrary: fc.integer({ min: -5 * MINUTE, max: 5 * MINUTE }).map((fromMidnight) => ({ fromMidnight })) }
)

const scattered = fc.array(fc.record({ placement, status, money }), { maxLength: 8 })

/** A run of applications at least a minute apart just before now, to reach the daily count and sum. */
const burst = fc
  .record({
    gap: fc.integer({ min: MINUTE, max: 40 * MINUTE }),
    count: fc.integer({ min: 1, max: 13 }),
    amounts: fc.constantFrom(fc.integer({ min: 100, max: 5_000 }), fc.integer({ min: 150_000, max: 500_000 }), money)
  })
  .chain(({ gap, count, amounts }) =>
    fc
      .array(fc.record({ status, money: amounts }), { minLength: count, maxLength: count })
      .map((items) => items.map((item, i) => ({ ...item, placement: { ago: (i + 1) * gap } })))
  )

const historyArb = fc.tuple(scattered, fc.oneof(fc.constant([]), burst)).map(([a, b]) => [...a, ...b])

const scenario = fc
  .record({ at: nowArb, history: historyArb })
  .map(({ at, history }) => ({
    now: at.now,
    earlier: history.map((h) => ({
      status: h.status,
      money: h.money,
      createdAt: new Date(Math.min(at.now, "ago" in h.placement ? at.now - h.placement.ago : at.midnight + h.placement.fromMidnight))
    }))
  }))

const amountArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 100, max: 500_000 }) },
  { weight: 2, arbitrary: fc.constantFrom(99, 100, 101, 499_999, 500_000, 500_001, 0, -100) },
  { weight: 1, arbitrary: fc.integer({ min: -1_000, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 600_000, noNaN: true }).filter((d) => !Number.isInteger(d)) },
  { weight: 1, arbitrary: fc.constantFrom<number | undefined>(undefined, Number.NaN) }
)
const balanceArb = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constant(100_000_000))

const feeOf = (amount: number) => Math.floor((amount * 6 + 999) / 1000)

const isAccepted = (r: ReturnType<typeof decideWithdrawal>): r is { amountFen: number; fee: number } =>
  !(r instanceof RuleViolation) && !(r instanceof LimitReached)

type Earlier = ReadonlyArray<{ status: WithdrawalStatus; money: number; createdAt: Date }>

/** The limits as plain facts about the history. */
const limitsModel = (earlier: Earlier, now: number, amount: number) => {
  const counted = earlier.filter((w) => w.status !== 2)
  const today = counted.filter((w) => sameShanghaiDay(w.createdAt.getTime(), now))
  return {
    tooSoon: counted.some((w) => now - w.createdAt.getTime() < MINUTE),
    tooMany: today.length >= 10,
    tooMuch: today.reduce((s, w) => s + w.money, 0) + amount > 2_000_000
  }
}

describe("decideWithdrawal", () => {
  test.prop({ amount: amountArb, balance: balanceArb, s: scenario }, { numRuns: 1_000 })(
    "never accepts an amount above the balance, below 100 fen, above 500000 fen, or not a whole fen",
    ({ amount, balance, s }) => {
      const r = decideWithdrawal({ amountFen: amount, balanceFen: balance, earlier: s.earlier, now: new Date(s.now) })
      if (isAccepted(r)) {
        expect(amount).toBeDefined()
        const a = amount as number
        expect(Number.isInteger(a)).toBe(true)
        expect(a).toBeLessThanOrEqual(balance)
        expect(a).toBeGreaterThanOrEqual(100)
        expect(a).toBeLessThanOrEqual(500_000)
      }
    }
  )

  test.prop({ amount: fc.integer({ min: 100, max: 500_000 }) }, { numRuns: 1_000 })(
    "an accepted application's fee is ceil(0.6%), 0 < fee < amount, payout + fee = amount",
    ({ amount }) => {
      const r = decideWithdrawal({ amountFen: amount, balanceFen: amount, earlier: [], now: new Date(0) })
      expect(isAccepted(r)).toBe(true)
      if (!isAccepted(r)) return
      expect(r.amountFen).toBe(amount)
      expect(r.fee).toBe(feeOf(amount))
      expect(r.fee * 1000).toBeGreaterThanOrEqual(amount * 6)
      expect((r.fee - 1) * 1000).toBeLessThan(amount * 6)
      expect(r.fee).toBeGreaterThan(0)
      expect(r.fee).toBeLessThan(amount)
      const payout = r.amountFen - r.fee
      expect(payout + r.fee).toBe(amount)
    }
  )

  test.prop({ amount: amountArb, balance: balanceArb, s: scenario }, { numRuns: 2_000 })(
    "amount checks come first in the spec's order, then it accepts iff every limit holds",
    ({ amount, balance, s }) => {
      const r = decideWithdrawal({ amountFen: amount, balanceFen: balance, earlier: s.earlier, now: new Date(s.now) })
      if (amount === undefined || Number.isNaN(amount)) {
        expect(r).toBeInstanceOf(RuleViolation)
        expect((r as RuleViolation).message).toBe("请输入您的提现金额")
        return
      }
      if (amount > balance) {
        expect(r).toBeInstanceOf(RuleViolation)
        expect((r as RuleViolation).message).toBe("提现金额不能大于余额")
        return
      }
      if (!Number.isInteger(amount) || amount < 100 || amount > 500_000) {
        expect(r).toBeInstanceOf(RuleViolation)
        expect((r as RuleViolation).message).toBe("提现金额必须>=1 并且 <=5000")
        return
      }
      const { tooSoon, tooMany, tooMuch } = limitsModel(s.earlier, s.now, amount)
      if (!tooSoon && !tooMany && !tooMuch) {
        expect(r).toEqual({ amountFen: amount, fee: feeOf(amount) })
        return
      }
      expect(r).toBeInstanceOf(LimitReached)
      const allowed = [
        ...(tooSoon ? [messages.tooSoon] : []),
        ...(tooMany ? [messages.dailyCount] : []),
        ...(tooMuch ? [messages.dailySum] : [])
      ]
      expect(allowed).toContain((r as LimitReached).message)
    }
  )

  test.prop({ amount: fc.integer({ min: 100, max: 500_000 }), s: scenario }, { numRuns: 2_000 })(
    "with a valid amount: accepted iff none within 60 s, fewer than 10 today and today's sum + amount ≤ 2,000,000 fen",
    ({ amount, s }) => {
      const r = decideWithdrawal({ amountFen: amount, balanceFen: 100_000_000, earlier: s.earlier, now: new Date(s.now) })
      const counted = s.earlier.filter((w) => w.status !== 2)
      const today = counted.filter((w) => sameShanghaiDay(w.createdAt.getTime(), s.now))
      const allHold =
        counted.every((w) => s.now - w.createdAt.getTime() >= MINUTE) &&
        today.length < 10 &&
        today.reduce((sum, w) => sum + w.money, 0) + amount <= 2_000_000
      expect(isAccepted(r)).toBe(allHold)
      if (!allHold) expect(r).toBeInstanceOf(LimitReached)
    }
  )

  test.prop({ amount: amountArb, balance: balanceArb, s: scenario, extra: fc.array(fc.record({ status, money }), { minLength: 10, maxLength: 12 }) })(
    "a failing amount check wins over any limit, even with a crowded history",
    ({ amount, balance, s, extra }) => {
      fc.pre(amount === undefined || Number.isNaN(amount) || amount > balance || !Number.isInteger(amount) || amount < 100 || amount > 500_000)
      const crowded = [...s.earlier, ...extra.map((e) => ({ ...e, status: 0 as const, createdAt: new Date(s.now - 1_000) }))]
      const r = decideWithdrawal({ amountFen: amount, balanceFen: balance, earlier: crowded, now: new Date(s.now) })
      expect(r).toBeInstanceOf(RuleViolation)
      expect(["请输入您的提现金额", "提现金额不能大于余额", "提现金额必须>=1 并且 <=5000"]).toContain((r as RuleViolation).message)
    }
  )
})
