/**
 * The runtime's retries: a run whose use case died of a conflict a fresh attempt can resolve (what
 * `isRetryable` in postgres/retryable.ts names: a serialization failure, a deadlock, a store's
 * RetryableConflict) runs again, at most MAX_ATTEMPTS times in all; any other outcome is final.
 */
import { Cause, Exit } from "effect"
import { isRetryable } from "../postgres/retryable"

export const MAX_ATTEMPTS = 5

/** Died (not refused) of a conflict that a fresh attempt can resolve. */
export const isRetryableExit = (exit: Exit.Exit<unknown, unknown>): boolean =>
  Exit.isFailure(exit) && Cause.hasDies(exit.cause) && isRetryable(Cause.squash(exit.cause))

/** Runs `attempt` until its exit is final or `maxAttempts` ran, and answers the last attempt. */
export const retrying = async <T extends { readonly exit: Exit.Exit<unknown, unknown> }>(
  attempt: () => Promise<T>,
  maxAttempts = MAX_ATTEMPTS
): Promise<T> => {
  for (let n = 1; ; n++) {
    const outcome = await attempt()
    if (n < maxAttempts && isRetryableExit(outcome.exit)) continue
    return outcome
  }
}
