/**
 * The scheduler's jobs, one entry each: a name (also `station jobs run <name>`), what it does, how often
 * the server runs it, and `run`, which must be idempotent (a second run right after changes nothing)
 * and answers counts of what it changed. A job that changes parcels does it through a use case that
 * appends to the operations log, as `mark-due-returns` does. A job that works item by item (`itemsJob`)
 * gives each item its own transaction: an item that fails is logged, counted, tried again later and
 * never holds up the next one (see failures.ts). The scheduler and `station jobs run` log each run that dealt with
 * something as one `jobRun` line (`runJobLogged`), after the run, in its own transaction.
 */
import { Cause, Effect, Exit } from "effect"
import { sql, type Kysely } from "kysely"
import { markDueParcels, SYSTEM_ACTOR } from "#src/parcel/returns"
import { JobRunOperation, jobRunOutcome, jobRunWorthLogging } from "#src/shared/job-run"
import { logOperation } from "#src/shared/operation"
import { dueReturnReminders, remindReturn, REMIND_OUTCOMES } from "#src/parcel/return-reminder"
import { dueTrades } from "#src/payment/use-cases"
import { pruneExpiredTrades } from "#src/payment/trade-retention"
import { pruneSentMessages, sentMessageCutoff } from "#src/support/message-retention"
import { expirePrepay } from "#src/settlement/settlements"
import { duePicturePurges, purgePostPictures, PURGE_OUTCOMES } from "#src/circle/picture-purge"
import { dueUnacceptedErrands, dueUnpaidErrands, voidUnacceptedErrand, voidUnpaidErrand, type VoidOutcome } from "#src/errand/ordering"
import { dueStatisticsDays, storeStatisticsDay, STORE_DAY_OUTCOMES } from "#src/statistics/use-cases"
import { purgeExpiredKeys } from "../http/idempotency"
import { purgeSeenNonces } from "../payments/notice-nonces"
import { prune, PRUNE_BATCH } from "../postgres/retention"
import { purgeCaptchaSms } from "../postgres/stores/shared-stores"
import { logger } from "../http/logger"
import type { DB } from "../postgres/schema"
import type { Runtime, StationServices } from "../runtime"
import { purgeExpiredLoginRows } from "../security/login-nonces"
import { clearFailure, errorText, failuresOf, MAX_ATTEMPTS, recordFailure, type HeldItem } from "./failures"

export type JobResult = Readonly<Record<string, number>>

export interface Job {
  readonly name: string
  readonly description: string
  readonly everyMs: number
  run(runtime: Runtime, now: Date): Promise<JobResult>
  /** For a job that works item by item: tries one item now, as a run would (`station jobs retry`). */
  readonly retry?: (runtime: Runtime, now: Date, itemId: string) => Promise<string>
}

const MINUTE = 60_000

/** A use case's value; an expected failure or a defect fails the job run. */
const valueOf = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

/** How many due trades one run of expire-prepays reads, oldest first (the errand stores read 500 at most too). */
const DUE_LIMIT = 500

/** Expired and revoked sessions (no token can use them any more), `batch` rows a statement; a session in use stays. */
export const purgeEndedSessions = (db: Kysely<DB>, now: Date, batch = PRUNE_BATCH): Promise<number> =>
  prune(db, "session", sql<boolean>`expires_at <= ${now} or revoked_at <= ${now}`, batch)

/** Work done item by item: the ids due now, oldest first, and the change of one item, which answers its outcome. */
export interface ItemWork<O extends string> {
  readonly due: () => Effect.Effect<ReadonlyArray<string>, unknown, StationServices>
  readonly one: (itemId: string) => Effect.Effect<O, unknown, StationServices>
  readonly outcomes: ReadonlyArray<O>
}

/** What a run of an item job counts besides the items' outcomes. */
export interface HeldCounts {
  /** Tried this run and failed (tried again later, or given up at its last attempt). */
  readonly failed: number
  /** Skipped: failed before, its next try is later. */
  readonly waiting: number
  /** Skipped: failed MAX_ATTEMPTS times, listed by `station jobs failures`. */
  readonly givenUp: number
}

