import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { reconcile, settledFen } from "./reconcile"
import {
  MAX_TRADE_FEN, newTrade, nextTradeStatus, noticeDecision, PREPAY_TTL_MS, REUSE_MARGIN_MS, reusable, TradeStatus, validAmount,
  type Trade, type TradeEvent
} from "./trade"

const statuses = Object.values(TradeStatus)
const status = fc.constantFrom(...statuses)
const events: ReadonlyArray<TradeEvent> = ["pay", "expire", "refund"]
const event = fc.constantFrom(...events)
const now = new Date("2026-11-23T04:00:00Z")

const trade = (over: Partial<Trade> = {}): Trade => ({
  tradeNo: "P1", kind: "safekeep", refId: "parcel-1", userId: "u1", amountFen: 150, status: "created", prepayId: "wx1", providerRef: null,
  createdAt: now, expiresAt: new Date(now.getTime() + PREPAY_TTL_MS), paidAt: null, refundedAt: null, ...over
})

describe("a trade's states: created → paid | expired, paid → refunded", () => {
  const edges: ReadonlyArray<readonly [TradeStatus, TradeEvent, TradeStatus]> = [
    ["created", "pay", "paid"], ["created", "expire", "expired"], ["paid", "refund", "refunded"]
  ]

  test.prop([status, event])("only the three edges exist", (from, e) => {
    expect(nextTradeStatus(from, e)).toBe(edges.find(([f, ev]) => f === from && ev === e)?.[2])
  })

  test.prop([fc.array(event, { maxLength: 20 })])("any sequence pays a trade at most once and refunds only what was paid", (sequence) => {
    let current: TradeStatus = "created"
    let paid = 0
    let refunded = 0
    for (const e of sequence) {
      const next = nextTradeStatus(current, e)
      if (next === undefined) continue
      if (next === "paid") paid++
      if (next === "refunded") refunded++
      current = next
    }
    expect(paid).toBeLessThanOrEqual(1)
    expect(refunded).toBeLessThanOrEqual(paid)
    if (current === "expired") expect(paid).toBe(0)
  })
})

describe("amounts: the server's price, whole fen from 1 to the cap", () => {
  test.prop([fc.integer({ min: 1, max: MAX_TRADE_FEN })])("whole fen within the cap are valid", (fen) => {
    expect(validAmount(fen)).toBe(true)
  })

  test.prop([fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: MAX_TRADE_FEN + 1 }), fc.double().filter((d) => !Number.isInteger(d)))])(
    "zero, negative, fractional, too large or not a number is refused", (fen) => {
      expect(validAmount(fen)).toBe(false)
      expect(newTrade({ tradeNo: "P", kind: "safekeep", refId: "p", userId: "u", amountFen: fen, now })).toBeInstanceOf(RuleViolation)
    })

  it("the bounds: 1 fen and the cap are taken, 0 and one fen over the cap are refused with the spec's message", () => {
    expect(validAmount(1)).toBe(true)
    expect(validAmount(MAX_TRADE_FEN)).toBe(true)
    expect(validAmount(0)).toBe(false)
    expect(validAmount(MAX_TRADE_FEN + 1)).toBe(false)
    expect(validAmount(1.5)).toBe(false)
    const refused = newTrade({ tradeNo: "P", kind: "safekeep", refId: "p", userId: "u", amountFen: MAX_TRADE_FEN + 1, now })
    expect(refused).toBeInstanceOf(RuleViolation)
    expect((refused as RuleViolation).message).toBe("支付失败：金额不正确")
  })

  it("a new trade is open for 30 minutes", () => {
    const t = newTrade({ tradeNo: "P9", kind: "safekeep", refId: "p", userId: "u", amountFen: 50, now }) as Trade
    expect(t).toMatchObject({ status: "created", amountFen: 50, paidAt: null, prepayId: null })
    expect(t.expiresAt.getTime() - now.getTime()).toBe(30 * 60_000)
  })

  it("an open prepay is handed out again only for the same amount with 5 minutes or more left", () => {
    expect(reusable(trade(), 150, now)).toBe(true)
    expect(reusable(trade(), 200, now)).toBe(false)
    expect(reusable(trade({ status: "paid" }), 150, now)).toBe(false)
    expect(reusable(trade({ prepayId: null }), 150, now)).toBe(false)
    const late = new Date(now.getTime() + PREPAY_TTL_MS - REUSE_MARGIN_MS)
    expect(reusable(trade(), 150, late)).toBe(true)
    expect(reusable(trade(), 150, new Date(late.getTime() + 1))).toBe(false)
  })
})

