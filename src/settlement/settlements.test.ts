/**
 * The settlements' log lines against in-memory ports: a notice of a kind that logs no `…Paid` of its own is one
 * `tradePaid` line under the payer, the operator's refund one `refundTrade` line, an expiry one `expirePrepay` line;
 * the settlements' own lines (a fee's, a credit's) are not written beside them.
 */
import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { ParcelStore, People } from "../parcel/parcel-store"
import { SYSTEM_ACTOR } from "../parcel/returns"
import { jsonNotice, PayIn } from "../payment/pay-in"
import { TradeStatus, type Trade, type TradeKind } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import { STATION_OPERATOR } from "../shared/operation"
import { Clock, Events, Ids, OpsLog, type StationOperation } from "../shared/ports"
import { DepositStatus, type SmsDeposit } from "../support/sms-credit"
import { DonationStore, SmsCreditStore, type CreditMove } from "../support/support-store"
import { expirePrepay, refundTrade, settleNotice, settlements, withDrawnIds } from "./settlements"

const created = new Date("2026-11-29T01:00:00Z")
const later = new Date("2026-11-29T01:10:00Z")

const trade = (tradeNo: string, kind: TradeKind, over: Partial<Trade> = {}): Trade => ({
  tradeNo, kind, refId: `ref-${tradeNo}`, userId: "u1", amountFen: 500, status: TradeStatus.created, prepayId: `wx-${tradeNo}`,
  providerRef: null, createdAt: created, expiresAt: new Date(created.getTime() + 30 * 60_000), paidAt: null, refundedAt: null, ...over
})

