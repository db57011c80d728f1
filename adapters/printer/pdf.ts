/**
 * A small PDF writer for the electronic waybill: one page of text and filled rectangles (Code 128 bars,
 * rules). No font is embedded: Chinese and Latin text use the standard CID font /STSong-Light with the
 * UniGB-UCS2-H encoding (UTF-16BE codes), which PDF viewers and printers supply themselves (see
 * docs/decisions.md); digits under the barcode use the standard /Helvetica.
 */
import type { Waybill } from "#src/sending/waybill"

export const MM = 72 / 25.4

// ---------------------------------------------------------------- Code 128 (set B, and set C for digit runs)

/** The 107 symbol patterns: bar, space, bar… module widths (each sums to 11; stop is 13). */
export const CODE128_PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112"
] as const

const START_B = 104
const START_C = 105
const CODE_B = 100
const CODE_C = 99
const STOP = 106

/**
 * The symbol values of `text` (printable ASCII): set C for an even run of at least 4 digits (an all-digit
 * text of even length starts in C), set B otherwise, with the mod-103 check symbol and stop.
 */
export const code128Values = (text: string): Array<number> => {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error("Code 128 set B/C takes printable ASCII only")
  const values: Array<number> = []
  const runAt = (i: number) => /^\d*/.exec(text.slice(i))![0].length
  let set: "B" | "C" = runAt(0) === text.length && text.length >= 4 && text.length % 2 === 0 ? "C" : "B"
  values.push(set === "C" ? START_C : START_B)
  let i = 0
  while (i < text.length) {
    const run = runAt(i)
    if (set === "B" && run >= 4) {
      if (run % 2 === 1) {
        values.push(text.charCodeAt(i) - 32)
        i += 1
      }
      values.push(CODE_C)
      set = "C"
      continue
    }
    if (set === "C") {
      if (run >= 2) {
        values.push(Number(text.slice(i, i + 2)))
        i += 2
        continue
      }
      values.push(CODE_B)
      set = "B"
    }
    values.push(text.charCodeAt(i) - 32)
    i += 1
  }
  const check = values.reduce((sum, v, k) => sum + v * (k === 0 ? 1 : k), 0) % 103
  return [...values, check, STOP]
}

/** The bars as [start, width] in modules, with the 10-module quiet zone on each side included in `total`. */
export const code128Bars = (text: string): { readonly bars: ReadonlyArray<readonly [number, number]>; readonly total: number } => {
  const bars: Array<readonly [number, number]> = []
  let x = 10
  for (const v of code128Values(text)) {
    const pattern = CODE128_PATTERNS[v]!
    for (let k = 0; k < pattern.length; k++) {
      const w = Number(pattern[k])
      if (k % 2 === 0) bars.push([x, w])
      x += w
    }
  }
  return { bars, total: x + 10 }
}

// ---------------------------------------------------------------- text

/** UTF-16BE hex of the text for a UCS2-H font (characters beyond the BMP become '?'). */
const ucs2Hex = (text: string): string =>
  Array.from(text).map((ch) => {
    const code = ch.codePointAt(0)!
    return (code > 0xffff ? 0x3f : code).toString(16).padStart(4, "0")
  }).join("").toUpperCase()

/** Width in ems: Latin half, everything else full. */
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

const num = (n: number) => (Math.round(n * 100) / 100).toString()

/** A page being drawn, in points from the top-left (PDF's origin is bottom-left; converted on output). */
class Page {
  readonly ops: Array<string> = []
  constructor(readonly width: number, readonly height: number) {}

  rect(x: number, top: number, w: number, h: number) {
    this.ops.push(`${num(x)} ${num(this.height - top - h)} ${num(w)} ${num(h)} re f`)
  }

  line(x1: number, top1: number, x2: number, top2: number, width = 0.8) {
    this.ops.push(`${num(width)} w ${num(x1)} ${num(this.height - top1)} m ${num(x2)} ${num(this.height - top2)} l S`)
  }

  /** Text with its baseline `size` below `top`. */
  text(x: number, top: number, size: number, text: string, font: "F1" | "F2" = "F2") {
    const shown = font === "F2" ? `<${ucs2Hex(text)}>` : `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
    this.ops.push(`BT /${font} ${num(size)} Tf ${num(x)} ${num(this.height - top - size)} Td ${shown} Tj ET`)
  }
}

/** Serialises one page with its two fonts into PDF bytes (objects, xref, trailer). */
const serialise = (page: Page): Uint8Array => {
  const content = page.ops.join("\n")
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [7 0 R] >>",
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 8 0 R /DW 1000 /W [1 95 500] >>",
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>"
  ]
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n"
  const offsets: Array<number> = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, "latin1")
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(out, "latin1"))
}

// ---------------------------------------------------------------- the waybill layout

/**
 * The waybill on its sheet (width × 150 or 180 mm): the carrier, the barcode of the waybill number with the
 * number under it, receiver (large), sender, goods and weight, insurance, payment, remark and the order
 * number with the print date. Every section is a band separated by a rule.
 */
export const renderWaybillPdf = (w: Waybill): Uint8Array => {
  const page = new Page(w.page.widthMm * MM, w.page.heightMm * MM)
  const margin = 3 * MM
  const inner = page.width - 2 * margin
  let top = margin
  const band = () => {
    page.line(margin, top, page.width - margin, top)
    top += 1.5 * MM
  }
  const para = (label: string, text: string, size: number, maxLines = 3) => {
    const lines = wrap(`${label}${text}`, inner / size).slice(0, maxLines)
    for (const l of lines) {
      page.text(margin, top, size, l)
      top += size * 1.3
    }
  }

  page.text(margin, top, 14, w.carrier.name)
  page.text(page.width - margin - ems(w.payment) * 10, top + 2, 10, w.payment)
  top += 14 * 1.5
  band()

  const barHeight = (w.page.heightMm === 150 ? 14 : 18) * MM
  const { bars, total } = code128Bars(w.barcode.value)
  const module = Math.min(inner / total, 0.5 * MM)
  const left = margin + (inner - module * total) / 2
  for (const [x, width] of bars) page.rect(left + x * module, top, width * module, barHeight)
  top += barHeight + 1 * MM
  const digits = w.barcode.value
  page.text(margin + (inner - digits.length * 10 * 0.55) / 2, top, 10, digits, "F1")
  top += 10 * 1.5
  band()

  para("收 ", `${w.receiver.name}  ${w.receiver.phone}`, 12, 1)
  para("", w.receiver.address, 11)
  top += 1 * MM
  band()
  para("寄 ", `${w.sender.name}  ${w.sender.phone}`, 9, 1)
  para("", w.sender.address, 8, 2)
  top += 1 * MM
  band()
  para("物品：", `${w.goods}${w.weight ? `  计费重量：${w.weight}` : ""}`, 9, 2)
  para("", w.insurance, 9, 1)
  if (w.remark) para("备注：", w.remark, 8, 2)
  band()
  para("订单号：", w.orderNo, 8, 1)
  para("打印日期：", w.printedOn, 8, 1)
  return serialise(page)
}
