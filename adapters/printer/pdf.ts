/**
 * The electronic waybill as PDF (pdf-lib): one page of the label's size with its text in Noto Sans SC,
 * embedded as subsets so a label printer without a CJK font prints the Chinese, and the waybill number as a
 * Code 128 image (bwip-js). The layout is label-layout.ts's; the font's chunks are label-font.ts's.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib"
import type { Waybill } from "#src/sending/waybill"
import { bytesOf, runsOf } from "./label-font"
import { layWaybill, MM, type LabelSize, type LabelSurface } from "./label-layout"

export interface RenderOptions {
  /** The label to lay out on; the waybill's own page when not given. */
  readonly size?: LabelSize
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

/** The page as a label surface (PDF's origin is bottom-left, the layout's top-left). */
const pdfSurface = (doc: PDFDocument, page: PDFPage, black: Color): LabelSurface => {
  const font = fontsOf(doc)
  const y = (top: number) => page.getHeight() - top
  return {
    widthPt: page.getWidth(),
    heightPt: page.getHeight(),
    async text(x, top, size, text) {
      let at = x
      for (const run of runsOf(text)) {
        const f = await font(run.file)
        page.drawText(run.text, { x: at, y: y(top + size), size, font: f, color: black })
        at += f.widthOfTextAtSize(run.text, size)
      }
      return at - x
    },
    async width(text, size) {
      let w = 0
      for (const run of runsOf(text)) w += (await font(run.file)).widthOfTextAtSize(run.text, size)
      return w
    },
    line(x1, top, x2) {
      page.drawLine({ start: { x: x1, y: y(top) }, end: { x: x2, y: y(top) }, thickness: 0.8, color: black })
    },
    async image(png, x, top, width, height) {
      page.drawImage(await doc.embedPng(png), { x, y: y(top + height), width, height })
    }
  }
}

/** The waybill on its label (the waybill's own page unless `options.size` names one), as PDF bytes. */
export const renderWaybillPdf = async (w: Waybill, options: RenderOptions = {}): Promise<Uint8Array> => {
  const size = options.size ?? w.page
  // loaded on the first waybill, not when the server or each `station` command starts
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([import("pdf-lib"), import("@pdf-lib/fontkit")])
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(`${w.carrier.name} ${w.barcode.value}`)
  doc.setCreationDate(new Date(`${w.printedOn}T00:00:00+08:00`))
  doc.setModificationDate(new Date(`${w.printedOn}T00:00:00+08:00`))
  const page = doc.addPage([size.widthMm * MM, size.heightMm * MM])
  await layWaybill(w, size, pdfSurface(doc, page, rgb(0, 0, 0)))
  return doc.save()
}
