/** `station backup` / `station restore` as child processes: a round trip, the refusals, a bad file leaves the data. */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { startApp } from "#adapters/app"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { json, removeTempDirs, station, tempDir , migrationNames } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

/** The carriers in the data dir's database, after removing and adding one. */
const carriers = async (dataDir: string, change: { remove?: string; add?: string } = {}) => {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") })
  try {
    await migrateToLatest(database.db)
    if (change.remove) await database.db.deleteFrom("express_company").where("id", "=", change.remove).execute()
    if (change.add) await database.db.insertInto("express_company").values({ id: change.add, name: change.add }).execute()
    return (await database.db.selectFrom("express_company").select("id").orderBy("id").execute()).map((r) => r.id)
  } finally {
    await database.close()
  }
}

describe("station backup and restore", () => {
  it("round trip: back up, change the data, restore, the data is back", async () => {
    const env = { DATA_DIR: tempDir("backup") }
    const file = join(env.DATA_DIR, "station.tar.gz")
    expect(await carriers(env.DATA_DIR, { add: "ec-before" })).toEqual(["ec-before"])

    const backedUp = await station(["backup", file, "--json"], env)
    expect(backedUp.code, backedUp.stderr).toBe(0)
    expect(json(backedUp)).toMatchObject({ file, migrations: migrationNames() })
    expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b])
    const again = await station(["backup", file], env)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already exists \(--force overwrites it\)/)

    expect(await carriers(env.DATA_DIR, { remove: "ec-before", add: "ec-after" })).toEqual(["ec-after"])
    const refused = await station(["restore", file], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/already holds a database \(--force replaces it\)/)

    const restored = await station(["restore", file, "--force"], env)
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toMatch(/已恢复自\s+.*station\.tar\.gz/)
    expect(await carriers(env.DATA_DIR)).toEqual(["ec-before"])

    const elsewhere = { DATA_DIR: tempDir("restored") }
    const fresh = await station(["restore", file], elsewhere)
    expect(fresh.code, fresh.stderr).toBe(0)
    expect(await carriers(elsewhere.DATA_DIR)).toEqual(["ec-before"])

    const garbage = join(env.DATA_DIR, "garbage.tar.gz")
    writeFileSync(garbage, "not a backup")
    const bad = await station(["restore", garbage, "--force"], env)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/garbage\.tar\.gz is not a database backup PGlite can load/)
    expect(await carriers(env.DATA_DIR)).toEqual(["ec-before"])
  }, SLOW)

  it("refuses while a server holds the database, naming it, and without a database", async () => {
    const env = { DATA_DIR: tempDir("busy") }
    const empty = await station(["backup", join(env.DATA_DIR, "none.tar.gz")], env)
    expect(empty.code).toBe(1)
    expect(empty.stderr).toMatch(/there is no database in .*\/db/)
    const noUrl = await station(["backup", "x.tar.gz"], { ...env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" })
    expect(noUrl.code).toBe(2)
    expect(noUrl.stderr).toMatch(/with DATABASE_URL use pg_dump/)

    const app = await startApp({ port: 0, host: "127.0.0.1", database: { kind: "pglite", dataDir: join(env.DATA_DIR, "db") }, outboxIntervalMs: 3_600_000 })
    try {
      const file = join(env.DATA_DIR, "busy.tar.gz")
      const [backup, restore] = await Promise.all([station(["backup", file], env), station(["restore", file, "--force"], env)])
      for (const [run, what] of [[backup, "backup"], [restore, "restore"]] as const) {
        expect(run.code).toBe(1)
        expect(run.stderr).toMatch(new RegExp(`station ${what} needs the database to itself, but it is open in .* \\(process ${process.pid}\\); stop it first`))
      }
    } finally {
      await app.close()
    }
  }, SLOW)
})
