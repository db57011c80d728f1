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
import { jsonNotice, PayIn } from "./pay-in"
import { paySafekeeping } from "./safekeeping"
import { SAFEKEEP_PAID_EVENT } from "./calls"
import { safekeepSettlement } from "./safekeep-settlement"
import { MAX_TRADE_FEN, TradeStatus, type Trade } from "./trade"
import { TradeStore } from "./trade-store"
import { dueTrades, expireTrade, openTrade, paySignFor, refundTradeWith, settleNoticeWith } from "./use-cases"

/** The trades here are safekeeping fees: the other kinds' settlements belong to the areas above payment. */
const onlySafekeep = {
  safekeep: safekeepSettlement, errand: safekeepSettlement, tip: safekeepSettlement, freight: safekeepSettlement, donation: safekeepSettlement, deposit: safekeepSettlement
}
const settleNotice = (fields: Readonly<Record<string, unknown>>) => settleNoticeWith(jsonNotice(fields), onlySafekeep)
const refundTrade = (tradeNo: string) => refundTradeWith(tradeNo, safekeepSettlement.undo)
type SettlementServices = ParcelStore | People | Events | OpsLog | Ids

const HOUR = 3_600_000
const checkedIn = new Date("2026-11-20T00:00:00Z")

/**
 * A provider as the port sees it: orders with a deadline, paid once, closable, refundable; a notice's "signature" names its fields.
 * It keeps the prepay and refund requests it got; `refuse` makes it answer a prepay or refund with a failure, or a close with
 * "already closed" (the order is gone at the provider, unpaid).
 */