export interface ItemsJob<O extends string> extends Job {
  readonly work: ItemWork<O>
  readonly retry: (runtime: Runtime, now: Date, itemId: string) => Promise<O | "failed">
}

/** One item in its own transaction: its outcome (its failure row cleared), or "failed" with the failure recorded and logged. */
const tryItem = async <O extends string>(
  runtime: Runtime, now: Date, job: string, work: ItemWork<O>, itemId: string, held: HeldItem | undefined
): Promise<O | "failed"> => {
  const exit = await runtime.run(work.one(itemId), { now }).catch((e: unknown) => Exit.die(e))
  if (Exit.isSuccess(exit)) {
    if (held) await clearFailure(runtime.db, job, itemId)
    return exit.value
  }
  const error = Cause.squash(exit.cause)
  const failure = await recordFailure(runtime.db, job, itemId, errorText(error), now)
  const fields = { job, item: itemId, attempts: failure.attempts, nextTryAt: failure.nextTryAt, err: error }
  if (failure.nextTryAt) logger.warn(fields, "job item failed; it is tried again later")
  else logger.error(fields, `job item failed ${MAX_ATTEMPTS} times; given up, see station jobs failures`)
  return "failed"
}

/**
 * A job that works item by item: each due item in its own transaction, oldest first. An item whose last failure
 * asks to wait is skipped until its next try, one given up is skipped for good; a failure never stops the run.
 */
export const itemsJob = <O extends string>(job: Omit<Job, "run" | "retry"> & { readonly work: ItemWork<O> }): ItemsJob<O> => ({
  ...job,
  run: async (runtime, now) => {
    const { work } = job
    const ids = valueOf(await runtime.read(work.due(), { now }))
    const held = await failuresOf(runtime.db, job.name, ids)
    const counts: Record<string, number> = Object.fromEntries(work.outcomes.map((o) => [o, 0]))
    const other = { failed: 0, waiting: 0, givenUp: 0 }
    for (const id of ids) {
      const failure = held.get(id)
      if (failure?.nextTryAt === null) other.givenUp++
      else if (failure && failure.nextTryAt > now) other.waiting++
      else {
        const outcome = await tryItem(runtime, now, job.name, work, id, failure)
        if (outcome === "failed") other.failed++
        else counts[outcome] = (counts[outcome] ?? 0) + 1
      }
    }
    return { ...counts, ...other } satisfies Record<string, number> & HeldCounts
  },
  retry: async (runtime, now, itemId) =>
    tryItem(runtime, now, job.name, job.work, itemId, (await failuresOf(runtime.db, job.name, [itemId])).get(itemId))
})

const voidOutcomes: ReadonlyArray<VoidOutcome> = ["voided", "skipped", "paidElsewhere"]

