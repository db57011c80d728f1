import { fc, test } from "@fast-check/vitest"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { JobRunOperation, jobRunOutcome, jobRunWorthLogging } from "./job-run"

const notDone = ["failed", "waiting", "givenUp"] as const

describe("a scheduler run's line", () => {
  it("done sums every count but failed, waiting and given up; failed is its own count, 0 when absent", () => {
    expect(jobRunOutcome({ voided: 2, skipped: 1, paidElsewhere: 0, failed: 1, waiting: 3, givenUp: 1 }))
      .toEqual({ done: 3, failed: 1, counts: { voided: 2, skipped: 1, paidElsewhere: 0, failed: 1, waiting: 3, givenUp: 1 } })
    expect(jobRunOutcome({ sessions: 4 })).toEqual({ done: 4, failed: 0, counts: { sessions: 4 } })
    expect(jobRunOutcome({ waiting: 5 })).toEqual({ done: 0, failed: 0, counts: { waiting: 5 } })
    expect(jobRunOutcome({})).toEqual({ done: 0, failed: 0, counts: {} })
  })

  it("keeps its own copy of the counts", () => {
    const counts: Record<string, number> = { marked: 1 }
    const outcome = jobRunOutcome(counts)
    counts.marked = 9
    expect(outcome.counts).toEqual({ marked: 1 })
  })

  test.prop([fc.dictionary(fc.constantFrom("marked", "sent", "voided", ...notDone), fc.nat({ max: 50 }))])(
    "done plus the not-done counts is every count; the line fits its Schema",
    (counts) => {
      const outcome = jobRunOutcome(counts)
      const total = Object.values(counts).reduce((s, n) => s + n, 0)
      const aside = notDone.reduce((s, name) => s + (counts[name] ?? 0), 0)
      expect(outcome.done).toBe(total - aside)
      expect(outcome.failed).toBe(counts.failed ?? 0)
      expect(Schema.is(JobRunOperation.outcome)(outcome)).toBe(true)
    }
  )

  it("is worth logging when the run dealt with something or something failed, not for an idle run", () => {
    expect(jobRunWorthLogging(jobRunOutcome({ marked: 1 }))).toBe(true)
    expect(jobRunWorthLogging(jobRunOutcome({ failed: 1 }))).toBe(true)
    expect(jobRunWorthLogging(jobRunOutcome({ marked: 0 }))).toBe(false)
    expect(jobRunWorthLogging(jobRunOutcome({ voided: 0, waiting: 2, givenUp: 1 }))).toBe(false)
    expect(jobRunWorthLogging({ done: 0, failed: 0, counts: {} })).toBe(false)
  })
})
