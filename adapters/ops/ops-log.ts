/** The operations log as JSON lines: read in commit order for export, and one exported line decoded back. */
import { Schema } from "effect"
import type { Kysely } from "kysely"
import { isOperationName, type OperationName } from "#src/operations/catalog"
import type { DB } from "../postgres/schema"

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
}

/** Every logged operation in the window, in log order, read in batches so a long log never sits in memory. */
export async function* loggedOperations(db: Kysely<DB>, window: LogWindow = {}, batch = 1000): AsyncGenerator<LoggedOperation> {
  let after: string | undefined
  for (;;) {
    const rows = await db.selectFrom("ops_log").selectAll()
      .$if(after !== undefined, (q) => q.where("seq", ">", after!))
      .$if(window.from !== undefined, (q) => q.where("at", ">=", window.from!))
      .$if(window.to !== undefined, (q) => q.where("at", "<", window.to!))
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
  op: Schema.String,
  actorOpenid: Schema.String,
  at: Schema.String,
  input: Schema.Unknown,
  outcome: Schema.Unknown,
  ids: Schema.optionalKey(Schema.Array(Schema.String))
})

export interface DecodedOperation {
  readonly op: OperationName
  readonly actorOpenid: string
  readonly at: Date
  readonly input: unknown
  readonly outcome: unknown
  /** The new ids the operation drew when it was logged, given back in order when it is replayed. */
  readonly ids?: ReadonlyArray<string>
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/** Decodes one line, or says why it cannot be replayed. */
export const decodeLine = (text: string): DecodedOperation | { readonly problem: string } => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return { problem: `invalid JSON (${(e as Error).message})` }
  }
  const line = Schema.decodeUnknownOption(Line)(json)
  if (line._tag === "None") return { problem: "not an operation: needs op, actorOpenid, at, input, outcome (and ids, if any, as a list of strings)" }
  const { op, actorOpenid, at, input, outcome, ids } = line.value
  if (!isOperationName(op)) return { problem: `unknown op ${JSON.stringify(op)}` }
  const time = new Date(at)
  if (!ISO.test(at) || Number.isNaN(time.getTime())) return { problem: `at is not an ISO timestamp: ${JSON.stringify(at)}` }
  return { op, actorOpenid, at: time, input, outcome, ...(ids ? { ids } : {}) }
}