const fakeProvider = () => {
  const orders = new Map<string, { prepayId: string; amountFen: number; expiresAt: Date; state: "open" | "paid" | "closed" | "refunded" }>()
  const prepays: Array<Parameters<PayIn["Service"]["prepay"]>[0]> = []
  const refunds: Array<Parameters<PayIn["Service"]["refund"]>[0]> = []
  const refuse: { prepay?: string; refund?: string; close?: string } = {}
  let n = 0
  const sign = (tradeNo: string, amountFen: number) => `ok:${tradeNo}:${amountFen}`
  const port = PayIn.of({
    prepay: (input) => Effect.sync(() => {
      const { tradeNo, amountFen, expiresAt } = input
      prepays.push(input)
      if (refuse.prepay) return { ok: false as const, reason: refuse.prepay }
      const prepayId = `wx${++n}`
      orders.set(tradeNo, { prepayId, amountFen, expiresAt, state: "open" })
      return { ok: true as const, prepayId }
    }),
    paySign: (prepayId) => Effect.succeed({ appId: "a", timeStamp: "1", nonceStr: "n", package: `prepay_id=${prepayId}`, signType: "HMAC-SHA256", paySign: "s" }),
    verifyNotice: (posted) => Effect.sync(() => {
      const f = JSON.parse(posted.body) as Record<string, unknown>
      return f.sign === sign(String(f.out_trade_no), Number(f.total_fee)) ? { tradeNo: String(f.out_trade_no), amountFen: Number(f.total_fee), providerRef: `tx-${String(f.out_trade_no)}` } : undefined
    }),
    close: (tradeNo) => Effect.sync(() => {
      const o = orders.get(tradeNo)
      if (o && (o.state === "paid" || o.state === "refunded")) return { closed: false as const, paid: true, reason: "订单已支付" }
      if (o) o.state = "closed"
      if (refuse.close) return { closed: false as const, paid: false, reason: refuse.close }
      return { closed: true as const }
    }),
    refund: (input) => Effect.sync(() => {
      const { tradeNo } = input
      refunds.push(input)
      if (refuse.refund) return { ok: false as const, reason: refuse.refund }
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
  /** A notice as the provider signs it, for any trade number and amount (the provider's side of a mismatch). */
  const signed = (tradeNo: string, amountFen: number) => ({ out_trade_no: tradeNo, total_fee: amountFen, sign: sign(tradeNo, amountFen) })
  return { port, orders, pay, signed, prepays, refunds, refuse }
}

/** `nextId`: the ids the Ids port hands out; `races`: what another transaction does just before this one's conditional change. */
const world = (options: { readonly nextId?: (n: number) => string } = {}) => {
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
  const nextId = options.nextId ?? ((n: number) => `id-${n}`)
  const races: { beforeMarkPaid?: (tradeNo: string) => void; beforeMarkRefunded?: (tradeNo: string) => void } = {}
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
    markPaid: (tradeNo, providerRef, at) => Effect.sync(() => {
      races.beforeMarkPaid?.(tradeNo)
      return update(tradeNo, "created", { status: "paid", providerRef, paidAt: at })
    }),
    markExpired: (tradeNo) => Effect.sync(() => update(tradeNo, "created", { status: "expired" }) !== undefined),
    markRefunded: (tradeNo, at) => Effect.sync(() => {
      races.beforeMarkRefunded?.(tradeNo)
      return update(tradeNo, "paid", { status: "refunded", refundedAt: at })
    }),
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
      Effect.provideService(Ids, { next: Effect.sync(() => nextId(++ids)) }),
      Effect.provideService(Events, { publish: (e) => Effect.sync(() => void raised.push(e)) }),
      Effect.provideService(OpsLog, { append: (op) => Effect.sync(() => void logged.push(op)) }),
      Effect.provideService(People, { findById: (id: string) => Effect.succeed(id === "u1" ? { id, openid: "o1" } : undefined) } as never)
    ))
    if (Exit.isSuccess(exit)) {
      events.push(...raised)
      ops.push(...logged)
    }
    return exit
  }
  return {
    trades, parcel, provider, events, ops, run, races,
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

/** The `expire-prepays` job over the world: each due prepay expired on its own, its outcomes counted. */
const expireDue = (w: { run: ReturnType<typeof world>["run"] }, limit: number) => {
  const due = value(w.run(dueTrades(limit)))
  const outcomes = due.map((tradeNo) => value(w.run(expireTrade(tradeNo))))
  const count = (o: string) => outcomes.filter((x) => x === o).length
  return { seen: due.length, expired: count("expired"), paidElsewhere: count("paidElsewhere") }
}

const receiver = actor({ userId: "u1", openid: "o1" })

describe("safekeeping fee prepay", () => {
  it("prices the fee due on the server: 50 h on the shelf → 50 fen; the same prepay again while it is open", () => {
    const w = world()
    const first = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(first).toMatchObject({ totalFee: 50 })
    expect(value(w.run(paySafekeeping(receiver, "parcel-1")))).toEqual(first)
    expect(w.trades.size).toBe(1)
    // the prepay opened is logged once, with the provider's prepay id; handed out again it is not
    expect(w.ops).toEqual([{
      op: "tradePrepay", actorOpenid: "o1", at: w.now, input: { kind: "safekeep", parcelId: "parcel-1" },
      outcome: { tradeNo: first.tradeNo, prepayId: first.prepayId, amountFen: 50, refId: "parcel-1" }
    }])
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
    expect(w.ops).toEqual([])
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

/** The safekeeping fee's own log lines (the prepay's `tradePrepay` line aside). */
const feeLines = (w: { readonly ops: ReadonlyArray<StationOperation> }) => w.ops.filter((o) => o.op === "safekeepFee")

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
    expect(feeLines(w)).toEqual([{ op: "safekeepFee", actorOpenid: "o1", at: w.now, input: { parcelId: "parcel-1", tradeNo, amountFen: 50 }, outcome: { id: "parcel-1", safekeepPaid: 50 } }])
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
    expect(expireDue(w, 10)).toEqual({ seen: 1, expired: 1, paidElsewhere: 0 })
    expect(expireDue(w, 10)).toEqual({ seen: 0, expired: 0, paidElsewhere: 0 })
    expect(w.provider.pay(tradeNo, w.now)).toBeUndefined()
    expect(w.trades.get(tradeNo)!.status).toBe("expired")
  })

  it("a prepay paid at the provider but not yet notified is not expired: its notice settles it", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    const notice = w.provider.pay(tradeNo, w.now)!
    w.advance(HOUR)
    expect(expireDue(w, 10)).toEqual({ seen: 1, expired: 0, paidElsewhere: 1 })
    expect(value(w.run(settleNotice(notice))).settled).toBe(true)
  })

  it("a refund pays back and takes the amount off the parcel, once", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    expect(value(w.run(refundTrade(tradeNo)))).toMatchObject({ status: "refunded", refundReference: `rf-${tradeNo}` })
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
    expect(feeLines(w).map((o) => (o.input as { amountFen: number }).amountFen)).toEqual([50, -50])
    expect(failure(w.run(refundTrade(tradeNo)))).toMatchObject({ _tag: "StateConflict", message: "订单未支付，不能退款" })
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
  })
})

const died = <A, E>(exit: Exit.Exit<A, E>): Error => {
  if (Exit.isSuccess(exit) || !Cause.hasDies(exit.cause)) throw new Error("expected a defect")
  return Cause.squash(exit.cause) as Error
}
const fee = (amountFen: number, refId = "parcel-1") => ({ kind: "safekeep" as const, refId, amountFen, description: "快递保管费" })

describe("opening a trade", () => {
  it("another user's open prepay for the same purpose is never handed out: they get their own and the first is closed", () => {
    const w = world()
    const first = value(w.run(openTrade(receiver, fee(50))))
    const other = value(w.run(openTrade(actor({ userId: "u2", openid: "o2" }), fee(50))))
    expect(other.tradeNo).not.toBe(first.tradeNo)
    expect(other).toMatchObject({ userId: "u2", status: "created" })
    expect(w.trades.get(first.tradeNo)!.status).toBe("expired")
  })

  it("an older prepay paid at the provider meanwhile stops a new one (its notice is on the way) and stays open", () => {
    const w = world()
    const first = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(w.provider.pay(first.tradeNo, w.now)).toBeDefined()
    w.advance(24 * HOUR)
    expect(failure(w.run(paySafekeeping(receiver, "parcel-1")))).toMatchObject({ _tag: "StateConflict", message: "该订单正在支付中，请稍后刷新" })
    expect(w.trades.get(first.tradeNo)!.status).toBe("created")
    expect(w.trades.size).toBe(1)
  })

  it("an older prepay the provider will not close stays open, and no second prepay is opened beside it", () => {
    const w = world()
    const first = value(w.run(paySafekeeping(receiver, "parcel-1")))
    w.provider.refuse.close = "系统繁忙"
    w.advance(24 * HOUR)
    expect(failure(w.run(paySafekeeping(receiver, "parcel-1")))).toMatchObject({ _tag: "StateConflict", message: "关闭订单失败：系统繁忙" })
    expect(w.trades.get(first.tradeNo)!.status).toBe("created")
    expect(w.trades.size).toBe(1)
    delete w.provider.refuse.close
    const second = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(second.tradeNo).not.toBe(first.tradeNo)
    expect(w.trades.get(first.tradeNo)!.status).toBe("expired")
  })

  it("an amount outside 1 fen to the cap is refused before the provider is asked", () => {
    const w = world()
    for (const amountFen of [0, -5, MAX_TRADE_FEN + 1]) {
      expect(failure(w.run(openTrade(receiver, fee(amountFen))))).toMatchObject({ _tag: "RuleViolation", message: "支付失败：金额不正确" })
    }
    expect(w.provider.prepays).toEqual([])
    expect(w.trades.size).toBe(0)
  })

  it("a prepay the provider refuses is a refusal with its reason, and no trade is kept", () => {
    const w = world()
    w.provider.refuse.prepay = "商户号异常"
    expect(failure(w.run(paySafekeeping(receiver, "parcel-1")))).toMatchObject({ _tag: "StateConflict", message: "支付失败：商户号异常" })
    expect(w.trades.size).toBe(0)
  })

  it("the provider is asked for the fee due, described by the parcel's express number", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(w.provider.prepays).toEqual([{ tradeNo, amountFen: 50, description: "快递保管费 SF1", openid: "o1", expiresAt: w.trades.get(tradeNo)!.expiresAt }])
  })

  it("trade numbers are letters and digits, at most 32, and differ, whatever the ids look like", () => {
    const w = world({ nextId: (n) => `${String(n).padStart(8, "0")}-e29b-41d4-a716-446655440000` })
    const first = value(w.run(openTrade(receiver, fee(50))))
    const second = value(w.run(openTrade(receiver, fee(60))))
    for (const { tradeNo } of [first, second]) expect(tradeNo).toMatch(/^P[A-Za-z0-9]{1,31}$/)
    expect(first.tradeNo).toHaveLength(32)
    expect(second.tradeNo).not.toBe(first.tradeNo)
    expect(value(w.run(openTrade(receiver, fee(70)))).tradeNo).toMatch(/^P[A-Za-z0-9]+$/)
    expect(value(world().run(openTrade(receiver, fee(50)))).tradeNo).toMatch(/^P[A-Za-z0-9]{1,31}$/)
  })
})

