/**
 * The tip's settlement over in-memory ports: a paid tip is the runner's income with its ledger row (reference
 * `tip` and the trade number, the remark naming the order) and the runner is told; a refunded tip is taken
 * back with the opposite row; a tip for an order without a runner is a defect, never a silent success.
 */
import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { TradeKind, TradeStatus, type Trade } from "../payment/trade"
import { recordingPorts } from "../shared/ports.testkit"
import { LedgerRef, LedgerType } from "../wallet/ledger"
import type { ErrandOrderRecord } from "./errand-store"
import { errandWorld } from "./errand-store.testkit"
import { TeamStore, type Member } from "./team-store"
import { TIP_PAID_EVENT, tipSettlement } from "./tip-settlement"

const CREATED = new Date("2026-11-23T04:00:00Z")
const PAID = new Date("2026-11-23T04:05:00Z")
const REFUNDED = new Date("2026-11-23T05:00:00Z")

const runner: Member = {
  id: "r", openid: "o-r", paotuiStatus: 1, isPaotuiLeader: false, paotuiLeader: null, worksiteId: "ws", realname: "王强", nickname: null,
  phoneMain: "13800000002", headimgBase64: null, invitation: null
}

const order = (over: Partial<ErrandOrderRecord> = {}): ErrandOrderRecord => ({
  id: "e1", orderNo: "N20261123001", type: 1, status: 100, openid: "o-req", worksiteId: "ws", accept: { openid: "o-r", name: "王强", phone: "1" }, payFee: 400,
  paid: 400, refunded: 0, runnerIncome: 400, freight: null, freightPaid: 0, goodsPic: null, createdAt: CREATED, requireArriveTime: CREATED, toComment: true,
  sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: null, floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "",
  toTakeId: null, fee: 400, activityId: null, prepayId: null, acceptedAt: CREATED, finishedAt: CREATED, ...over
})

const trade = (over: Partial<Trade> = {}): Trade => ({
  tradeNo: "P1", kind: TradeKind.tip, refId: "e1", userId: "u-req", amountFen: 500, status: TradeStatus.paid, prepayId: "wx1", providerRef: "tx1",
  createdAt: CREATED, expiresAt: new Date(CREATED.getTime() + 30 * 60_000), paidAt: PAID, refundedAt: null, ...over
})

const world = (orders: ReadonlyArray<ErrandOrderRecord>, people: ReadonlyArray<Member> = [runner]) => {
  const errand = errandWorld([])
  for (const o of orders) errand.errands.orders.set(o.id, o)
  const team = { byOpenid: (openid: string) => Effect.succeed(people.find((p) => p.openid === openid)) }
  const ports = recordingPorts(PAID, ["ledger-1", "ledger-2"])
  const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runSyncExit(effect)
  const provide = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    ports.provide(effect).pipe(Effect.provide(Layer.merge(errand.layer, Layer.succeed(TeamStore, team as never)))) as Effect.Effect<A, E, never>
  return { settle: (t: Trade) => run(provide(tipSettlement.settle(t))), undo: (t: Trade) => run(provide(tipSettlement.undo(t))), wallet: errand.wallet, events: ports.events }
}

describe("a tip's settlement", () => {
  it("credits the whole tip to the order's runner at the payment's time, with its reference, and tells the runner", () => {
    const w = world([order()])
    expect(Exit.isSuccess(w.settle(trade()))).toBe(true)
    expect(w.wallet.ledger).toEqual([{
      id: "ledger-1", userId: "r", type: LedgerType.income, money: 500, score: 0, remark: "跑腿赏金（N20261123001）", refType: LedgerRef.tip, refId: "P1", createdAt: PAID
    }])
    expect(w.wallet.money.get("r")).toBe(500)
    expect(w.events).toEqual([{ room: { user: "r" }, name: TIP_PAID_EVENT, payload: { _id: "e1", rewardMoney: 500 } }])
    expect(TIP_PAID_EVENT).toBe("paotuiRewardPaid")
  })

  it("dates the income by the trade's creation when it has no payment time", () => {
    const w = world([order()])
    w.settle(trade({ paidAt: null }))
    expect(w.wallet.ledger.map((e) => e.createdAt)).toEqual([CREATED])
  })

  it("takes a refunded tip back from the runner with the opposite row, told to nobody", () => {
    const w = world([order()])
    w.settle(trade())
    expect(Exit.isSuccess(w.undo(trade({ status: TradeStatus.refunded, refundedAt: REFUNDED })))).toBe(true)
    expect(w.wallet.ledger[1]).toEqual({
      id: "ledger-2", userId: "r", type: LedgerType.income, money: -500, score: 0, remark: "跑腿赏金退回（N20261123001）", refType: LedgerRef.tip, refId: "P1", createdAt: REFUNDED
    })
    expect(w.wallet.money.get("r")).toBe(0)
    expect(w.events).toHaveLength(1)
    w.undo(trade({ refundedAt: null }))
    expect(w.wallet.ledger[2]!.createdAt).toEqual(CREATED)
  })

  it.each([
    ["an unknown order", [] as ReadonlyArray<ErrandOrderRecord>, [runner]],
    ["an order nobody accepted", [order({ accept: null })], [runner]],
    ["an order whose runner is unknown", [order()], [] as ReadonlyArray<Member>]
  ])("for %s is a defect and moves no money", (_case, orders, people) => {
    const w = world(orders, people)
    for (const exit of [w.settle(trade()), w.undo(trade())]) {
      expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
    }
    expect(w.wallet.ledger).toEqual([])
    expect(w.events).toEqual([])
  })
})
