import { afterEach, describe, expect, it } from "vitest"
import type { Runtime } from "../runtime"
import type { Job } from "./jobs"
import { jobs } from "./jobs"
import { noLock, type SchedulerLock } from "./lock"
import { startScheduler, type Scheduler } from "./scheduler"
import { jobRunOutcome, jobRunWorthLogging } from "#src/shared/job-run"

const runtime = {} as Runtime
const started: Scheduler[] = []
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop()
})

const clock = () => {
  let t = Date.parse("2026-11-23T04:00:00Z")
  return { now: () => new Date(t), advance: (ms: number) => { t += ms } }
}

describe("the scheduler", () => {
  it("runs each job when due, by its own interval; a failing job does not stop the others", async () => {
    const c = clock()
    const runs: string[] = []
    const job = (name: string, everyMs: number, fail = false): Job => ({
      name, description: name, everyMs, run: async () => { runs.push(name); if (fail) throw new Error("boom"); return { n: 1 } }
    })
    const outcomes: string[] = []
    const recorded: string[] = []
    const s = startScheduler(runtime, {
      lock: noLock(), jobs: [job("broken", 1_000, true), job("minute", 60_000), job("second", 1_000)], tickMs: 3_600_000, now: c.now,
      onRun: (name, o) => outcomes.push(`${name}:${"error" in o ? "error" : "ok"}`),
      record: async (_, name, result, at) => void recorded.push(`${name}:${JSON.stringify(result)}@${at.toISOString()}`)
    })
    started.push(s)
    expect(await s.tick()).toBe(true)
    expect(runs).toEqual(["broken", "minute", "second"])
    expect(outcomes).toEqual(["broken:error", "minute:ok", "second:ok"])
    // each run that answered is recorded after it, at the run's time; a failed run is not
    expect(recorded).toEqual(['minute:{"n":1}@2026-11-23T04:00:00.000Z', 'second:{"n":1}@2026-11-23T04:00:00.000Z'])
    c.advance(1_000)
    await s.tick()
    expect(runs.slice(3)).toEqual(["broken", "second"])
    c.advance(59_000)
    await s.tick()
    expect(runs.slice(5)).toEqual(["broken", "minute", "second"])
  })

  it("runs nothing while another process holds the lock, and nothing after stop", async () => {
    let free = false
    const lock: SchedulerLock = { tryAcquire: async () => free, release: async () => {} }
    const runs: number[] = []
    const s = startScheduler(runtime, {
      lock, jobs: [{ name: "j", description: "j", everyMs: 0, run: async () => { runs.push(1); return {} } }], tickMs: 3_600_000, record: async () => {}
    })
    started.push(s)
    expect(await s.tick()).toBe(false)
    expect(s.leader).toBe(false)
    free = true
    expect(await s.tick()).toBe(true)
    expect(runs).toHaveLength(1)
    await s.stop()
    expect(await s.tick()).toBe(false)
    expect(runs).toHaveLength(1)
  })

  it("ticks on its own interval", async () => {
    let ran = 0
    const s = startScheduler(runtime, {
      lock: noLock(), jobs: [{ name: "j", description: "j", everyMs: 0, run: async () => { ran++; return {} } }], tickMs: 10, record: async () => {}
    })
    started.push(s)
    await expect.poll(() => ran, { timeout: 2_000 }).toBeGreaterThanOrEqual(2)
  })

  it("a run whose line cannot be written still counts as run: its work is committed", async () => {
    const outcomes: string[] = []
    const s = startScheduler(runtime, {
      lock: noLock(), jobs: [{ name: "j", description: "j", everyMs: 1_000, run: async () => ({ n: 1 }) }], tickMs: 3_600_000,
      record: async () => { throw new Error("log unwritable") }, onRun: (name, o) => outcomes.push(`${name}:${"error" in o ? "error" : "ok"}`)
    })
    started.push(s)
    await s.tick()
    expect(outcomes).toEqual(["j:ok"])
  })

  it("a run's line: done counts every item but the failed, waiting and given-up ones; an idle run is not logged", () => {
    const voids = jobRunOutcome({ voided: 2, skipped: 1, paidElsewhere: 0, failed: 1, waiting: 3, givenUp: 1 })
    expect(voids).toEqual({ done: 3, failed: 1, counts: { voided: 2, skipped: 1, paidElsewhere: 0, failed: 1, waiting: 3, givenUp: 1 } })
    expect(jobRunWorthLogging(voids)).toBe(true)
    expect(jobRunWorthLogging(jobRunOutcome({ failed: 1 }))).toBe(true)
    expect(jobRunWorthLogging(jobRunOutcome({ marked: 0 }))).toBe(false)
    expect(jobRunWorthLogging(jobRunOutcome({ voided: 0, waiting: 2, givenUp: 1 }))).toBe(false)
    expect(jobRunOutcome({ sessions: 4 })).toEqual({ done: 4, failed: 0, counts: { sessions: 4 } })
  })

  it("the registry: unique names a CLI can take, each with an interval", () => {
    expect(new Set(jobs.map((j) => j.name)).size).toBe(jobs.length)
    for (const j of jobs) {
      expect(j.name).toMatch(/^[a-z][a-z-]+$/)
      expect(j.everyMs).toBeGreaterThan(0)
    }
  })
})
