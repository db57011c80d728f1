/**
 * The replay's batched path and its one-by-one path give the same database, compared table by table (every business
 * table's digest, and the operations log), and the same summary, on a random log of check-ins and pickups in which
 * one to three lines are spoiled (another outcome recorded: a mismatch; a parcel that is not there: a refusal). The day's
 * log of errands, tips, refunds and sending is compared the same way in day-replay.integration.test.ts.
 */
import { fc, test } from "@fast-check/vitest"
import { beforeAll, describe, expect } from "vitest"
import { benchLog } from "../../bench/replay"
import type { ReplayLine } from "#adapters/ops/replay"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { expectBatchedAsOneByOne } from "../support/replay-equivalence"
import { blankMemory } from "../support/blank-database"

const SEED_AT = new Date("2026-11-19T00:00:00Z")

/** The migrated and seeded demo campus, made once: every replay starts from a copy of it. */
let seeded: Blob

beforeAll(async () => {
  const database = await openDatabase(blankMemory())
  try {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db, SEED_AT)
    seeded = await database.snapshot!()
  } finally {
    await database.close()
  }
})

/** A copy of the seeded campus to replay into. */
const openSeeded = async () => {
  const database = await openDatabase({ kind: "memory", from: seeded })
  return { runtime: await Runtime.create(database), db: database.db, close: () => database.close() }
}

/** The line with another outcome recorded (`tag`: a mismatch) or a parcel that is not there asked for (`parcel`: a refusal; a check-in's code instead). */
const spoiled = (line: ReplayLine, how: "tag" | "parcel"): ReplayLine => {
  const op = JSON.parse(line.text)
  if (op.op === "checkIn" && how === "tag") op.outcome.tag += 1
  else if (op.op === "checkIn") op.outcome.code += "x"
  else if (how === "tag") op.outcome.status += 1
  else op.input.tag = "9998"
  return { ...line, text: JSON.stringify(op) }
}

describe("replay in batches", () => {
  test.prop({
    count: fc.integer({ min: 100, max: 300 }),
    spoil: fc.array(fc.record({ at: fc.nat(), how: fc.constantFrom<"tag" | "parcel">("tag", "parcel") }), { minLength: 1, maxLength: 3 }),
    batch: fc.integer({ min: 2, max: 60 }),
    keepGoing: fc.boolean()
    // a failing run prints its seed and path to replay it; shrinking, two replays a step, would outlast the timeout
  }, { numRuns: 4, endOnFailure: true })("the same database and summary as one by one", async ({ count, spoil, batch, keepGoing }) => {
    const lines: ReplayLine[] = []
    for await (const line of benchLog(count, Date.parse("2026-11-20T01:00:00Z"))) lines.push(line)
    for (const { at, how } of spoil) lines[at % count] = spoiled(lines[at % count]!, how)
    const summary = await expectBatchedAsOneByOne(openSeeded, lines, batch, keepGoing)
    expect(summary.problems.length).toBeGreaterThan(0)
  }, 240_000)
})
