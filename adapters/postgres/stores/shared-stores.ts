/** The outbox and the operations log over Postgres, written in the caller's transaction. */
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { misfit } from "#src/operations/catalog"
import { OpsLog, Outbox, type StationOperation } from "#src/shared/ports"
import { QueuedMessages } from "#src/support/message-retention"
import type { DB } from "../schema"
import type { RunScope } from "../../runtime/wiring"
import { query } from "./query"

export const outbox = (db: Kysely<DB>) => Outbox.of({
  enqueue: (m, at) => query(() =>
    db.insertInto("outbox").values({ channel: m.channel, recipient: m.to, template: m.template, params: JSON.stringify(m.params), created_at: at }).execute())
})

/** A captcha SMS: written by no operation (its code is a secret the log never records), bookkeeping to the digest. */
const captchaSms = sql<boolean>`channel = 'sms' and template = 'captcha'`

/** The outbox as the prune of done messages reads it, oldest first by `outbox_by_created_at`, captcha SMS aside. */
export const queuedMessages = (db: Kysely<DB>) => QueuedMessages.of({
  oldest: (before, limit) => query(async () => {
    const { rows } = await sql<{ created_at: Date | string; done: boolean }>`
      select created_at, (sent_at is not null or failed_at is not null or replayed) as done from outbox
      where not (${captchaSms}) and created_at < ${before} and created_at <= coalesce((select created_at from outbox
        where not (${captchaSms}) and created_at < ${before} order by created_at offset ${limit - 1} limit 1), ${before}::timestamptz)
      order by created_at`.execute(db)
    return rows.map((r) => ({ createdAt: new Date(r.created_at), done: r.done }))
  }),
  deleteThrough: (through) => query(async () => {
    const gone = await sql`delete from outbox where not (${captchaSms}) and created_at <= ${through}`.execute(db)
    return Number(gone.numAffectedRows ?? 0)
  })
})

/** Deletes the captcha SMS sent or given up before `before`, `batch` a statement; answers how many went. No operation: no operation wrote them. */
export const purgeCaptchaSms = async (db: Kysely<DB>, before: Date, batch: number): Promise<number> => {
  let total = 0
  for (;;) {
    const gone = Number((await sql`delete from outbox where ctid = any(array(select ctid from outbox
      where ${captchaSms} and created_at < ${before} and (sent_at is not null or failed_at is not null) limit ${batch}))`.execute(db)).numAffectedRows ?? 0)
    total += gone
    if (gone < batch) return total
  }
}

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
