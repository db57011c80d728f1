/**
 * A network label printer spoken to as raw TCP on port 9100 (the JetDirect convention): the PDF bytes are
 * written to the printer's address and the connection closed; a refused or silent connection is the
 * printer refusing. The PDFs are still kept (by the fake printer's directory) for the staff page to open.
 */
import { Socket } from "node:net"
import { Effect } from "effect"
import { Printer } from "#src/sending/printer"
import type { FakePrinter } from "./fake-printer"

export const RAW_PRINT_TIMEOUT_MS = 5_000

/** Sends the bytes and resolves once the printer took them all (or with the reason it did not). */
export const sendRaw = (host: string, port: number, bytes: Uint8Array, timeoutMs = RAW_PRINT_TIMEOUT_MS) =>
  new Promise<{ ok: true } | { ok: false; reason: string }>((resolve) => {
    const socket = new Socket()
    let settled = false
    const done = (answer: { ok: true } | { ok: false; reason: string }) => {
      if (settled) return
      settled = true
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(timeoutMs, () => done({ ok: false, reason: "打印机无响应" }))
    socket.once("error", (e) => done({ ok: false, reason: e.message }))
    socket.connect(port, host, () => {
      socket.end(Buffer.from(bytes), () => done({ ok: true }))
    })
  })

/** The printer port over raw 9100, keeping each printed PDF in `keeper`'s directory too. */
export const rawPrinter = (keeper: FakePrinter): Printer["Service"] => {
  const keep = keeper.port()
  return Printer.of({
    print: (job) =>
      Effect.promise(() => sendRaw(job.printer.host, job.printer.port, job.pdf)).pipe(
        Effect.flatMap((sent) => (sent.ok ? keep.print(job) : Effect.succeed(sent)))
      ),
    find: keep.find
  })
}
