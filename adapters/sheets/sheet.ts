/**
 * Spreadsheet files (a courier's return batch, a runner's day of errands): CSV (UTF-8 with a BOM so spreadsheet programs read
 * Chinese right, CRLF lines, RFC 4180 quoting) and a minimal XLSX (one sheet of inline strings in a ZIP
 * written here, so no spreadsheet library is needed). A cell that a spreadsheet would run as a formula
 * (= + - @ first) is written with a leading apostrophe.
 */
import { deflateRawSync } from "node:zlib"

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

const xml = (text: string) =>
  text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export const columnName = (index: number): string => {
  let n = index + 1
  let name = ""
  while (n > 0) {
    const r = (n - 1) % 26
    name = String.fromCharCode(65 + r) + name
    n = Math.floor((n - 1) / 26)
  }
  return name
}

const sheetXml = (sheet: Sheet) => {
  const rows = [sheet.header, ...sheet.rows].map((row, r) => {
    const cells = row.map((cell, c) => {
      const ref = `${columnName(c)}${r + 1}`
      return typeof cell === "number" && Number.isFinite(cell)
        ? `<c r="${ref}"><v>${cell}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(safeText(String(cell)))}</t></is></c>`
    })
    return `<row r="${r + 1}">${cells.join("")}</row>`
  })
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join("")}</sheetData></worksheet>`
}

const workbookParts = (sheet: Sheet, name: string): ReadonlyArray<readonly [string, string]> => [
  ["[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`],
  ["_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
  ["xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(name.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
  ["xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
  ["xl/worksheets/sheet1.xml", sheetXml(sheet)]
]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

export const crc32 = (data: Uint8Array) => {
  let c = 0xffffffff
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A ZIP archive of the files, each deflated; names are UTF-8 (flag bit 11). */
export const zip = (files: ReadonlyArray<readonly [string, string | Uint8Array]>): Buffer => {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of files) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content)
    const packed = deflateRawSync(data)
    const nameBytes = Buffer.from(name, "utf8")
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(0, 10) // time and date: 1980-01-01 00:00, so the same sheet gives the same bytes
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(0, 12)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

export const toXlsx = (sheet: Sheet, name = "Sheet1"): Buffer => zip(workbookParts(sheet, name))
