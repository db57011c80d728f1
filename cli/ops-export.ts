/**
 * `station ops export`: the operations log as JSON lines on stdout, in log order, each numbered (`n`); a whole-log
 * export ends with the digest line `{"digest": {...}}` of the business tables (adapters/ops/digest.ts). The lines and
 * the digest are read in one snapshot, so the digest is the state right after the last line.
 */
import { once } from "node:events"
import { digestTables } from "#adapters/ops/digest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { seedMoments } from "#adapters/postgres/seed"
import { withDatabase } from "./database"
import { progressLine } from "./progress"

export interface ExportOptions {
  readonly from?: Date
  readonly to?: Date
  readonly json?: boolean
}

/** Writes with backpressure; false once the reader has gone (`station ops export | head`). */
const write = async (text: string): Promise<boolean> => {
  if (process.stdout.destroyed) return false
  if (process.stdout.write(text)) return true
  return once(process.stdout, "drain").then(() => true, () => false)
}

export const opsExport = async (options: ExportOptions) =>
  withDatabase(({ db }) => db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(async (trx) => {
    let count = 0
    const progress = progressLine()
    for await (const op of loggedOperations(trx, { from: options.from, to: options.to })) {
      if (!(await write(`${JSON.stringify({ n: count + 1, ...op })}\n`))) return progress.finish()
      count++
      progress.update(`exporting: ${count} operation(s)`)
    }
    const whole = options.from === undefined && options.to === undefined
    if (whole) {
      progress.update(`exported ${count} operation(s); digesting the tables`)
      const seed = Object.fromEntries(Object.entries(await seedMoments(trx)).map(([name, at]) => [name, at.toISOString()]))
      const { tables } = await digestTables(trx)
      if (!(await write(`${JSON.stringify({ digest: { lines: count, seed, tables } })}\n`))) return progress.finish()
    }
    progress.finish()
    process.stderr.write(`exported ${count} operation(s)${whole ? " and the digest of the tables" : " (a window: no digest)"}\n`)
  }))
