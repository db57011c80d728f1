/**
 * `station ops export`: the operations log as JSON lines on stdout, in log order, each numbered (`n`); a whole-log
 * export ends with the digest line `{"digest": {...}}` of the business tables (adapters/ops/digest.ts). The lines and
 * the digest are read in one snapshot, so the digest is the state right after the last line. `--worksite` keeps one
 * worksite's lines (each line's worksite is stamped as it is logged): an extract to read, with no digest.
 */
import { once } from "node:events"
import type { Kysely } from "kysely"
import { digestTables } from "#adapters/ops/digest"
import { loggedOperations } from "#adapters/ops/ops-log"
import type { DB } from "#adapters/postgres/schema"
import { seedMoments } from "#adapters/postgres/seed"
import { withDatabase } from "./database"
import { Refusal } from "./outcome"
import { progressLine } from "./progress"

export interface ExportOptions {
  readonly from?: Date
  readonly to?: Date
  /** A worksite's id or site code. */
  readonly worksite?: string
  readonly json?: boolean
}

/** The worksite an id or a site code names. */
const worksiteNamed = async (db: Kysely<DB>, idOrCode: string) => {
  const site = await db.selectFrom("worksite").select(["id", "site_code", "short_name"])
    .where((eb) => eb.or([eb("id", "=", idOrCode), eb("site_code", "=", idOrCode)])).executeTakeFirst()
  if (!site) throw new Refusal("NotFound", `no such worksite: ${idOrCode} (give its id or site code, e.g. ws-xiyuan or XY01)`)
  return site
}

/** How many operations in the window name no worksite (the operator's and the scheduler's campus-wide ones). */
const campusWide = async (db: Kysely<DB>, from?: Date, to?: Date) =>
  Number((await db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).where("worksite_id", "is", null)
    .$if(from !== undefined, (q) => q.where("at", ">=", from!)).$if(to !== undefined, (q) => q.where("at", "<", to!))
    .executeTakeFirstOrThrow()).n)

/** Writes with backpressure; false once the reader has gone (`station ops export | head`). */
const write = async (text: string): Promise<boolean> => {
  if (process.stdout.destroyed) return false
  if (process.stdout.write(text)) return true
  return once(process.stdout, "drain").then(() => true, () => false)
}

export const opsExport = async (options: ExportOptions) =>
  withDatabase(({ db }) => db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(async (trx) => {
    const site = options.worksite === undefined ? undefined : await worksiteNamed(trx, options.worksite)
    let count = 0
    const progress = progressLine()
    for await (const op of loggedOperations(trx, { from: options.from, to: options.to, worksiteId: site?.id })) {
      if (!(await write(`${JSON.stringify({ n: count + 1, ...op })}\n`))) return progress.finish()
      count++
      progress.update(`exporting: ${count} operation(s)`)
    }
    const whole = options.from === undefined && options.to === undefined && site === undefined
    if (whole) {
      progress.update(`exported ${count} operation(s); digesting the tables`)
      const seed = Object.fromEntries(Object.entries(await seedMoments(trx)).map(([name, at]) => [name, at.toISOString()]))
      const { tables } = await digestTables(trx)
      if (!(await write(`${JSON.stringify({ digest: { lines: count, seed, tables } })}\n`))) return progress.finish()
    }
    progress.finish()
    if (site) {
      const left = await campusWide(trx, options.from, options.to)
      process.stderr.write(`exported ${count} operation(s) of ${site.short_name} (${site.site_code}): an extract, no digest; ` +
        `${left} campus-wide operation(s) of the operator and the scheduler name no worksite and are not in it\n`)
    } else process.stderr.write(`exported ${count} operation(s)${whole ? " and the digest of the tables" : " (a window: no digest)"}\n`)
  }))
