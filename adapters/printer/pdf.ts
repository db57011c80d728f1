/**
 * The electronic waybill as PDF (pdf-lib): one page of the label's size with its text in Noto Sans SC,
 * embedded as subsets so a label printer without a CJK font prints the Chinese, and the waybill number as a
 * Code 128 image (bwip-js). The font comes from @fontsource/noto-sans-sc, split into unicode-range chunks:
 * each character is drawn with the chunk whose range holds it (see docs/decisions.md).
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { inflateSync } from "node:zlib"
import fontkit from "@pdf-lib/fontkit"
import { toBuffer } from "bwip-js/node"
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib"
import type { Waybill } from "#src/sending/waybill"

export const MM = 72 / 25.4

/** The carriers' label sizes. */
export const LABEL_SIZES = { small: { widthMm: 76, heightMm: 130 }, large: { widthMm: 100, heightMm: 180 } } as const
export type LabelSize = { readonly widthMm: number; readonly heightMm: number }

export interface RenderOptions {
  /** The label to lay out on; the waybill's own page when not given. */
  readonly size?: LabelSize
}

// ---------------------------------------------------------------- the font's chunks

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("@fontsource/noto-sans-sc")), "files")

type Chunk = { readonly file: string; readonly ranges: ReadonlyArray<readonly [number, number]> }

/** `U+4e00-4e05,U+4e07` → [[0x4e00, 0x4e05], [0x4e07, 0x4e07]]. */
export const parseUnicodeRange = (range: string): Array<readonly [number, number]> =>
  range.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-")
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const
  })

let chunkList: ReadonlyArray<Chunk> | undefined
/** The 400-weight chunks, last of unicode.json first (`[12]` → files/noto-sans-sc-12-400-normal.woff). */
const chunks = (): ReadonlyArray<Chunk> => {
  chunkList ??= Object.entries(JSON.parse(readFileSync(join(FONT_DIR, "..", "unicode.json"), "utf8")) as Record<string, string>)
    .map(([key, range]) => ({ file: `noto-sans-sc-${key.replace(/^\[(\d+)\]$/, "$1")}-400-normal.woff`, ranges: parseUnicodeRange(range) }))
    .reverse()
  return chunkList
}

/**
 * The chunk file that holds the character, or undefined when no chunk does. Where ranges overlap (ASCII is in
 * `[119]` and in `latin`) the last one listed wins, as a browser reads the @font-face rules of index.css.
 */
export const chunkOf = (codePoint: number): string | undefined =>
  chunks().find((c) => c.ranges.some(([from, to]) => codePoint >= from && codePoint <= to))?.file

/**
 * The TrueType font inside a WOFF file (each table inflated, the sfnt directory rebuilt). fontkit reads WOFF
 * itself, but its subsetter then loses the cmap (WOFF) or copies transformed glyphs (WOFF2).
 */
export const sfntOfWoff = (woff: Buffer): Buffer => {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF file")
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20
    const [offset, packed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)]
    const stored = woff.subarray(offset, offset + packed)
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: packed < length ? inflateSync(stored) : stored }
  })
  const head = Buffer.alloc(12 + 16 * count)
  head.writeUInt32BE(woff.readUInt32BE(4), 0)
  const log = Math.floor(Math.log2(count))
  head.writeUInt16BE(count, 4)
  head.writeUInt16BE(2 ** log * 16, 6)
  head.writeUInt16BE(log, 8)
  head.writeUInt16BE(count * 16 - 2 ** log * 16, 10)
  let offset = head.length
  const bodies = tables.map((t, i) => {
    head.writeUInt32BE(t.tag, 12 + i * 16)
    head.writeUInt32BE(t.checksum, 16 + i * 16)
    head.writeUInt32BE(offset, 20 + i * 16)
    head.writeUInt32BE(t.data.length, 24 + i * 16)
    const padded = Buffer.concat([t.data, Buffer.alloc((4 - (t.data.length % 4)) % 4)])
    offset += padded.length
    return padded
  })
  return Buffer.concat([head, ...bodies])
}

const fontBytes = new Map<string, Uint8Array>()
/** The chunk's font as TrueType bytes, read and unpacked once per process. */
const bytesOf = (file: string): Uint8Array => {
  let bytes = fontBytes.get(file)
  if (!bytes) {
    bytes = new Uint8Array(sfntOfWoff(readFileSync(join(FONT_DIR, file))))
    fontBytes.set(file, bytes)
  }
  return bytes
}

/** Splits text into runs that share a chunk; a character no chunk holds is drawn as '?'. */
const runsOf = (text: string): Array<{ readonly file: string; readonly text: string }> => {
  const runs: Array<{ file: string; text: string }> = []
  for (const ch of Array.from(text)) {
    const file = chunkOf(ch.codePointAt(0)!)
    const [shown, from] = file ? [ch, file] : ["?", chunkOf(0x3f)!]
    const last = runs.at(-1)
    if (last?.file === from) last.text += shown
    else runs.push({ file: from, text: shown })
  }
  return runs
}

/** The document's fonts, one subset per chunk used, embedded on first use. */
const fontsOf = (doc: PDFDocument) => {
  const embedded = new Map<string, Promise<PDFFont>>()
  return (file: string) => {
    let font = embedded.get(file)
    if (!font) {
      font = doc.embedFont(bytesOf(file), { subset: true })
      embedded.set(file, font)
    }
    return font
  }
}

