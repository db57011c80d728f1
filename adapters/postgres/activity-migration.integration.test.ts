/**
 * Migration 2026-11-26T0500-activity-content: announcements are rows of their own kind with a content and a window;
 * a worksite still runs one discount at a time while several announcements run; and it goes down and up again.
 */
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as activities from "../../migrations/2026-11-26T0500-activity-content"
import { freshDemoDatabases } from "./demo-database.testkit"
import { DEMO_ANNOUNCEMENT_ID } from "./seed-activity"

const fresh = freshDemoDatabases()

const announcement = (id: string, over: Record<string, unknown> = {}) => ({
  id, worksite_id: "ws-dongyuan", kind: 2, title: "公告", content: "<p>x</p>", discount: null, fee: null, count_daily: null,
  time_begin: new Date("2026-12-01T00:00:00Z"), time_end: new Date("2026-12-31T00:00:00Z"), ...over
})

describe("migration 2026-11-26T0500-activity-content", () => {
  it("runs several announcements at a worksite beside its one running discount", async () => {
    const db = await fresh()
    await db.insertInto("errand_activity").values([announcement("n1"), announcement("n2"), announcement("n3", { worksite_id: "ws-xiyuan" })]).execute()
    await db.insertInto("errand_activity").values({ id: "d1", worksite_id: "ws-dongyuan", title: "八折", discount: 2, fee: null, count_daily: 5 }).execute()
    // a second running discount is still refused where one runs (西园's seeded one)
    await expect(db.insertInto("errand_activity").values({ id: "d2", worksite_id: "ws-xiyuan", title: "又一个", discount: 1, fee: null, count_daily: null }).execute()).rejects.toThrow()
    expect((await db.selectFrom("errand_activity").select("id").where("kind", "=", 2).orderBy("id").execute()).map((r) => r.id))
      .toEqual([DEMO_ANNOUNCEMENT_ID, "n1", "n2", "n3"])
  })

  it("refuses an announcement without its window, with an end before its begin or with a discount's fields, and an unknown kind", async () => {
    const db = await fresh()
    for (const bad of [{ time_begin: null }, { time_end: null }, { time_end: new Date("2026-11-30T00:00:00Z") }, { discount: 2 }, { fee: 100 }, { count_daily: 3 }, { kind: 3 }]) {
      await expect(db.insertInto("errand_activity").values(announcement("bad", bad) as never).execute(), JSON.stringify(bad)).rejects.toThrow()
    }
    // an empty window (ended before it began) is allowed
    await db.insertInto("errand_activity").values(announcement("empty", { time_end: new Date("2026-12-01T00:00:00Z") })).execute()
  })

  it("goes down (dropping announcements, restoring the one-running-per-kind index) and up again", async () => {
    const db = await fresh()
    await activities.down(db as Kysely<any>)
    expect(await db.selectFrom("errand_activity").select("id").execute()).toEqual([{ id: "act-xy-door" }])
    await expect(db.selectFrom("errand_activity").select("content").execute()).rejects.toThrow()
    await activities.up(db as Kysely<any>)
    await db.insertInto("errand_activity").values([announcement("n1"), announcement("n2")]).execute()
    expect(await db.selectFrom("errand_activity").select(["id", "content"]).where("id", "=", "act-xy-door").execute()).toEqual([{ id: "act-xy-door", content: "" }])
  })
})
