/** `station replay <ops.jsonl>`: replays an exported operations log into the configured database and compares outcomes. */
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { createInterface } from "node:readline"
import { replayOperations, reproduced, type ReplayLine, type ReplaySummary } from "#adapters/ops/replay"
import { describeDatabase } from "#adapters/postgres/database"
import { withRuntime } from "./database"
import { ExitCode, render, UsageError, type Options } from "./outcome"
import { isInteractive, progressBar } from "./progress"
import { pairs } from "./table"

export interface ReplayOptions extends Options {
  readonly force?: boolean
  readonly progress?: boolean
  readonly keepGoing?: boolean
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
    `The database holds the operations before line ${p.line}, each in its own transaction; nothing of line ${p.line} or after was written.`,
    "Pass --keep-going to replay past problems and list them all.", ""
  ]
}

const describe = (s: ReplaySummary) => [
  ...stopAt(s),
  ...(s.stoppedAt !== null ? [] : s.problems.slice(0, SHOWN_PROBLEMS).map((p) => `line ${p.line}: ${p.kind}${p.op ? ` (${p.op})` : ""}: ${p.message}`)),
  ...(s.problems.length > SHOWN_PROBLEMS ? [`… and ${s.problems.length - SHOWN_PROBLEMS} more problem(s) (--json lists them all)`] : []),
  ...(s.problems.length ? [""] : []),
  pairs([
    ["lines", s.lines], ["operations", s.operations], ["matched", s.matched],
    ["mismatched", s.mismatched], ["failed", s.failed], ["bad lines", s.badLines]
  ]),
  "",
  s.interrupted ? `Replay interrupted after ${s.lines} line(s): the database holds a partial replay.`
    : s.stoppedAt !== null ? `Replay did NOT reproduce the log: stopped at line ${s.stoppedAt}.`
    : reproduced(s) ? "Replay reproduced every recorded outcome." : "Replay did NOT reproduce the log."
].join("\n")

export const replay = async (file: string, options: ReplayOptions) => {
  const size = await fileSize(file)
  return withRuntime(async (runtime) => {
    const logged = await runtime.db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()
    if (Number(logged.n) > 0 && !options.force) {
      throw new UsageError(
        `${describeDatabase(runtime.database.config)} already holds ${logged.n} logged operation(s); replay into a fresh database ` +
          "(set DATA_DIR or DATABASE_URL to an empty one) or pass --force"
      )
    }
    let bytes = 0
    const progress = progressBar(size, options.progress !== false && size >= LONG_FILE_BYTES && isInteractive())
    const stop = new AbortController()
    const interrupt = () => stop.abort()
    process.on("SIGINT", interrupt)
    const summary = await replayOperations(runtime, linesOf(file, (b) => (bytes = b)), {
      keepGoing: options.keepGoing === true,
      onProgress: (s) => progress.update(bytes, `${s.operations} ops, ${s.mismatched + s.failed + s.badLines} problem(s)`),
      signal: stop.signal
    }).finally(() => process.off("SIGINT", interrupt))
    progress.finish()
    render(options, { database: describeDatabase(runtime.database.config), reproduced: reproduced(summary), ...summary }, () => describe(summary))
    return reproduced(summary) ? ExitCode.ok : ExitCode.refused
  })
}
