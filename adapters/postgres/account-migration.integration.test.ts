/** Migration 0002 (student account) goes down and up again, and an older demo campus gets its account data once. */
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as account from "../../migrations/2026-11-22T0002-account"
import { freshDemoDatabases } from "./demo-database.testkit"
import { seedDemoCampus } from "./seed"

const fresh = freshDemoDatabases()

describe("migration 2026-11-22T0002-account", () => {
  it("down removes the account tables and columns, up brings them back", async () => {
    const db = await fresh()
    await account.down(db as Kysely<any>)
    await expect(db.selectFrom("address").selectAll().execute()).rejects.toThrow()
    await expect(db.selectFrom("app_user").select("auth_status").execute()).rejects.toThrow()
    expect(await db.selectFrom("app_user").select("id").where("id", "=", "u-student").execute()).toHaveLength(1)
    await account.up(db as Kysely<any>)
    expect(await db.selectFrom("app_user").select(["auth_status", "credit_score", "sex"]).where("id", "=", "u-student").executeTakeFirstOrThrow())
      .toEqual({ auth_status: -1, credit_score: 100, sex: 0 })
  })

  it("a demo campus seeded before the account area gets its chooser fields, profiles and address at the next start", async () => {
    const db = await fresh()
    await account.down(db as Kysely<any>)
    await account.up(db as Kysely<any>)
    expect(await seedDemoCampus(db)).toBe(false)
    expect(await db.selectFrom("worksite").select(["id", "full_name", "paotui_apply_need_invitation", "lon"]).orderBy("id").execute()).toEqual([
      { id: "ws-dongyuan", full_name: "示范大学北校区东园快递驿站", paotui_apply_need_invitation: false, lon: 113.2905 },
      { id: "ws-xiyuan", full_name: "示范大学南校区西园快递驿站", paotui_apply_need_invitation: true, lon: 113.2986 }
    ])
    expect(await db.selectFrom("app_user").select(["invitation", "paotui_status", "auth_status"]).where("id", "=", "u-runner").executeTakeFirstOrThrow())
      .toEqual({ invitation: "XY2026", paotui_status: 1, auth_status: 1 })
    expect(await db.selectFrom("address").select("id").execute()).toEqual([{ id: "addr-student-1" }])
    // once only: a later change of the demo data is kept
    await db.updateTable("app_user").set({ credit_score: 42 }).where("id", "=", "u-student").execute()
    await seedDemoCampus(db)
    expect((await db.selectFrom("app_user").select("credit_score").where("id", "=", "u-student").executeTakeFirstOrThrow()).credit_score).toBe(42)
  })
})
