/**
 * The one scheduler of the server: every tick the process tries to hold the scheduler lock; only the
 * holder runs the jobs that are due, one after another, and logs each run that dealt with something. A
 * process that loses the lock (its connection ended) stops running jobs until it holds it again.
 */
import { logger } from "../http/logger"
import type { Runtime } from "../runtime"
import { jobs as registry, recordJobRun, type Job, type JobResult } from "./jobs"
import type { SchedulerLock } from "./lock"

export interface SchedulerOptions {
  readonly lock: SchedulerLock
  readonly jobs?: ReadonlyArray<Job>
  /** How often it looks for due jobs (default 5 s). */
  readonly tickMs?: number
  readonly now?: () => Date
  /** Logs a run that dealt with something (default: one `jobRun` line in the operations log). */
  readonly record?: (runtime: Runtime, job: string, result: JobResult, at: Date) => Promise<void>
  /** Told after each job run. */
  readonly onRun?: (name: string, outcome: { readonly result: JobResult } | { readonly error: unknown }) => void
}

export interface Scheduler {
  /** One look: take the lock if free, then run the due jobs. Answers whether this process is the leader. */
  tick(): Promise<boolean>
  readonly leader: boolean
  stop(): Promise<void>
}

const DEFAULT_TICK_MS = 5_000

export const startScheduler = (runtime: Runtime, options: SchedulerOptions): Scheduler => {
  const jobs = options.jobs ?? registry
  const record = options.record ?? recordJobRun
  const now = options.now ?? (() => new Date())
  const nextAt = new Map<string, number>()
  let leader = false
  let stopped = false
  let running: Promise<boolean> | undefined

  const runDue = async () => {
    for (const job of jobs) {
      if (stopped) return
      const at = now()
      if ((nextAt.get(job.name) ?? 0) > at.getTime()) continue
      nextAt.set(job.name, at.getTime() + job.everyMs)
      try {
        const result = await job.run(runtime, at)
        // the run's own work is committed: a run line that could not be written does not make it a failed run
        await record(runtime, job.name, result, at).catch((error: unknown) => logger.error({ err: error, job: job.name }, "job run not logged"))
        if (Object.values(result).some((n) => n > 0)) logger.info({ job: job.name, ...result }, "job ran")
        options.onRun?.(job.name, { result })
      } catch (error) {
        logger.error({ err: error, job: job.name }, "job failed")
        options.onRun?.(job.name, { error })
      }
    }
  }

  const tick = () => {
    running ??= (async () => {
      try {
        if (stopped) return false
        const held = await options.lock.tryAcquire()
        if (held && !leader) nextAt.clear()
        leader = held
        if (held) await runDue()
        return held
      } finally {
        running = undefined
      }
    })()
    return running
  }

  const timer = setInterval(() => { void tick() }, options.tickMs ?? DEFAULT_TICK_MS)
  timer.unref()

  return {
    tick,
    get leader() { return leader },
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
      leader = false
      await options.lock.release()
    }
  }
}
