/** Reading an .xlsx back in tests, as a spreadsheet program would open it. */
import ExcelJS from "exceljs"

/** The first worksheet of an .xlsx, read back with exceljs: its name, each row's cell values, the header row's font and the column widths. */
export const readSheet = async (file: Buffer) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(new Uint8Array(file).buffer)
  const sheet = workbook.worksheets[0]!
  const rows: Array<Array<unknown>> = []
  sheet.eachRow((row) => rows.push(Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).value)))
  return { count: workbook.worksheets.length, name: sheet.name, rows, headerBold: sheet.getRow(1).font?.bold === true, widths: sheet.columns.map((c) => c.width ?? 0) }
}
