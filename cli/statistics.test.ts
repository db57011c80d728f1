/**
 * The statistics' commands as a child process on a fresh data dir: `staff site-admin`, `report-link create | list |
 * revoke` (the key shown once, in the link's fragment; refusals with the core's messages, exit 1; usage errors 2),
 * `stats --worksite` with the day's figures, `jobs run daily-statistics`; every change is in the operations log and
 * `station replay` reproduces it.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { shanghaiDate } from "#src/shared/time"
import { addDays } from "#src/statistics/days"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 300_000

afterAll(removeTempDirs)

describe("station statistics commands", () => {
  const env = { DATA_DIR: tempDir("statistics") }
  const fresh = { DATA_DIR: tempDir("statistics-replayed") }

  it("switches site admins, makes, lists and revokes report links, prints a worksite's figures, stores the closed days; all replay", async () => {
    const on = await station(["staff", "site-admin", "13900000002", "on", "--json"], env)
    expect(on.code, on.stderr).toBe(0)
    expect(json(on)).toEqual({ employeeId: "e-dongyuan-1", phone: "13900000002", worksiteId: "ws-dongyuan", siteAdmin: true, changed: true, bound: true })

    const site = await station(["report-link", "create", "--worksite", "XY01", "--days", "7"], env)
    expect(site.code, site.stderr).toBe(0)
    const yesterday = addDays(shanghaiDate(new Date()), -1)
    const link = /链接\s+(\S+)/.exec(site.stdout)![1]!
    expect(link).toMatch(new RegExp(`^http://localhost:3000/dailyStatic/${yesterday}#key=[A-Za-z0-9_-]{43}$`))
    expect(site.stdout).toMatch(/范围\s+XY01 西园驿站/)
    const global = await station(["report-link", "create", "--json"], env)
    expect(global.code, global.stderr).toBe(0)
    const made = json<{ id: string; worksiteId: string | null; link: string }>(global)
    expect(made.worksiteId).toBeNull()

    const refusals: Array<[ReadonlyArray<string>, number, RegExp]> = [
      [["report-link", "create", "--worksite", "NOPE"], 1, /网点不存在/],
      [["report-link", "create", "--days", "0"], 2, /whole number from 1 to 365/],
      [["staff", "site-admin", "13900000002", "maybe"], 2, /on or off/]
    ]
    for (const [args, code, message] of refusals) {
      const run = await station(args, env)
      expect({ code: run.code, args }).toEqual({ code, args })
      expect(run.stderr).toMatch(message)
    }

    const revoked = await station(["report-link", "revoke", made.id], env)
    expect(revoked.code, revoked.stderr).toBe(0)
    expect((await station(["report-link", "revoke", made.id], env)).stderr).toMatch("报表链接已撤销")
    const listed = await station(["report-link", "list", "--json"], env)
    const keys = json<Array<{ id: string; siteCode: string | null; state: string; revokedAt: string | null }>>(listed)
    expect(keys.map((k) => [k.siteCode, k.state, k.revokedAt !== null])).toEqual([[null, "revoked", true], ["XY01", "active", false]])
    expect(listed.stdout).not.toContain(link.split("#key=")[1])

    const stats = await station(["stats", "--worksite", "XY01", "--json"], env)
    expect(stats.code, stats.stderr).toBe(0)
    const report = json<{ worksites: Array<{ siteCode: string; checkIns: number; record: string | null; figures: Record<string, number> }> }>(stats)
    expect(report.worksites.map((w) => [w.siteCode, w.checkIns, w.record, w.figures.smsCost, Object.keys(w.figures).length])).toEqual([["XY01", 0, null, 0, 19]])
    const human = await station(["stats", "--date", yesterday], env)
    expect(human.stdout).toMatch(/站点\s+入库/)
    expect(human.stdout).toMatch(/日终在架 \(toSendCount\)\s+0\s+0/)

    const job = await station(["jobs", "run", "daily-statistics", "--json"], env)
    expect(job.code, job.stderr).toBe(0)
    expect(json<{ result: Record<string, number> }>(job).result).toMatchObject({ stored: 4, unchanged: 0, failed: 0 })
    const stored = await station(["stats", "--date", yesterday, "--json"], env)
    expect(json<{ worksites: Array<{ record: string | null }> }>(stored).worksites.every((w) => w.record !== null)).toBe(true)

    const exported = await station(["ops", "export"], env)
    const lines = exported.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { op: string; actorOpenid: string }).filter((l) => "op" in l)
    expect(lines.map((l) => [l.op, l.actorOpenid])).toEqual([
      ["setSiteAdmin", "station-operator"], ["createReportLink", "station-operator"], ["createReportLink", "station-operator"],
      ["revokeReportLink", "station-operator"], ...Array(4).fill(["storeDailyStatistics", "station-system"]),
      // the job's run itself, a marker after its four stored days
      ["jobRun", "station-system"]
    ])
    const file = join(env.DATA_DIR, "ops.jsonl")
    writeFileSync(file, exported.stdout)
    const replayed = await station(["replay", file, "--json"], fresh)
    expect(replayed.code, replayed.stderr).toBe(0)
    expect(json(replayed)).toMatchObject({ reproduced: true, digest: { equal: true, tables: [] }, operations: 9, matched: 9 })
    const keysAfter = json<Array<{ id: string; state: string }>>(await station(["report-link", "list", "--json"], fresh))
    expect(keysAfter.map((k) => [k.id, k.state])).toEqual(keys.map((k) => [k.id, k.state]))
  }, SLOW)
})
