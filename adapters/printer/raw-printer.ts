/**
 * Raw TCP on port 9100 (the JetDirect convention): the bytes are written to the printer's address and the
 * connection closed; a refused or silent connection is the printer refusing. A PDF printer and a TSPL label
 * printer both take their jobs this way.
 */
import { Socket } from "node:net"

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
