/**
 * The books `station payments reconcile` compares: per purpose, its trades and what the business recorded as paid;
 * with a trade bill, the trades the bill speaks of.
 */
import { sql, type Kysely } from "kysely"
import type { BillTrade } from "#src/payment/bill-reconcile"
import type { PurposeBook } from "#src/payment/reconcile"
import { TradeKind, type TradeStatus } from "#src/payment/trade"
import { freightDue } from "#src/sending/freight"
import { shanghaiDay } from "#src/shared/time"
import { CreditReason, DepositStatus } from "#src/support/sms-credit"
import { LedgerRef } from "#src/wallet/ledger"
import type { DB } from "../postgres/schema"

/** The trades of one purpose that took money (paid, or paid and refunded), oldest first. */
const settledTrades = (db: Kysely<DB>, kind: TradeKind) =>
  db.selectFrom("pay_trade").select(["trade_no", "ref_id", "status", "amount_fen"])
    .where("kind", "=", kind).where("status", "in", ["paid", "refunded"]).orderBy("created_at").execute()
type SettledTrade = Awaited<ReturnType<typeof settledTrades>>[number]

const tradeOf = (t: SettledTrade) => ({ tradeNo: t.trade_no, status: t.status as TradeStatus, amountFen: t.amount_fen })

/** Trades by the id they pay for, each id's in the order given (a year's trades: one pass, not one per id). */
const byRefId = (trades: ReadonlyArray<SettledTrade>) => {
  const by = new Map<string, Array<SettledTrade>>()
  for (const t of trades) {
    const own = by.get(t.ref_id)
    if (own) own.push(t)
    else by.set(t.ref_id, [t])
  }
  return by
}

/** One book per id that has a trade or money recorded by the business, in id order. */
const booksOf = (kind: TradeKind, trades: ReadonlyArray<SettledTrade>, recorded: ReadonlyMap<string, number>): ReadonlyArray<PurposeBook> => {
  const by = byRefId(trades)
  return [...new Set([...by.keys(), ...recorded.keys()])].sort().map((id) => ({
    kind,
    refId: id,
    recordedFen: recorded.get(id),
    trades: (by.get(id) ?? []).map(tradeOf)
  }))
}

/** The ids the settled trades of `kind` pay for, as a subquery (a year's trades are more than a statement's parameters). */
const settledRefIds = (db: Kysely<DB>, kind: TradeKind) =>
  db.selectFrom("pay_trade").select("ref_id").where("kind", "=", kind).where("status", "in", ["paid", "refunded"])

/** Safekeeping fees: every parcel with a paid amount or a trade that took money, against its `safekeep_paid`. */
const safekeepBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await settledTrades(db, TradeKind.safekeep)
  const parcels = await db.selectFrom("parcel").select(["id", "safekeep_paid"])
    .where((eb) => eb.or([eb("safekeep_paid", "<>", 0), eb("id", "in", settledRefIds(db, TradeKind.safekeep))])).execute()
  return booksOf(TradeKind.safekeep, trades, new Map(parcels.map((p) => [p.id, p.safekeep_paid])))
}

/**
 * Errand payments: every errand order with a trade that took money, against what it holds or passed on: paid less
 * what went back through the provider. A refund into the requester's wallet (an `errandRefund` ledger row, as
 * migration 2026-11-25T2240 made for stuck door pickups) leaves the trade paid: like the runner's income, the money
 * the trade took was passed on into a wallet, so it is counted back (paid − refunded + wallet refunds).
 */
const errandBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await settledTrades(db, TradeKind.errand)
  const walletRefunds = db.selectFrom("ledger").select(["ref_id", sql<string>`sum(money)`.as("total")])
    .where("ref_type", "=", LedgerRef.errandRefund).where("ref_id", "is not", null).groupBy("ref_id")
  const orders = await db.selectFrom("errand_order").leftJoin(walletRefunds.as("w"), "w.ref_id", "errand_order.id")
    .select(["errand_order.id", "errand_order.paid", "errand_order.refunded", sql<string>`coalesce(w.total, 0)`.as("walletRefunded")])
    .where((eb) => eb.or([eb("errand_order.paid", "<>", 0), eb("errand_order.id", "in", settledRefIds(db, TradeKind.errand))])).execute()
  return booksOf(TradeKind.errand, trades, new Map(orders.map((o) => [o.id, o.paid - o.refunded + Number(o.walletRefunded)])))
}

/** Tips: per errand order, its tip trades against the `tip` ledger rows that credited (or took back) them, found by trade number. */
const tipBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await settledTrades(db, TradeKind.tip)
  if (trades.length === 0) return []
  const tipTrades = db.selectFrom("pay_trade").select("trade_no").where("kind", "=", TradeKind.tip).where("status", "in", ["paid", "refunded"])
  const rows = await db.selectFrom("ledger").select(["ref_id", "money"]).where("ref_type", "=", LedgerRef.tip).where("ref_id", "in", tipTrades).execute()
  const orders = new Set((await db.selectFrom("errand_order").select("id").where("id", "in", settledRefIds(db, TradeKind.tip)).execute()).map((o) => o.id))
  const credited = new Map<string, number>()
  for (const r of rows) if (r.ref_id !== null) credited.set(r.ref_id, (credited.get(r.ref_id) ?? 0) + r.money)
  return [...byRefId(trades).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([orderId, own]) => ({
    kind: TradeKind.tip,
    refId: orderId,
    recordedFen: orders.has(orderId) ? own.reduce((sum, t) => sum + (credited.get(t.trade_no) ?? 0), 0) : undefined,
    trades: own.map(tradeOf)
  }))
}

