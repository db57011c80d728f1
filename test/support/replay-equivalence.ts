/**
 * "The replay's batched path and its one-by-one path give the same database" (issue 24): a log replayed twice into
 * two equal fresh databases, once an operation to a transaction and once in batches, and what each left compared
 * table by table (every business table's digest, and the operations log) with the two summaries.
 */
import { expect } from "vitest"
import type { Kysely } from "kysely"
import { compareDigests, digestTables } from "#adapters/ops/digest"
import { replayOperations, type ReplayLine } from "#adapters/ops/replay"
import type { DB } from "#adapters/postgres/schema"
import type { Runtime } from "#adapters/runtime"

/** A fresh database to replay into, every one opened alike. */
export type OpenFresh = () => Promise<{ readonly runtime: Runtime; readonly db: Kysely<DB>; readonly close: () => Promise<unknown> }>

const replayed = async (open: OpenFresh, lines: ReadonlyArray<ReplayLine>, batch: number, keepGoing: boolean) => {
  const fresh = await open()
  try {
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })(), { batch, keepGoing })
    const digest = await digestTables(fresh.db, { keepRows: true })
    const log = await fresh.db.selectFrom("ops_log").select(["op", "actor_openid", "at", "input", "outcome", "ids", "worksite_id"]).orderBy("seq").execute()
    return { summary, digest, log }
  } finally {
    await fresh.close()
  }
}

/** Replays `lines` one by one and in batches of `batch`, each into a database of its own, and expects the same of both; answers the one-by-one summary. */
export const expectBatchedAsOneByOne = async (open: OpenFresh, lines: ReadonlyArray<ReplayLine>, batch: number, keepGoing: boolean) => {
  const one = await replayed(open, lines, 1, keepGoing)
  const batched = await replayed(open, lines, batch, keepGoing)
  expect(batched.summary).toEqual(one.summary)
  expect(compareDigests(one.digest.tables, batched.digest)).toEqual([])
  expect(Object.keys(one.digest.tables).length).toBeGreaterThan(10)
  expect(batched.log).toEqual(one.log)
  return one.summary
}

/** A value changed to another of its kind (a number one more, a string one longer, a flag turned, nothing made something). */
const another = (value: unknown): unknown => {
  if (typeof value === "number") return value + 1
  if (typeof value === "string") return `${value}x`
  if (typeof value === "boolean") return !value
  if (Array.isArray(value)) return [...value, "x"]
  return "x"
}

/**
 * The line with another outcome recorded, so that whatever its kind it no longer reproduces (a mismatch): the first
 * field of its outcome changed. A line whose outcome has no field is left as it is (answered undefined).
 */
export const withAnotherOutcome = (line: ReplayLine): ReplayLine | undefined => {
  const op = JSON.parse(line.text)
  const field = Object.keys(op.outcome ?? {})[0]
  if (field === undefined) return undefined
  op.outcome[field] = another(op.outcome[field])
  return { ...line, text: JSON.stringify(op) }
}
