/**
 * The pay-in use cases against in-memory ports: the unit cases, then a model-based run of random
 * prepays, payments, replayed and forged notices, clock advances, expiries and refunds.
 */
import { fc } from "@fast-check/vitest"
import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { ParcelStore, People, type ParcelRecord } from "../parcel/parcel-store"
import { DEFAULT_SAFEKEEPING } from "../parcel/parcel"
import { Clock, Events, Ids, OpsLog, type LiveEvent, type StationOperation } from "../shared/ports"
import { actor } from "../shared/ports.testkit"
import { PayIn } from "./pay-in"
import { paySafekeeping } from "./safekeeping"
import { SAFEKEEP_PAID_EVENT } from "./calls"
import { safekeepSettlement } from "./safekeep-settlement"
import { TradeStatus, type Trade } from "./trade"
import { TradeStore } from "./trade-store"
import { expireDueTrades, paySignFor, refundTradeWith, settleNoticeWith } from "./use-cases"

/** The trades here are safekeeping fees: the other kinds' settlements belong to the areas above payment. */
const onlySafekeep = { safekeep: safekeepSettlement, errand: safekeepSettlement, tip: safekeepSettlement, freight: safekeepSettlement }
const settleNotice = (fields: Readonly<Record<string, unknown>>) => settleNoticeWith(fields, onlySafekeep)
const refundTrade = (tradeNo: string) => refundTradeWith(tradeNo, safekeepSettlement.undo)
type SettlementServices = ParcelStore | People | Events | OpsLog | Ids

const HOUR = 3_600_000
const checkedIn = new Date("2026-11-20T00:00:00Z")

/** A provider as the port sees it: orders with a deadline, paid once, closable, refundable; a notice's "signature" names its fields. */
const fakeProvider = () => {
  const orders = new Map<string, { prepayId: string; amountFen: number; expiresAt: Date; state: "open" | "paid" | "closed" | "refunded" }>()
  let n = 0
  const sign = (tradeNo: string, amountFen: number) => `ok:${tradeNo}:${amountFen}`
  const port = PayIn.of({
    prepay: ({ tradeNo, amountFen, expiresAt }) => Effect.sync(() => {
      const prepayId = `wx${++n}`
      orders.set(tradeNo, { prepayId, amountFen, expiresAt, state: "open" })
      return { ok: true as const, prepayId }
    }),
    paySign: (prepayId) => Effect.succeed({ appId: "a", timeStamp: "1", nonceStr: "n", package: `prepay_id=${prepayId}`, signType: "HMAC-SHA256", paySign: "s" }),
    verifyNotice: (f) => Effect.sync(() =>
      f.sign === sign(String(f.out_trade_no), Number(f.total_fee)) ? { tradeNo: String(f.out_trade_no), amountFen: Number(f.total_fee), providerRef: `tx-${String(f.out_trade_no)}` } : undefined),
    close: (tradeNo) => Effect.sync(() => {
      const o = orders.get(tradeNo)
      if (o && (o.state === "paid" || o.state === "refunded")) return { closed: false as const, paid: true, reason: "订单已支付" }
      if (o) o.state = "closed"
      return { closed: true as const }
    }),
    refund: ({ tradeNo }) => Effect.sync(() => {
      const o = orders.get(tradeNo)
      if (!o || o.state !== "paid") return { ok: false as const, reason: "订单未支付" }
      o.state = "refunded"
      return { ok: true as const, reference: `rf-${tradeNo}` }
    })
  })
  /** The user pays in the sheet: the provider takes the money if the order is open and in time, and answers its notice. */
  const pay = (tradeNo: string, at: Date) => {
    const o = orders.get(tradeNo)
    if (!o || o.state !== "open" || at >= o.expiresAt) return undefined
    o.state = "paid"
    return { out_trade_no: tradeNo, total_fee: o.amountFen, sign: sign(tradeNo, o.amountFen) }
  }
  return { port, orders, pay }
}

