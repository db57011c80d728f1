/**
 * The label printer as a local fake: every PDF it is sent is kept in a directory (named after the job), and
 * it can be told to refuse (out of paper, offline) to exercise '打印失败，请检查打印机状态。'. A real network
 * printer adapter speaking raw 9100 may replace it behind the same port.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { Effect } from "effect"
import { Printer } from "#src/sending/printer"
import type { PrinterAddress } from "#src/sending/waybill"

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, "_")

export class FakePrinter {
  /** When set, every job is refused with this reason. */
  refusing: string | undefined
  readonly jobs: Array<{ readonly printer: PrinterAddress; readonly name: string; readonly file: string }> = []

  constructor(readonly dir: string) {}

  port(): Printer["Service"] {
    return Printer.of({
      print: (job) =>
        Effect.sync(() => {
          if (this.refusing !== undefined) return { ok: false as const, reason: this.refusing }
          mkdirSync(this.dir, { recursive: true })
          const file = join(this.dir, `${safeName(job.name)}.pdf`)
          writeFileSync(file, job.pdf)
          this.jobs.push({ printer: job.printer, name: job.name, file })
          return { ok: true as const }
        }),
      find: (name) =>
        Effect.sync(() => {
          const file = join(this.dir, `${safeName(name)}.pdf`)
          return existsSync(file) ? new Uint8Array(readFileSync(file)) : undefined
        })
    })
  }
}

export const defaultWaybillDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? "./data", "waybills")
