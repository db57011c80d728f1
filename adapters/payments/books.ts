/** The books `station payments reconcile` compares: per purpose, its trades and what the business recorded as paid. */
import type { Kysely } from "kysely"
import type { PurposeBook } from "#src/payment/reconcile"
import { TradeKind, type TradeStatus } from "#src/payment/trade"
import type { DB } from "../postgres/schema"

/** Safekeeping fees: every parcel with a paid amount or a trade that took money, against its `safekeep_paid`. */
const safekeepBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await db.selectFrom("pay_trade").select(["trade_no", "ref_id", "status", "amount_fen"])
    .where("kind", "=", TradeKind.safekeep).where("status", "in", ["paid", "refunded"]).orderBy("created_at").execute()
  const refIds = [...new Set(trades.map((t) => t.ref_id))]
  const parcels = await db.selectFrom("parcel").select(["id", "safekeep_paid"])
    .where((eb) => eb.or([eb("safekeep_paid", "<>", 0), ...(refIds.length ? [eb("id", "in", refIds)] : [])])).execute()
  const recorded = new Map(parcels.map((p) => [p.id, p.safekeep_paid]))
  const ids = [...new Set([...refIds, ...recorded.keys()])].sort()
  return ids.map((id) => ({
    kind: TradeKind.safekeep,
    refId: id,
    recordedFen: recorded.get(id),
    trades: trades.filter((t) => t.ref_id === id).map((t) => ({ tradeNo: t.trade_no, status: t.status as TradeStatus, amountFen: t.amount_fen }))
  }))
}

export const purposeBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => [...await safekeepBooks(db)]
