/**
 * Once-only keys (Idempotency-Key): a key is claimed in the change's transaction before the use case runs and
 * its outcome kept in that same transaction (see transactions.ts); a refusal, which rolls back, is kept on its
 * own afterwards. The HTTP middleware (http/idempotency.ts) hands the request's key to its first `run`.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { Cause, Exit } from "effect"
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"

/**
 * A key that lets a change happen once (an Idempotency-Key): claimed in the change's transaction
 * before the use case runs, and the use case's outcome kept in that same transaction.
 */
export interface OnceOnly {
  /** The outcome kept for this key by an earlier run, which is then answered again; undefined to go ahead. */
  claim(db: Kysely<DB>): Promise<Exit.Exit<unknown, unknown> | undefined>
  /** Keeps the outcome: inside the transaction when it commits, on its own after a refusal rolled back. */
  keep(db: Kysely<DB>, exit: Exit.Exit<unknown, unknown>): Promise<void>
}

/** The request being served may carry a once-only key for the first `run` it makes. */
const requestOnce = new AsyncLocalStorage<{ once: OnceOnly | undefined }>()

export const onceForRequest = <A>(once: OnceOnly, serve: () => A): A => requestOnce.run({ once }, serve)

/** The key of the request being served, handed to its first `run` only. */
export const takeRequestOnce = (): OnceOnly | undefined => {
  const slot = requestOnce.getStore()
  const once = slot?.once
  if (slot) slot.once = undefined
  return once
}

/**
 * After a run: a refusal whose transaction rolled back is kept on its own, so a repeat is refused alike.
 * A defect is never kept (the client may try again); an outcome kept in the transaction is not kept twice.
 */
export const keepRefusal = async (once: OnceOnly | undefined, db: Kysely<DB>, exit: Exit.Exit<unknown, unknown>, kept: boolean): Promise<void> => {
  if (once && !kept && Exit.isFailure(exit) && !Cause.hasDies(exit.cause)) await once.keep(db, exit)
}
