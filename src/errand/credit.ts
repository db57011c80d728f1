/**
 * A runner's credit score (DESIGN §6; spec 001 §4, §9): starts at 100, kept within 0–100; a cancel for a
 * personal reason −2; a rating of 1★ −3, 2★ −2, 3–4★ 0, 5★ +2. Each change is a credit record
 * (type 1 gain, others loss).
 */

export const INITIAL_CREDIT = 100
export const MIN_CREDIT = 0
export const MAX_CREDIT = 100

export const CreditType = { gain: 1, badRating: 2, personalCancel: 3 } as const
export type CreditType = (typeof CreditType)[keyof typeof CreditType]

export type CreditCause = { readonly kind: "rated"; readonly stars: number } | { readonly kind: "personalCancel" }

export interface CreditRecord {
  readonly type: CreditType
  /** The change actually applied (after keeping the score within 0–100). */
  readonly score: number
  readonly remark: string
}

/** The change a cause asks for, before bounds. */
export const creditDelta = (cause: CreditCause): number => {
  if (cause.kind === "personalCancel") return -2
  const stars = Math.round(cause.stars)
  return stars <= 1 ? -3 : stars === 2 ? -2 : stars >= 5 ? 2 : 0
}

const remarkOf = (cause: CreditCause): string =>
  cause.kind === "personalCancel" ? "个人原因取消接单" : `跑腿服务获得${Math.min(5, Math.max(1, Math.round(cause.stars)))}星评价`

export const clampCredit = (score: number): number => Math.min(MAX_CREDIT, Math.max(MIN_CREDIT, score))

/** The new score and its record; no record when the score does not move (3–4★, or already at a bound). */
export const applyCredit = (score: number, cause: CreditCause): { readonly score: number; readonly record: CreditRecord | null } => {
  const next = clampCredit(score + creditDelta(cause))
  const applied = next - clampCredit(score)
  if (applied === 0) return { score: next, record: null }
  return { score: next, record: { type: applied > 0 ? CreditType.gain : cause.kind === "personalCancel" ? CreditType.personalCancel : CreditType.badRating, score: applied, remark: remarkOf(cause) } }
}

/** The colour of a score: 90 and up success, 60–89 warning, under 60 error. */
export const creditLevel = (score: number): "success" | "warning" | "error" => (score >= 90 ? "success" : score >= 60 ? "warning" : "error")

/** A credit record as listed: type 1 is a gain, every other type a loss. */
export const isCreditGain = (type: number): boolean => type === CreditType.gain