// ---------------------------------------------------------------- text

/** Width in ems as the layout counts it: Latin half, everything else full. */
const ems = (text: string): number => Array.from(text).reduce((w, ch) => w + (ch.codePointAt(0)! < 0x7f ? 0.5 : 1), 0)

/** Wraps text into lines no wider than `maxEms`. */
export const wrap = (text: string, maxEms: number): Array<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const ch of Array.from(text)) {
    if (ems(line + ch) > maxEms && line !== "") {
      lines.push(line)
      line = ""
    }
    line += ch
  }
  if (line !== "" || lines.length === 0) lines.push(line)
  return lines
}

/** Lays text out in points from the page's top-left (PDF's origin is bottom-left). */
const writer = (page: PDFPage, font: (file: string) => Promise<PDFFont>) => ({
  /** Text with its baseline `size` below `top`; answers its width. */
  async text(x: number, top: number, size: number, text: string): Promise<number> {
    let at = x
    for (const run of runsOf(text)) {
      const f = await font(run.file)
      page.drawText(run.text, { x: at, y: page.getHeight() - top - size, size, font: f, color: rgb(0, 0, 0) })
      at += f.widthOfTextAtSize(run.text, size)
    }
    return at - x
  },
  async width(text: string, size: number): Promise<number> {
    let w = 0
    for (const run of runsOf(text)) w += (await font(run.file)).widthOfTextAtSize(run.text, size)
    return w
  },
  line(x1: number, top: number, x2: number) {
    page.drawLine({ start: { x: x1, y: page.getHeight() - top }, end: { x: x2, y: page.getHeight() - top }, thickness: 0.8, color: rgb(0, 0, 0) })
  }
})

// ---------------------------------------------------------------- the waybill layout

/** The Code 128 of the waybill number as a PNG, bars only (the number is printed under it as text). */
const BARCODE_SCALE = 4
const code128Png = (value: string): Promise<Buffer> =>
  toBuffer({ bcid: "code128", text: value, scale: BARCODE_SCALE, height: 12, paddingwidth: 10, paddingheight: 0, backgroundcolor: "FFFFFF" })

/**
 * The waybill on its label (76 × 130 or 100 × 180 mm; the waybill's own page unless `options.size` names
 * one): the carrier and payment, the barcode of the waybill number with the number under it, receiver (large),
 * sender, goods and weight, insurance, remark and the order number with the print date. Every section is a
 * band separated by a rule; sizes scale with the label's width.
 */
export const renderWaybillPdf = async (w: Waybill, options: RenderOptions = {}): Promise<Uint8Array> => {
  const size = options.size ?? w.page
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(`${w.carrier.name} ${w.barcode.value}`)
  doc.setCreationDate(new Date(`${w.printedOn}T00:00:00+08:00`))
  doc.setModificationDate(new Date(`${w.printedOn}T00:00:00+08:00`))
  const page = doc.addPage([size.widthMm * MM, size.heightMm * MM])
  const out = writer(page, fontsOf(doc))
  const scale = size.widthMm / 100
  const margin = 3 * MM
  const inner = page.getWidth() - 2 * margin
  let top = margin
  const band = () => {
    out.line(margin, top, page.getWidth() - margin)
    top += 1.5 * MM
  }
  const para = async (label: string, text: string, points: number, maxLines = 3) => {
    const size = points * scale
    for (const l of wrap(`${label}${text}`, inner / size).slice(0, maxLines)) {
      await out.text(margin, top, size, l)
      top += size * 1.3
    }
  }

  await out.text(margin, top, 14 * scale, w.carrier.name)
  await out.text(page.getWidth() - margin - (await out.width(w.payment, 10 * scale)), top + 2, 10 * scale, w.payment)
  top += 14 * scale * 1.5
  band()

  const png = await doc.embedPng(await code128Png(w.barcode.value))
  const barHeight = (size.heightMm < 160 ? 14 : 18) * MM
  const barWidth = Math.min(inner, (png.width / BARCODE_SCALE) * 0.5 * MM)
  page.drawImage(png, { x: margin + (inner - barWidth) / 2, y: page.getHeight() - top - barHeight, width: barWidth, height: barHeight })
  top += barHeight + 1 * MM
  const digits = 10 * scale
  await out.text(margin + (inner - (await out.width(w.barcode.value, digits))) / 2, top, digits, w.barcode.value)
  top += digits * 1.5
  band()

  await para("收 ", `${w.receiver.name}  ${w.receiver.phone}`, 12, 1)
  await para("", w.receiver.address, 11)
  top += 1 * MM
  band()
  await para("寄 ", `${w.sender.name}  ${w.sender.phone}`, 9, 1)
  await para("", w.sender.address, 8, 2)
  top += 1 * MM
  band()
  await para("物品：", `${w.goods}${w.weight ? `  计费重量：${w.weight}` : ""}`, 9, 2)
  await para("", w.insurance, 9, 1)
  if (w.remark) await para("备注：", w.remark, 8, 2)
  band()
  await para("订单号：", w.orderNo, 8, 1)
  await para("打印日期：", w.printedOn, 8, 1)
  return doc.save()
}
