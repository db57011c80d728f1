/**
 * `station replay <ops.jsonl>`: replays an exported operations log into the configured database and compares outcomes,
 * then, when the log ends with a digest line, the replayed database's digest with the recorded one. A fresh data dir
 * is seeded at the moment the digest records, so that its demo rows are the source's.
 */
import { createReadStream } from "node:fs"
import { open, stat } from "node:fs/promises"
import { createInterface } from "node:readline"
import { compareDigests, describeDifferences, digestTables, type Digest, type TableDifference } from "#adapters/ops/digest"
import { decodeLine } from "#adapters/ops/ops-log"
import { DEFAULT_BATCH, replayOperations, reproduced, type ReplayLine, type ReplaySummary } from "#adapters/ops/replay"
import { describeDatabase, migrateToLatest, type Database } from "#adapters/postgres/database"
import { seedDemoCampus, seedMoments } from "#adapters/postgres/seed"
import { seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { withDatabase } from "./database"
import { ExitCode, render, UsageError, type Options } from "./outcome"
import { isInteractive, progressBar } from "./progress"
import { pairs } from "./table"

export interface ReplayOptions extends Options {
  readonly force?: boolean
  readonly progress?: boolean
  readonly keepGoing?: boolean
  /** Operations per transaction, as given (`--batch`); else `REPLAY_BATCH`, else the replay's default. */
  readonly batch?: string
}

const LONG_FILE_BYTES = 64 * 1024
const SHOWN_PROBLEMS = 50

const fileSize = async (file: string) => {
  const info = await stat(file).catch(() => undefined)
  if (!info) throw new UsageError(`cannot read ${file}: no such file`)
  if (!info.isFile()) throw new UsageError(`cannot read ${file}: not a file`)
  return info.size
}

async function* linesOf(file: string, onBytes: (bytes: number) => void): AsyncGenerator<ReplayLine> {
  let lineNo = 0
  let bytes = 0
  for await (const text of createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity })) {
    lineNo++
    bytes += Buffer.byteLength(text) + 1
    onBytes(bytes)
    yield { lineNo, text }
  }
}

const TAIL_CHUNK = 64 * 1024

/** The digest line the file ends with, if it has one: read from the end, as the log before it can be long. */
const recordedDigest = async (file: string): Promise<Digest | undefined> => {
  const handle = await open(file, "r")
  try {
    let end = (await handle.stat()).size
    let tail = Buffer.alloc(0)
    const lastLineStarts = () => {
      let e = tail.length
      while (e > 0 && [0x20, 0x09, 0x0a, 0x0d].includes(tail[e - 1]!)) e--
      return e > 0 && tail.lastIndexOf(0x0a, e - 1) >= 0
    }
    while (end > 0 && !lastLineStarts()) {
      const start = Math.max(0, end - TAIL_CHUNK)
      const chunk = Buffer.alloc(end - start)
      await handle.read(chunk, 0, chunk.length, start)
      tail = Buffer.concat([chunk, tail])
      end = start
    }
    const text = tail.toString("utf8").trimEnd()
    const last = text.slice(text.lastIndexOf("\n") + 1)
    if (!last.startsWith("{\"digest\"")) return undefined
    const line = decodeLine(last)
    return "digest" in line ? line.digest : undefined
  } finally {
    await handle.close()
  }
}

const SEEDS = ["campus", "flows"] as const

/** The seed moments a digest records, as times (an unreadable one counts as not recorded). */
const recordedSeed = (digest: Digest | undefined) => Object.fromEntries(SEEDS.flatMap((name) => {
  const at = digest?.seed[name] === undefined ? undefined : new Date(digest.seed[name])
  return at && !Number.isNaN(at.getTime()) ? [[name, at]] : []
})) as Partial<Record<(typeof SEEDS)[number], Date>>

/**
 * Migrates and seeds the database as every command does, but a fresh one at the recorded seed moments; says (on stderr)
 * when the database was seeded at another moment than the log's, as its demo rows will then differ.
 */
