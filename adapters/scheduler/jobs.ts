/**
 * The scheduler's jobs, one entry each: a name (also `station jobs run <name>`), what it does, how often
 * the server runs it, and `run`, which must be idempotent (a second run right after changes nothing)
 * and answers counts of what it changed. A job that changes parcels does it through a use case that
 * appends to the operations log, as `mark-due-returns` does.
 */
import { Cause, Exit } from "effect"
import type { Kysely } from "kysely"
import { markDueParcels } from "#src/parcel/returns"
import { expireDueTrades } from "#src/payment/use-cases"
import { dueUnacceptedErrands, dueUnpaidErrands, voidUnacceptedErrand, voidUnpaidErrand, type VoidOutcome } from "#src/errand/ordering"
import { purgeExpiredKeys } from "../http/idempotency"
import type { DB } from "../postgres/schema"
import type { Runtime } from "../runtime"
import { purgeExpiredLoginRows } from "../security/login-nonces"

export type JobResult = Readonly<Record<string, number>>

export interface Job {
  readonly name: string
  readonly description: string
  readonly everyMs: number
  run(runtime: Runtime, now: Date): Promise<JobResult>
}

const MINUTE = 60_000

/** A use case's value; an expected failure or a defect fails the job run. */
const valueOf = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

const EXPIRE_BATCH = 100

/** Expired and revoked sessions: no token can use them any more. */
export const purgeEndedSessions = async (db: Kysely<DB>, now: Date): Promise<number> => {
  const gone = await db.deleteFrom("session").where((eb) => eb.or([eb("expires_at", "<=", now), eb("revoked_at", "<=", now)])).executeTakeFirst()
  return Number(gone.numDeletedRows)
}

/** Voids each due errand order in its own transaction (one refused refund never holds back the others); counts by outcome. */
const voidEach = async (
  runtime: Runtime, now: Date, due: Parameters<Runtime["read"]>[0], voidOne: (id: string) => Parameters<Runtime["run"]>[0]
): Promise<JobResult> => {
  const counts: Record<VoidOutcome, number> = { voided: 0, skipped: 0, paidElsewhere: 0 }
  for (const id of valueOf(await runtime.read(due, { now })) as ReadonlyArray<string>) {
    counts[valueOf(await runtime.run(voidOne(id), { now })) as VoidOutcome]++
  }
  return counts
}

export const jobs: ReadonlyArray<Job> = [
  {
    name: "mark-due-returns",
    description: "mark parcels uncollected for 3 days (status 0 or 1) as awaiting return (300), logged for replay",
    everyMs: 10 * MINUTE,
    run: async (runtime, now) => ({ marked: valueOf(await runtime.run(markDueParcels(), { now })).count })
  },
  {
    name: "expire-prepays",
    description: "close unpaid prepays past their 30 minutes at the provider and mark them expired",
    everyMs: MINUTE,
    run: async (runtime, now) => {
      let expired = 0
      let paidElsewhere = 0
      for (;;) {
        const batch = valueOf(await runtime.run(expireDueTrades(EXPIRE_BATCH), { now }))
        expired += batch.expired
        paidElsewhere += batch.paidElsewhere
        if (batch.seen < EXPIRE_BATCH || batch.expired === 0) break
      }
      return { expired, paidElsewhere }
    }
  },
  {
    name: "purge-login-nonces",
    description: "delete expired sign-in nonces and sign-in failures too old to count",
    everyMs: 10 * MINUTE,
    run: (runtime, now) => purgeExpiredLoginRows(runtime.db, now)
  },
  {
    name: "purge-sessions",
    description: "delete expired and revoked sessions",
    everyMs: 60 * MINUTE,
    run: async (runtime, now) => ({ sessions: await purgeEndedSessions(runtime.db, now) })
  },
  {
    name: "purge-idempotency-keys",
    description: "delete Idempotency-Key outcomes older than 24 h",
    everyMs: 60 * MINUTE,
    run: async (runtime) => {
      let keys = 0
      for (let gone = await purgeExpiredKeys(runtime.db); gone > 0; gone = await purgeExpiredKeys(runtime.db)) keys += gone
      return { keys }
    }
  },
  {
    name: "void-unpaid-errands",
    description: "void errand orders unpaid 30 minutes after they were placed: prepay closed, parcel back to 0, activity place given back",
    everyMs: MINUTE,
    run: (runtime, now) => voidEach(runtime, now, dueUnpaidErrands(), voidUnpaidErrand)
  },
  {
    name: "void-unaccepted-errands",
    description: "void errand orders nobody accepted before their required time: refunded through the pay-in port, parcel back to 0",
    everyMs: 5 * MINUTE,
    run: (runtime, now) => voidEach(runtime, now, dueUnacceptedErrands(), voidUnacceptedErrand)
  }
]

export const jobNamed = (name: string, registry: ReadonlyArray<Job> = jobs): Job | undefined => registry.find((job) => job.name === name)
