/**
 * Printers for the tests to print to: a raw TCP listener (a raw 9100 or TSPL printer) that keeps each job's
 * bytes, a reader of TSPL jobs as a label printer takes them, and an IPP printer that checks a Print-Job as
 * RFC 8011 asks (version, the first three operation attributes in order, its own URI, a format it prints) and
 * can refuse (busy) or hang.
 */
import { createServer as createHttpServer } from "node:http"
import { createRequire } from "node:module"
import { createServer, type AddressInfo, type Server } from "node:net"
import type { LabelBitmap } from "./label-bitmap"

const ipp = createRequire(import.meta.url)("ipp") as { serialize(message: Record<string, unknown>): Buffer; parse(bytes: Buffer): Record<string, any> }

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
const closing = (server: Server) => () => new Promise<void>((resolve) => server.close(() => resolve()))

/** A raw TCP printer: every connection's bytes, once it closes, are one job. */
export const startRawPrinter = async () => {
  const jobs: Buffer[] = []
  const server = createServer((socket) => {
    const chunks: Buffer[] = []
    socket.on("data", (c) => chunks.push(c))
    socket.on("end", () => jobs.push(Buffer.concat(chunks)))
  })
  return { port: await listen(server), jobs, close: closing(server) }
}

/** A TSPL job read back as a printer takes it: its commands, and its bitmap with 1 = black again. */
export const readTsplJob = (job: Uint8Array): { readonly commands: ReadonlyArray<string>; readonly bitmap: LabelBitmap } => {
  const bytes = Buffer.from(job)
  const at = bytes.indexOf("BITMAP ")
  if (at < 0) throw new Error("no BITMAP in the job")
  let dataAt = at
  for (let k = 0; k < 5; k++) dataAt = bytes.indexOf(",", dataAt) + 1
  const [x, y, bytesPerRow, height, mode] = bytes.subarray(at + 7, dataAt - 1).toString("latin1").split(",").map(Number) as [number, number, number, number, number]
  const end = dataAt + bytesPerRow * height
  const bits = new Uint8Array(bytes.subarray(dataAt, end).map((byte) => ~byte & 0xff))
  const lines = (b: Buffer) => b.toString("latin1").split("\r\n").filter(Boolean)
  return {
    commands: [...lines(bytes.subarray(0, at)), `BITMAP ${x},${y},${bytesPerRow},${height},${mode}`, ...lines(bytes.subarray(end))],
    bitmap: { width: bytesPerRow * 8, height, bytesPerRow, bits }
  }
}

/** Where an IPP request's document starts: after its end-of-attributes tag (0x03), walking the attributes. */
const documentOffset = (body: Buffer): number => {
  let at = 8
  for (;;) {
    const tag = body[at++]!
    if (tag === 0x03) return at
    if (tag < 0x10) continue // a group delimiter
    at += 2 + body.readUInt16BE(at) // the name
    at += 2 + body.readUInt16BE(at) // the value
  }
}

export interface IppPrintJob {
  readonly operation: string
  readonly attributes: Record<string, unknown>
  readonly document: Buffer
}

/** An IPP printer at `/ipp/print` (or `path`): `behave` makes it answer a status other than successful-ok, or hang. */
export const startIppPrinter = async (options: { path?: string; behave?: () => "print" | "busy" | "hang" } = {}) => {
  const path = options.path ?? "/ipp/print"
  const jobs: IppPrintJob[] = []
  let port = 0
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const behaviour = options.behave?.() ?? "print"
      if (behaviour === "hang") return
      if (req.method !== "POST" || req.url !== path || req.headers["content-type"] !== "application/ipp") return void res.writeHead(404).end()
      const body = Buffer.concat(chunks)
      const message = ipp.parse(body)
      const attributes = message["operation-attributes-tag"] as Record<string, unknown>
      const names = Object.keys(attributes)
      const answer = (statusCode: string, job?: Record<string, unknown>) => {
        res.writeHead(200, { "content-type": "application/ipp" })
        res.end(ipp.serialize({
          version: message.version, statusCode, id: message.id,
          "operation-attributes-tag": { "attributes-charset": "utf-8", "attributes-natural-language": "en-us" },
          ...(job ? { "job-attributes-tag": job } : {})
        }))
      }
      if (message.version !== "2.0" && message.version !== "1.1") return answer("server-error-version-not-supported")
      if (names[0] !== "attributes-charset" || names[1] !== "attributes-natural-language" || names[2] !== "printer-uri") return answer("client-error-bad-request")
      if (attributes["printer-uri"] !== `ipp://127.0.0.1:${port}${path}`) return answer("client-error-not-found")
      if (message.operation !== "Print-Job") return answer("server-error-operation-not-supported")
      if (attributes["document-format"] !== "application/pdf") return answer("client-error-document-format-not-supported")
      if (behaviour === "busy") return answer("server-error-busy")
      jobs.push({ operation: message.operation, attributes, document: body.subarray(documentOffset(body)) })
      answer("successful-ok", { "job-id": jobs.length, "job-uri": `ipp://127.0.0.1:${port}${path}/${jobs.length}`, "job-state": "pending" })
    })
  })
  port = await listen(server as unknown as Server)
  return {
    port, jobs,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) })
  }
}