const world = () => {
  const trades = new Map<string, Trade>()
  const parcel: { record: ParcelRecord } = {
    record: {
      id: "parcel-1", worksiteId: "ws", expressCompanyId: "sf", expressCompanyName: "顺丰", expressNo: "SF1", storageNo: "A", tag: 1, weightId: "w",
      receiver: "李明", receiverId: "u1", receiverOpenid: "o1", receiverPhone: "138", status: 0, agentOpenid: null, paotuiOpenid: null,
      safekeepPaidFen: 0, createdAt: checkedIn, checkedInBy: "e1"
    }
  }
  const provider = fakeProvider()
  const events: LiveEvent[] = []
  const ops: StationOperation[] = []
  let clock = new Date(checkedIn.getTime() + 50 * HOUR)
  let ids = 0
  const update = (tradeNo: string, from: Trade["status"], change: Partial<Trade>) => {
    const t = trades.get(tradeNo)
    if (!t || t.status !== from) return undefined
    const next = { ...t, ...change }
    trades.set(tradeNo, next)
    return next
  }
  const store = TradeStore.of({
    insert: (t) => Effect.sync(() => void trades.set(t.tradeNo, t)),
    find: (tradeNo) => Effect.sync(() => trades.get(tradeNo)),
    findByPrepayId: (prepayId) => Effect.sync(() => [...trades.values()].find((t) => t.prepayId === prepayId)),
    openFor: (kind, refId) => Effect.sync(() => [...trades.values()].filter((t) => t.kind === kind && t.refId === refId && t.status === "created")),
    markPaid: (tradeNo, providerRef, at) => Effect.sync(() => update(tradeNo, "created", { status: "paid", providerRef, paidAt: at })),
    markExpired: (tradeNo) => Effect.sync(() => update(tradeNo, "created", { status: "expired" }) !== undefined),
    markRefunded: (tradeNo, at) => Effect.sync(() => update(tradeNo, "paid", { status: "refunded", refundedAt: at })),
    dueToExpire: (now, limit) => Effect.sync(() => [...trades.values()].filter((t) => t.status === "created" && t.expiresAt <= now).slice(0, limit)),
    list: () => Effect.die("unused")
  })
  const parcels = {
    findById: (id: string) => Effect.sync(() => (id === parcel.record.id ? parcel.record : undefined)),
    safekeepingTerms: () => Effect.succeed(DEFAULT_SAFEKEEPING),
    recordSafekeepPaid: (id: string, delta: number) => Effect.sync(() => {
      if (id !== parcel.record.id) return undefined
      parcel.record = { ...parcel.record, safekeepPaidFen: parcel.record.safekeepPaidFen + delta }
      return parcel.record.safekeepPaidFen
    })
  }
  /** Runs a use case as one transaction would: its events kept only when it succeeds. */
  const run = <A, E>(effect: Effect.Effect<A, E, TradeStore | PayIn | SettlementServices | Clock>) => {
    const raised: LiveEvent[] = []
    const logged: StationOperation[] = []
    const exit = Effect.runSyncExit(effect.pipe(
      Effect.provideService(TradeStore, store),
      Effect.provideService(PayIn, provider.port),
      Effect.provideService(ParcelStore, parcels as never),
      Effect.provideService(Clock, { now: Effect.sync(() => clock) }),
      Effect.provideService(Ids, { next: Effect.sync(() => `id-${++ids}`) }),
      Effect.provideService(Events, { publish: (e) => Effect.sync(() => void raised.push(e)) }),
      Effect.provideService(OpsLog, { append: (op) => Effect.sync(() => void logged.push(op)) }),
      Effect.provideService(People, { findById: (id: string) => Effect.succeed(id === "u1" ? { id, openid: "o1" } : undefined) } as never),
      Effect.provideService(Ids, { next: Effect.sync(() => `id-${++ids}`) })
    ))
    if (Exit.isSuccess(exit)) {
      events.push(...raised)
      ops.push(...logged)
    }
    return exit
  }
  return {
    trades, parcel, provider, events, ops, run,
    advance: (ms: number) => { clock = new Date(clock.getTime() + ms) },
    get now() { return clock }
  }
}

const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) throw new Error("expected a refusal")
  if (Cause.hasDies(exit.cause)) throw Cause.squash(exit.cause)
  return Cause.squash(exit.cause) as { _tag: string; message: string }
}
const value = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

const receiver = actor({ userId: "u1", openid: "o1" })