/** Trades, a donation book, a worksite's SMS credit and a parcel's paid fee; `run` answers the exit and keeps the log of a success. */
const world = (initial: ReadonlyArray<Trade>, options: { readonly payer?: string | undefined } = {}) => {
  const trades = new Map(initial.map((t) => [t.tradeNo, t]))
  const donations = new Map<string, { paidAt: Date; refundedAt?: Date }>()
  const deposits = new Map<string, SmsDeposit>()
  const credits: Array<CreditMove> = []
  const events: Array<unknown> = []
  const ops: Array<StationOperation> = []
  const refunds: Array<string> = []
  const provider = { refuse: undefined as string | undefined }
  let safekeepPaid = 0
  let ids = 0
  const clock = { now: later }
  const update = (tradeNo: string, from: Trade["status"], change: Partial<Trade>) => {
    const t = trades.get(tradeNo)
    if (!t || t.status !== from) return undefined
    const next = { ...t, ...change }
    trades.set(tradeNo, next)
    return next
  }
  const provide = <A, E, R>(effect: Effect.Effect<A, E, R>) => (effect as unknown as Effect.Effect<A, E, Provided>).pipe(
    Effect.provideService(TradeStore, TradeStore.of({
      insert: () => Effect.die("unused"),
      find: (tradeNo) => Effect.sync(() => trades.get(tradeNo)),
      findByPrepayId: () => Effect.die("unused"),
      openFor: () => Effect.die("unused"),
      markPaid: (tradeNo, providerRef, at) => Effect.sync(() => update(tradeNo, "created", { status: "paid", providerRef, paidAt: at })),
      markExpired: (tradeNo) => Effect.sync(() => update(tradeNo, "created", { status: "expired" }) !== undefined),
      markRefunded: (tradeNo, at) => Effect.sync(() => update(tradeNo, "paid", { status: "refunded", refundedAt: at })),
      dueToExpire: () => Effect.die("unused"),
      list: () => Effect.die("unused")
    })),
    Effect.provideService(PayIn, PayIn.of({
      prepay: () => Effect.die("unused"),
      paySign: () => Effect.die("unused"),
      verifyNotice: (posted) => Effect.sync(() => {
        const f = JSON.parse(posted.body) as Record<string, unknown>
        const t = trades.get(String(f.out_trade_no))
        return f.sign === "ok" && t ? { tradeNo: t.tradeNo, amountFen: t.amountFen, providerRef: `tx-${t.tradeNo}` } : undefined
      }),
      close: () => Effect.succeed({ closed: true as const }),
      refund: ({ tradeNo }) => Effect.sync(() => {
        refunds.push(tradeNo)
        return provider.refuse ? { ok: false as const, reason: provider.refuse } : { ok: true as const, reference: `rf-${tradeNo}` }
      })
    })),
    Effect.provideService(People, { findById: (id: string) => Effect.succeed(id === "u1" && options.payer !== undefined ? { id, openid: options.payer } : undefined) } as never),
    Effect.provideService(ParcelStore, {
      recordSafekeepPaid: (_: string, delta: number) => Effect.sync(() => (safekeepPaid += delta))
    } as never),
    Effect.provideService(Events, { publish: (e) => Effect.sync(() => void events.push(e)) }),
    Effect.provideService(DonationStore, DonationStore.of({
      record: (d) => Effect.sync(() => !donations.has(d.tradeNo) && donations.set(d.tradeNo, { paidAt: d.paidAt }) !== undefined),
      markRefunded: (tradeNo, at) => Effect.sync(() => {
        const d = donations.get(tradeNo)
        if (d) d.refundedAt = at
        return d !== undefined
      })
    })),
    Effect.provideService(SmsCreditStore, SmsCreditStore.of({
      insertDeposit: () => Effect.die("unused"),
      depositByTrade: (tradeNo) => Effect.sync(() => [...deposits.values()].find((d) => d.tradeNo === tradeNo)),
      moveDeposit: (id, from, to, paidAt) => Effect.sync(() => {
        const d = deposits.get(id)
        if (!d || d.status !== from) return undefined
        const next = { ...d, status: to, paidAt }
        deposits.set(id, next)
        return next
      }),
      moveCredit: (move) => Effect.sync(() => {
        credits.push(move)
        return credits.reduce((s, m) => s + m.change, 0)
      }),
      credits: () => Effect.sync(() => [{ worksiteId: "ws", siteCode: "S1", shortName: "站", credit: credits.reduce((s, m) => s + m.change, 0), ledger: 0 }])
    })),
    Effect.provideService(Clock, { now: Effect.sync(() => clock.now) }),
    Effect.provideService(Ids, { next: Effect.sync(() => `id-${++ids}`) }),
    Effect.provideService(OpsLog, { append: (op) => Effect.sync(() => void ops.push(op)) })
  )
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) => {
    const before = ops.length
    const exit = Effect.runSyncExit(provide(effect))
    if (Exit.isFailure(exit)) ops.splice(before)
    return exit
  }
  return { trades, donations, deposits, credits, events, ops, refunds, provider, clock, run, get safekeepPaid() { return safekeepPaid } }
}
type Provided = TradeStore | PayIn | People | ParcelStore | Events | DonationStore | SmsCreditStore | Clock | Ids | OpsLog

const value = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}
const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) throw new Error("expected a refusal")
  if (Cause.hasDies(exit.cause)) throw Cause.squash(exit.cause)
  return Cause.squash(exit.cause) as { _tag: string; message: string }
}
const notice = (tradeNo: string) => ({ out_trade_no: tradeNo, sign: "ok" })

describe("ids drawn by an operation", () => {
  it("answers the effect's value and the ids it drew, in order, as the port gave them", () => {
    const w = world([])
    const drawn = value(w.run(withDrawnIds(Effect.gen(function* () {
      const ids = yield* Ids
      return [yield* ids.next, yield* ids.next]
    }))))
    expect(drawn).toEqual({ value: ["id-1", "id-2"], ids: ["id-1", "id-2"] })
    expect(value(w.run(withDrawnIds(Effect.succeed("none"))))).toEqual({ value: "none", ids: [] })
    // ids drawn outside are not counted
    expect(value(w.run(Effect.flatMap(Ids.use((i) => i.next), () => withDrawnIds(Ids.use((i) => i.next)))))).toEqual({ value: "id-4", ids: ["id-4"] })
  })
})

