/**
 * "Replay into a fresh database and compare" (issue 22): a source database's whole operations log exported once its
 * outbox is settled, replayed line by line into a fresh in-memory database seeded at the source's seed moments, each
 * outcome compared with the recorded one, then every business table compared by its digest. Fixtures a suite wrote
 * straight into the source database, outside any use case (people who signed up before the suite, a setting an admin
 * keeps in the database), are made again in the fresh one at the same point of the log, as a seed is.
 */
import type { Kysely } from "kysely"
import { startApp } from "#adapters/app"
import { compareDigests, describeDifferences, digestTables } from "#adapters/ops/digest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations, type ReplayLine, type ReplayProblem } from "#adapters/ops/replay"
import { seedMoments } from "#adapters/postgres/seed"
import { seedFlowsDemo } from "#adapters/postgres/seed-flows"
import type { DB } from "#adapters/postgres/schema"
import type { Runtime } from "#adapters/runtime"
import { countRows, settleOutbox, startTestApp } from "./test-app"

/**
 * Writes a suite made straight into its database: `apply` runs once on the source now and once on the replayed
 * database after the same number of log lines, with the moment it first ran. It runs twice, so whatever must be equal
 * in both (times, ids) is fixed by the suite or taken from `at`, never drawn inside it.
 */
export interface Fixture {
  /** How many lines the log held when the fixture was written into the source. */
  readonly afterLines: number
  readonly at: Date
  readonly apply: (db: Kysely<DB>, at: Date) => Promise<unknown>
}

/** Writes a fixture into the source database and notes it for the replay. */
export const writeFixture = async (db: Kysely<DB>, fixtures: Fixture[], apply: Fixture["apply"]) => {
  const fixture = { afterLines: await countRows(db, "ops_log"), at: new Date(), apply }
  await apply(db, fixture.at)
  fixtures.push(fixture)
}

export interface ReplayVerdict {
  readonly lines: number
  readonly problems: ReadonlyArray<ReplayProblem>
  /** The first problem's line as exported, when there is one. */
  readonly firstProblemLine?: string
  /** `describeDifferences` of the two databases' digests: empty when every business table is equal. */
  readonly differences: ReadonlyArray<string>
  readonly ms: number
}

/**
 * A fresh database to replay into: a copy of the source's own as it was once migrated and seeded, before anything
 * ran on it (`blank`, taken by the source's `snapshot`; opened in a second or two), or else one migrated and seeded
 * at the source's seed moment (PGlite's first start and the migrations: several seconds more).
 */
const freshDatabase = async (seeded: { readonly campus?: Date }, blank: Blob | undefined) => {
  if (!blank) return startTestApp("pglite", { seedAt: seeded.campus })
  const app = await startApp({ port: 0, host: "127.0.0.1", database: { kind: "memory", from: blank }, seed: false })
  return { db: app.runtime.db, runtime: app.runtime, close: () => app.close() }
}

/** The log cut where fixtures were written: each stretch's fixtures go in before its lines (the last stretch's may have none). */
const stretches = (lines: ReadonlyArray<ReplayLine>, fixtures: ReadonlyArray<Fixture>) => {
  const pending = [...fixtures].sort((a, b) => a.afterLines - b.afterLines)
  const cut: Array<{ fixturesBefore: Fixture[]; lines: ReplayLine[] }> = [{ fixturesBefore: [], lines: [] }]
  for (const line of [...lines, undefined]) {
    const count = line ? line.lineNo - 1 : Number.MAX_SAFE_INTEGER
    const due: Fixture[] = []
    while (pending.length > 0 && pending[0]!.afterLines <= count) due.push(pending.shift()!)
    if (due.length > 0) cut.push({ fixturesBefore: due, lines: [] })
    if (line) cut.at(-1)!.lines.push(line)
  }
  return cut
}

/**
 * Exports the source's log, replays it into a fresh database seeded at the source's moments (`blank`, when given, is
 * that database, as the source's snapshot before anything ran on it), and compares.
 */
export const replayIntoFresh = async (source: Runtime, fixtures: ReadonlyArray<Fixture> = [], blank?: Blob): Promise<ReplayVerdict> => {
  const started = Date.now()
  await settleOutbox({ db: source.db, runtime: source })
  const lines: ReplayLine[] = []
  for await (const op of loggedOperations(source.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
  const recorded = await digestTables(source.db)
  const seeded = await seedMoments(source.db)
  const fresh = await freshDatabase(seeded, blank)
  try {
    if (seeded.flows) await seedFlowsDemo(fresh.db, seeded.flows)
    // each stretch of lines between two fixtures replays to its end (its last batch committed) before the fixtures
    // written after it go in: a batch reads ahead, so a fixture fed between two lines could land before the lines it follows
    const problems: ReplayProblem[] = []
    let replayed = 0
    for (const stretch of stretches(lines, fixtures)) {
      for (const fixture of stretch.fixturesBefore) await fixture.apply(fresh.db, fixture.at)
      if (stretch.lines.length === 0) continue
      const summary = await replayOperations(fresh.runtime, (async function* () { yield* stretch.lines })(), { keepGoing: true })
      problems.push(...summary.problems)
      replayed += summary.lines
    }
    if (replayed !== lines.length) throw new Error(`the replay read ${replayed} of the log's ${lines.length} lines`)
    const differences = describeDifferences(compareDigests(recorded.tables, await digestTables(fresh.db, { keepRows: true })))
    const first = problems[0]
    return {
      lines: lines.length, problems, differences, ms: Date.now() - started,
      ...(first ? { firstProblemLine: lines[first.line - 1]?.text ?? "" } : {})
    }
  } finally {
    await fresh.close()
  }
}

/** The verdict as an error's message, or undefined when every line reproduced and the digests are equal. */
export const replayFailure = (verdict: ReplayVerdict): string | undefined => {
  if (verdict.problems.length === 0 && verdict.differences.length === 0) return undefined
  const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value))
  return [
    `the suite's operations log (${verdict.lines} lines) does not replay into the same database:`,
    ...verdict.problems.slice(0, 10).map((p) => `  line ${p.line}${p.op ? ` (${p.op})` : ""}: ${p.kind}: ${p.message}` +
      (p.kind === "badLine" ? "" : `\n    recorded: ${shown(p.expected)}\n    replayed: ${shown(p.actual)}`)),
    ...(verdict.problems.length > 10 ? [`  … and ${verdict.problems.length - 10} more problem(s)`] : []),
    ...(verdict.firstProblemLine !== undefined ? [`  first problem's line: ${verdict.firstProblemLine}`] : []),
    ...(verdict.differences.length ? ["  the business tables differ:", ...verdict.differences.map((d) => `    ${d}`)] : [])
  ].join("\n")
}
