/**
 * One attempt of a change in one transaction: opened through OutsideWrites (so what an outside service wrote
 * during it is kept whatever it does, postgres/outside-writes.ts), the once-only key claimed first and the
 * outcome kept last in it; a failure rolls it back, unless the run asks to keep the writes of a refusal
 * (`commitOnFailure`: spent nonces, counted failed attempts). A defect always rolls back.
 */
import { Cause, Exit } from "effect"
import type { Kysely } from "kysely"
import type { OutsideWrites } from "../postgres/outside-writes"
import type { DB } from "../postgres/schema"
import type { OnceOnly } from "./idempotency"

/** Thrown inside the transaction to roll it back with the outcome already in hand. */
class Rollback extends Error {}

export interface TransactionOptions {
  readonly once?: OnceOnly | undefined
  readonly commitOnFailure?: boolean | undefined
}

export interface Attempt<A, E> {
  readonly exit: Exit.Exit<A, E>
  /** The outcome is kept for the once-only key (in the transaction, or earlier by the run it replays). */
  readonly kept: boolean
}

export const attemptInTransaction = async <A, E>(
  outside: OutsideWrites,
  db: Kysely<DB>,
  options: TransactionOptions,
  body: (trx: Kysely<DB>) => Promise<Exit.Exit<A, E>>
): Promise<Attempt<A, E>> => {
  const { once, commitOnFailure } = options
  let exit: Exit.Exit<A, E> | undefined
  let kept = false
  try {
    await outside.transaction(db, async (trx) => {
      const earlier = await once?.claim(trx)
      if (earlier) {
        exit = earlier as Exit.Exit<A, E>
        kept = true
        throw new Rollback()
      }
      exit = await body(trx)
      if (Exit.isFailure(exit) && !(commitOnFailure && !Cause.hasDies(exit.cause))) throw new Rollback()
      await once?.keep(trx, exit)
      kept = true
    })
  } catch (e) {
    if (!(e instanceof Rollback)) {
      exit = Exit.die(e)
      kept = false
    }
  }
  return { exit: exit ?? Exit.die(new Error("transaction ended without an outcome")), kept }
}
