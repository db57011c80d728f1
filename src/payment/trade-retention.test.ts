import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Clock, OpsLog, type StationOperation } from "../shared/ports"
import { TradeStatus, type Trade } from "./trade"
import { EXPIRED_TRADE_KEEP_DAYS, expiredTradeCutoff, ExpiredTrades, prunableTrade, pruneExpiredTrades, replayPruneTrades } from "./trade-retention"

const DAY = 24 * 60 * 60 * 1000
const NOW = new Date("2026-12-01T04:00:00Z")

type Kept = Pick<Trade, "tradeNo" | "status" | "expiresAt">

/** The store as the Postgres one deletes: prunable trades, earliest deadline first, at most `limit`. */
const storeOf = (trades: Kept[]) => ExpiredTrades.of({
  prune: (before, limit) => Effect.sync(() => {
    const gone = trades.filter((t) => prunableTrade(t, before))
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.tradeNo.localeCompare(b.tradeNo)).slice(0, limit)
    for (const t of gone) trades.splice(trades.indexOf(t), 1)
    return gone.length
  })
})

const run = <A>(effect: Effect.Effect<A, never, ExpiredTrades | Clock | OpsLog>, trades: Kept[], logged: StationOperation[], now = NOW) =>
  Effect.runSync(effect.pipe(
    Effect.provideService(ExpiredTrades, storeOf(trades)),
    Effect.provideService(Clock, { now: Effect.succeed(now) }),
    Effect.provideService(OpsLog, { append: (op) => Effect.sync(() => void logged.push(op)) })
  ))

const trade = fc.record({
  tradeNo: fc.stringMatching(/^T[0-9]{4}$/),
  status: fc.constantFrom(...Object.values(TradeStatus)),
  expiresAt: fc.integer({ min: -200, max: 10 }).map((days) => new Date(NOW.getTime() + days * DAY))
})

describe("retention of pay-in trades", () => {
  it("keeps an expired trade for 90 days after its deadline, to the millisecond; never one that took money or is open", () => {
    const cutoff = expiredTradeCutoff(NOW)
    expect(NOW.getTime() - cutoff.getTime()).toBe(EXPIRED_TRADE_KEEP_DAYS * DAY)
    expect(prunableTrade({ status: TradeStatus.expired, expiresAt: cutoff }, cutoff)).toBe(false)
    expect(prunableTrade({ status: TradeStatus.expired, expiresAt: new Date(cutoff.getTime() - 1) }, cutoff)).toBe(true)
    for (const status of [TradeStatus.created, TradeStatus.paid, TradeStatus.refunded]) {
      expect(prunableTrade({ status, expiresAt: new Date(0) }, cutoff)).toBe(false)
    }
  })

  test.prop([fc.uniqueArray(trade, { selector: (t) => t.tradeNo, maxLength: 30 }), fc.integer({ min: 1, max: 5 })])(
    "batch after batch deletes exactly the prunable trades, each batch at most the limit and logged with its cutoff and count",
    (trades, limit) => {
      const store = [...trades]
      const logged: StationOperation[] = []
      const counts: number[] = []
      for (let gone = limit; gone === limit;) counts.push(gone = run(pruneExpiredTrades(limit), store, logged))
      const cutoff = expiredTradeCutoff(NOW)
      expect(store.map((t) => t.tradeNo).sort()).toEqual(trades.filter((t) => !prunableTrade(t, cutoff)).map((t) => t.tradeNo).sort())
      expect(counts.every((n) => n <= limit)).toBe(true)
      expect(logged).toEqual(counts.filter((n) => n > 0).map((count) => ({
        op: "pruneTrades", actorOpenid: "station-system", at: NOW, input: { before: cutoff.toISOString(), limit }, outcome: { count }
      })))
    })

  it("a replayed batch uses the logged cutoff and limit, whatever the replaying clock says, and logs itself again", () => {
    const before = new Date(NOW.getTime() - 10 * DAY)
    const store: Kept[] = [
      { tradeNo: "T1", status: TradeStatus.expired, expiresAt: new Date(before.getTime() - 2) },
      { tradeNo: "T2", status: TradeStatus.expired, expiresAt: new Date(before.getTime() - 1) },
      { tradeNo: "T3", status: TradeStatus.expired, expiresAt: before }
    ]
    const logged: StationOperation[] = []
    const input = { before: before.toISOString(), limit: 1 }
    expect(run(replayPruneTrades(input), store, logged, new Date(NOW.getTime() + 400 * DAY))).toEqual({ count: 1 })
    expect(store.map((t) => t.tradeNo)).toEqual(["T2", "T3"])
    expect(logged).toEqual([expect.objectContaining({ op: "pruneTrades", input, outcome: { count: 1 } })])
    expect(run(replayPruneTrades({ ...input, limit: 5 }), store, logged)).toEqual({ count: 1 })
    expect(run(replayPruneTrades({ ...input, limit: 5 }), store, logged)).toEqual({ count: 0 })
    expect(logged).toHaveLength(2)
  })
})
