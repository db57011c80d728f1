/** The outbox and the operations log over Postgres, written in the caller's transaction. */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { misfit } from "#src/operations/catalog"
import { OpsLog, Outbox, type StationOperation } from "#src/shared/ports"
import type { DB } from "../schema"
import type { RunScope } from "../../runtime/wiring"
import { query } from "./query"

export const outbox = (db: Kysely<DB>) => Outbox.of({
  enqueue: (m) =>
    query(() => db.insertInto("outbox").values({ channel: m.channel, recipient: m.to, template: m.template, params: JSON.stringify(m.params) }).execute())
})

/**
 * The operations a run logs, kept with the run until its end (`writeLogged`); one the catalog would not replay (an
 * unknown name, a misfitting input or outcome) is a defect at once.
 */
export const opsLog = (scope: Pick<RunScope, "drawn" | "logged">) => OpsLog.of({
  append: (operation) => Effect.sync(() => void scope.logged.push({ operation: checkedOperation(operation), drawnBefore: scope.drawn.length }))
})

/**
 * The one writer of `ops_log` rows from code (the check-in statement writes its own line in SQL): operations already
 * checked against the catalog (by `opsLog.append`, or `checkedOperation` outside the runtime), written in the caller's
 * transaction with the ids drawn for each, if any.
 */
export const writeOperations = async (db: Kysely<DB>, operations: ReadonlyArray<{ readonly operation: StationOperation; readonly ids?: ReadonlyArray<string> }>) => {
  if (operations.length === 0) return
  const rows = operations.map(({ operation: o, ids }) => ({
    op: o.op, actor_openid: o.actorOpenid, at: o.at, input: JSON.stringify(o.input), outcome: JSON.stringify(o.outcome),
    ...(ids && ids.length > 0 ? { ids: JSON.stringify(ids) } : {})
  }))
  await db.insertInto("ops_log").values(rows).execute()
}

/** The operation, if the catalog would replay it; else a defect at once (thrown: `append` and the outbox's sender). */
export const checkedOperation = (operation: StationOperation): StationOperation => {
  const problem = misfit(operation)
  if (problem) throw new Error(`operations log: ${problem}`)
  return operation
}

/**
 * Writes the run's logged operations, in its transaction, each with the ids drawn for it: those drawn since the
 * operation before it was logged, and for the last one also those drawn after it (a ledger line written once the
 * step is logged belongs to that step).
 */
export const writeLogged = async (db: Kysely<DB>, scope: Pick<RunScope, "drawn" | "logged">) => {
  const { logged, drawn } = scope
  const operations = logged.map(({ operation }, i) => {
    const from = i === 0 ? 0 : logged[i - 1]!.drawnBefore
    return { operation, ids: drawn.slice(from, i === logged.length - 1 ? drawn.length : logged[i]!.drawnBefore) }
  })
  logged.length = 0
  await writeOperations(db, operations)
}
