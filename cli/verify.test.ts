/** `station verify` as a child process on a fresh data dir: list, pass, reject with a comment, exit codes. */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { checkDigit } from "#src/profile/id-card"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

describe("station verify", () => {
  const env = { DATA_DIR: tempDir("verify") }
  const number = (seq: string) => {
    const first17 = `44010620030303${seq}`
    return first17 + checkDigit(first17)
  }

  beforeAll(async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: join(env.DATA_DIR, "db") })
    try {
      await migrateToLatest(database.db)
      await seedDemoCampus(database.db)
      const pending = (id: string, name: string, no: string, at: string) =>
        database.db.updateTable("app_user").set({
          auth_status: 0, to_auth_realname: name, to_auth_id_card_no: no, id_card_url: "/sign/20260101/0123456789abcdef0123456789abcdef.png",
          auth_submitted_at: new Date(at)
        }).where("id", "=", id).execute()
      await pending("u-student", "李明", number("123"), "2026-11-20T02:00:00Z")
      await pending("u-newstaff", "刘洋", number("135"), "2026-11-21T02:00:00Z")
    } finally {
      await database.close()
    }
  }, SLOW)

  it("lists, passes, rejects with a comment, and refuses what is not under review", async () => {
    const list = await station(["verify", "list", "--json"], env)
    expect(list.code, list.stderr).toBe(0)
    const rows = json<Array<{ userId: string; realname: string; idCardNo: string }>>(list)
    expect(rows.map((r) => r.userId)).toEqual(["u-student", "u-newstaff"])
    expect(rows[0]).toMatchObject({ realname: "李明", idCardNo: `440106********${number("123").slice(-4)}` })

    const text = await station(["verify", "list"], env)
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/u-student .*李明/)

    const pass = await station(["verify", "pass", "u-student", "--json"], env)
    expect(pass.code, pass.stderr).toBe(0)
    expect(json(pass)).toMatchObject({ userId: "u-student", authStatus: 1 })

    const reject = await station(["verify", "reject", "u-newstaff", "--comment", "照片模糊"], env)
    expect(reject.code, reject.stderr).toBe(0)
    expect(reject.stdout).toMatch(/Rejected\.[\s\S]*照片模糊/)

    const again = await station(["verify", "pass", "u-student", "--json"], env)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/该实名认证已处理/)
    expect(json(again)).toEqual({ error: { tag: "StateConflict", message: "该实名认证已处理" } })
    const nobody = await station(["verify", "pass", "u-nobody"], env)
    expect(nobody.code).toBe(1)
    expect(nobody.stderr).toMatch(/获取用户信息失败/)

    const empty = await station(["verify", "list", "--json"], env)
    expect(json(empty)).toEqual([])
  }, SLOW)

  it("bad usage exits 2", async () => {
    const cases: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp]> = [
      [["verify", "reject", "u-student"], /required option '--comment <text>'/],
      [["verify", "pass"], /missing required argument 'userId'/],
      [["verify", "list", "--limit", "0"], /expected a whole number/],
      [["verify", "bogus"], /unknown command 'bogus'/]
    ]
    const runs = await Promise.all(cases.map(([args]) => station(args, env)))
    runs.forEach((run, i) => {
      expect({ args: cases[i]![0], code: run.code }).toEqual({ args: cases[i]![0], code: 2 })
      expect(run.stderr).toMatch(cases[i]![1])
    })
  }, SLOW)
})
