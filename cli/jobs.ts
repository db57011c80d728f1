/**
 * `station jobs`: the scheduler's jobs, running one now (the server runs them on its own schedule), the items
 * they and the outbox gave up on, and trying one of those again. A run (and a retried item) is logged as `jobRun`.
 */
import { shanghaiDateTime } from "#src/shared/time"
import { retryOutboxMessage } from "#adapters/outbox/outbox-worker"
import { failuresOf, listFailures, MAX_ATTEMPTS, OUTBOX, type ItemFailure } from "#adapters/scheduler/failures"
import { jobNamed, jobs, recordJobRun, runJobLogged } from "#adapters/scheduler/jobs"
import { withDatabase, withRuntime } from "./database"
import { ExitCode, Refusal, render, UsageError, type Options } from "./outcome"
import { pairs, table } from "./table"

const every = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`)

export const listJobs = async (options: Options) => {
  render(options, jobs.map((j) => ({ name: j.name, description: j.description, everyMs: j.everyMs })), () =>
    table(jobs, [
      { header: "name", value: (j) => j.name },
      { header: "every", value: (j) => every(j.everyMs), align: "right" },
      { header: "does", value: (j) => j.description }
    ]))
}

export const runJob = async (name: string, options: Options) => {
  const job = jobNamed(name)
  if (!job) throw new UsageError(`no job named ${name}; the jobs are ${jobs.map((j) => j.name).join(", ")}`)
  return withRuntime(async (runtime) => {
    const at = new Date()
    const result = await runJobLogged(runtime, job, at)
    render(options, { job: job.name, at, result }, () => `Ran ${job.name}.\n${pairs(Object.entries(result).map(([k, v]) => [{ verbatim: k }, v] as const))}`)
  })
}

const retryable = () => [...jobs.filter((j) => j.retry).map((j) => j.name), OUTBOX]

const failureTable = (failures: ReadonlyArray<ItemFailure>) =>
  table(failures, [
    { header: "job", value: (f) => f.job },
    { header: "item", value: (f) => (f.detail ? `${f.item} (${f.detail})` : f.item) },
    { header: "attempts", value: (f) => f.attempts, align: "right" },
    { header: "first failed", value: (f) => f.firstFailedAt && shanghaiDateTime(f.firstFailedAt) },
    { header: "last failed", value: (f) => f.lastFailedAt && shanghaiDateTime(f.lastFailedAt) },
    { header: "next try", value: (f) => f.nextTryAt ? shanghaiDateTime(f.nextTryAt) : "given up" },
    { header: "last error", value: (f) => f.lastError }
  ])

export interface FailuresOptions extends Options {
  readonly all?: boolean
}

/** The items given up on (with --all also those still being tried again), for a person to act on. */
export const jobFailures = async (options: FailuresOptions) =>
  withDatabase(async (database) => {
    const failures = await listFailures(database.db, { all: options.all })
    render(options, failures, () =>
      failures.length === 0
        ? options.all ? "No failed items." : "No items given up."
        : `${failures.length} ${options.all ? "failed items" : `items given up (after ${MAX_ATTEMPTS} attempts, or refused for good)`}; ` +
          `\`station jobs retry <job> <item>\` tries one again now.\n${failureTable(failures)}`)
  })

/** Tries one failed item again now: a job's item in its own transaction, an outbox message through its gateway. */
export const retryJobItem = async (name: string, item: string, options: Options) => {
  if (name === OUTBOX) {
    if (!/^\d{1,18}$/.test(item)) throw new UsageError(`an outbox message's id is a number, got ${item}`)
  } else if (!jobNamed(name)?.retry) {
    throw new UsageError(`no job named ${name} that works item by item; they are ${retryable().join(", ")}`)
  }
  return withRuntime(async (runtime) => {
    let outcome: string
    if (name === OUTBOX) {
      const tried = await retryOutboxMessage(runtime.db, runtime.smsGateway, runtime.messagingApp, item, () => runtime.now())
      if (!tried) throw new Refusal("NotFound", `no unsent outbox message ${item}`)
      outcome = tried
    } else {
      if (!(await failuresOf(runtime.db, name, [item])).has(item)) throw new Refusal("NotFound", `no failure of ${name} for item ${item} (see station jobs failures --all)`)
      const at = new Date()
      outcome = await jobNamed(name)!.retry!(runtime, at, item)
      await recordJobRun(runtime, name, { [outcome]: 1 }, at)
    }
    const failure = (await listFailures(runtime.db, { all: true })).find((f) => f.job === name && f.item === item)
    render(options, { job: name, item, outcome, failure: failure ?? null }, () =>
      failure && outcome === "failed"
        ? `${name} ${item} failed again (attempt ${failure.attempts}${failure.nextTryAt ? `, next try ${shanghaiDateTime(failure.nextTryAt)}` : ", given up"}): ${failure.lastError}`
        : `${name} ${item}: ${outcome}.`)
    return outcome === "failed" ? ExitCode.refused : ExitCode.ok
  })
}
