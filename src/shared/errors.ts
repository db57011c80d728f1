/** Expected failures of the use cases: each carries the message shown to the user and its HTTP status. */
import { Schema } from "effect"

export class RuleViolation extends Schema.TaggedError<RuleViolation>()("RuleViolation", {
  message: Schema.String
}) {
  readonly status = 400
}

export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  message: Schema.String
}) {
  readonly status = 401
}

export class NotAllowed extends Schema.TaggedError<NotAllowed>()("NotAllowed", {
  message: Schema.String
}) {
  readonly status = 403
}

export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  message: Schema.String
}) {
  readonly status = 404
}

export class StateConflict extends Schema.TaggedError<StateConflict>()("StateConflict", {
  message: Schema.String
}) {
  readonly status = 409
}

export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()("PayloadTooLarge", {
  message: Schema.String
}) {
  readonly status = 413
}

export class LimitReached extends Schema.TaggedError<LimitReached>()("LimitReached", {
  message: Schema.String
}) {
  readonly status = 429
}

export type DomainError = RuleViolation | Unauthenticated | NotAllowed | NotFound | StateConflict | PayloadTooLarge | LimitReached

export const isDomainError = (u: unknown): u is DomainError =>
  u instanceof RuleViolation || u instanceof Unauthenticated || u instanceof NotAllowed ||
  u instanceof NotFound || u instanceof StateConflict || u instanceof PayloadTooLarge || u instanceof LimitReached

/**
 * Runs ordered checks, as the spec orders them, and answers the first failing one's message as a `RuleViolation`
 * (400), or undefined when all pass. A form's page shows its `message` beside the field.
 */
export const firstRefusal = (checks: ReadonlyArray<readonly [ok: boolean, message: string]>): RuleViolation | undefined => {
  const failed = checks.find(([ok]) => !ok)
  return failed === undefined ? undefined : new RuleViolation({ message: failed[1] })
}
