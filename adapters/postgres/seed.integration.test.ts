/** The demo seed is deterministic: two seeds at one moment into two fresh databases hold the same rows (equal digests). */
import { afterEach, describe, expect, it } from "vitest"
import { compareDigests, digestTables } from "#adapters/ops/digest"
import { migrateToLatest, openDatabase, type Database } from "./database"
import { seedDemoCampus, seedId, seedMoments } from "./seed"
import { seedFlowsDemo } from "./seed-flows"
import { blankMemory } from "../../test/support/blank-database"

const opened: Database[] = []
afterEach(async () => { await Promise.all(opened.splice(0).map((d) => d.close())) })

const seededAt = async (campus: Date, flows: Date) => {
  const database = await openDatabase(blankMemory())
  opened.push(database)
  await migrateToLatest(database.db)
  expect(await seedDemoCampus(database.db, campus)).toBe(true)
  expect(await seedFlowsDemo(database.db, flows)).toBe(true)
  return database.db
}

describe("the demo seed", () => {
  const campus = new Date("2026-11-20T02:00:00.123Z")
  const flows = new Date("2026-11-21T03:00:00.456Z")

  it("seeded twice at the same moments gives equal digests, and records the moments", async () => {
    const [a, b] = [await seededAt(campus, flows), await seededAt(campus, flows)]
    const [digestA, digestB] = [await digestTables(a, { keepRows: true }), await digestTables(b)]
    expect(compareDigests(digestB.tables, digestA)).toEqual([])
    expect(digestA.tables).toEqual(digestB.tables)
    expect(digestA.tables.ledger!.rows).toBeGreaterThan(0)
    expect(digestA.tables.app_user!.rows).toBe(6)
    expect(await seedMoments(a)).toEqual({ campus, flows })
    const created = await a.selectFrom("app_user").select("created_at").distinct().execute()
    expect(created.map((r) => new Date(r.created_at).toISOString())).toEqual([campus.toISOString()])
    const ledger = await a.selectFrom("ledger").select("id").where("user_id", "=", "u-student").orderBy("id").execute()
    expect(ledger.map((l) => l.id)).toEqual([seedId("opening:u-student:money"), seedId("opening:u-student:score")].sort())
  })

  it("seeded at another moment differs in its timed rows", async () => {
    const [a, b] = [await seededAt(campus, flows), await seededAt(new Date(campus.getTime() + 1), flows)]
    const differing = compareDigests((await digestTables(a)).tables, await digestTables(b)).map((d) => d.table)
    expect(differing).toEqual(expect.arrayContaining(["address", "app_user", "ledger", "sms_credit_ledger"]))
    expect(differing).not.toContain("parcel")
  })

  it("leaves a captcha SMS out of the digest (it carries its code), and counts every other message", async () => {
    const [a, b] = [await seededAt(campus, flows), await seededAt(campus, flows)]
    const message = (template: string, code: string) => ({ channel: "sms", recipient: "13800000001", template, params: JSON.stringify({ code }) })
    await a.insertInto("outbox").values(message("captcha", "1234")).execute()
    await b.insertInto("outbox").values(message("captcha", "5678")).execute()
    expect(compareDigests((await digestTables(a)).tables, await digestTables(b))).toEqual([])
    await a.insertInto("outbox").values(message("parcelArrived", "A-1-0001")).execute()
    expect(compareDigests((await digestTables(a)).tables, await digestTables(b)).map((d) => [d.table, d.differingRows])).toEqual([["outbox", 1]])
  })

  it("makes v5-layout UUIDs from labels", () => {
    expect(seedId("x")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(seedId("x")).toBe(seedId("x"))
    expect(seedId("x")).not.toBe(seedId("y"))
  })
})
