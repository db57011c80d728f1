/**
 * How long a pay-in trade is kept. A trade that took money (paid, refunded) is kept for good: it is the books. An open
 * one is kept until it is paid or expired. An expired one (closed at the provider, nobody paid it) guards nothing once
 * the provider's bills of its days can no longer be fetched (3 months): it is deleted 90 days after its deadline, in
 * batches, each batch its own transaction and its own operation, so `station replay` deletes the same trades.
 */
import { Context, Effect, Schema } from "effect"
import { SYSTEM_ACTOR } from "../parcel/returns"
import { logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { TradeStatus, type Trade } from "./trade"

export const EXPIRED_TRADE_KEEP_DAYS = 90

const DAY_MS = 24 * 60 * 60 * 1000

/** The deadline before which an expired trade is no longer kept, at `now`. */
export const expiredTradeCutoff = (now: Date): Date => new Date(now.getTime() - EXPIRED_TRADE_KEEP_DAYS * DAY_MS)

/** Whether a trade may go at this cutoff: expired, its deadline before it. The store's prune deletes exactly these. */
export const prunableTrade = (trade: Pick<Trade, "status" | "expiresAt">, before: Date): boolean =>
  trade.status === TradeStatus.expired && trade.expiresAt.getTime() < before.getTime()

/** The trades a prune deletes: at most `limit` prunable ones, earliest deadline first (then by trade number). */
export class ExpiredTrades extends Context.Service<ExpiredTrades, {
  prune(before: Date, limit: number): Effect.Effect<number>
}>()("station/ExpiredTrades") {}

/** A batch of expired trades deleted by the scheduler: the cutoff (ISO time) and batch it used, how many went. */
export const PruneTradesOperation = operationKind("pruneTrades",
  Schema.Struct({ before: Schema.String, limit: Schema.Int }), Schema.Struct({ count: Schema.Int }))

/** One batch deleted at this cutoff, logged (under the system actor) when it deleted any; answers how many went. */
const pruneBatch = Effect.fn("pruneTradesBatch")(function* (before: Date, limit: number) {
  const count = yield* (yield* ExpiredTrades).prune(before, limit)
  if (count > 0) yield* logOperation(PruneTradesOperation, SYSTEM_ACTOR, yield* (yield* Clock).now, { before: before.toISOString(), limit }, { count })
  return count
})

/** Deletes one batch of expired trades past their keep period: fewer than `limit` deleted means none is left. */
export const pruneExpiredTrades = (limit: number) =>
  Clock.use((clock) => clock.now).pipe(Effect.flatMap((now) => pruneBatch(expiredTradeCutoff(now), limit)))

/** The replay of a logged batch: the cutoff and batch as logged, whatever the replaying clock says. */
export const replayPruneTrades = (input: { readonly before: string; readonly limit: number }) =>
  pruneBatch(new Date(input.before), input.limit).pipe(Effect.map((count) => ({ count })))
