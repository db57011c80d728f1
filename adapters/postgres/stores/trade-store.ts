/** TradeStore over Postgres: every status change is the core's transition as `UPDATE … WHERE status IN (from) RETURNING`, so it happens once. */
import { Effect } from "effect"
import type { Kysely, Selectable } from "kysely"
import { tradeTransitions, TradeStatus, type Trade, type TradeKind } from "#src/payment/trade"
import { ExpiredTrades } from "#src/payment/trade-retention"
import { TradeStore } from "#src/payment/trade-store"
import { isUniqueViolation, RetryableConflict } from "../retryable"
import type { DB } from "../schema"
import { query } from "./query"

export const toTrade = (r: Selectable<DB["pay_trade"]>): Trade => ({
  tradeNo: r.trade_no, kind: r.kind as TradeKind, refId: r.ref_id, userId: r.user_id, amountFen: r.amount_fen, status: r.status as TradeStatus,
  prepayId: r.prepay_id, providerRef: r.provider_ref, createdAt: r.created_at, expiresAt: r.expires_at, paidAt: r.paid_at, refundedAt: r.refunded_at
})

export const tradeStore = (db: Kysely<DB>) => {
  const one = (run: () => Promise<Selectable<DB["pay_trade"]> | undefined>) => query(run).pipe(Effect.map((r) => r && toTrade(r)))
  return TradeStore.of({
    insert: (t) => query(async () => {
      try {
        await db.insertInto("pay_trade").values({
          trade_no: t.tradeNo, kind: t.kind, ref_id: t.refId, user_id: t.userId, amount_fen: t.amountFen, status: t.status, prepay_id: t.prepayId,
          provider_ref: t.providerRef, created_at: t.createdAt, expires_at: t.expiresAt, paid_at: t.paidAt, refunded_at: t.refundedAt
        }).execute()
      } catch (e) {
        // another request opened the purpose's prepay first: a fresh attempt finds it and hands it out
        if (isUniqueViolation(e, "pay_trade_one_open")) throw new RetryableConflict("another prepay for this purpose was opened first", { cause: e })
        throw e
      }
    }),
    find: (tradeNo) => one(() => db.selectFrom("pay_trade").selectAll().where("trade_no", "=", tradeNo).executeTakeFirst()),
    findByPrepayId: (prepayId) => one(() => db.selectFrom("pay_trade").selectAll().where("prepay_id", "=", prepayId).executeTakeFirst()),
    openFor: (kind, refId) =>
      query(() => db.selectFrom("pay_trade").selectAll().where("kind", "=", kind).where("ref_id", "=", refId).where("status", "=", "created")
        .orderBy("created_at").forUpdate().execute()).pipe(Effect.map((rows) => rows.map(toTrade))),
    markPaid: (tradeNo, providerRef, at) =>
      one(() => db.updateTable("pay_trade").set({ status: tradeTransitions.pay.to, provider_ref: providerRef, paid_at: at })
        .where("trade_no", "=", tradeNo).where("status", "in", tradeTransitions.pay.from).returningAll().executeTakeFirst()),
    markExpired: (tradeNo) =>
      query(() => db.updateTable("pay_trade").set({ status: tradeTransitions.expire.to }).where("trade_no", "=", tradeNo)
        .where("status", "in", tradeTransitions.expire.from).executeTakeFirst())
        .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
    markRefunded: (tradeNo, at) =>
      one(() => db.updateTable("pay_trade").set({ status: tradeTransitions.refund.to, refunded_at: at })
        .where("trade_no", "=", tradeNo).where("status", "in", tradeTransitions.refund.from).returningAll().executeTakeFirst()),
    dueToExpire: (now, limit) =>
      query(() => db.selectFrom("pay_trade").selectAll().where("status", "=", "created").where("expires_at", "<=", now)
        .orderBy("expires_at").limit(limit).execute()).pipe(Effect.map((rows) => rows.map(toTrade))),
    list: ({ status, limit }) =>
      query(() => db.selectFrom("pay_trade").selectAll().$if(status !== undefined, (q) => q.where("status", "=", status!))
        .orderBy("created_at", "desc").orderBy("trade_no").limit(limit).execute()).pipe(Effect.map((rows) => rows.map(toTrade)))
  })
}

/** The expired trades past their keep period, deleted by the core's rule (`prunableTrade`): earliest deadline first. */
export const expiredTrades = (db: Kysely<DB>) => ExpiredTrades.of({
  prune: (before, limit) =>
    query(() => db.deleteFrom("pay_trade").where("trade_no", "in", db.selectFrom("pay_trade").select("trade_no")
      .where("status", "=", TradeStatus.expired).where("expires_at", "<", before).orderBy("expires_at").orderBy("trade_no").limit(limit))
      .executeTakeFirst()).pipe(Effect.map((r) => Number(r.numDeletedRows)))
})