describe("pay-sign data", () => {
  it("the prepay can be signed until its 30-minute deadline, not at it", () => {
    const w = world()
    const { prepayId } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    w.advance(30 * 60_000 - 1)
    expect(value(w.run(paySignFor(receiver, prepayId)))).toMatchObject({ package: `prepay_id=${prepayId}` })
    w.advance(1)
    expect(failure(w.run(paySignFor(receiver, prepayId)))).toMatchObject({ _tag: "StateConflict", message: "订单已关闭" })
  })

  it("a paid prepay is not signed again", () => {
    const w = world()
    const { prepayId, tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    expect(failure(w.run(paySignFor(receiver, `prepay_id=${prepayId}`)))).toMatchObject({ _tag: "StateConflict", message: "订单已关闭" })
  })
})

describe("settling a notice: refusals and races", () => {
  it("a signed notice for an unknown trade, another amount or an expired trade is refused and changes nothing", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    expect(failure(w.run(settleNotice(w.provider.signed("P404", 50))))).toMatchObject({ _tag: "NotFound", message: "订单不存在" })
    expect(failure(w.run(settleNotice(w.provider.signed(tradeNo, 49))))).toMatchObject({ _tag: "RuleViolation", message: "支付金额不一致" })
    w.advance(30 * 60_000)
    expireDue(w, 10)
    expect(failure(w.run(settleNotice(w.provider.signed(tradeNo, 50))))).toMatchObject({ _tag: "StateConflict", message: "订单已关闭" })
    expect(w.trades.get(tradeNo)!.status).toBe("expired")
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
    expect(w.events).toEqual([])
  })

  it("a concurrent notice that settled the trade first: this one changes nothing", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    const notice = w.provider.pay(tradeNo, w.now)!
    w.races.beforeMarkPaid = (no) => { w.trades.set(no, { ...w.trades.get(no)!, status: "paid", paidAt: w.now }) }
    expect(value(w.run(settleNotice(notice)))).toEqual({ tradeNo, settled: false })
    expect(w.parcel.record.safekeepPaidFen).toBe(0)
    expect(w.events).toEqual([])
    expect(feeLines(w)).toEqual([])
  })

  it("the fee's log lines are dated when it was paid and when it was refunded, not when the prepay was opened", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    w.advance(10 * 60_000)
    const paidAt = w.now
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    w.advance(HOUR)
    value(w.run(refundTrade(tradeNo)))
    expect(feeLines(w).map((o) => o.at)).toEqual([paidAt, w.now])
  })

  it("a payer the station no longer knows: the fee is still settled, logged as the station's operation", () => {
    const w = world()
    const { tradeNo } = value(w.run(openTrade(actor({ userId: "u3", openid: "o3" }), fee(50))))
    expect(value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))).toEqual({ tradeNo, settled: true })
    expect(w.ops).toMatchObject([{ op: "safekeepFee", actorOpenid: "", outcome: { id: "parcel-1", safekeepPaid: 50 } }])
  })

  it("a paid fee for a parcel that does not exist is a defect naming the trade and the parcel, and nothing is logged", () => {
    const w = world()
    const { tradeNo } = value(w.run(openTrade(receiver, fee(50, "gone"))))
    const defect = died(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    expect(defect.message).toContain(tradeNo)
    expect(defect.message).toContain("gone")
    expect(w.ops).toEqual([])
    expect(w.events).toEqual([])
  })
})

