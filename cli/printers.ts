/** `station printers list|set|clear`: each worksite's two label printers (150 for the short labels, 180), logged when changed. */
import type { PrinterAddress } from "#src/sending/waybill"
import { setPrinter, worksitePrinters } from "#src/sending/use-cases"
import { withRuntime } from "./database"
import { render, valueOf, type Options } from "./outcome"
import { type Column, table } from "./table"

const where = (p: PrinterAddress | undefined) => (p === undefined ? "—" : `${p.protocol} ${p.host.includes(":") ? `[${p.host}]` : p.host}:${p.port}${p.path ?? ""}`)

interface Row {
  readonly siteCode: string
  readonly shortName: string
  readonly printers: { readonly 150?: PrinterAddress | undefined; readonly 180?: PrinterAddress | undefined }
}

const columns: ReadonlyArray<Column<Row>> = [
  { header: "worksite", value: (r) => r.siteCode },
  { header: "name", value: (r) => r.shortName },
  { header: "printer 150 (76×130, 100×150)", value: (r) => where(r.printers[150]) },
  { header: "printer 180 (100×180)", value: (r) => where(r.printers[180]) }
]

export const listPrinters = async (options: Options) =>
  withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(worksitePrinters()))
    render(options, rows, () => (rows.length === 0 ? "No worksites." : table(rows, columns)))
  })

export interface SetPrinterOptions extends Options {
  readonly port?: string
  readonly protocol?: string
  readonly path?: string
}

export const setWorksitePrinter = async (worksite: string, slot: string, host: string, options: SetPrinterOptions) =>
  withRuntime(async (runtime) => {
    const set = valueOf(await runtime.run(setPrinter(worksite, slot, { host, port: options.port, protocol: options.protocol, path: options.path })))
    render(options, set, () => `Printer ${set.slot} of ${set.siteCode} is now ${where(set.printer ?? undefined)}.`)
  })

export const clearWorksitePrinter = async (worksite: string, slot: string, options: Options) =>
  withRuntime(async (runtime) => {
    const cleared = valueOf(await runtime.run(setPrinter(worksite, slot, null)))
    render(options, cleared, () => `Printer ${cleared.slot} of ${cleared.siteCode} removed; its waybills print on the other printer, if there is one.`)
  })
