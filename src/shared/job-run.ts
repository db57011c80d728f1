/**
 * A scheduler run as the operations log keeps it (`jobRun`, under the system actor): the job's name and what the run
 * counted. The items a run changed are logged one by one by their own use cases; this line only marks the run, so a
 * replay checks it names a job and changes nothing.
 */
import { Schema } from "effect"
import { operationKind } from "./operation"

/** What an item job counts beside its items' outcomes: tried and failed, skipped until a later try, given up. */
const NOT_DONE = new Set(["failed", "waiting", "givenUp"])

export const JobRunOperation = operationKind("jobRun", Schema.Struct({ job: Schema.String }), Schema.Struct({
  /** Items (or rows) the run dealt with, whatever their outcome. */
  done: Schema.Number,
  /** Items tried and failed this run. */
  failed: Schema.Number,
  /** Every count the run answered, by name. */
  counts: Schema.Record(Schema.String, Schema.Number)
}))

export type JobRunOutcome = (typeof JobRunOperation)["outcome"]["Type"]

/** A run's counts as logged: done sums every count but the failed, waiting and given-up ones. */
export const jobRunOutcome = (counts: Readonly<Record<string, number>>): JobRunOutcome => ({
  done: Object.entries(counts).reduce((sum, [name, n]) => (NOT_DONE.has(name) ? sum : sum + n), 0),
  failed: counts.failed ?? 0,
  counts: { ...counts }
})

/** A run worth a line: it dealt with something or something failed (an idle run every minute is not logged). */
export const jobRunWorthLogging = (outcome: JobRunOutcome): boolean => outcome.done > 0 || outcome.failed > 0