describe("expiring and refunding: the provider's answers", () => {
  it("a due prepay the provider will not close stays open and its item fails, until a later try closes it", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    w.provider.refuse.close = "系统繁忙"
    w.advance(30 * 60_000)
    expect(value(w.run(dueTrades(10)))).toEqual([tradeNo])
    expect(failure(w.run(expireTrade(tradeNo)))).toMatchObject({ _tag: "StateConflict", message: "关闭订单失败：系统繁忙" })
    expect(w.trades.get(tradeNo)!.status).toBe("created")
    delete w.provider.refuse.close
    expect(value(w.run(expireTrade(tradeNo)))).toBe("expired")
    expect(value(w.run(expireTrade(tradeNo)))).toBe("skipped")
  })

  it("an unknown trade is not refunded", () => {
    const w = world()
    expect(failure(w.run(refundTrade("P404")))).toMatchObject({ _tag: "NotFound", message: "订单不存在" })
    expect(w.provider.refunds).toEqual([])
  })

  it("a refund the provider refuses is a refusal with its reason, and the parcel keeps its fee", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    w.provider.refuse.refund = "余额不足"
    expect(failure(w.run(refundTrade(tradeNo)))).toMatchObject({ _tag: "StateConflict", message: "退款失败：余额不足" })
    expect(w.parcel.record.safekeepPaidFen).toBe(50)
  })

  it("a concurrent refund that got there first: this one is refused, the provider is not asked and the fee comes off once", () => {
    const w = world()
    const { tradeNo } = value(w.run(paySafekeeping(receiver, "parcel-1")))
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    w.races.beforeMarkRefunded = (no) => { w.trades.set(no, { ...w.trades.get(no)!, status: "refunded", refundedAt: w.now }) }
    expect(failure(w.run(refundTrade(tradeNo)))).toMatchObject({ _tag: "StateConflict", message: "订单未支付，不能退款" })
    expect(w.provider.refunds).toEqual([])
    expect(w.parcel.record.safekeepPaidFen).toBe(50)
  })

  it("the refund number is the trade's own (R and its number, cut to the provider's 32 letters and digits), so a retry is the same refund", () => {
    const w = world({ nextId: (n) => `${String(n).padStart(8, "0")}-e29b-41d4-a716-446655440000` })
    const { tradeNo } = value(w.run(openTrade(receiver, fee(50))))
    value(w.run(settleNotice(w.provider.pay(tradeNo, w.now)!)))
    value(w.run(refundTrade(tradeNo)))
    expect(w.provider.refunds).toHaveLength(1)
    const { refundNo, amountFen } = w.provider.refunds[0]!
    expect(amountFen).toBe(50)
    expect(refundNo).toMatch(/^R[A-Za-z0-9]{31}$/)
    expect(`R${tradeNo}`.startsWith(refundNo)).toBe(true)
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
    expect(feeLines(r).reduce((sum, o) => sum + (o.input as { amountFen: number }).amountFen, 0)).toBe(settled)
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
      run: (m, r) => { expireDue(r, 5); check(m, r) },
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
