import { spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { hostname, tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { lockDataDir, lockFileOf } from "./data-dir-lock"
import { migrateToLatest, openDatabase } from "./database"

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "station-db-"))
  dirs.push(dir)
  return join(dir, "db")
}
afterEach(() => { dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })) })

const sleeper = () => spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"])
const writeLock = (dataDir: string, owner: object) => {
  mkdirSync(join(dataDir, ".."), { recursive: true })
  writeFileSync(lockFileOf(dataDir), JSON.stringify({ since: "earlier", command: "station serve", ...owner }))
}

describe("embedded PGlite data directory", () => {
  it("keeps data across reopenings and admits one opener at a time", async () => {
    const dataDir = freshDir()
    const first = await openDatabase({ kind: "pglite", dataDir })
    await migrateToLatest(first.db)
    await first.db.insertInto("express_company").values({ id: "ec-x", name: "X" }).execute()
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`(process ${process.pid} on ${hostname()}, since `)
    await first.close()
    expect(existsSync(lockFileOf(dataDir))).toBe(false)
    const second = await openDatabase({ kind: "pglite", dataDir })
    expect(await second.db.selectFrom("express_company").select("name").execute()).toEqual([{ name: "X" }])
    await second.close()
  })

  it("refuses a directory held by another live process and takes over from a dead one, with a notice", async () => {
    const dataDir = freshDir()
    const holder = sleeper()
    try {
      writeLock(dataDir, { pid: holder.pid })
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`already open in station serve (process ${holder.pid}, since earlier)`)
    } finally {
      holder.kill()
    }
    await new Promise((r) => holder.once("exit", r))
    const notices: string[] = []
    const db = await openDatabase({ kind: "pglite", dataDir }, { notice: (m) => notices.push(m) })
    await db.close()
    expect(notices).toEqual([`took over the stale lock of ${dataDir} left by station serve (process ${holder.pid}, since earlier): process ${holder.pid} has ended`])
  })

  it("takes over a lock carried along by a copied directory even though its writer still runs", async () => {
    const original = freshDir()
    const first = await openDatabase({ kind: "pglite", dataDir: original })
    await migrateToLatest(first.db)
    try {
      const copy = join(freshDir(), "..", "copy")
      mkdirSync(copy)
      cpSync(join(original, ".."), copy, { recursive: true })
      const copied = join(copy, "db")
      expect(JSON.parse(readFileSync(lockFileOf(copied), "utf8"))).toMatchObject({ pid: process.pid, dataDir: original })
      const notices: string[] = []
      const second = await openDatabase({ kind: "pglite", dataDir: copied }, { notice: (m) => notices.push(m) })
      await second.close()
      expect(notices).toEqual([expect.stringMatching(`left by .*: it was written for ${original} \\(a copied directory\\)$`)])
    } finally {
      await first.close()
    }
  })

  it("treats a lock of a reused pid, an earlier boot or another machine as stale", async () => {
    const ownStart = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /s, "").split(" ")[19]!
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()
    const cases: ReadonlyArray<readonly [object, string]> = [
      [{ pid: process.pid, host: hostname(), boot, started: String(Number(ownStart) - 1) }, `process ${process.pid} is now another program`],
      [{ pid: process.pid, host: hostname(), boot: "00000000-0000-0000-0000-000000000000", started: ownStart }, "it was written before the machine restarted"],
      [{ pid: process.pid, host: `not-${hostname()}`, started: ownStart }, `it was written on the machine not-${hostname()}`]
    ]
    for (const [owner, why] of cases) {
      const dataDir = freshDir()
      writeLock(dataDir, { ...owner, dataDir })
      const notices: string[] = []
      lockDataDir(dataDir, (m) => notices.push(m)).release()
      expect(notices).toEqual([expect.stringMatching(`: ${why}$`)])
      expect(existsSync(lockFileOf(dataDir))).toBe(false)
    }
    // The same record with the right start time is this live process: refused.
    const dataDir = freshDir()
    writeLock(dataDir, { pid: process.pid, host: hostname(), boot, started: ownStart, dataDir })
    expect(() => lockDataDir(dataDir)).toThrow(`already open in station serve (process ${process.pid} on ${hostname()}`)
  })

  it("refuses while a server of the earlier version holds the lock inside the directory", async () => {
    const dataDir = freshDir()
    const holder = sleeper()
    try {
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(join(dataDir, "station.lock"), JSON.stringify({ pid: holder.pid, since: "earlier", command: "station serve" }))
      expect(() => lockDataDir(dataDir)).toThrow(`already open in station serve (process ${holder.pid}, since earlier), an earlier version`)
    } finally {
      holder.kill()
    }
    await new Promise((r) => holder.once("exit", r))
    lockDataDir(dataDir).release()
  })
})