/** Sending freight: every send order with freight paid or a trade that took money, against its freight plus insurance fee once paid. */
const freightBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await settledTrades(db, TradeKind.freight)
  const orders = await db.selectFrom("send_order").select(["id", "freight", "insure_freight", "freight_paid"])
    .where((eb) => eb.or([eb("freight_paid", "=", true), eb("id", "in", settledRefIds(db, TradeKind.freight))])).execute()
  return booksOf(TradeKind.freight, trades, new Map(orders.map((o) => [o.id, o.freight_paid ? freightDue({ freight: o.freight, insureFreight: o.insure_freight }) : 0])))
}

/** Donations: every donation trade that took money, against its row (none, or refunded: nothing kept). */
const donationBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await settledTrades(db, TradeKind.donation)
  const rows = await db.selectFrom("donation").select(["trade_no", "amount_fen", "refunded_at"]).execute()
  const kept = new Map(rows.map((r) => [r.trade_no, r.refunded_at === null ? r.amount_fen : 0]))
  const byTradeNo = new Map(trades.map((t) => [t.trade_no, [t]]))
  // one book per trade (a user's donations are many purposes over time: the trade number is the purpose)
  return [...new Set([...trades.map((t) => t.trade_no), ...kept.keys()])].sort().map((tradeNo) => ({
    kind: TradeKind.donation,
    refId: tradeNo,
    recordedFen: kept.get(tradeNo) ?? 0,
    trades: (byTradeNo.get(tradeNo) ?? []).map(tradeOf)
  }))
}

/**
 * SMS top-ups: every deposit that is paid or has a trade that took money, against its yuan when paid and credited
 * (its deposit ledger row adds its SMS), else nothing: paid deposit trades = credited deposits.
 */
const depositBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => {
  const trades = await settledTrades(db, TradeKind.deposit)
  const deposits = await db.selectFrom("sms_deposit")
    .leftJoin("sms_credit_ledger as l", (j) => j.onRef("l.trade_no", "=", "sms_deposit.trade_no").on("l.reason", "=", CreditReason.deposit))
    .select(["sms_deposit.id", "sms_deposit.status", "sms_deposit.money_fen", "sms_deposit.sms_count", "l.change"])
    .where((eb) => eb.or([eb("sms_deposit.status", "=", DepositStatus.paid), eb("sms_deposit.id", "in", settledRefIds(db, TradeKind.deposit))])).execute()
  return booksOf(TradeKind.deposit, trades, new Map(deposits.map((d) => [d.id,
    d.status === DepositStatus.paid && d.change === d.sms_count ? d.money_fen : 0])))
}

export const purposeBooks = async (db: Kysely<DB>): Promise<ReadonlyArray<PurposeBook>> => [
  ...await safekeepBooks(db), ...await errandBooks(db), ...await tipBooks(db), ...await freightBooks(db), ...await donationBooks(db),
  ...await depositBooks(db)
]

/** The worksites whose SMS credit is not the sum of their SMS ledger rows. */
export const smsCreditMismatches = (db: Kysely<DB>) => {
  const sums = db.selectFrom("sms_credit_ledger").select(["worksite_id", sql<string>`sum(change)`.as("total")]).groupBy("worksite_id")
  return db.selectFrom("worksite").leftJoin(sums.as("l"), "l.worksite_id", "worksite.id")
    .select(["worksite.id", "worksite.site_code", "worksite.sms_credit as credit", sql<string>`coalesce(l.total, 0)`.as("ledger")])
    .where(sql<boolean>`worksite.sms_credit <> coalesce(l.total, 0)`)
}

/**
 * Our trades a trade bill of these Asia/Shanghai days speaks of: those paid or refunded on them, and every one its rows
 * name (`tradeNos`), whatever its day or status.
 */
export const billTrades = async (db: Kysely<DB>, days: ReadonlyArray<string>, tradeNos: ReadonlyArray<string>): Promise<ReadonlyArray<BillTrade>> => {
  const windows = days.flatMap((day) => shanghaiDay(day) ?? [])
  const rows = await db.selectFrom("pay_trade").select(["trade_no", "status", "amount_fen", "paid_at", "refunded_at"])
    .where((eb) => eb.or([
      ...windows.flatMap(({ from, to }) => [
        eb.and([eb("paid_at", ">=", from), eb("paid_at", "<", to)]),
        eb.and([eb("refunded_at", ">=", from), eb("refunded_at", "<", to)])
      ]),
      ...(tradeNos.length ? [eb("trade_no", "in", [...new Set(tradeNos)])] : []),
      sql<boolean>`false`
    ]))
    .orderBy("paid_at").orderBy("trade_no").execute()
  return rows.map((r) => ({ tradeNo: r.trade_no, status: r.status as TradeStatus, amountFen: r.amount_fen, paidAt: r.paid_at, refundedAt: r.refunded_at }))
}
