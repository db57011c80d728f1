/**
 * The waybill PDF: each character finds the font chunk that draws it, the page is the label's size in points,
 * and — where poppler and zbar are installed — only embedded fonts are used, the rendered page shows the
 * Chinese text and its barcode decodes back to the waybill number.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import fontkit from "@pdf-lib/fontkit"
import { PDFDocument } from "pdf-lib"
import sharp from "sharp"
import { afterAll, describe, expect, it } from "vitest"
import { chunkOf, sfntOfWoff } from "./label-font"
import { LABEL_SIZES, wrap } from "./label-layout"
import { renderWaybillPdf } from "./pdf"
import { testWaybill } from "./waybill.testkit"

const waybill = testWaybill

const FONT_FILES = join(dirname(createRequire(import.meta.url).resolve("@fontsource/noto-sans-sc")), "files")

describe("the font's chunks", () => {
  it("find, for each character of a waybill, a chunk whose font has its glyph", () => {
    const w = waybill("SF1795400000000123")
    const text = [w.carrier.name, w.payment, w.receiver.name, w.receiver.address, w.sender.address, w.goods, w.insurance, w.remark, "收寄物品：计费重量订单号打印日期"].join("")
    const fonts = new Map<string, ReturnType<typeof fontkit.create>>()
    const chars = [...new Set(Array.from(text.replace(/\s/g, "")))]
    for (const ch of chars) {
      const file = chunkOf(ch.codePointAt(0)!)
      expect(file, ch).toBeDefined()
      if (!fonts.has(file!)) fonts.set(file!, fontkit.create(sfntOfWoff(readFileSync(join(FONT_FILES, file!)))))
      expect(fonts.get(file!)!.hasGlyphForCodePoint(ch.codePointAt(0)!), `${ch} in ${file}`).toBe(true)
    }
    expect(chunkOf("A".codePointAt(0)!)).toBe("noto-sans-sc-latin-400-normal.woff")
    expect(fonts.size).toBeGreaterThan(2)
    expect(chunkOf(0x10fffd)).toBeUndefined()
  })
})

describe("the waybill PDF", () => {
  const pageSize = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPages().map((p) => p.getSize())

  it("is one page of the label's size in points: the waybill's own (100 × 180, 100 × 150) or the one asked for (76 × 130)", async () => {
    const cases = [
      [await renderWaybillPdf(waybill("SF1795400000000123")), 100, 180],
      [await renderWaybillPdf(waybill("SF1795400000000123", 150)), 100, 150],
      [await renderWaybillPdf(waybill("SF1795400000000123"), { size: LABEL_SIZES.small }), 76, 130],
      [await renderWaybillPdf(waybill("SF1795400000000123", 150), { size: LABEL_SIZES.large }), 100, 180]
    ] as const
    for (const [pdf, widthMm, heightMm] of cases) {
      const pages = await pageSize(pdf)
      expect(pages).toHaveLength(1)
      expect(pages[0]!.width).toBeCloseTo((widthMm * 72) / 25.4, 2)
      expect(pages[0]!.height).toBeCloseTo((heightMm * 72) / 25.4, 2)
    }
  })

  it("wraps by width in ems, Latin half as wide as Chinese", () => {
    expect(wrap("一二三四", 2)).toEqual(["一二", "三四"])
    expect(wrap("abcd一", 2)).toEqual(["abcd", "一"])
  })

  // CI installs them (.ci/run), so there the tests may not be skipped
  const tools = ["/usr/bin/pdftoppm", "/usr/bin/pdffonts", "/usr/bin/pdftotext", "/usr/bin/zbarimg"].every(existsSync) || Boolean(process.env.CI || process.env.REQUIRE_BROWSER)
  const dir = mkdtempSync(join(tmpdir(), "waybill-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  let n = 0
  const file = (pdf: Uint8Array) => {
    const path = join(dir, `w${++n}.pdf`)
    writeFileSync(path, pdf)
    return path
  }
  const run = (tool: string, args: ReadonlyArray<string>) => execFileSync(`/usr/bin/${tool}`, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
  /** The page at 150 dpi as a PNG, and its grey pixels. */
  const rendered = async (pdf: Uint8Array) => {
    const path = file(pdf)
    run("pdftoppm", ["-r", "150", "-png", "-singlefile", path, path.replace(/\.pdf$/, "")])
    const png = path.replace(/\.pdf$/, ".png")
    const { data, info } = await sharp(readFileSync(png)).greyscale().raw().toBuffer({ resolveWithObject: true })
    return { png, data, width: info.width, height: info.height }
  }
  const ink = (pixels: Uint8Array) => pixels.reduce((dark, v) => dark + (v < 128 ? 1 : 0), 0)

  it.skipIf(!tools)("uses only fonts it embeds (Noto Sans SC subsets, no STSong), and its text reads back", async () => {
    const w = waybill("SF1795400000000123")
    const path = file(await renderWaybillPdf(w))
    const rows = run("pdffonts", [path]).trim().split("\n").slice(2)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      const [name, ...rest] = row.trim().split(/\s+/)
      expect(name).toMatch(/^NotoSansSC/)
      expect(rest.at(-5), row).toBe("yes") // emb (then sub, uni, object, generation)
    }
    expect(run("pdffonts", [path])).not.toMatch(/STSong/)
    const text = run("pdftotext", [path, "-"])
    expect(w.receiver.name).toMatch(/^欧阳?\*+$/)
    expect(text).toContain(w.receiver.name)
    expect(text).not.toContain("娜")
    expect(text).toContain("颐和园路五号北京大学燕园")
    expect(text).toContain("SF1795400000000123")
  })

  it.skipIf(!tools)("renders (pdftoppm) on both label sizes, and its barcode and QR decode (zbarimg) to the waybill number", async () => {
    for (const size of [LABEL_SIZES.large, LABEL_SIZES.small]) {
      const page = await rendered(await renderWaybillPdf(waybill("ZTO7312345678901"), { size }))
      expect(page.width).toBe(Math.round((size.widthMm / 25.4) * 150))
      expect(ink(page.data)).toBeGreaterThan(page.data.length / 100)
      // the Code 128 and the QR, both the waybill number
      expect(run("zbarimg", ["-q", page.png]).trim().split("\n").sort()).toEqual(["CODE-128:ZTO7312345678901", "QR-Code:ZTO7312345678901"])
    }
  })

  it.skipIf(!tools)("draws the Chinese glyphs: an address adds ink, and two addresses of the same length look different", async () => {
    const w = waybill("SF1795400000000123")
    const withAddress = (address: string) => ({ ...w, receiver: { ...w.receiver, address } })
    const [beijing, guangzhou, none] = await Promise.all(["北京市海淀区颐和园路", "广东省广州市海珠区路", ""].map(async (a) => rendered(await renderWaybillPdf(withAddress(a)))))
    // ten 11-point characters at 150 dpi: each glyph some 23 px square, well over 30 dark pixels
    expect(ink(beijing!.data) - ink(none!.data)).toBeGreaterThan(10 * 30)
    expect(ink(guangzhou!.data) - ink(none!.data)).toBeGreaterThan(10 * 30)
    const differing = beijing!.data.reduce((count, v, i) => count + (Math.abs(v - guangzhou!.data[i]!) > 64 ? 1 : 0), 0)
    expect(differing).toBeGreaterThan(10 * 30)
  })
})
