/**
 * The replay's batched path and its one-by-one path give the same database, compared table by table (every business
 * table's digest, and the operations log), and the same summary, on a random log of check-ins and pickups in which
 * one to three lines are spoiled (another outcome recorded: a mismatch; a parcel that is not there: a refusal).
 */
import { fc, test } from "@fast-check/vitest"
import { beforeAll, describe, expect } from "vitest"
import { benchLog } from "../../bench/replay"
import { compareDigests, digestTables } from "#adapters/ops/digest"
import { replayOperations, type ReplayLine } from "#adapters/ops/replay"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"

const SEED_AT = new Date("2026-11-19T00:00:00Z")

/** The migrated and seeded demo campus, made once: every replay starts from a copy of it. */
let seeded: Blob

beforeAll(async () => {
  const database = await openDatabase({ kind: "memory" })
  try {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db, SEED_AT)
    seeded = await database.snapshot!()
  } finally {
    await database.close()
  }
})

const replayed = async (lines: ReadonlyArray<ReplayLine>, batch: number, keepGoing: boolean) => {
  const database = await openDatabase({ kind: "memory", from: seeded })
  try {
    const runtime = await Runtime.create(database)
    const summary = await replayOperations(runtime, (async function* () { yield* lines })(), { batch, keepGoing })
    const digest = await digestTables(database.db, { keepRows: true })
    const log = await database.db.selectFrom("ops_log").select(["op", "actor_openid", "at", "input", "outcome", "ids", "worksite_id"]).orderBy("seq").execute()
    return { summary, digest, log }
  } finally {
    await database.close()
  }
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
    const one = await replayed(lines, 1, keepGoing)
    const batched = await replayed(lines, batch, keepGoing)
    expect(batched.summary).toEqual(one.summary)
    expect(compareDigests(one.digest.tables, batched.digest)).toEqual([])
    expect(Object.keys(one.digest.tables).length).toBeGreaterThan(10)
    expect(batched.log).toEqual(one.log)
    expect(one.summary.problems.length).toBeGreaterThan(0)
  })
})