const prepare = async (database: Database, digest: Digest | undefined) => {
  const { db } = database
  const recorded = recordedSeed(digest)
  if (!database.attachedTo) {
    await migrateToLatest(db)
    const fresh = !(await db.selectFrom("worksite").select("id").executeTakeFirst())
    await seedDemoCampus(db, recorded.campus)
    if (fresh && recorded.flows) await seedFlowsDemo(db, recorded.flows)
  }
  if (!digest) return
  const here = await seedMoments(db)
  const differing = SEEDS.filter((name) => here[name]?.getTime() !== recorded[name]?.getTime())
  if (differing.length === 0) return
  const shown = (at: Date | undefined) => at?.toISOString() ?? "never"
  process.stderr.write([
    `station: warning: ${describeDatabase(database)} was not seeded at the moment the log's database was:`,
    ...differing.map((name) => `  ${name}: here ${shown(here[name])}, in the log's database ${shown(recorded[name])}`),
    "  its demo rows (users, wallets, ledger, announcements…) will differ from the recorded ones, and the digest comparison will show them;",
    "  replay into a fresh data dir to have them seeded at the recorded moment.", ""
  ].join("\n"))
}

/** Operations per transaction: `--batch`, else `REPLAY_BATCH`, else the replay's default; a usage error when not a whole number ≥ 1. */
export const batchSize = (flag: string | undefined, env: NodeJS.ProcessEnv = process.env): number => {
  const text = flag ?? env.REPLAY_BATCH
  if (text === undefined || text.trim() === "") return DEFAULT_BATCH
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`${flag === undefined ? "REPLAY_BATCH" : "--batch"} must be a whole number of operations, 1 or more (got ${JSON.stringify(text)})`)
  }
  return n
}

/** A duration as a person reads it: `42s`, `3m05s`, `1h02m`. */
export const shortDuration = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`
}

/**
 * Where a replay is: its operations, their rate since it started and the time left, told from the bytes of the file
 * read so far (the lines are not counted ahead).
 */
export const progressNote = (s: Readonly<ReplaySummary>, bytes: number, size: number, seconds: number) => {
  const rate = seconds > 0 ? s.operations / seconds : 0
  const left = bytes >= size ? "0s" : bytes > 0 && seconds > 0 ? shortDuration((seconds * (size - bytes)) / bytes) : "?"
  return `${s.operations} ops, ${rate.toFixed(0)} ops/s, ETA ${left}, ${s.mismatched + s.failed + s.badLines} problem(s)`
}

const PLAIN_PROGRESS_EVERY_MS = 5_000

interface ReplayProgress {
  update(summary: Readonly<ReplaySummary>, bytes: number): void
  finish(summary: Readonly<ReplaySummary>): void
}

/**
 * The replay's progress on stderr for a long file: on a terminal a bar redrawn in place; to a pipe or a file a line every
 * few seconds and one at the end (no carriage returns there).
 */
const replayProgress = (size: number, enabled: boolean): ReplayProgress => {
  const started = performance.now()
  const seconds = () => (performance.now() - started) / 1000
  const percent = (bytes: number) => `${Math.min(100, Math.floor((bytes / size) * 100))}%`
  if (!enabled || size < LONG_FILE_BYTES) return { update: () => {}, finish: () => {} }
  if (isInteractive()) {
    const bar = progressBar(size, true)
    return { update: (s, bytes) => bar.update(bytes, progressNote(s, bytes, size, seconds())), finish: () => bar.finish() }
  }
  let told = 0
  const line = (text: string) => process.stderr.write(`station replay: ${text}\n`)
  return {
    update: (s, bytes) => {
      const now = performance.now()
      if (now - started - told < PLAIN_PROGRESS_EVERY_MS) return
      told = now - started
      line(`${percent(bytes)} ${progressNote(s, bytes, size, seconds())}`)
    },
    finish: (s) => {
      const rate = seconds() > 0 ? s.operations / seconds() : 0
      line(`${s.operations} ops in ${seconds().toFixed(1)} s, ${rate.toFixed(0)} ops/s, ${s.mismatched + s.failed + s.badLines} problem(s)`)
    }
  }
}

const shownOutcome = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value))

/** The problem the replay stopped at: its line, op, the recorded and the replayed outcome (or why there is none). */
const stopAt = (s: ReplaySummary) => {
  const p = s.problems[s.problems.length - 1]
  if (s.stoppedAt === null || !p) return []
  const head = `Replay stopped at line ${p.line}${p.op ? ` (${p.op})` : ""}: `
  const detail = p.kind === "badLine" ? [`${head}refused line: ${p.message}`]
    : p.kind === "failure" ? [`${head}the recorded outcome was not reproduced`, `  recorded: ${shownOutcome(p.expected)}`, `  replayed: refused: ${p.message}`]
    : [`${head}the outcome differs (${p.message})`, `  recorded: ${shownOutcome(p.expected)}`, `  replayed: ${shownOutcome(p.actual)}`]
  return [
    ...detail, "",
    `The database holds the operations before line ${p.line}; nothing of line ${p.line} or after was written.`,
    "Pass --keep-going to replay past problems and list them all.", ""
  ]
}

export interface DigestComparison {
  readonly equal: boolean
  /** The business tables that differ, each with its first differing rows. */
  readonly tables: ReadonlyArray<TableDifference>
}

const describeDigest = (s: ReplaySummary, digest: Digest | undefined, comparison: DigestComparison | undefined) =>
  !digest ? []
    : !comparison ? [`The log's digest was not compared: the replay ${s.interrupted ? "was interrupted" : `stopped at line ${s.stoppedAt}`}.`, ""]
    : comparison.equal ? [`The replayed database equals the log's digest (${Object.keys(digest.tables).length} business tables).`, ""]
    : [`The replayed database differs from the log's digest in ${comparison.tables.length} table(s):`, ...describeDifferences(comparison.tables), ""]

