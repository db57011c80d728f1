/**
 * The network printers: raw 9100 takes the PDF whole, IPP a Print-Job of it, TSPL the label as a 203 dpi bitmap
 * that matches its golden copy and scans; a closed port, a busy or silent printer are refusals, and a refused
 * job keeps nothing.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Effect } from "effect"
import sharp from "sharp"
import { afterAll, describe, expect, it } from "vitest"
import type { PrinterAddress } from "#src/sending/waybill"
import { FakePrinter } from "./fake-printer"
import { bitmapPng, type LabelBitmap } from "./label-bitmap"
import { networkPrinter } from "./network-printer"
import { readTsplJob, startIppPrinter, startRawPrinter } from "./printer-stand-ins"
import { testWaybill } from "./waybill.testkit"

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
const keeper = () => {
  const dir = mkdtempSync(join(tmpdir(), "network-printer-"))
  dirs.push(dir)
  return new FakePrinter(dir)
}
const kept = (k: FakePrinter, name: string) => Effect.runPromise(k.port().find(name))
/** The bytes are the PDF's (a Buffer comparison: toEqual walks 200 KB element by element). */
const isThePdf = (bytes: Uint8Array | undefined) => bytes !== undefined && Buffer.from(bytes).equals(Buffer.from(pdf))

const waybill = testWaybill("ZTO7312345678901", 180, { id: "ec-zto", code: "ZTO", name: "中通快递" })
const pdf = new Uint8Array(Buffer.from("%PDF-1.7\n" + "x".repeat(200_000) + "\n%%EOF"))
const print = (k: FakePrinter, printer: PrinterAddress, name: string, timeoutMs = 2_000) =>
  Effect.runPromise(networkPrinter(k, { timeoutMs }).print({ printer, name, pdf, waybill }))

describe("raw 9100", () => {
  it("delivers the whole PDF and keeps a copy", async () => {
    const printer = await startRawPrinter()
    try {
      const k = keeper()
      expect(await print(k, { host: "127.0.0.1", port: printer.port, protocol: "raw9100" }, "J1")).toEqual({ ok: true })
      await expect.poll(() => printer.jobs.length).toBe(1)
      expect(isThePdf(printer.jobs[0])).toBe(true)
      expect(isThePdf(await kept(k, "J1"))).toBe(true)
    } finally {
      await printer.close()
    }
  })

  it("a closed port is a refusal, and nothing is kept", async () => {
    const printer = await startRawPrinter()
    await printer.close()
    const k = keeper()
    const answer = await print(k, { host: "127.0.0.1", port: printer.port, protocol: "raw9100" }, "J2")
    expect(answer.ok).toBe(false)
    expect(await kept(k, "J2")).toBeUndefined()
  })
})

describe("IPP", () => {
  it("sends a Print-Job of the PDF to the printer's URI, named after the order, and keeps a copy", async () => {
    const printer = await startIppPrinter({ path: "/printers/label180" })
    try {
      const k = keeper()
      expect(await print(k, { host: "127.0.0.1", port: printer.port, protocol: "ipp", path: "/printers/label180" }, "J3")).toEqual({ ok: true })
      expect(printer.jobs).toHaveLength(1)
      const [job] = printer.jobs
      expect(job!.operation).toBe("Print-Job")
      expect(job!.attributes).toMatchObject({ "printer-uri": `ipp://127.0.0.1:${printer.port}/printers/label180`, "job-name": "J3", "document-format": "application/pdf", "requesting-user-name": "station" })
      expect(isThePdf(job!.document)).toBe(true)
      expect(isThePdf(await kept(k, "J3"))).toBe(true)
    } finally {
      await printer.close()
    }
  })

  it("a busy printer, a wrong path and a silent printer are refusals, and nothing is kept", async () => {
    let behaviour: "busy" | "hang" = "busy"
    const printer = await startIppPrinter({ behave: () => behaviour })
    try {
      const k = keeper()
      const at = (path?: string): PrinterAddress => ({ host: "127.0.0.1", port: printer.port, protocol: "ipp", path })
      expect(await print(k, at(), "J4")).toEqual({ ok: false, reason: "IPP server-error-busy" })
      expect(await print(k, at("/ipp/other"), "J4")).toEqual({ ok: false, reason: "IPP HTTP 404" })
      behaviour = "hang"
      const started = Date.now()
      expect(await print(k, at(), "J4", 300)).toEqual({ ok: false, reason: "打印机无响应" })
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(await kept(k, "J4")).toBeUndefined()
      expect(printer.jobs).toHaveLength(0)
    } finally {
      await printer.close()
    }
  })
})