describe("safekeeping fee prepay", () => {
  it("prices the fee due on the server: 50 h on the shelf → 50 fen; the same prepay again while it is open", () => {
    const w = world()
    const first = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(first).toMatchObject({ totalFee: 50 })
    expect(value(w.run(paySafekeeping(receiver, "parcel-1")))).toEqual(first)
    expect(w.trades.size).toBe(1)
  })

  it("a day later the new amount replaces the open prepay, which is closed at the provider", () => {
    const w = world()
    const first = value(w.run(paySafekeeping(receiver, "parcel-1")))
    w.advance(24 * HOUR)
    const second = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(second.totalFee).toBe(100)
    expect(w.trades.get(first.tradeNo)!.status).toBe("expired")
    expect(w.provider.orders.get(first.tradeNo)!.state).toBe("closed")
    expect(w.provider.pay(first.tradeNo, w.now)).toBeUndefined()
  })

  it("only the receiver, only a parcel on the shelf, only when a fee is due", () => {
    const w = world()
    expect(failure(w.run(paySafekeeping(actor({ userId: "u2" }), "parcel-1")))).toMatchObject({ _tag: "NotFound", message: "快递不存在" })
    expect(failure(w.run(paySafekeeping(receiver, "nope")))).toMatchObject({ _tag: "NotFound" })
    w.parcel.record = { ...w.parcel.record, createdAt: new Date(w.now.getTime() - 47 * HOUR) }
    expect(failure(w.run(paySafekeeping(receiver, "parcel-1")))).toMatchObject({ _tag: "StateConflict", message: "该快递无需支付保管费" })
    w.parcel.record = { ...w.parcel.record, createdAt: checkedIn, status: 100 }
    expect(failure(w.run(paySafekeeping(receiver, "parcel-1")))).toMatchObject({ _tag: "StateConflict" })
    expect(w.trades.size).toBe(0)
  })

  it("pay-sign data only for the caller's own open prepay", () => {
    const w = world()
    const { prepayId } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(value(w.run(paySignFor(receiver, `prepay_id=${prepayId}`)))).toMatchObject({ package: `prepay_id=${prepayId}` })
    expect(failure(w.run(paySignFor(actor({ userId: "u2" }), prepayId)))).toMatchObject({ _tag: "NotFound", message: "获取支付签名失败" })
    expect(failure(w.run(paySignFor(receiver, undefined)))).toMatchObject({ _tag: "NotFound" })
    w.advance(31 * 60_000)
    expect(failure(w.run(paySignFor(receiver, prepayId)))).toMatchObject({ _tag: "StateConflict", message: "订单已关闭" })
  })
})

describe("settling a notice", () => {
  it("settles once: the parcel's paid fee rises by the amount and the receiver hears it; a replay changes nothing", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    const notice = w.provider.pay(tradeNo, w.now)!
    expect(value(w.run(settleNotice(notice)))).toEqual({ tradeNo, settled: true })
    expect(value(w.run(settleNotice(notice)))).toEqual({ tradeNo, settled: false })
    expect(w.parcel.record.safekeepPaidFen).toBe(50)
    expect(w.trades.get(tradeNo)).toMatchObject({ status: "paid", providerRef: `tx-${tradeNo}`, paidAt: w.now })
    expect(w.events).toEqual([{ room: { user: "u1" }, name: SAFEKEEP_PAID_EVENT, payload: { _id: "parcel-1", safekeepPaid: 50 } }])
    expect(w.ops).toEqual([{ op: "safekeepFee", actorOpenid: "o1", at: w.now, input: { parcelId: "parcel-1", tradeNo, amountFen: 50 }, outcome: { id: "parcel-1", safekeepPaid: 50 } }])
  })

  it("a forged or altered notice is refused and changes nothing", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    const notice = w.provider.pay(tradeNo, w.now)!
    expect(failure(w.run(settleNotice({ ...notice, sign: "forged" })))).toMatchObject({ _tag: "RuleViolation", message: "签名错误" })
    expect(failure(w.run(settleNotice({ ...notice, total_fee: 1 })))).toMatchObject({ _tag: "RuleViolation", message: "签名错误" })
    expect(w.trades.get(tradeNo)!.status).toBe("created")
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
  })

  it("an expired prepay cannot be paid, and expiring twice changes nothing", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    w.advance(30 * 60_000)
    expect(value(w.run(expireDueTrades(10)))).toEqual({ seen: 1, expired: 1, paidElsewhere: 0 })
    expect(value(w.run(expireDueTrades(10)))).toEqual({ seen: 0, expired: 0, paidElsewhere: 0 })
    expect(w.provider.pay(tradeNo, w.now)).toBeUndefined()
    expect(w.trades.get(tradeNo)!.status).toBe("expired")
  })

  it("a prepay paid at the provider but not yet notified is not expired: its notice settles it", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    const notice = w.provider.pay(tradeNo, w.now)!
    w.advance(HOUR)
    expect(value(w.run(expireDueTrades(10)))).toEqual({ seen: 1, expired: 0, paidElsewhere: 1 })
    expect(value(w.run(settleNotice(notice))).settled).toBe(true)
  })

  it("a refund pays back and takes the amount off the parcel, once", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    expect(value(w.run(refundTrade(tradeNo)))).toMatchObject({ status: "refunded", refundReference: `rf-${tradeNo}` })
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
    expect(w.ops.map((o) => (o.input as { amountFen: number }).amountFen)).toEqual([50, -50])
    expect(failure(w.run(refundTrade(tradeNo)))).toMatchObject({ _tag: "StateConflict", message: "订单未支付，不能退款" })
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
  })
})

