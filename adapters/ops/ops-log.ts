/**
 * The operations log as JSON lines: read in commit order for export, and one exported line decoded back. An exported
 * line carries its number `n` (1, 2, 3… within the export); a whole-log export ends with a digest line
 * `{"digest": {...}}` (./digest.ts). `lineNumbering` tells a replay when the numbers skip or the digest's count disagrees.
 */
import { Schema } from "effect"
import type { Kysely } from "kysely"
import { isOperationName, type OperationName } from "#src/operations/catalog"
import type { DB } from "../postgres/schema"
import { DigestLine, type Digest } from "./digest"

/**
 * One exported line: `{ op, actorOpenid, at, input, outcome }` with `at` as an ISO timestamp, and `ids`, the new ids the
 * operation drew in order, when it drew any.
 */
export interface LoggedOperation {
  readonly op: OperationName
  readonly actorOpenid: string
  readonly at: string
  readonly input: unknown
  readonly outcome: unknown
  readonly ids?: ReadonlyArray<string>
}

export interface LogWindow {
  /** Inclusive. */
  readonly from?: Date | undefined
  /** Exclusive. */
  readonly to?: Date | undefined
  /** Only the operations stamped with this worksite's id (the migration `2026-12-01T0900-ops-log-worksite` says how). */
  readonly worksiteId?: string | undefined
}

/** The first and last `seq` of the lines at times in the window, by `ops_log_by_at`; undefined when it holds none. */
const seqsWithin = async (db: Kysely<DB>, from: Date | undefined, to: Date | undefined) => {
  // `offset 0` keeps the planner from reading min and max along the primary key, filtering every line before the window
  const within = db.selectFrom("ops_log").select("seq")
    .$if(from !== undefined, (q) => q.where("at", ">=", from!)).$if(to !== undefined, (q) => q.where("at", "<", to!)).offset(0)
  const bounds = await db.selectFrom(within.as("w")).select((eb) => [eb.fn.min("w.seq").as("first"), eb.fn.max("w.seq").as("last")])
    .executeTakeFirstOrThrow()
  return bounds.first === null || bounds.last === null ? undefined : { first: String(bounds.first), last: String(bounds.last) }
}

/**
 * Every logged operation in the window, in log order, read in batches so a long log never sits in memory. A window of
 * times is walked between its first and last line (a line's time is its run's, so times and log order may differ a
 * little: the lines between them at other times are skipped), not from the start of the log to its end.
 */
export async function* loggedOperations(db: Kysely<DB>, window: LogWindow = {}, batch = 1000): AsyncGenerator<LoggedOperation> {
  const timed = window.from !== undefined || window.to !== undefined
  const seqs = timed ? await seqsWithin(db, window.from, window.to) : undefined
  if (timed && !seqs) return
  let after = seqs && String(BigInt(seqs.first) - 1n)
  for (;;) {
    const rows = await db.selectFrom("ops_log").selectAll()
      .$if(after !== undefined, (q) => q.where("seq", ">", after!))
      .$if(seqs !== undefined, (q) => q.where("seq", "<=", seqs!.last))
      .$if(window.from !== undefined, (q) => q.where("at", ">=", window.from!))
      .$if(window.to !== undefined, (q) => q.where("at", "<", window.to!))
      .$if(window.worksiteId !== undefined, (q) => q.where("worksite_id", "=", window.worksiteId!))
      .orderBy("seq").limit(batch).execute()
    for (const r of rows) {
      yield {
        op: r.op as OperationName, actorOpenid: r.actor_openid, at: new Date(r.at).toISOString(), input: r.input, outcome: r.outcome,
        ...(r.ids ? { ids: r.ids } : {})
      }
    }
    if (rows.length < batch) return
    after = String(rows[rows.length - 1]!.seq)
  }
}

const Line = Schema.Struct({
  n: Schema.optional(Schema.Number),
  op: Schema.String,
  actorOpenid: Schema.String,
  at: Schema.String,
  input: Schema.Unknown,
  outcome: Schema.Unknown,
  ids: Schema.optionalKey(Schema.Array(Schema.String))
})

export interface DecodedOperation {
  /** The line's number in its export; none in an export written before lines were numbered. */
  readonly n?: number
  readonly op: OperationName
  readonly actorOpenid: string
  readonly at: Date
  readonly input: unknown
  readonly outcome: unknown
  /** The new ids the operation drew when it was logged, given back in order when it is replayed. */
  readonly ids?: ReadonlyArray<string>
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/** The digest line that ends a whole-log export. */
export interface DecodedDigest {
  readonly digest: Digest
}

const isDigestLine = (json: unknown) => typeof json === "object" && json !== null && !Array.isArray(json) && "digest" in json && !("op" in json)

/** Decodes one line (an operation or the digest line), or says why it cannot be replayed. */
export const decodeLine = (text: string): DecodedOperation | DecodedDigest | { readonly problem: string } => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return { problem: `invalid JSON (${(e as Error).message})` }
  }
  if (isDigestLine(json)) {
    const digest = Schema.decodeUnknownOption(DigestLine)(json)
    return digest._tag === "None" ? { problem: "not a digest line: needs digest.lines, digest.seed, digest.tables" } : { digest: digest.value.digest }
  }
  const line = Schema.decodeUnknownOption(Line)(json)
  if (line._tag === "None") return { problem: "not an operation: needs op, actorOpenid, at, input, outcome (and ids, if any, as a list of strings)" }
  const { n, op, actorOpenid, at, input, outcome, ids } = line.value
  if (n !== undefined && !(Number.isInteger(n) && n >= 1)) return { problem: `n is not a line number: ${JSON.stringify(n)}` }
  if (!isOperationName(op)) return { problem: `unknown op ${JSON.stringify(op)}` }
  const time = new Date(at)
  if (!ISO.test(at) || Number.isNaN(time.getTime())) return { problem: `at is not an ISO timestamp: ${JSON.stringify(at)}` }
  return { ...(n !== undefined ? { n } : {}), op, actorOpenid, at: time, input, outcome, ...(ids ? { ids } : {}) }
}

/**
 * Follows an export's line numbers: each numbered line must be the one after the previous, and the digest line's
 * count must be the last line's number. An export without numbers (written before they existed) is not checked, but
 * for its digest's count. Says what is wrong with a line, or nothing.
 */
export const lineNumbering = () => {
  let last = 0
  let numbered: boolean | undefined
  let ended = false
  return (line: DecodedOperation | DecodedDigest): string | undefined => {
    if (ended) return "a line after the digest line: the digest ends the export"
    if ("digest" in line) {
      ended = true
      const counted = line.digest.lines
      if (counted === last) return undefined
      return counted > last
        ? `the digest counts ${counted} line(s) but the log ${numbered === false ? `has ${last}` : `ends at n=${last}`}: the last ${counted - last} line(s) are missing`
        : `the digest counts ${counted} line(s) but the log has ${last}: it has lines its digest does not count`
    }
    if (numbered === undefined) numbered = line.n !== undefined
    if (!numbered) {
      if (line.n !== undefined) return `line n=${line.n} in an export whose lines before it have no n`
      last++
      return undefined
    }
    if (line.n === undefined) return `line without n in an export whose lines before it are numbered (n=${last} last)`
    const expected = last + 1
    const n = line.n
    last = Math.max(last, n)
    if (n === expected) return undefined
    return n > expected
      ? `line n=${n} where n=${expected} was expected: the log skips ${n - expected} line(s) (${n - expected === 1 ? `n=${expected}` : `n=${expected} to n=${n - 1}`})`
      : `line n=${n} where n=${expected} was expected: a repeated or out-of-order line`
  }
}
