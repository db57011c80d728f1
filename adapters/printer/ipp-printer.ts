/**
 * IPP (RFC 8011): the PDF sent as a Print-Job to a print server (CUPS: `/printers/<queue>`) or an IPP printer
 * (`/ipp/print`), over HTTP on the printer's port (631 as a rule). The `ipp` package writes and reads the
 * messages; the request is our own so that it has a timeout. Any status other than successful-ok…, an HTTP
 * error, a refused connection or a silence is the printer refusing.
 */
import { request } from "node:http"
import { createRequire } from "node:module"
import type { PrinterAddress } from "#src/sending/waybill"

type IppMessage = Record<string, unknown> & { statusCode?: string; operation?: string; id?: number; data?: Buffer }
const ipp = createRequire(import.meta.url)("ipp") as { serialize(message: IppMessage): Buffer; parse(bytes: Buffer): IppMessage }

export const IPP_TIMEOUT_MS = 10_000
export const DEFAULT_IPP_PATH = "/ipp/print"

type Answer = { readonly ok: true } | { readonly ok: false; readonly reason: string }

/** The printer's URI as IPP names it. */
export const printerUri = (printer: PrinterAddress) => `ipp://${printer.host}:${printer.port}${printer.path ?? DEFAULT_IPP_PATH}`

/** The Print-Job request for a PDF. */
export const printJobRequest = (printer: PrinterAddress, name: string, pdf: Uint8Array): Buffer =>
  ipp.serialize({
    version: "2.0",
    operation: "Print-Job",
    id: 1,
    "operation-attributes-tag": {
      "attributes-charset": "utf-8",
      "attributes-natural-language": "zh-cn",
      "printer-uri": printerUri(printer),
      "requesting-user-name": "station",
      "job-name": name,
      "document-format": "application/pdf"
    },
    data: Buffer.from(pdf)
  })

export const ippPrint = (printer: PrinterAddress, name: string, pdf: Uint8Array, timeoutMs = IPP_TIMEOUT_MS) =>
  new Promise<Answer>((resolve) => {
    const body = printJobRequest(printer, name, pdf)
    let settled = false
    const done = (answer: Answer) => {
      if (settled) return
      settled = true
      req.destroy()
      resolve(answer)
    }
    const req = request({
      host: printer.host, port: printer.port, path: printer.path ?? DEFAULT_IPP_PATH, method: "POST",
      headers: { "content-type": "application/ipp", "content-length": body.length }
    }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => {
        if (res.statusCode !== 200) return done({ ok: false, reason: `IPP HTTP ${res.statusCode}` })
        try {
          const status = ipp.parse(Buffer.concat(chunks)).statusCode ?? "unknown"
          done(status.startsWith("successful-ok") ? { ok: true } : { ok: false, reason: `IPP ${status}` })
        } catch {
          done({ ok: false, reason: "IPP answer unreadable" })
        }
      })
      res.on("error", (e) => done({ ok: false, reason: e.message }))
    })
    req.setTimeout(timeoutMs, () => done({ ok: false, reason: "打印机无响应" }))
    req.on("error", (e) => done({ ok: false, reason: e.message }))
    req.end(body)
  })
