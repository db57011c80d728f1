/** The trades port: trade records, each change a conditional one inside the caller's transaction. */
import { Context, Effect } from "effect"
import type { Trade, TradeKind, TradeStatus } from "./trade"

export class TradeStore extends Context.Service<TradeStore, {
  insert(trade: Trade): Effect.Effect<void>
  find(tradeNo: string): Effect.Effect<Trade | undefined>
  findByPrepayId(prepayId: string): Effect.Effect<Trade | undefined>
  /** The trades still open (created) for one business purpose, locked until the transaction ends. */
  openFor(kind: TradeKind, refId: string): Effect.Effect<ReadonlyArray<Trade>>
  /** created → paid, only if still created: the trade when this call settled it, undefined when another did first. */
  markPaid(tradeNo: string, providerRef: string, at: Date): Effect.Effect<Trade | undefined>
  /** created → expired, only if still created. */
  markExpired(tradeNo: string): Effect.Effect<boolean>
  /** paid → refunded, only if still paid. */
  markRefunded(tradeNo: string, at: Date): Effect.Effect<Trade | undefined>
  /** Open trades whose deadline has passed, oldest first. */
  dueToExpire(now: Date, limit: number): Effect.Effect<ReadonlyArray<Trade>>
  list(filter: { readonly status?: TradeStatus | undefined; readonly limit: number }): Effect.Effect<ReadonlyArray<Trade>>
}>()("station/TradeStore") {}
