/**
 * Money is integer fen and is shown in yuan with exactly two decimals, everywhere (balances, amounts,
 * fees, payouts): a shorter form would round away fen the user owns.
 */

/** `48876` → `"488.76"`, `0` → `"0.00"`, `-105` → `"-1.05"`; a fraction of a fen is rounded half away from zero. */
export const yuan = (fen: number): string => {
  if (!Number.isFinite(fen)) return "--"
  const whole = Math.round(Math.abs(fen))
  const sign = fen < 0 && whole !== 0 ? "-" : ""
  const cents = whole % 100
  return `${sign}${(whole - cents) / 100}.${String(cents).padStart(2, "0")}`
}

/** A movement with its direction: `"+500.00"`, `"-100.00"`; `income` decides the sign, the amount's own sign is ignored. */
export const signedYuan = (fen: number, income: boolean): string => `${income ? "+" : "-"}${yuan(Math.abs(fen))}`
