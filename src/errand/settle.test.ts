/**
 * An errand decision's money carried out, on the in-memory doubles: a refund goes back through the pay-in port only
 * as the whole of the order's paid errand trade (anything else is a defect, nothing paid back); a runner's income
 * goes into their wallet with its ledger row; what the provider takes (pay, freight) is the payment notice's.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { TradeStatus, type Trade } from "../payment/trade"
import { outcome, recordingPorts } from "../shared/ports.testkit"
import { LedgerRef, LedgerType } from "../wallet/ledger"
import type { ErrandPerson } from "./errand-parties"
import type { ErrandOrderRecord } from "./errand-store"
import { errandWorld } from "./errand-store.testkit"
import { refundErrandPayment, settleErrandMoney } from "./settle"

const NOW = new Date("2026-11-20T04:00:00Z")
const runner: ErrandPerson = {
  id: "r1", openid: "o-r1", name: "王强", phone: "13800000002", sex: 1, authStatus: 1, paotuiStatus: 1, isPaotuiLeader: false, pickupAble: false, worksiteId: "w1"
}
const order = { id: "e1", orderNo: "N1", prepayId: "wx-1" } as ErrandOrderRecord

const paidTrade = (over: Partial<Trade> = {}): Trade => ({
  tradeNo: "T1", kind: "errand", refId: "e1", userId: "u-req", amountFen: 500, status: TradeStatus.paid, prepayId: "wx-1",
  providerRef: "x", createdAt: NOW, expiresAt: NOW, paidAt: NOW, refundedAt: null, ...over
})

const setup = (trade?: Trade) => {
  const world = errandWorld([runner])
  if (trade) world.trades.trades.set(trade.tradeNo, trade)
  const ports = recordingPorts(NOW)
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(effect).pipe(Effect.provide(world.layer)) as Effect.Effect<A, E, never>)
  return { world, run }
}

describe("an errand's refund", () => {
  it("pays the whole paid trade back once, and marks it refunded", async () => {
    const s = setup(paidTrade())
    expect(await s.run(refundErrandPayment(order, 500))).toEqual({ ok: true, value: undefined })
    expect(s.world.trades.refunds).toEqual([{ tradeNo: "T1", amountFen: 500 }])
    expect(s.world.trades.trades.get("T1")!.status).toBe(TradeStatus.refunded)
  })

  it("of nothing (or less) does nothing at all", async () => {
    for (const amount of [0, -1]) {
      const s = setup(paidTrade())
      expect(await s.run(refundErrandPayment(order, amount))).toEqual({ ok: true, value: undefined })
      expect(s.world.trades.refunds).toEqual([])
    }
  })

  it.each([
    ["no prepay on the order", undefined, { ...order, prepayId: null }],
    ["no trade of that prepay", undefined, order],
    ["a trade of another kind", paidTrade({ kind: "tip" }), order],
    ["another order's trade", paidTrade({ refId: "e2" }), order],
    ["a trade not paid", paidTrade({ status: TradeStatus.created }), order],
    ["a trade already refunded", paidTrade({ status: TradeStatus.refunded }), order],
    ["a part of the payment", paidTrade({ amountFen: 800 }), order]
  ])("is a defect with %s, and pays nothing back", async (_, trade, of) => {
    const s = setup(trade)
    await expect(s.run(refundErrandPayment(of, 500))).rejects.toThrow(`errand order e1: no paid trade of 500 fen to refund`)
    expect(s.world.trades.refunds).toEqual([])
  })
})

describe("an errand's money moves", () => {
  it("credits the runner's wallet with a ledger row naming the order, and leaves the provider's moves to its notice", async () => {
    const s = setup(paidTrade())
    const moves = [{ kind: "pay", amount: 500 }, { kind: "payFreight", amount: 1200 }, { kind: "creditRunner", amount: 450, openid: "o-r1" }] as const
    expect(await s.run(settleErrandMoney({ ...order, prepayId: "wx-1" } as ErrandOrderRecord, moves, NOW))).toEqual({ ok: true, value: undefined })
    expect(s.world.wallet.money.get("r1")).toBe(450)
    expect(s.world.wallet.ledger).toEqual([expect.objectContaining({
      userId: "r1", type: LedgerType.income, money: 450, refType: LedgerRef.runnerIncome, refId: "e1"
    })])
    expect(JSON.stringify(s.world.wallet.ledger[0])).toContain("跑腿收入")
    expect(JSON.stringify(s.world.wallet.ledger[0])).toContain("N1")
    expect(s.world.trades.refunds).toEqual([])
  })

  it("a refund move refunds; a runner who does not exist is a defect", async () => {
    const s = setup(paidTrade())
    await s.run(settleErrandMoney(order, [{ kind: "refund", amount: 500 }], NOW))
    expect(s.world.trades.refunds).toEqual([{ tradeNo: "T1", amountFen: 500 }])
    await expect(setup().run(settleErrandMoney(order, [{ kind: "creditRunner", amount: 1, openid: "o-ghost" }], NOW)))
      .rejects.toThrow("runner o-ghost of errand N1 does not exist")
  })
})
