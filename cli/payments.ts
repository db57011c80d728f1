/**
 * `station payments`: list pay-in trades, reconcile settled trades against the business changes they paid for (or
 * against the provider's trade bill), refund one.
 */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { shanghaiDateTime } from "#src/shared/time"
import { billTrades, purposeBooks, smsCreditMismatches } from "#adapters/payments/books"
import { MalformedBill, readTradeBill } from "#adapters/payments/wechat-trade-bill"
import { billDays, reconcileBill, type TradeBill } from "#src/payment/bill-reconcile"
import { reconcile } from "#src/payment/reconcile"
import { refundTrade } from "#src/settlement/settlements"
import { TradeStatus, type Trade } from "#src/payment/trade"
import { TradeStore } from "#src/payment/trade-store"
import { yuan } from "#src/shared/money"
import { withRuntime } from "./database"
import { ExitCode, render, UsageError, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"
import { word } from "./lang"

export interface ListOptions extends Options {
  readonly status?: string
  readonly limit: number
}

const statuses = Object.values(TradeStatus)

const view = (t: Trade) => ({
  tradeNo: t.tradeNo, kind: t.kind, refId: t.refId, userId: t.userId, amountFen: t.amountFen, status: t.status,
  createdAt: t.createdAt, expiresAt: t.expiresAt, paidAt: t.paidAt, refundedAt: t.refundedAt, providerRef: t.providerRef
})

export const listPayments = async (options: ListOptions) => {
  const status = options.status as TradeStatus | undefined
  if (status !== undefined && !statuses.includes(status)) throw new UsageError(`--status must be one of ${statuses.join(", ")}, got ${options.status}`)
  return withRuntime(async (runtime) => {
    const trades = valueOf(await runtime.read(TradeStore.use((s) => s.list({ status, limit: options.limit }))))
    render(options, trades.map(view), () =>
      trades.length === 0 ? "No trades." : table(trades, [
        { header: "trade", value: (t) => t.tradeNo },
        { header: "kind", value: (t) => word(t.kind) },
        { header: "for", value: (t) => t.refId },
        { header: "amount ¥", value: (t) => yuan(t.amountFen), align: "right" },
        { header: "status", value: (t) => word(t.status) },
        { header: "created", value: (t) => shanghaiDateTime(t.createdAt) },
        { header: "paid", value: (t) => t.paidAt && shanghaiDateTime(t.paidAt) }
      ]))
  })
}

export interface ReconcileOptions extends Options {
  /** The provider's trade bill (a CSV file) to reconcile our trades with, instead of the purposes. */
  readonly bill?: string
  /** The bill's Asia/Shanghai day, for a bill without rows (default: the days of its rows). */
  readonly date?: string
}

export const reconcilePayments = async (options: ReconcileOptions) => {
  if (options.bill !== undefined) return reconcileWithBill(options.bill, options)
  if (options.date !== undefined) throw new UsageError("--date names the day of a bill: it goes with --bill")
  return reconcilePurposes(options)
}

const reconcilePurposes = async (options: Options) =>
  withRuntime(async (runtime) => {
    const books = await purposeBooks(runtime.db)
    const mismatches = reconcile(books)
    const trades = books.reduce((n, b) => n + b.trades.length, 0)
    // the SMS credit a worksite holds must be what its ledger rows add up to (deposits credited, grants, SMS sent)
    const credits = (await smsCreditMismatches(runtime.db).execute()).map((c) => ({ worksiteId: c.id, siteCode: c.site_code, credit: c.credit, ledger: Number(c.ledger) }))
    const creditText = credits.length === 0 ? "" : `\n${credits.length} worksites whose SMS credit is not the sum of their SMS ledger:\n${table(credits, [
      { header: "worksite", value: (c) => c.siteCode },
      { header: "credit", value: (c) => c.credit, align: "right" },
      { header: "ledger", value: (c) => c.ledger, align: "right" }
    ])}`
    render(options, { purposes: books.length, trades, mismatches, smsCredit: credits }, () =>
      (mismatches.length === 0
        ? `Reconciled: ${books.length} purposes, ${trades} settled or refunded trades, no mismatch.`
        : `${mismatches.length} mismatches:\n${table(mismatches, [
          { header: "kind", value: (m) => word(m.kind) },
          { header: "for", value: (m) => m.refId },
          { header: "settled ¥", value: (m) => yuan(m.settledFen), align: "right" },
          { header: "recorded ¥", value: (m) => (m.recordedFen === null ? "-" : yuan(m.recordedFen)), align: "right" },
          { header: "trades", value: (m) => m.trades.join(",") || "-" },
          { header: "problem", value: (m) => m.problem }
        ])}`) + creditText)
    return mismatches.length === 0 && credits.length === 0 ? ExitCode.ok : ExitCode.refused
  })

const billIn = (file: string): TradeBill => {
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (e) {
    throw new UsageError(`cannot read the bill ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`)
  }
  try {
    return readTradeBill(text)
  } catch (e) {
    if (e instanceof MalformedBill) throw new UsageError(`${file} is not a WeChat Pay trade bill: ${e.message}`)
    throw e
  }
}

/** `station payments reconcile --bill <file>`: every difference between the provider's trade bill and our trades of its days. */
const reconcileWithBill = async (path: string, options: ReconcileOptions) => {
  const file = resolve(path)
  const bill = billIn(file)
  const days = options.date === undefined ? billDays(bill.rows) : [options.date]
  if (days.length === 0) throw new UsageError(`the bill ${file} has no rows: name its day with --date YYYY-MM-DD`)
  return withRuntime(async (runtime) => {
    const trades = await billTrades(runtime.db, days, bill.rows.map((r) => r.tradeNo))
    const differences = reconcileBill(bill, days, trades)
    render(options, { bill: file, days, rows: bill.rows.length, trades: trades.length, differences }, () =>
      differences.length === 0
        ? `Reconciled with the bill of ${days.join(", ")}: ${bill.rows.length} rows, ${trades.length} trades of ours, no difference.`
        : `${differences.length} differences with the bill of ${days.join(", ")}:\n${table(differences, [
          { header: "trade", value: (d) => d.tradeNo ?? "-" },
          { header: "ours", value: (d) => d.ours && `${word(d.ours.status)} ${yuan(d.ours.amountFen)}` },
          { header: "bill", value: (d) => d.bill && `${d.bill.status} ${yuan(d.bill.amountFen)}` },
          { header: "problem", value: (d) => d.problem }
        ])}`)
    return differences.length === 0 ? ExitCode.ok : ExitCode.refused
  })
}

/** `station payments refund <tradeNo>`: the trade paid back and its purpose undone, under the operator (logged). */
export const refundPayment = (tradeNo: string, options: Options) =>
  withRuntime(async (runtime) => {
    const trade = valueOf(await runtime.run(refundTrade(tradeNo)))
    render(options, { ...view(trade), refundReference: trade.refundReference }, () => `Refunded.\n${pairs([
      ["trade", trade.tradeNo],
      ["kind", trade.kind],
      ["amount ¥", yuan(trade.amountFen)],
      ["status", trade.status],
      ["reference", trade.refundReference]
    ])}`)
  })