describe("TSPL", () => {
  const GOLDEN = resolve(import.meta.dirname, "golden/waybill-zto-100x180.tspl.png")
  const fromPng = async (png: Buffer | string): Promise<LabelBitmap> => {
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
    const bytesPerRow = Math.ceil(info.width / 8)
    const bits = new Uint8Array(bytesPerRow * info.height)
    for (let i = 0; i < data.length; i++) if (data[i]! < 128) bits[Math.floor(i / info.width) * bytesPerRow + ((i % info.width) >> 3)]! |= 0x80 >> ((i % info.width) & 7)
    return { width: info.width, height: info.height, bytesPerRow, bits }
  }

  it("sends the label as one 203 dpi BITMAP that matches the golden bitmap, and its codes scan", async () => {
    const printer = await startRawPrinter()
    try {
      const k = keeper()
      expect(await print(k, { host: "127.0.0.1", port: printer.port, protocol: "tspl" }, "J5")).toEqual({ ok: true })
      await expect.poll(() => printer.jobs.length).toBe(1)
      const job = readTsplJob(printer.jobs[0]!)
      expect(job.commands).toEqual(["SIZE 100 mm,180 mm", "GAP 2 mm,0 mm", "DIRECTION 1,0", "REFERENCE 0,0", "CLS", "BITMAP 0,0,100,1439,0", "PRINT 1,1"])
      // 100 × 180 mm at 203 dpi: 799 × 1439 dots, rows padded to 100 bytes
      const printed = { ...job.bitmap, width: 799 }
      const png = await bitmapPng(printed)
      if (process.env.UPDATE_GOLDEN) {
        mkdirSync(resolve(GOLDEN, ".."), { recursive: true })
        writeFileSync(GOLDEN, png)
      }
      const golden = await fromPng(GOLDEN)
      const differing = printed.bits.reduce((n, byte, i) => n + popcount(byte ^ golden.bits[i]!), 0)
      if (differing > 0) {
        mkdirSync("test-results", { recursive: true })
        writeFileSync(resolve("test-results", "waybill-zto-100x180.tspl.png"), png) // to look at beside the golden one
      }
      expect([golden.width, golden.height]).toEqual([799, 1439])
      expect(differing).toBe(0)
      // a fifth of the label or so is ink: text, rules, the bars and the QR
      expect(printed.bits.reduce((n, byte) => n + popcount(byte), 0)).toBeGreaterThan(799 * 1439 * 0.03)
      if (existsSync("/usr/bin/zbarimg") || process.env.CI) {
        const file = join(dirs[dirs.length - 1]!, "label.png")
        writeFileSync(file, png)
        const codes = execFileSync("/usr/bin/zbarimg", ["-q", file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        expect(codes.trim().split("\n").sort()).toEqual(["CODE-128:ZTO7312345678901", "QR-Code:ZTO7312345678901"])
      }
      // what the staff page opens is still the PDF
      expect(isThePdf(await kept(k, "J5"))).toBe(true)
    } finally {
      await printer.close()
    }
  })

  it("lays a 100 × 150 waybill out at its own size", async () => {
    const printer = await startRawPrinter()
    try {
      const short = testWaybill("ZTO7312345678901", 150)
      expect(await Effect.runPromise(networkPrinter(keeper()).print({ printer: { host: "127.0.0.1", port: printer.port, protocol: "tspl" }, name: "J6", pdf, waybill: short })))
        .toEqual({ ok: true })
      await expect.poll(() => printer.jobs.length).toBe(1)
      const { commands } = readTsplJob(printer.jobs[0]!)
      expect([commands[0], commands[5]]).toEqual(["SIZE 100 mm,150 mm", "BITMAP 0,0,100,1199,0"])
    } finally {
      await printer.close()
    }
  })
})

const popcount = (byte: number) => {
  let n = 0
  for (let b = byte; b; b &= b - 1) n++
  return n
}
