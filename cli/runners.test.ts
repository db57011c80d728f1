/** `station runners` as a child process on a fresh data dir: list, approve, reject, refusals, and the logged review. */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

describe("station runners", () => {
  const env = { DATA_DIR: tempDir("runners") }

  beforeAll(async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: join(env.DATA_DIR, "db") })
    try {
      await migrateToLatest(database.db)
      await seedDemoCampus(database.db)
      await database.db.updateTable("app_user").set({ paotui_status: 0 }).where("id", "in", ["u-student", "u-newstaff"]).execute()
    } finally {
      await database.close()
    }
  }, SLOW)

  it("lists, approves (the join time set and the review logged under the operator), rejects, and refuses what is not under review", async () => {
    const list = await station(["runners", "list", "--json"], env)
    expect(list.code, list.stderr).toBe(0)
    expect(json<Array<{ userId: string }>>(list).map((r) => r.userId).sort()).toEqual(["u-newstaff", "u-student"])

    const approve = await station(["runners", "approve", "u-student", "--json"], env)
    expect(approve.code, approve.stderr).toBe(0)
    expect(json(approve)).toMatchObject({ userId: "u-student", paotuiStatus: 1 })

    const reject = await station(["runners", "reject", "u-newstaff"], env)
    expect(reject.code, reject.stderr).toBe(0)
    expect(reject.stdout).toMatch(/^Rejected\./)

    const again = await station(["runners", "approve", "u-student", "--json"], env)
    expect(again.code).toBe(1)
    expect(json(again)).toEqual({ error: { tag: "StateConflict", message: "该跑腿申请已处理" } })
    const never = await station(["runners", "approve", "u-admin"], env)
    expect(never.code).toBe(1)
    expect(never.stderr).toMatch(/该用户没有待审核的跑腿申请/)

    const exported = await station(["ops", "export"], env)
    expect(exported.code, exported.stderr).toBe(0)
    const reviews = exported.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)).filter((o) => o.op === "reviewRunner")
    expect(reviews.map((o) => [o.actorOpenid, o.input, o.outcome])).toEqual([
      ["station-operator", { userId: "u-student", decision: 1 }, { userId: "u-student", paotuiStatus: 1 }],
      ["station-operator", { userId: "u-newstaff", decision: 2 }, { userId: "u-newstaff", paotuiStatus: 2 }]
    ])
    const database = await openDatabase({ kind: "pglite", dataDir: join(env.DATA_DIR, "db") })
    try {
      const rows = await database.db.selectFrom("app_user").select(["id", "paotui_joined_at"]).where("id", "in", ["u-student", "u-newstaff"]).orderBy("id").execute()
      expect(rows.map((r) => [r.id, r.paotui_joined_at instanceof Date])).toEqual([["u-newstaff", false], ["u-student", true]])
    } finally {
      await database.close()
    }
  }, SLOW)
})