describe("a notice settled", () => {
  it("a donation: its row dated when it was paid, and one tradePaid line under the payer at that time", () => {
    const w = world([trade("T1", "donation")], { payer: "o1" })
    expect(value(w.run(settleNotice(jsonNotice(notice("T1")))))).toEqual({ tradeNo: "T1", settled: true })
    expect(w.donations.get("T1")).toEqual({ paidAt: later })
    expect(w.ops).toEqual([{
      op: "tradePaid", actorOpenid: "o1", at: later, input: { tradeNo: "T1", providerRef: "tx-T1" },
      outcome: { tradeNo: "T1", kind: "donation", refId: "ref-T1", ids: [] }
    }])
    // a replayed notice changes nothing and logs nothing
    expect(value(w.run(settleNotice(jsonNotice(notice("T1")))))).toEqual({ tradeNo: "T1", settled: false })
    expect(w.ops).toHaveLength(1)
  })

  it("a safekeeping fee: the parcel's fee moves and its receiver hears it, but the fee's own line is not written beside tradePaid", () => {
    const w = world([trade("T2", "safekeep")], { payer: "o1" })
    value(w.run(settleNotice(jsonNotice(notice("T2")))))
    expect(w.safekeepPaid).toBe(500)
    expect(w.events).toHaveLength(1)
    expect(w.ops.map((o) => o.op)).toEqual(["tradePaid"])
    expect(w.ops[0]).toMatchObject({ actorOpenid: "o1", outcome: { kind: "safekeep", refId: "ref-T2" } })
  })

  it("an SMS top-up: its deposit paid and its worksite credited, logged as the one tradePaid line", () => {
    const w = world([trade("T3", "deposit")], { payer: "o1" })
    w.deposits.set("d1", { id: "d1", worksiteId: "ws", userId: "u1", moneyFen: 500, smsCount: 100, status: DepositStatus.created, tradeNo: "T3", createdAt: created, paidAt: null })
    value(w.run(settleNotice(jsonNotice(notice("T3")))))
    expect(w.deposits.get("d1")).toMatchObject({ status: "paid", paidAt: later })
    expect(w.credits.map((c) => c.change)).toEqual([100])
    expect(w.ops.map((o) => o.op)).toEqual(["tradePaid"])
  })

  it("a payer the station no longer knows: logged under no one", () => {
    const w = world([trade("T4", "donation")])
    value(w.run(settleNotice(jsonNotice(notice("T4")))))
    expect(w.ops).toMatchObject([{ op: "tradePaid", actorOpenid: "" }])
  })

  it("a trade without its paid time (as a replay may hand it): the line is dated by the clock", () => {
    const w = world([], { payer: "o1" })
    value(w.run(settlements.donation.settle(trade("T5", "donation", { status: "paid", providerRef: "tx-5" }))))
    expect(w.ops).toMatchObject([{ op: "tradePaid", at: later, input: { tradeNo: "T5", providerRef: "tx-5" } }])
    const paidAt = new Date("2026-11-29T01:05:00Z")
    value(w.run(settlements.donation.settle(trade("T6", "donation", { status: "paid", paidAt }))))
    expect(w.ops[1]).toMatchObject({ at: paidAt, input: { tradeNo: "T6", providerRef: null } })
  })
})

