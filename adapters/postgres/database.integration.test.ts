import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase } from "./database"

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "station-db-"))
  dirs.push(dir)
  return join(dir, "db")
}
afterEach(() => { dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })) })

describe("embedded PGlite data directory", () => {
  it("keeps data across reopenings and admits one opener at a time", async () => {
    const dataDir = freshDir()
    const first = await openDatabase({ kind: "pglite", dataDir })
    await migrateToLatest(first.db)
    await first.db.insertInto("express_company").values({ id: "ec-x", name: "X" }).execute()
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`already open in process ${process.pid}`)
    await first.close()
    const second = await openDatabase({ kind: "pglite", dataDir })
    expect(await second.db.selectFrom("express_company").select("name").execute()).toEqual([{ name: "X" }])
    await second.close()
  })

  it("refuses a directory held by another live process and takes over from a dead one", async () => {
    const dataDir = freshDir()
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"])
    try {
      await import("node:fs").then((fs) => fs.mkdirSync(dataDir, { recursive: true }))
      writeFileSync(join(dataDir, "station.lock"), JSON.stringify({ pid: holder.pid, since: "earlier", command: "station serve" }))
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`already open in process ${holder.pid} (station serve`)
    } finally {
      holder.kill()
    }
    await new Promise((r) => holder.once("exit", r))
    const db = await openDatabase({ kind: "pglite", dataDir })
    await db.close()
  })
})