const describe = (s: ReplaySummary, digest: Digest | undefined, comparison: DigestComparison | undefined) => [
  ...stopAt(s),
  ...(s.stoppedAt !== null ? [] : s.problems.slice(0, SHOWN_PROBLEMS).map((p) => `line ${p.line}: ${p.kind}${p.op ? ` (${p.op})` : ""}: ${p.message}`)),
  ...(s.problems.length > SHOWN_PROBLEMS ? [`… and ${s.problems.length - SHOWN_PROBLEMS} more problem(s) (--json lists them all)`] : []),
  ...(s.problems.length ? [""] : []),
  pairs([
    ["lines", s.lines], ["operations", s.operations], ["matched", s.matched],
    ["mismatched", s.mismatched], ["failed", s.failed], ["bad lines", s.badLines]
  ]),
  "",
  ...describeDigest(s, digest, comparison),
  s.interrupted ? `Replay interrupted after ${s.lines} line(s): the database holds a partial replay.`
    : s.stoppedAt !== null ? `Replay did NOT reproduce the log: stopped at line ${s.stoppedAt}.`
    : !reproduced(s) ? "Replay did NOT reproduce the log."
    : comparison && !comparison.equal ? "Replay reproduced every recorded outcome, but NOT the recorded database: its digest differs."
    : "Replay reproduced every recorded outcome."
].join("\n")

export const replay = async (file: string, options: ReplayOptions) => {
  const batch = batchSize(options.batch)
  const size = await fileSize(file)
  const digest = await recordedDigest(file)
  return withDatabase(async (database) => {
    await prepare(database, digest)
    const { Runtime } = await import("#adapters/runtime")
    const runtime = await Runtime.create(database)
    const logged = await runtime.db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()
    if (Number(logged.n) > 0 && !options.force) {
      throw new UsageError(
        `${describeDatabase(runtime.database.config)} already holds ${logged.n} logged operation(s); replay into a fresh database ` +
          "(set DATA_DIR or DATABASE_URL to an empty one) or pass --force"
      )
    }
    let bytes = 0
    const progress = replayProgress(size, options.progress !== false)
    const stop = new AbortController()
    const interrupt = () => stop.abort()
    process.on("SIGINT", interrupt)
    const summary = await replayOperations(runtime, linesOf(file, (b) => (bytes = b)), {
      keepGoing: options.keepGoing === true,
      onProgress: (s) => progress.update(s, bytes),
      signal: stop.signal,
      batch
    }).finally(() => process.off("SIGINT", interrupt))
    progress.finish(summary)
    let comparison: DigestComparison | undefined
    if (digest && summary.stoppedAt === null && !summary.interrupted) {
      const tables = compareDigests(digest.tables, await digestTables(runtime.db, { keepRows: true }))
      comparison = { equal: tables.length === 0, tables }
    }
    render(options, {
      database: describeDatabase(runtime.database.config), reproduced: reproduced(summary), ...summary, ...(comparison ? { digest: comparison } : {})
    }, () => describe(summary, digest, comparison))
    return reproduced(summary) && (comparison?.equal ?? true) ? ExitCode.ok : ExitCode.refused
  }, { prepare: false })
}
