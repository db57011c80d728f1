/**
 * Spreadsheet files (a courier's return batch, a runner's day of errands): CSV (UTF-8 with a BOM so spreadsheet programs read
 * Chinese right, CRLF lines, RFC 4180 quoting) and XLSX through exceljs (one worksheet, the header row bold,
 * text kept as text, numbers as numbers, columns roughly as wide as their widest cell). A cell that a
 * spreadsheet would run as a formula (= + - @ first) is written with a leading apostrophe.
 */

export type Cell = string | number
export type Sheet = { readonly header: ReadonlyArray<string>; readonly rows: ReadonlyArray<ReadonlyArray<Cell>> }

const FORMULA_START = /^[=+\-@\t\r]/

/** Text as a spreadsheet shows it, never as a formula. */
export const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text)

const csvCell = (cell: Cell) => {
  const text = typeof cell === "number" ? String(cell) : safeText(cell)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const toCsv = (sheet: Sheet): string =>
  `\uFEFF${[sheet.header, ...sheet.rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`

/** Display width of a cell in character columns: CJK and other wide characters count two. */
const displayWidth = (text: string) =>
  Array.from(text).reduce((w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1), 0)

const MIN_WIDTH = 8
const MAX_WIDTH = 60

const cellValue = (cell: Cell): Cell => (typeof cell === "number" && Number.isFinite(cell) ? cell : safeText(String(cell)))

export const toXlsx = async (sheet: Sheet, name = "Sheet1"): Promise<Buffer> => {
  // loaded on the first workbook, not when the server or each `station` command starts
  const { default: ExcelJS } = await import("exceljs")
  const workbook = new ExcelJS.Workbook()
  const worksheet = workbook.addWorksheet(name.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1")
  const rows = [sheet.header, ...sheet.rows].map((row) => row.map(cellValue))
  rows.forEach((row) => worksheet.addRow(row))
  worksheet.getRow(1).font = { bold: true }
  const columns = Math.max(0, ...rows.map((row) => row.length))
  for (let c = 0; c < columns; c++) {
    const widest = Math.max(0, ...rows.map((row) => displayWidth(String(row[c] ?? ""))))
    worksheet.getColumn(c + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2))
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
