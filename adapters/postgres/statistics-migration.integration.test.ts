/**
 * Migration 2026-11-28T0500-statistics: the demo's site admin is set until the operator chooses (a logged
 * `setSiteAdmin`); one stored day per worksite and day, no negative figure; a report key expires after it is made,
 * its hash unique; the bound/passed/joined times are filled from the best times known; and it goes down and up again.
 */
import { sql, type Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as statistics from "../../migrations/2026-11-28T0500-statistics"
import { freshDemoDatabases } from "./demo-database.testkit"
import type { DB } from "./schema"
import { DEMO_SITE_ADMIN, seedStatisticsDemo } from "./seed-statistics"
import { FIGURE_COLUMNS } from "./stores/statistics-store"

const fresh = freshDemoDatabases()
const siteAdmins = async (db: Kysely<DB>) =>
  (await db.selectFrom("employee").select("id").where("site_admin", "=", true).orderBy("id").execute()).map((e) => e.id)
const day = (over: Record<string, unknown> = {}) => ({
  id: `d-${Math.random()}`, worksite_id: "ws-xiyuan", day: "2026-11-27", computed_at: new Date(),
  ...Object.fromEntries(Object.values(FIGURE_COLUMNS).map((c) => [c, 0])), ...over
})

describe("migration 2026-11-28T0500-statistics", () => {
  it("makes 张伟 the demo's site admin until the operator sets or unsets one", async () => {
    const db = await fresh()
    expect(await siteAdmins(db)).toEqual([DEMO_SITE_ADMIN])
    await db.updateTable("employee").set({ site_admin: false }).execute()
    await seedStatisticsDemo(db)
    expect(await siteAdmins(db)).toEqual([DEMO_SITE_ADMIN])
    await db.updateTable("employee").set({ site_admin: false }).execute()
    await db.insertInto("ops_log").values({ op: "setSiteAdmin", actor_openid: "station-operator", at: new Date(), input: "{}", outcome: "{}" }).execute()
    await seedStatisticsDemo(db)
    expect(await siteAdmins(db)).toEqual([])
  })

  it("keeps one day per worksite and day, never a negative figure; a key's hash is unique and it expires after it was made", async () => {
    const db = await fresh()
    await db.insertInto("daily_statistics").values(day() as never).execute()
    await expect(db.insertInto("daily_statistics").values(day() as never).execute()).rejects.toThrow()
    await db.insertInto("daily_statistics").values(day({ worksite_id: "ws-dongyuan" }) as never).execute()
    await expect(db.insertInto("daily_statistics").values(day({ day: "2026-11-26", errand_income: -1 }) as never).execute()).rejects.toThrow()
    const at = new Date()
    const key = { id: "k1", key_hash: "h1", worksite_id: null, created_by: "station-operator", created_at: at, expires_at: new Date(at.getTime() + 1000) }
    await db.insertInto("report_key").values(key).execute()
    await expect(db.insertInto("report_key").values({ ...key, id: "k2" }).execute()).rejects.toThrow()
    await expect(db.insertInto("report_key").values({ ...key, id: "k3", key_hash: "h3", expires_at: at }).execute()).rejects.toThrow()
  })

  it("fills the times from the best known and goes down and up again", async () => {
    const db = await fresh()
    await statistics.down(db as Kysely<any>)
    await expect(sql`select site_admin from employee`.execute(db)).rejects.toThrow()
    await statistics.up(db as Kysely<any>)
    const runner = await db.selectFrom("app_user").select(["created_at", "worksite_bound_at", "auth_passed_at", "paotui_joined_at"]).where("id", "=", "u-runner").executeTakeFirstOrThrow()
    expect(runner.worksite_bound_at).toEqual(runner.created_at)
    expect(runner.auth_passed_at).toEqual(runner.created_at)
    expect(runner.paotui_joined_at).toEqual(runner.created_at)
    const student = await db.selectFrom("app_user").select(["auth_passed_at", "paotui_joined_at"]).where("id", "=", "u-student").executeTakeFirstOrThrow()
    expect(student).toEqual({ auth_passed_at: null, paotui_joined_at: null })
    expect(await siteAdmins(db)).toEqual([])
  })
})
