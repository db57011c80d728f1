/**
 * `station returns list|mark-due|export` as a child process on a fresh embedded database holding parcels
 * checked in 4 days and 1 day ago; the CSV and XLSX files are read back; output through a pipe is plain.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Exit } from "effect"
import { readSheet } from "../adapters/sheets/sheet.testkit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { checkIn } from "#src/parcel/use-cases"
import { toCsv, toXlsx } from "../adapters/sheets/sheet"
import { json, removeTempDirs, seededDataDir, station, tempDir } from "./station.testkit"

const SLOW = 240_000
const DAY = 24 * 3_600_000

afterAll(removeTempDirs)

describe("sheets", () => {
  it("CSV: BOM, CRLF, quotes where needed, formulas defused", () => {
    const csv = toCsv({ header: ["a", "b"], rows: [["x,y", 'say "hi"'], ["=1+1", 3], ["-2", "line\nbreak"]] })
    expect(csv).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n\'=1+1,3\r\n\'-2,"line\nbreak"\r\n')
  })

  it("XLSX: one bold-headed sheet, text as text (formulas defused), numbers as numbers, wide columns for long cells", async () => {
    const sheet = await readSheet(await toXlsx({ header: ["单号", "件数"], rows: [["=1+1", 3], ["新港西路135号中山大学南校园", 0.5]] }, "待退回"))
    expect(sheet).toMatchObject({ count: 1, name: "待退回", headerBold: true })
    expect(sheet.rows).toEqual([["单号", "件数"], ["'=1+1", 3], ["新港西路135号中山大学南校园", 0.5]])
    expect(sheet.widths[0]).toBeGreaterThan(sheet.widths[1]!)
  })
})

describe.concurrent("station returns", () => {
  const env = { DATA_DIR: tempDir("returns") }
  const numbers = { old1: "RET-OLD-1", old2: "RET-OLD-2", oldYto: "RET-OLD-YTO", young: "RET-YOUNG", dongyuan: "RET-DY" }

  beforeAll(async () => {
    await seededDataDir(env.DATA_DIR, async (database, runtime) => {
      const [xy, dy] = [await actorByOpenid(database.db, "demo-staff"), await actorByOpenid(database.db, "demo-staff-dy")]
      const base = { worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "A-01", weight: "wf-1", receiverPhone: "13800000001" }
      const parcels: ReadonlyArray<readonly [typeof xy, Record<string, string>, number]> = [
        [xy, { ...base, expressNo: numbers.old1, receiver: "=HYPERLINK(\"x\")" }, 5 * DAY],
        [xy, { ...base, expressNo: numbers.old2, receiver: "王, 五" }, 4 * DAY],
        [xy, { ...base, expressNo: numbers.oldYto, expressCompany: "ec-yto" }, 4 * DAY],
        [xy, { ...base, expressNo: numbers.young }, 1 * DAY],
        [dy, { ...base, worksite: "ws-dongyuan", expressNo: numbers.dongyuan, receiverPhone: "13800000009" }, 4 * DAY]
      ]
      for (const [actor, input, age] of parcels) {
        const exit = await runtime.run(checkIn(actor!, input), { now: new Date(Date.now() - age) })
        if (!Exit.isSuccess(exit)) throw new Error(`not checked in: ${JSON.stringify(exit)}`)
      }
    })
  }, SLOW)

  it("lists nothing until mark-due runs, which marks exactly the parcels over 3 days, once; then lists and exports them", async () => {
    const before = await station(["returns", "list"], env)
    expect(before.code, before.stderr).toBe(0)
    expect(before.stdout).toMatch(/No parcels awaiting return\.[\s\S]*4 more parcel\(s\) are over 3 days/)

    const marked = await station(["returns", "mark-due", "--json"], env)
    expect(marked.code, marked.stderr).toBe(0)
    expect(json(marked)).toMatchObject({ count: 4 })
    const again = await station(["returns", "mark-due"], env)
    expect(again.stdout.trim()).toBe("No parcel is due: nothing changed.")

    const listed = await station(["returns", "list", "--json"], env)
    expect(listed.code, listed.stderr).toBe(0)
    const rows = json<Array<{ expressNo: string; status: number; receiverPhone: string; worksiteId: string }>>(listed)
    expect(rows.map((r) => r.expressNo)).toEqual([numbers.old1, numbers.old2, numbers.oldYto, numbers.dongyuan])
    expect(rows.every((r) => r.status === 300 && r.receiverPhone.includes("****"))).toBe(true)

    const sfAtXiyuan = await station(["returns", "list", "--worksite", "ws-xiyuan", "--company", "ec-sf", "--json"], env)
    expect(json<Array<{ expressNo: string }>>(sfAtXiyuan).map((r) => r.expressNo)).toEqual([numbers.old1, numbers.old2])

    const table = await station(["returns", "list", "--worksite", "ws-xiyuan"], env)
    expect(table.stdout).toMatch(/快递公司\s+快递单号\s+取件码/)
    expect(table.stdout).toContain(numbers.oldYto)
    expect(table.stdout).not.toContain(numbers.dongyuan)
    for (const out of [table.stdout, table.stderr, listed.stdout]) expect(/\u001b|\r/.test(out)).toBe(false)

    const csvFile = join(env.DATA_DIR, "sf.csv")
    const csv = await station(["returns", "export", csvFile, "--worksite", "ws-xiyuan", "--company", "ec-sf", "--json"], env)
    expect(csv.code, csv.stderr).toBe(0)
    expect(json(csv)).toMatchObject({ format: "csv", rows: 2, worksiteId: "ws-xiyuan", expressCompanyId: "ec-sf" })
    const lines = readFileSync(csvFile, "utf8").split("\r\n")
    expect(lines[0]).toBe("\uFEFF快递公司,快递单号,取件码,收件人,收件电话,入库时间,站点")
    expect(lines[1]).toMatch(new RegExp(`^顺丰速运,${numbers.old1},A-01-\\d{4},"'=HYPERLINK\\(""x""\\)",138\\*\\*\\*\\*0001,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,ws-xiyuan$`))
    expect(lines[2]).toContain(`${numbers.old2},A-01-`)
    expect(lines[2]).toContain('"王, 五"')
    expect(lines.slice(3)).toEqual([""])

    const refused = await station(["returns", "export", csvFile], env)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/exists: pass --force/)

    const xlsxFile = join(env.DATA_DIR, "all.xlsx")
    const xlsx = await station(["returns", "export", xlsxFile], env)
    expect(xlsx.code, xlsx.stderr).toBe(0)
    expect(xlsx.stdout).toMatch(/包裹数\s+4/)
    const sheet = await readSheet(readFileSync(xlsxFile))
    expect(sheet).toMatchObject({ count: 1, name: "待退回", headerBold: true })
    expect(sheet.rows).toHaveLength(5)
    expect(sheet.rows[0]).toEqual(["快递公司", "快递单号", "取件码", "收件人", "收件电话", "入库时间", "站点"])
    expect(sheet.rows.map((row) => row[1])).toContain(numbers.dongyuan)
    expect(sheet.rows.map((row) => row[3])).toContain("'=HYPERLINK(\"x\")")

    const badFormat = await station(["returns", "export", join(env.DATA_DIR, "out.txt")], env)
    expect(badFormat.code).toBe(2)
    expect(badFormat.stderr).toMatch(/name it \.csv or \.xlsx/)
    writeFileSync(join(env.DATA_DIR, "keep.csv"), "mine")
    expect((await station(["returns", "export", join(env.DATA_DIR, "keep.csv"), "--force", "--format", "csv"], env)).code).toBe(0)
  }, SLOW)
})
