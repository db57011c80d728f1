/**
 * The waybill's layout on a label, drawn on a surface: the PDF (pdf.ts) and the thermal printer's bitmap
 * (label-bitmap.ts) lay it out the same way, so what a TSPL printer prints is what the staff page's PDF shows.
 * Coordinates are points from the label's top-left.
 */
import type { Waybill } from "#src/sending/waybill"

export const MM = 72 / 25.4

/** The carriers' label sizes. */
export const LABEL_SIZES = { small: { widthMm: 76, heightMm: 130 }, large: { widthMm: 100, heightMm: 180 } } as const
export type LabelSize = { readonly widthMm: number; readonly heightMm: number }

/** What the layout draws with. */
export interface LabelSurface {
  readonly widthPt: number
  readonly heightPt: number
  /** Text with its baseline `size` below `top`; answers its width. */
  text(x: number, top: number, size: number, text: string): Promise<number>
  width(text: string, size: number): Promise<number>
  /** A horizontal rule. */
  line(x1: number, top: number, x2: number): void
  /** A PNG stretched to the box. */
  image(png: Buffer, x: number, top: number, width: number, height: number): Promise<void>
}

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

/** The barcode writer, loaded on the first label rather than when the server or each `station` command starts. */
const bwip = () => import("bwip-js/node")

/** The Code 128 of the waybill number as a PNG, bars only (the number is printed under it as text). */
export const BARCODE_SCALE = 4
const code128Png = async (value: string): Promise<Buffer> =>
  (await bwip()).toBuffer({ bcid: "code128", text: value, scale: BARCODE_SCALE, height: 12, paddingwidth: 10, paddingheight: 0, backgroundcolor: "FFFFFF" })

/** The QR of the waybill number, for a courier's phone (error correction M, BWIPP's default for QR). */
const qrPng = async (value: string): Promise<Buffer> =>
  (await bwip()).toBuffer({ bcid: "qrcode", text: value, scale: BARCODE_SCALE, paddingwidth: 0, paddingheight: 0, backgroundcolor: "FFFFFF" })

/** A PNG's width in pixels (its IHDR). */
const pngWidth = (png: Buffer) => png.readUInt32BE(16)

/**
 * The waybill on its label (76 × 130 or 100 × 180 mm): the carrier and payment, the barcode of the waybill
 * number with the number under it, receiver (large), sender, goods and weight, insurance, remark and the order
 * number with the print date beside the QR of the waybill number. Every section is a band separated by a rule;
 * sizes scale with the label's width.
 */
export const layWaybill = async (w: Waybill, size: LabelSize, out: LabelSurface): Promise<void> => {
  const scale = size.widthMm / 100
  const margin = 3 * MM
  const inner = out.widthPt - 2 * margin
  let top = margin
  const band = () => {
    out.line(margin, top, out.widthPt - margin)
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
  await out.text(out.widthPt - margin - (await out.width(w.payment, 10 * scale)), top + 2, 10 * scale, w.payment)
  top += 14 * scale * 1.5
  band()

  const png = await code128Png(w.barcode.value)
  const barHeight = (size.heightMm < 160 ? 14 : 18) * MM
  const barWidth = Math.min(inner, (pngWidth(png) / BARCODE_SCALE) * 0.5 * MM)
  await out.image(png, margin + (inner - barWidth) / 2, top, barWidth, barHeight)
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
  const qrSide = 18 * MM * scale
  await out.image(await qrPng(w.barcode.value), out.widthPt - margin - qrSide, top, qrSide, qrSide)
  await para("订单号：", w.orderNo, 8, 1)
  await para("打印日期：", w.printedOn, 8, 1)
}
