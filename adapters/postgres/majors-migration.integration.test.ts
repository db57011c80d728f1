/**
 * Migration 2026-11-26T0910-worksite-majors: a worksite's departments, seeded for the demo campus once (a worksite
 * that lists its own keeps them); no null name, at most 100; and it goes down and up again.
 */
import { sql, type Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as majors from "../../migrations/2026-11-26T0910-worksite-majors"
import { freshDemoDatabases } from "./demo-database.testkit"
import { DEMO_MAJORS, seedMajorsDemo } from "./seed-majors"

const fresh = freshDemoDatabases()
const majorsOf = async (db: Kysely<any>, id: string) => (await db.selectFrom("worksite").select("majors").where("id", "=", id).executeTakeFirstOrThrow()).majors

describe("migration 2026-11-26T0910-worksite-majors", () => {
  it("seeds the demo campus's departments once, leaving a worksite's own list alone", async () => {
    const db = await fresh()
    expect(await majorsOf(db, "ws-xiyuan")).toEqual(DEMO_MAJORS["ws-xiyuan"])
    await db.updateTable("worksite").set({ majors: ["物理学院"] }).where("id", "=", "ws-xiyuan").execute()
    await seedMajorsDemo(db)
    expect(await majorsOf(db, "ws-xiyuan")).toEqual(["物理学院"])
    expect(await majorsOf(db, "ws-dongyuan")).toEqual(DEMO_MAJORS["ws-dongyuan"])
  })

  it("refuses a null name and more than 100", async () => {
    const db = await fresh()
    await expect(sql`update worksite set majors = array['a', null] where id = 'ws-xiyuan'`.execute(db)).rejects.toThrow()
    await expect(db.updateTable("worksite").set({ majors: Array.from({ length: 101 }, (_, i) => `学院${i}`) }).where("id", "=", "ws-xiyuan").execute()).rejects.toThrow()
    await db.updateTable("worksite").set({ majors: Array.from({ length: 100 }, (_, i) => `学院${i}`) }).where("id", "=", "ws-xiyuan").execute()
  })

  it("goes down and up again (empty lists)", async () => {
    const db = await fresh()
    await majors.down(db as Kysely<any>)
    await expect(db.selectFrom("worksite").select("majors").execute()).rejects.toThrow()
    await majors.up(db as Kysely<any>)
    expect(await majorsOf(db, "ws-xiyuan")).toEqual([])
  })
})
