/** `station returns list|mark-due|export`: parcels awaiting return to the courier, marking the due ones now, a courier batch file. */
import { shanghaiDateTime } from "#src/shared/time"
import { existsSync, writeFileSync } from "node:fs"
import { extname, resolve } from "node:path"
import { formatTag, storageCode } from "#src/parcel/storage-code"
import type { ParcelRecord } from "#src/parcel/parcel-store"
import { awaitingReturn, dueCutoff, markDueParcels } from "#src/parcel/returns"
import { ParcelStore } from "#src/parcel/parcel-store"
import { statusesFor } from "#src/parcel/status-machine"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"
import { isInteractive, progressBar } from "./progress"
import { toCsv, toXlsx, type Sheet } from "../adapters/sheets/sheet"
import { pairs, table } from "./table"

export interface FilterOptions extends Options {
  readonly worksite?: string
  readonly company?: string
}

/** Beijing time to the minute, as a courier's sheet shows it. */
export const beijingTime = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ")

/** The middle four digits hidden: the courier needs the parcel, not the receiver's number. */
export const maskedPhone = (phone: string) => (phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone.replace(/\d(?=\d{2})/g, "*"))

const view = (p: ParcelRecord) => ({
  id: p.id, worksiteId: p.worksiteId, expressCompanyId: p.expressCompanyId, expressCompany: p.expressCompanyName, expressNo: p.expressNo,
  code: storageCode(p.storageNo, p.tag), tag: formatTag(p.tag), storageNo: p.storageNo, receiver: p.receiver, receiverPhone: maskedPhone(p.receiverPhone),
  status: p.status, checkedInAt: p.createdAt
})

const filterOf = (o: FilterOptions) => ({ worksiteId: o.worksite || undefined, expressCompanyId: o.company || undefined })

export const listReturns = async (options: FilterOptions) =>
  withRuntime(async (runtime) => {
    const now = new Date()
    const rows = valueOf(await runtime.read(awaitingReturn(filterOf(options))))
    const overdue = valueOf(await runtime.read(ParcelStore.use((s) =>
      s.listByStatus({ statuses: statusesFor("markDue"), checkedInBy: dueCutoff(now), ...filterOf(options) }))))
    render(options, rows.map(view), () => [
      rows.length === 0 ? "No parcels awaiting return." : table(rows, [
        { header: "worksite", value: (p) => p.worksiteId },
        { header: "carrier", value: (p) => p.expressCompanyName },
        { header: "express no", value: (p) => p.expressNo },
        { header: "code", value: (p) => storageCode(p.storageNo, p.tag) },
        { header: "receiver", value: (p) => p.receiver || "-" },
        { header: "checked in", value: (p) => shanghaiDateTime(p.createdAt) }
      ]),
      ...(overdue.length > 0 ? ["", `${overdue.length} more parcel(s) are over 3 days at the shelf but not yet marked: run \`station returns mark-due\`.`] : [])
    ].join("\n"))
  })

export const markDue = async (options: Options & { readonly worksite?: string }) =>
  withRuntime(async (runtime) => {
    const result = valueOf(await runtime.run(markDueParcels(options.worksite || undefined)))
    render(options, result, () =>
      result.count === 0 ? "No parcel is due: nothing changed." : `Marked ${result.count} parcel(s) as awaiting return (300):\n${result.ids.join("\n")}`)
  })

export interface ExportOptions extends FilterOptions {
  readonly format?: string
  readonly force?: boolean
  readonly progress?: boolean
}

/** The courier's batch: one row per parcel awaiting return. */
export const returnSheet = (parcels: ReadonlyArray<ParcelRecord>, onRow: (done: number) => void = () => {}): Sheet => ({
  header: ["快递公司", "快递单号", "取件码", "收件人", "收件电话", "入库时间", "站点"],
  rows: parcels.map((p, i) => {
    onRow(i + 1)
    return [p.expressCompanyName, p.expressNo, storageCode(p.storageNo, p.tag), p.receiver, maskedPhone(p.receiverPhone), beijingTime(p.createdAt), p.worksiteId]
  })
})

const LONG_EXPORT_ROWS = 2000

export const exportReturns = async (file: string, options: ExportOptions) => {
  const format = (options.format ?? extname(file).slice(1)).toLowerCase()
  if (format !== "csv" && format !== "xlsx") throw new UsageError(`cannot tell the format of ${file}: name it .csv or .xlsx, or pass --format csv|xlsx`)
  const path = resolve(file)
  if (existsSync(path) && !options.force) throw new UsageError(`${file} exists: pass --force to overwrite it`)
  return withRuntime(async (runtime) => {
    const parcels = valueOf(await runtime.read(awaitingReturn(filterOf(options))))
    const progress = progressBar(parcels.length, options.progress !== false && parcels.length >= LONG_EXPORT_ROWS && isInteractive())
    const sheet = returnSheet(parcels, (done) => progress.update(done, `${done}/${parcels.length} rows`))
    writeFileSync(path, format === "csv" ? toCsv(sheet) : await toXlsx(sheet, "待退回"))
    progress.finish()
    const summary = { file: path, format, rows: parcels.length, ...filterOf(options) }
    render(options, summary, () => pairs([["wrote", path], ["format", format], ["parcels", parcels.length],
      ["worksite", summary.worksiteId ?? "all"], ["carrier", summary.expressCompanyId ?? "all"]]))
  })
}