export const jobs: ReadonlyArray<Job> = [
  {
    name: "mark-due-returns",
    description: "mark parcels uncollected for 3 days (status 0 or 1) as awaiting return (300), logged for replay",
    everyMs: 10 * MINUTE,
    run: async (runtime, now) => ({ marked: valueOf(await runtime.run(markDueParcels(), { now })).count })
  },
  itemsJob({
    name: "remind-due-returns",
    description: "remind each receiver 24 h before their parcel becomes due for return (template message, unless turned off), once per parcel, each in its own transaction",
    everyMs: 10 * MINUTE,
    work: { due: dueReturnReminders, one: remindReturn, outcomes: REMIND_OUTCOMES }
  }),
  itemsJob({
    name: "expire-prepays",
    description: "close unpaid prepays past their 30 minutes at the provider and mark them expired, each in its own transaction",
    everyMs: MINUTE,
    work: { due: () => dueTrades(DUE_LIMIT), one: expirePrepay, outcomes: ["expired", "paidElsewhere", "skipped"] }
  }),
  {
    name: "purge-login-nonces",
    description: "delete expired sign-in nonces and sign-in failures too old to count",
    everyMs: 10 * MINUTE,
    run: (runtime, now) => purgeExpiredLoginRows(runtime.db, now)
  },
  {
    name: "purge-sessions",
    description: "delete expired and revoked sessions, 1,000 a statement",
    everyMs: 60 * MINUTE,
    run: async (runtime, now) => ({ sessions: await purgeEndedSessions(runtime.db, now) })
  },
  {
    name: "purge-idempotency-keys",
    description: "delete Idempotency-Key outcomes older than 24 h, 1,000 a statement",
    everyMs: 60 * MINUTE,
    run: async (runtime) => ({ keys: await purgeExpiredKeys(runtime.db) })
  },
  {
    name: "prune-expired-trades",
    description: "delete pay-in trades expired more than 90 days ago (closed, never paid), 1,000 a transaction, each batch logged for replay",
    everyMs: 60 * MINUTE,
    run: async (runtime, now) => {
      let trades = 0
      for (let gone = PRUNE_BATCH; gone === PRUNE_BATCH; trades += gone) gone = valueOf(await runtime.run(pruneExpiredTrades(PRUNE_BATCH), { now }))
      return { trades }
    }
  },
  {
    name: "prune-sent-messages",
    description: "delete outbox messages queued more than 90 days ago and done (sent, given up), oldest first up to the first not done, about 1,000 a transaction, each batch logged for replay; captcha SMS 1,000 a statement",
    everyMs: 60 * MINUTE,
    run: async (runtime, now) => {
      let messages = 0
      for (let gone = PRUNE_BATCH; gone >= PRUNE_BATCH; messages += gone) gone = valueOf(await runtime.run(pruneSentMessages(PRUNE_BATCH), { now }))
      return { messages, captchaSms: await purgeCaptchaSms(runtime.db, sentMessageCutoff(now), PRUNE_BATCH) }
    }
  },
  {
    name: "purge-notice-nonces",
    description: "delete the payment provider's notice nonces older than 10 minutes (twice a notice's 5-minute window)",
    everyMs: 10 * MINUTE,
    run: async (runtime, now) => ({ nonces: await purgeSeenNonces(runtime.db, now) })
  },
  itemsJob({
    name: "void-unpaid-errands",
    description: "void errand orders unpaid 30 minutes after they were placed: prepay closed, parcel back to 0, activity place given back",
    everyMs: MINUTE,
    work: { due: dueUnpaidErrands, one: voidUnpaidErrand, outcomes: voidOutcomes }
  }),
  itemsJob({
    name: "void-unaccepted-errands",
    description: "void errand orders nobody accepted before their required time: refunded through the pay-in port, parcel back to 0",
    everyMs: 5 * MINUTE,
    work: { due: dueUnacceptedErrands, one: voidUnacceptedErrand, outcomes: voidOutcomes }
  }),
  itemsJob({
    name: "daily-statistics",
    description: "store each worksite's figures of the last two closed days (Asia/Shanghai), each worksite-day in its own transaction; today is counted live",
    everyMs: 15 * MINUTE,
    work: { due: dueStatisticsDays, one: storeStatisticsDay, outcomes: STORE_DAY_OUTCOMES }
  }),
  itemsJob({
    name: "purge-deleted-circle-images",
    description: "remove the image files only deleted circle posts used, 7 days after the deletion, each post in its own transaction",
    everyMs: 60 * MINUTE,
    work: { due: duePicturePurges, one: purgePostPictures, outcomes: PURGE_OUTCOMES }
  })
]

/**
 * Logs a job's run as one `jobRun` line under the system actor (its name and counts), in its own transaction after the
 * run; a run that dealt with nothing and failed nothing writes none. The items themselves were logged as they changed.
 */
export const recordJobRun = async (runtime: Runtime, job: string, counts: JobResult, at: Date): Promise<void> => {
  const outcome = jobRunOutcome(counts)
  if (!jobRunWorthLogging(outcome)) return
  valueOf(await runtime.run(logOperation(JobRunOperation, SYSTEM_ACTOR, at, { job }, outcome), { now: at }))
}

/** Runs a job now and logs the run (`recordJobRun`): what the scheduler and `station jobs run` do. */
export const runJobLogged = async (runtime: Runtime, job: Job, at: Date): Promise<JobResult> => {
  const result = await job.run(runtime, at)
  await recordJobRun(runtime, job.name, result, at)
  return result
}

export const jobNamed = (name: string, registry: ReadonlyArray<Job> = jobs): Job | undefined => registry.find((job) => job.name === name)
