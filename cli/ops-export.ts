/** `station ops export`: the operations log as JSON lines on stdout, in log order. */
import { once } from "node:events"
import { loggedOperations } from "#adapters/ops/ops-log"
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
  withDatabase(async ({ db }) => {
    let count = 0
    const progress = progressLine()
    for await (const op of loggedOperations(db, { from: options.from, to: options.to })) {
      if (!(await write(`${JSON.stringify(op)}\n`))) return progress.finish()
      count++
      progress.update(`exporting: ${count} operation(s)`)
    }
    progress.finish()
    process.stderr.write(`exported ${count} operation(s)\n`)
  })
