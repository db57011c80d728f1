/**
 * `station circle` as a child process on a data dir with a reported message post: the reports (all and open), hiding
 * with a reason, restoring to the status before, one post with its reports and decisions, and refusals with the
 * core's messages (exit 1).
 */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

describe("station circle", () => {
  const env = { DATA_DIR: tempDir("circle") }
  const at = new Date("2026-11-27T04:00:00Z")

  beforeAll(async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: join(env.DATA_DIR, "db") })
    try {
      await migrateToLatest(database.db)
      await seedDemoCampus(database.db)
      await database.db.insertInto("circle_social").values({
        id: "post-1", kind: 40, owner_id: "u-student", worksite_id: "ws-xiyuan", motto: "天天向上", word: "加我微信买便宜货", pics: "[]", created_at: at
      }).execute()
      await database.db.insertInto("circle_report").values([
        { id: "r1", target_id: "post-1", reporter_openid: "demo-runner", complain: 20, created_at: at },
        { id: "r2", target_id: "post-1", reporter_openid: "demo-staff", complain: 10, created_at: new Date(at.getTime() + 60_000) }
      ]).execute()
    } finally {
      await database.close()
    }
  }, SLOW)

  it("lists reports, hides with a reason, restores, shows the decisions; refuses with the core's words", async () => {
    const open = await station(["circle", "reports", "--open", "--json"], env)
    expect(open.code, open.stderr).toBe(0)
    expect(json<Array<{ id: string; reports: number; status: number; open: boolean }>>(open).map((p) => [p.id, p.reports, p.status, p.open]))
      .toEqual([["post-1", 2, 1, true]])

    const blank = await station(["circle", "hide", "post-1", "--reason", " "], env)
    expect(blank.code).toBe(1)
    expect(blank.stderr).toMatch("请填写屏蔽原因")
    const hidden = await station(["circle", "hide", "post-1", "--reason", "广告"], env)
    expect(hidden.code, hidden.stderr).toBe(0)
    const twice = await station(["circle", "hide", "post-1", "--reason", "广告"], env)
    expect(twice.code).toBe(1)
    expect(twice.stderr).toMatch("只能屏蔽上架或下架的内容")
    expect((await station(["circle", "reports", "--open"], env)).stdout).toMatch("No open reports.")

    const restored = await station(["circle", "restore", "post-1"], env)
    expect(restored.stdout).toMatch("Restored: post-1 is 上架中 again.")
    const shown = await station(["circle", "show", "post-1"], env)
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/状态\s+上架中/)
    expect(shown.stdout).toMatch(/demo-runner\s+广告/)
    expect(shown.stdout).toMatch(/隐藏\s+广告/)
    expect(shown.stdout).toMatch(/恢复/)
    const english = await station(["circle", "show", "post-1", "--lang", "en"], env)
    expect(english.stdout).toMatch(/kind\s+message/)
    expect(english.stdout).toMatch(/status\s+listed/)
    expect(english.stdout).toMatch(/hide\s+广告/)
    expect(english.stdout).toMatch(/demo-runner\s+advertising/)
    const missing = await station(["circle", "show", "no-such-post"], env)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch("没有这条内容")
  }, SLOW)
})