describe("a verified payment notice", () => {
  const notice = { tradeNo: "P1", amountFen: 150, providerRef: "42x" }

  test.prop([status, fc.integer({ min: 1, max: MAX_TRADE_FEN })])("another amount is refused whatever the state", (s, amount) => {
    fc.pre(amount !== 150)
    const d = noticeDecision(trade({ status: s }), { ...notice, amountFen: amount })
    expect(d).toBeInstanceOf(RuleViolation)
    expect((d as RuleViolation).message).toBe("支付金额不一致")
  })

  it("settles a created trade, changes nothing on a paid or refunded one, refuses an expired or unknown one", () => {
    expect(noticeDecision(trade(), notice)).toBe("settle")
    expect(noticeDecision(trade({ status: "paid" }), notice)).toBe("already")
    expect(noticeDecision(trade({ status: "refunded" }), notice)).toBe("already")
    expect(noticeDecision(trade({ status: "expired" }), notice)).toBeInstanceOf(StateConflict)
    expect(noticeDecision(undefined, notice)).toBeInstanceOf(NotFound)
  })

  it("says why it refuses: unknown trade, another amount, a closed trade", () => {
    expect((noticeDecision(undefined, notice) as NotFound).message).toBe("订单不存在")
    expect((noticeDecision(trade(), { ...notice, amountFen: 149 }) as RuleViolation).message).toBe("支付金额不一致")
    expect((noticeDecision(trade({ status: "expired" }), notice) as StateConflict).message).toBe("订单已关闭")
  })
})

describe("reconcile: settled trades against what the business recorded", () => {
  const book = (recordedFen: number | undefined, trades: ReadonlyArray<{ status: TradeStatus; amountFen: number }>) => ({
    kind: "safekeep" as const, refId: "p1", recordedFen, trades: trades.map((t, i) => ({ tradeNo: `P${i}`, ...t }))
  })
  const tradeArb = fc.record({ status, amountFen: fc.integer({ min: 1, max: 500 }) })

  test.prop([fc.array(tradeArb, { maxLength: 6 })])("a purpose whose record equals its paid trades is in order", (trades) => {
    expect(reconcile([book(settledFen(trades), trades)])).toEqual([])
  })

  test.prop([fc.array(tradeArb, { maxLength: 6 }), fc.integer({ min: -500, max: 500 }).filter((d) => d !== 0)])(
    "any other record is a mismatch naming the purpose and its trades", (trades, off) => {
      const [m] = reconcile([book(settledFen(trades) + off, trades)])
      expect(m).toMatchObject({ refId: "p1", settledFen: settledFen(trades), recordedFen: settledFen(trades) + off })
      expect(m!.trades).toEqual(trades.map((_, i) => `P${i}`))
    })

  it("only paid trades count: refunded, expired and open ones took no money that stays", () => {
    expect(settledFen([{ status: "paid", amountFen: 50 }, { status: "refunded", amountFen: 100 }, { status: "expired", amountFen: 7 }, { status: "created", amountFen: 9 }] as never)).toBe(50)
  })

  it("says which side is off: recorded without a settled trade, or settled trades not recorded", () => {
    const paid50 = [{ status: "paid" as const, amountFen: 50 }]
    expect(reconcile([book(80, paid50)])).toStrictEqual([
      { kind: "safekeep", refId: "p1", settledFen: 50, recordedFen: 80, trades: ["P0"], problem: "recorded as paid without a settled trade" }
    ])
    expect(reconcile([book(0, paid50)])).toStrictEqual([
      { kind: "safekeep", refId: "p1", settledFen: 50, recordedFen: 0, trades: ["P0"], problem: "settled trades not recorded" }
    ])
    // one fen either way is already a mismatch, and each book is judged on its own
    expect(reconcile([book(51, paid50), book(50, paid50), book(49, paid50)]).map((m) => m.problem)).toEqual([
      "recorded as paid without a settled trade", "settled trades not recorded"
    ])
  })

  it("a purpose in order lists nothing, whatever its trades", () => {
    expect(reconcile([book(0, []), book(0, [{ status: "refunded", amountFen: 30 }]), book(30, [{ status: "paid", amountFen: 30 }])])).toStrictEqual([])
  })

  it("a settled trade for something that no longer exists is a mismatch with no recorded amount", () => {
    expect(reconcile([book(undefined, [{ status: "paid", amountFen: 50 }])])).toStrictEqual([
      { kind: "safekeep", refId: "p1", settledFen: 50, recordedFen: null, trades: ["P0"], problem: "settled trades pay for something that does not exist" }
    ])
  })
})
