/**
 * The waybill as a thermal printer's 1-bit bitmap (203 dpi unless asked): the same layout as the PDF, drawn as
 * an SVG whose text is the font chunks' glyph outlines (no font needed where it is rasterised) and whose barcode
 * is bars, rasterised by sharp (librsvg) and cut at half grey.
 */
import type Fontkit from "@pdf-lib/fontkit"
import type { Waybill } from "#src/sending/waybill"
import { bytesOf, runsOf } from "./label-font"
import { layWaybill, MM, type LabelSize, type LabelSurface } from "./label-layout"

export const THERMAL_DPI = 203

/** Rows of dots, 1 = black, the leftmost dot the byte's highest bit (as PBM). */
export interface LabelBitmap {
  readonly width: number
  readonly height: number
  readonly bytesPerRow: number
  readonly bits: Uint8Array
}

// fontkit and sharp load on the first label, not when the server or each `station` command starts
const fontkit = async () => (await import("@pdf-lib/fontkit")).default
const sharp = async () => (await import("sharp")).default

type Font = ReturnType<typeof Fontkit.create>
const fonts = new Map<string, Font>()
const fontOf = async (file: string): Promise<Font> => {
  let font = fonts.get(file)
  if (!font) {
    font = (await fontkit()).create(Buffer.from(bytesOf(file)))
    fonts.set(file, font)
  }
  return font
}

const n = (v: number) => Number(v.toFixed(3))

/** The runs of dark pixels of each band of identical rows of a PNG, as rectangles in its pixels. */
const darkRuns = async (png: Buffer) => {
  const { data, info } = await (await sharp())(png).flatten({ background: "#ffffff" }).greyscale().raw().toBuffer({ resolveWithObject: true })
  const row = (y: number) => data.subarray(y * info.width, (y + 1) * info.width)
  const boxes: Array<{ x: number; y: number; width: number; height: number }> = []
  for (let y = 0; y < info.height;) {
    let until = y + 1
    while (until < info.height && row(until).equals(row(y))) until++
    const pixels = row(y)
    for (let x = 0; x < info.width;) {
      if (pixels[x]! >= 128) { x++; continue }
      const from = x
      while (x < info.width && pixels[x]! < 128) x++
      boxes.push({ x: from, y, width: x - from, height: until - y })
    }
    y = until
  }
  return { boxes, width: info.width, height: info.height }
}

/** An SVG surface in points: text as glyph paths, rules as lines, pictures as their dark boxes. */
const svgSurface = (size: LabelSize) => {
  const parts: Array<string> = []
  const widthOf = async (text: string, points: number) => {
    let w = 0
    for (const run of runsOf(text)) {
      const font = await fontOf(run.file)
      w += (font.layout(run.text).advanceWidth * points) / font.unitsPerEm
    }
    return w
  }
  const surface: LabelSurface = {
    widthPt: size.widthMm * MM,
    heightPt: size.heightMm * MM,
    async text(x, top, points, text) {
      let at = x
      for (const run of runsOf(text)) {
        const font = await fontOf(run.file)
        const scale = points / font.unitsPerEm
        const laid = font.layout(run.text)
        let pen = 0
        laid.glyphs.forEach((glyph, i) => {
          const position = laid.positions[i]!
          const d = glyph.path.toSVG()
          if (d) parts.push(`<path transform="translate(${n(at + (pen + position.xOffset) * scale)} ${n(top + points - position.yOffset * scale)}) scale(${n(scale)} ${n(-scale)})" d="${d}"/>`)
          pen += position.xAdvance
        })
        at += pen * scale
      }
      return at - x
    },
    width: widthOf,
    line(x1, top, x2) {
      parts.push(`<rect x="${n(x1)}" y="${n(top - 0.4)}" width="${n(x2 - x1)}" height="0.8"/>`)
    },
    async image(png, x, top, width, height) {
      const runs = await darkRuns(png)
      const [sx, sy] = [width / runs.width, height / runs.height]
      for (const b of runs.boxes) parts.push(`<rect x="${n(x + b.x * sx)}" y="${n(top + b.y * sy)}" width="${n(b.width * sx)}" height="${n(b.height * sy)}"/>`)
    }
  }
  const svg = (dotsWide: number, dotsHigh: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${dotsWide}" height="${dotsHigh}" viewBox="0 0 ${n(surface.widthPt)} ${n(surface.heightPt)}" preserveAspectRatio="none">` +
    `<rect width="100%" height="100%" fill="#fff"/><g fill="#000">${parts.join("")}</g></svg>`
  return { surface, svg }
}

/** The waybill on its label (its own page unless `size` names one) as dots at `dpi`. */
export const renderWaybillBitmap = async (w: Waybill, options: { readonly size?: LabelSize; readonly dpi?: number } = {}): Promise<LabelBitmap> => {
  const size = options.size ?? w.page
  const dpi = options.dpi ?? THERMAL_DPI
  const [width, height] = [Math.round((size.widthMm / 25.4) * dpi), Math.round((size.heightMm / 25.4) * dpi)]
  const { surface, svg } = svgSurface(size)
  await layWaybill(w, size, surface)
  const { data } = await (await sharp())(Buffer.from(svg(width, height))).flatten({ background: "#ffffff" }).greyscale().raw().toBuffer({ resolveWithObject: true })
  const bytesPerRow = Math.ceil(width / 8)
  const bits = new Uint8Array(bytesPerRow * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (data[y * width + x]! < 128) bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7)
  }
  return { width, height, bytesPerRow, bits }
}

/** The bitmap as a greyscale PNG (black dots on white), to look at or keep as a golden copy. */
export const bitmapPng = async (b: LabelBitmap): Promise<Buffer> => {
  const grey = Buffer.alloc(b.width * b.height, 255)
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) if (b.bits[y * b.bytesPerRow + (x >> 3)]! & (0x80 >> (x & 7))) grey[y * b.width + x] = 0
  }
  return (await sharp())(grey, { raw: { width: b.width, height: b.height, channels: 1 } }).png({ compressionLevel: 9 }).toBuffer()
}
