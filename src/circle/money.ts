/**
 * A market item's price and original price (spec 002 §3, §5): typed and sent in yuan with at most two decimals,
 * kept in whole fen; a price of −1 means free or negotiable (feeType 2) and is kept as −1.
 */
import { FeeType } from "./codes"

/** The stored and sent price of a free item. */
export const FREE = -1

/**
 * At most 13 digits before the point, so every amount is an exact number of fen and its yuan as a JS number
 * prints back as typed (the form's 18-character field allows more, which no one types for a second-hand book).
 */
const YUAN = /^(\d{1,13})(?:\.(\d{1,2}))?$/

/**
 * Whole fen of an amount typed in yuan (`"12"`, `"12.5"`, `12.05`), or `FREE` for −1; undefined for anything else:
 * three decimals, another negative, `1e3`, blanks or words. Spaces around are ignored.
 */
export const parseYuan = (typed: unknown): number | undefined => {
  const text = typeof typed === "number" ? (Number.isFinite(typed) ? String(typed) : "") : typeof typed === "string" ? typed.trim() : ""
  if (/^-1(?:\.0{1,2})?$/.test(text)) return FREE
  const m = YUAN.exec(text)
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : undefined
}

/** The fen of an amount that is a price someone pays: typed in yuan and at least 0. */
export const parseAmount = (typed: unknown): number | undefined => {
  const fen = parseYuan(typed)
  return fen === undefined || fen === FREE ? undefined : fen
}

/** An amount in yuan as sent in an answer: `1250` → 12.5, `FREE` → −1. */
export const yuanOf = (fen: number): number => (fen === FREE ? FREE : fen / 100)

/** An amount as a form field shows it again: `1250` → `"12.5"`, `FREE` → `"-1"`. */
export const yuanText = (fen: number): string => String(yuanOf(fen))

/** The price kept for an item: −1 when free (feeType 2), whatever was typed; else the typed price in fen. */
export const storedPrice = (feeType: FeeType, typed: unknown): number | undefined => (feeType === FeeType.free ? FREE : parseAmount(typed))
