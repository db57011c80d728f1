/** `station tariff import` as a child process on a fresh embedded database: a good file replaces its carrier's rows, a bad one is refused whole with every bad line. */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

describe("station tariff import", () => {
  it("imports a file, replacing the rows of the worksite and carrier it names; refuses a bad file whole", async () => {
    const dir = tempDir("tariff")
    const env = { DATA_DIR: join(dir, "data") }
    const good = join(dir, "good.csv")
    writeFileSync(good, "worksiteId,companyCode,toProvinceCode,firstKg,extraKg\n# JD to two provinces\nws-xiyuan,JD,44,9,3.5\nws-xiyuan,SF,31,13.5,6\n")
    const ok = await station(["tariff", "import", good, "--json"], env)
    expect(ok.code, ok.stderr).toBe(0)
    expect(JSON.parse(ok.stdout)).toEqual({ rows: 2, replaced: ["ws-xiyuan JD", "ws-xiyuan SF"] })

    const bad = join(dir, "bad.csv")
    writeFileSync(bad, "worksiteId,companyCode,toProvinceCode,firstKg,extraKg\nws-xiyuan,JD,4,9,3\nws-xiyuan,JD,31,0,5\nws-xiyuan,JD,32,8,1\n")
    const refused = await station(["tariff", "import", bad], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("line 2: 省份编码不正确：4")
    expect(refused.stderr).toContain("line 3: 首重价格不正确：0")
    const unknown = join(dir, "unknown.csv")
    writeFileSync(unknown, "worksiteId,companyCode,toProvinceCode,firstKg,extraKg\nws-nowhere,JD,44,9,3\n")
    expect((await station(["tariff", "import", unknown], env))).toMatchObject({ code: 1 })
    expect((await station(["tariff", "import", join(dir, "missing.csv")], env)).code).toBe(2)

    const database = await openDatabase({ kind: "pglite", dataDir: join(dir, "data", "db") })
    try {
      await migrateToLatest(database.db)
      const rows = await database.db.selectFrom("freight_tariff").select(["company_code", "to_province_code", "first_kg", "extra_kg"])
        .where("worksite_id", "=", "ws-xiyuan").where("company_code", "in", ["JD", "SF"]).orderBy("company_code").execute()
      // SF's 34 seeded provinces were replaced by the file's one; JD has exactly the file's row, nothing of the refused files
      expect(rows).toEqual([{ company_code: "JD", to_province_code: "44", first_kg: 900, extra_kg: 350 }, { company_code: "SF", to_province_code: "31", first_kg: 1350, extra_kg: 600 }])
    } finally {
      await database.close()
    }
  }, SLOW)
})