describe("model: random prepays, payments, notices, expiries and refunds", () => {
  type Model = { paid: Set<string>; refunded: Set<string>; notices: Array<Record<string, unknown>> }
  type Real = ReturnType<typeof world>
  type Cmd = fc.Command<Model, Real>

  const check = (m: Model, r: Real) => {
    const trades = [...r.trades.values()]
    const settled = trades.filter((t) => t.status === TradeStatus.paid).reduce((s, t) => s + t.amountFen, 0)
    expect(r.parcel.record.safekeepPaidFen).toBe(settled)
    expect(r.ops.reduce((sum, o) => sum + (o.input as { amountFen: number }).amountFen, 0)).toBe(settled)
    expect(new Set(trades.filter((t) => t.status === "paid").map((t) => t.tradeNo))).toEqual(new Set([...m.paid].filter((t) => !m.refunded.has(t))))
    expect(r.events.filter((e) => e.name === SAFEKEEP_PAID_EVENT)).toHaveLength(m.paid.size)
    expect(trades.filter((t) => t.status === "created").length).toBeLessThanOrEqual(1)
    for (const t of trades) if (t.status === "expired") expect(r.provider.orders.get(t.tradeNo)!.state).toBe("closed")
  }

  const commands: Array<fc.Arbitrary<Cmd>> = [
    fc.constant<Cmd>({
      check: () => true,
      run: (m, r) => { r.run(paySafekeeping(receiver, "parcel-1")); check(m, r) },
      toString: () => "prepay"
    }),
    fc.constant<Cmd>({
      check: () => true,
      run: (m, r) => {
        const open = [...r.trades.values()].find((t) => t.status === "created")
        const notice = open && r.provider.pay(open.tradeNo, r.now)
        if (notice) m.notices.push(notice)
        check(m, r)
      },
      toString: () => "pay in the sheet"
    }),
    fc.nat().map<Cmd>((i) => ({
      check: (m) => m.notices.length > 0,
      run: (m, r) => {
        const notice = m.notices[i % m.notices.length]!
        const exit = r.run(settleNotice(notice))
        if (Exit.isSuccess(exit) && exit.value.settled) m.paid.add(exit.value.tradeNo)
        check(m, r)
      },
      toString: () => `notify #${i}`
    })),
    fc.constant<Cmd>({
      check: (m) => m.notices.length > 0,
      run: (m, r) => {
        expect(Exit.isFailure(r.run(settleNotice({ ...m.notices[0]!, total_fee: 9999 })))).toBe(true)
        check(m, r)
      },
      toString: () => "forged notice"
    }),
    fc.integer({ min: 1, max: 40 * 60 }).map<Cmd>((minutes) => ({
      check: () => true,
      run: (m, r) => { r.advance(minutes * 60_000); check(m, r) },
      toString: () => `advance ${minutes} min`
    })),
    fc.constant<Cmd>({
      check: () => true,
      run: (m, r) => { value(r.run(expireDueTrades(5))); check(m, r) },
      toString: () => "expire job"
    }),
    fc.constant<Cmd>({
      check: (m) => [...m.paid].some((t) => !m.refunded.has(t)),
      run: (m, r) => {
        const tradeNo = [...m.paid].find((t) => !m.refunded.has(t))!
        value(r.run(refundTrade(tradeNo)))
        m.refunded.add(tradeNo)
        check(m, r)
      },
      toString: () => "refund"
    })
  ]

  it("keeps the parcel's paid fee equal to its paid trades, settles each trade once and never pays an expired one", () => {
    fc.assert(fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
      fc.modelRun(() => ({ model: { paid: new Set<string>(), refunded: new Set<string>(), notices: [] }, real: world() }), cmds)
    }), { numRuns: 200 })
  })
})
