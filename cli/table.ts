/** Plain-text tables for the terminal; CJK characters count as two columns; headers in the CLI's language (cli/lang.ts). */
import { headerText, type Header } from "./lang"

const wide = (code: number) =>
  (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) ||
  (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) ||
  (code >= 0xffe0 && code <= 0xffe6) || (code >= 0x20000 && code <= 0x3fffd)

export const displayWidth = (text: string) => {
  let width = 0
  for (const ch of text) width += wide(ch.codePointAt(0)!) ? 2 : 1
  return width
}

const pad = (text: string, width: number, align: "left" | "right") => {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)))
  return align === "right" ? fill + text : text + fill
}

export interface Column<R> {
  readonly header: Header
  readonly value: (row: R) => string | number | boolean | null | undefined
  readonly align?: "left" | "right"
}

const cell = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? "-" : String(v))

export const table = <R>(rows: ReadonlyArray<R>, columns: ReadonlyArray<Column<R>>): string => {
  const headers = columns.map((c) => headerText(c.header))
  const cells = rows.map((row) => columns.map((c) => cell(c.value(row))))
  const aligns = columns.map((c) => c.align ?? (rows.length > 0 && rows.every((row) => typeof c.value(row) === "number") ? "right" : "left"))
  const widths = columns.map((c, i) => Math.max(displayWidth(headers[i]!), ...cells.map((r) => displayWidth(r[i]!))))
  const line = (values: ReadonlyArray<string>) => values.map((v, i) => pad(v, widths[i]!, aligns[i]!)).join("  ").trimEnd()
  return [line(headers), widths.map((w) => "─".repeat(w)).join("  "), ...cells.map(line)].join("\n")
}

/** Label/value lines, labels aligned. */
export const pairs = (entries: ReadonlyArray<readonly [Header, string | number | boolean | null | undefined]>): string => {
  const labels = entries.map(([k]) => headerText(k))
  const width = Math.max(0, ...labels.map(displayWidth))
  return entries.map(([, v], i) => `${pad(labels[i]!, width, "left")}  ${cell(v)}`).join("\n")
}
