/** The raw 9100 printer: the bytes arrive whole at a listening printer; a closed port is a refusal. */
import { createServer, type Server } from "node:net"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { FakePrinter } from "./fake-printer"
import { rawPrinter, sendRaw } from "./raw-printer"

const servers: Server[] = []
const dirs: string[] = []
afterAll(() => {
  servers.forEach((s) => s.close())
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
})

const listening = (onData: (bytes: Buffer) => void) =>
  new Promise<number>((resolve) => {
    const server = createServer((socket) => {
      const chunks: Buffer[] = []
      socket.on("data", (c) => chunks.push(c))
      socket.on("end", () => onData(Buffer.concat(chunks)))
    })
    servers.push(server)
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port))
  })

describe("raw 9100 printer", () => {
  it("delivers the whole PDF and keeps a copy", async () => {
    let received: Buffer | undefined
    const arrived = new Promise<void>(async (resolve) => {
      const port = await listening((b) => { received = b; resolve() })
      const dir = mkdtempSync(join(tmpdir(), "raw-printer-"))
      dirs.push(dir)
      const keeper = new FakePrinter(dir)
      const pdf = new Uint8Array(Buffer.from("%PDF-1.4\n" + "x".repeat(200_000)))
      const answer = await Effect.runPromise(rawPrinter(keeper).print({ printer: { host: "127.0.0.1", port }, name: "J1", pdf }))
      expect(answer).toEqual({ ok: true })
      expect(await Effect.runPromise(keeper.port().find("J1"))).toEqual(pdf)
    })
    await arrived
    expect(received?.length).toBe(9 + 200_000)
  })

  it("a closed port is a refusal, and nothing is kept", async () => {
    const port = await listening(() => {})
    servers.at(-1)!.close()
    await new Promise((r) => setTimeout(r, 50))
    const dir = mkdtempSync(join(tmpdir(), "raw-printer-"))
    dirs.push(dir)
    const keeper = new FakePrinter(dir)
    const answer = await Effect.runPromise(rawPrinter(keeper).print({ printer: { host: "127.0.0.1", port }, name: "J2", pdf: new Uint8Array([1]) }))
    expect(answer.ok).toBe(false)
    expect(await Effect.runPromise(keeper.port().find("J2"))).toBeUndefined()
  })
})
