/**
 * The waybill PDF writer: Code 128 symbols (patterns, set switching, check symbol), the PDF's cross-reference
 * table pointing at its objects, the page size in points, and — where poppler and zbar are installed — the
 * rendered page's barcode decoding back to the waybill number.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { StateConflict } from "#src/shared/errors"
import { waybillOf, type Waybill } from "#src/sending/waybill"
import { CODE128_PATTERNS, code128Bars, code128Values, MM, renderWaybillPdf, wrap } from "./pdf"

const contact = { name: "张三", phone: "13800138000", province: "44", city: "4401", county: "440105", provinceName: "广东省", cityName: "广州市", countyName: "海珠区", detail: "新港西路135号" }
const waybill = (expressNo: string, heightMm: 150 | 180 = 180): Waybill => {
  const w = waybillOf({
    orderNo: "J1795400000000ABC123", expressNo, sender: contact, receiver: { ...contact, name: "李四" }, goodsName: "书籍", goodsCount: 1,
    freightWeight: 1500, freight: 1200, freightPaid: true, isDaofu: false, insureMoney: 50_000, insureFreight: 250, remark: ""
  }, { id: "ec-sf", code: "SF", name: "顺丰速运" }, { widthMm: 100, heightMm }, new Date("2026-11-23T04:00:00Z"))
  if (w instanceof StateConflict) throw new Error(w.message)
  return w
}

describe("Code 128", () => {
  it("has 107 distinct symbols, each 11 modules (stop 13), bars and spaces alternating from a bar", () => {
    expect(CODE128_PATTERNS).toHaveLength(107)
    expect(new Set(CODE128_PATTERNS).size).toBe(107)
    CODE128_PATTERNS.forEach((p, i) => expect([...p].reduce((s, d) => s + Number(d), 0)).toBe(i === 106 ? 13 : 11))
  })

  it("encodes set B text with the mod-103 check: 'SF1' → start B, S, F, 1, check, stop", () => {
    const values = code128Values("SF1")
    expect(values).toEqual([104, 51, 38, 17, (104 + 51 * 1 + 38 * 2 + 17 * 3) % 103, 106])
  })

  it("switches to set C for runs of four digits or more (pairs), and back to B", () => {
    expect(code128Values("123456").slice(0, 4)).toEqual([105, 12, 34, 56])
    const mixed = code128Values("SF12345")
    // S F, then the odd digit in B, then C for 2345
    expect(mixed.slice(0, 7)).toEqual([104, 51, 38, 17, 99, 23, 45])
    expect(code128Values("A1234B").slice(0, 6)).toEqual([104, 33, 99, 12, 34, 100])
  })

  test.prop([fc.stringMatching(/^[A-Z0-9]{1,24}$/)])("any waybill number: the check symbol is the weighted sum mod 103, the bars fit the width", (text) => {
    const values = code128Values(text)
    const check = values.at(-2)!
    expect(check).toBe(values.slice(0, -2).reduce((s, v, k) => s + v * (k === 0 ? 1 : k), 0) % 103)
    const { bars, total } = code128Bars(text)
    expect(bars.every(([x, w]) => x >= 10 && x + w <= total - 10)).toBe(true)
  })

  it("refuses characters outside printable ASCII", () => {
    expect(() => code128Values("顺丰1")).toThrow()
  })
})

describe("the waybill PDF", () => {
  it("is a one-page PDF of the sheet's size whose cross-reference points at each object", () => {
    for (const height of [150, 180] as const) {
      const pdf = Buffer.from(renderWaybillPdf(waybill("SF1795400000000123", height)))
      const text = pdf.toString("latin1")
      expect(text.startsWith("%PDF-1.4")).toBe(true)
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true)
      expect(text).toContain(`/MediaBox [0 0 ${Math.round(100 * MM * 100) / 100} ${Math.round(height * MM * 100) / 100}]`)
      expect(text).toContain("/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H")
      const xref = Number(/startxref\n(\d+)/.exec(text)![1])
      expect(text.slice(xref, xref + 4)).toBe("xref")
      const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
      expect(offsets).toHaveLength(8)
      offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`))
      // the receiver's name as the privacy waybill prints it, in UTF-16BE: 李 U+674E, * U+002A (never 四 U+56DB)
      expect(text).toContain("674E002A")
      expect(text).not.toContain("674E56DB")
    }
  })

  it("wraps by width in ems, Latin half as wide as Chinese", () => {
    expect(wrap("一二三四", 2)).toEqual(["一二", "三四"])
    expect(wrap("abcd一", 2)).toEqual(["abcd", "一"])
  })

  // CI installs both (.ci/run), so there the test may not be skipped
  const tools = ["/usr/bin/pdftoppm", "/usr/bin/zbarimg"].every(existsSync) || Boolean(process.env.CI || process.env.REQUIRE_BROWSER)
  it.skipIf(!tools)("renders (pdftoppm) and its barcode decodes (zbarimg) to the waybill number", () => {
    const dir = mkdtempSync(join(tmpdir(), "waybill-"))
    try {
      writeFileSync(join(dir, "w.pdf"), renderWaybillPdf(waybill("ZTO7312345678901")))
      execFileSync("/usr/bin/pdftoppm", ["-png", "-r", "200", join(dir, "w.pdf"), join(dir, "w")])
      expect(readFileSync(join(dir, "w-1.png")).subarray(1, 4).toString()).toBe("PNG")
      const decoded = execFileSync("/usr/bin/zbarimg", ["-q", "--raw", join(dir, "w-1.png")], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      expect(decoded.trim()).toBe("ZTO7312345678901")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
