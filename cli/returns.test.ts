/**
 * `station returns list|mark-due|export` as a child process on a fresh embedded database holding parcels
 * checked in 4 days and 1 day ago; the CSV and XLSX files are read back; output through a pipe is plain.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { inflateRawSync } from "node:zlib"
import { Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { checkIn } from "#src/parcel/use-cases"
import { crc32, toCsv, zip } from "../adapters/sheets/sheet"
import { json, removeTempDirs, seededDataDir, station, tempDir } from "./station.testkit"

const SLOW = 240_000
const DAY = 24 * 3_600_000

afterAll(removeTempDirs)

/** The files of a ZIP archive, read through its central directory, each checked against its CRC. */
const unzip = (archive: Buffer): Map<string, string> => {
  const files = new Map<string, string>()
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = archive.readUInt16LE(end + 10)
  let at = archive.readUInt32LE(end + 16)
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50)
    const method = archive.readUInt16LE(at + 10)
    const crc = archive.readUInt32LE(at + 16)
    const packed = archive.readUInt32LE(at + 20)
    const nameLength = archive.readUInt16LE(at + 28)
    const extra = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32)
    const local = archive.readUInt32LE(at + 42)
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString("utf8")
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28)
    const data = archive.subarray(start, start + packed)
    const content = method === 8 ? inflateRawSync(data) : data
    expect(crc32(content)).toBe(crc)
    files.set(name, content.toString("utf8"))
    at += 46 + nameLength + extra
  }
  return files
}

describe("sheets", () => {
  it("CSV: BOM, CRLF, quotes where needed, formulas defused", () => {
    const csv = toCsv({ header: ["a", "b"], rows: [["x,y", 'say "hi"'], ["=1+1", 3], ["-2", "line\nbreak"]] })
    expect(csv).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n\'=1+1,3\r\n\'-2,"line\nbreak"\r\n')
  })

  it("ZIP: what goes in comes out, names in UTF-8", () => {
    const files = unzip(zip([["a.txt", "hello"], ["目录/b.xml", "<x>退回</x>".repeat(100)]]))
    expect([...files.entries()]).toEqual([["a.txt", "hello"], ["目录/b.xml", "<x>退回</x>".repeat(100)]])
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
    const files = unzip(readFileSync(xlsxFile))
    expect([...files.keys()].sort()).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/worksheets/sheet1.xml"])
    const sheet = files.get("xl/worksheets/sheet1.xml")!
    expect(sheet.match(/<row /g)).toHaveLength(5)
    expect(sheet).toContain("<t xml:space=\"preserve\">快递单号</t>")
    expect(sheet).toContain(`<t xml:space="preserve">${numbers.dongyuan}</t>`)
    expect(sheet).toContain("'=HYPERLINK(&quot;x&quot;)")
    expect(files.get("xl/workbook.xml")).toContain('name="待退回"')

    const badFormat = await station(["returns", "export", join(env.DATA_DIR, "out.txt")], env)
    expect(badFormat.code).toBe(2)
    expect(badFormat.stderr).toMatch(/name it \.csv or \.xlsx/)
    writeFileSync(join(env.DATA_DIR, "keep.csv"), "mine")
    expect((await station(["returns", "export", join(env.DATA_DIR, "keep.csv"), "--force", "--format", "csv"], env)).code).toBe(0)
  }, SLOW)
})