describe("the operator's refund", () => {
  it("pays a donation back, marks its row and logs one refundTrade line under the operator at the refund's time", () => {
    const w = world([trade("T1", "donation", { status: "paid", paidAt: created })], { payer: "o1" })
    w.donations.set("T1", { paidAt: created })
    const refunded = value(w.run(refundTrade("T1")))
    expect(refunded).toMatchObject({ tradeNo: "T1", status: "refunded", refundedAt: later, refundReference: "rf-T1" })
    expect(w.donations.get("T1")).toEqual({ paidAt: created, refundedAt: later })
    expect(w.ops).toEqual([{ op: "refundTrade", actorOpenid: STATION_OPERATOR, at: later, input: { tradeNo: "T1" }, outcome: { tradeNo: "T1", status: "refunded", ids: [] } }])
  })

  it("a refunded fee or top-up: its undoing writes no line of its own", () => {
    const w = world([trade("T2", "safekeep", { status: "paid", paidAt: created }), trade("T3", "deposit", { status: "paid", paidAt: created })], { payer: "o1" })
    w.deposits.set("d1", { id: "d1", worksiteId: "ws", userId: "u1", moneyFen: 500, smsCount: 100, status: DepositStatus.paid, tradeNo: "T3", createdAt: created, paidAt: created })
    w.credits.push({ worksiteId: "ws", change: 100, reason: "deposit", tradeNo: "T3", note: "", at: created })
    value(w.run(refundTrade("T2")))
    value(w.run(refundTrade("T3")))
    expect(w.safekeepPaid).toBe(-500)
    expect(w.deposits.get("d1")!.status).toBe("refunded")
    expect(w.credits.map((c) => c.change)).toEqual([100, -100])
    expect(w.ops.map((o) => [o.op, o.input])).toEqual([["refundTrade", { tradeNo: "T2" }], ["refundTrade", { tradeNo: "T3" }]])
  })

  it("a freight's trade: refunded, nothing else undone here, logged", () => {
    const w = world([trade("T8", "freight", { status: "paid", paidAt: created })])
    expect(value(w.run(refundTrade("T8"))).status).toBe("refunded")
    expect(w.refunds).toEqual(["T8"])
    expect(w.ops.map((o) => o.outcome)).toEqual([{ tradeNo: "T8", status: "refunded", ids: [] }])
  })

  it("an errand's payment is refused before the provider is asked: its order's cancel pays it back (paid alone, the order stayed open unpaid)", () => {
    const w = world([trade("T7", "errand", { status: "paid", paidAt: created })])
    expect(failure(w.run(refundTrade("T7")))).toMatchObject({ _tag: "StateConflict", message: "跑腿订单的支付只能随订单取消退款" })
    expect(w.trades.get("T7")!.status).toBe("paid")
    expect(w.refunds).toEqual([])
    expect(w.ops).toEqual([])
  })

  it("a refund refused changes nothing and logs nothing", () => {
    const w = world([trade("T1", "donation")])
    expect(failure(w.run(refundTrade("T1")))).toMatchObject({ _tag: "StateConflict" })
    w.trades.set("T1", { ...w.trades.get("T1")!, status: "paid" })
    w.provider.refuse = "余额不足"
    expect(failure(w.run(refundTrade("T1")))).toMatchObject({ _tag: "StateConflict", message: "退款失败：余额不足" })
    expect(w.ops).toEqual([])
  })
})

describe("an unpaid prepay expired", () => {
  it("closes the trade and its deposit, logged under the system at the clock's time", () => {
    const w = world([trade("T3", "deposit")])
    w.deposits.set("d1", { id: "d1", worksiteId: "ws", userId: "u1", moneyFen: 500, smsCount: 100, status: DepositStatus.created, tradeNo: "T3", createdAt: created, paidAt: null })
    w.clock.now = new Date(created.getTime() + 31 * 60_000)
    expect(value(w.run(expirePrepay("T3")))).toBe("expired")
    expect(w.trades.get("T3")!.status).toBe("expired")
    expect(w.deposits.get("d1")!.status).toBe("expired")
    expect(w.ops).toEqual([{ op: "expirePrepay", actorOpenid: SYSTEM_ACTOR, at: w.clock.now, input: { tradeNo: "T3" }, outcome: { tradeNo: "T3", status: "expired" } }])
  })

  it("one not yet due, or no longer open, is skipped: nothing changes and nothing is logged", () => {
    const w = world([trade("T3", "deposit"), trade("T9", "donation", { status: "paid" })])
    w.deposits.set("d1", { id: "d1", worksiteId: "ws", userId: "u1", moneyFen: 500, smsCount: 100, status: DepositStatus.created, tradeNo: "T3", createdAt: created, paidAt: null })
    expect(value(w.run(expirePrepay("T3")))).toBe("skipped")
    w.clock.now = new Date(created.getTime() + 31 * 60_000)
    expect(value(w.run(expirePrepay("T9")))).toBe("skipped")
    expect(w.deposits.get("d1")!.status).toBe("created")
    expect(w.trades.get("T3")!.status).toBe("created")
    expect(w.ops).toEqual([])
  })
})
