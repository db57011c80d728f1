/** `station replay`'s batch option and its progress note: operations, rate and the time left from the bytes read. */
import { describe, expect, it } from "vitest"
import { DEFAULT_BATCH, type ReplaySummary } from "#adapters/ops/replay"
import { batchSize, progressNote, shortDuration } from "./replay"
import { UsageError } from "./outcome"

const summary = (operations: number, problems = 0): ReplaySummary => ({
  lines: operations, operations, matched: operations - problems, mismatched: problems, failed: 0, badLines: 0,
  interrupted: false, stoppedAt: null, problems: []
})

describe("station replay options and progress", () => {
  it("takes --batch over REPLAY_BATCH over the default, and refuses what is not a whole number of 1 or more", () => {
    expect(batchSize(undefined, {})).toBe(DEFAULT_BATCH)
    expect(batchSize(undefined, { REPLAY_BATCH: "50" })).toBe(50)
    expect(batchSize("1", { REPLAY_BATCH: "50" })).toBe(1)
    for (const bad of ["0", "-3", "2.5", "many"]) {
      expect(() => batchSize(bad, {})).toThrow(UsageError)
      expect(() => batchSize(undefined, { REPLAY_BATCH: bad })).toThrow(/REPLAY_BATCH must be a whole number/)
    }
  })

  it("tells the count, the rate and the time left from the share of the file read", () => {
    expect(progressNote(summary(1000, 1), 250, 1000, 2)).toBe("1000 ops, 500 ops/s, ETA 6s, 1 problem(s)")
    expect(progressNote(summary(0), 0, 1000, 0)).toBe("0 ops, 0 ops/s, ETA ?, 0 problem(s)")
    expect(progressNote(summary(40), 1000, 1000, 4)).toBe("40 ops, 10 ops/s, ETA 0s, 0 problem(s)")
    expect([shortDuration(42), shortDuration(185), shortDuration(3720)]).toEqual(["42s", "3m05s", "1h02m"])
  })
})
