/**
 * Conflicts that a fresh attempt of the whole transaction can resolve: serialization failures and
 * deadlocks from Postgres, and what a store reports as such (e.g. a tag another check-in took first).
 */
const RETRYABLE_CODES = new Set(["40001", "40P01"])

export class RetryableConflict extends Error {
  override readonly name = "RetryableConflict"
  constructor(readonly reason: string, options?: { readonly cause?: unknown }) {
    super(`retryable conflict: ${reason}`, options)
  }
}

const codeOf = (e: unknown): string | undefined =>
  typeof e === "object" && e !== null && typeof (e as { code?: unknown }).code === "string" ? (e as { code: string }).code : undefined

export const isRetryable = (defect: unknown): boolean => defect instanceof RetryableConflict || RETRYABLE_CODES.has(codeOf(defect) ?? "")

export const isUniqueViolation = (e: unknown, constraint: string): boolean =>
  codeOf(e) === "23505" && (e as { constraint?: unknown }).constraint === constraint
