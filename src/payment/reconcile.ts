/**
 * Reconciliation: for each business purpose, the money its settled trades brought in must equal the
 * money recorded against it (a parcel's paid safekeeping fee, a ledger row); else each is listed.
 */
import { TradeStatus, type Trade, type TradeKind } from "./trade"

export interface PurposeBook {
  readonly kind: TradeKind
  readonly refId: string
  /** What the business records as paid for this purpose; undefined when the purpose no longer exists. */
  readonly recordedFen: number | undefined
  readonly trades: ReadonlyArray<Pick<Trade, "tradeNo" | "status" | "amountFen">>
}

export interface Mismatch {
  readonly kind: TradeKind
  readonly refId: string
  readonly settledFen: number
  readonly recordedFen: number | null
  readonly trades: ReadonlyArray<string>
  readonly problem: string
}

/** Paid trades count; refunded ones were undone with their refund, open and expired ones never took money. */
export const settledFen = (trades: ReadonlyArray<Pick<Trade, "status" | "amountFen">>): number =>
  trades.filter((t) => t.status === TradeStatus.paid).reduce((sum, t) => sum + t.amountFen, 0)

export const reconcile = (books: ReadonlyArray<PurposeBook>): ReadonlyArray<Mismatch> =>
  books.flatMap((book): ReadonlyArray<Mismatch> => {
    const settled = settledFen(book.trades)
    const base = { kind: book.kind, refId: book.refId, settledFen: settled, recordedFen: book.recordedFen ?? null, trades: book.trades.map((t) => t.tradeNo) }
    if (book.recordedFen === undefined) return [{ ...base, problem: "settled trades pay for something that does not exist" }]
    if (book.recordedFen !== settled) {
      return [{ ...base, problem: book.recordedFen > settled ? "recorded as paid without a settled trade" : "settled trades not recorded" }]
    }
    return []
  })
