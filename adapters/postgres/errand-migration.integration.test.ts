/** Migration 2026-11-23T1500-errands: its tables hold the core's rules as constraints, and it goes down and up again. */
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as errands from "../../migrations/2026-11-23T1500-errands"
import * as sending from "../../migrations/2026-11-23T1800-sending"
import * as errandSteps from "../../migrations/2026-11-28T0600-errand-steps"
import { freshDemoDatabases } from "./demo-database.testkit"

const fresh = freshDemoDatabases()

const order = (over: Record<string, unknown> = {}) => ({
  id: "e1", order_no: "P1", type: 1, status: -1, worksite_id: "ws-dongyuan", openid: "o-req", goods_class: 1, fee: 500, pay_fee: 400,
  require_arrive_time: new Date("2030-01-01T15:00:00Z"), created_at: new Date("2030-01-01T02:00:00Z"), ...over
})

describe("migration 2026-11-23T1500-errands", () => {
  it("stores an order and refuses what the core never produces", async () => {
    const db = await fresh()
    await db.insertInto("errand_order").values(order()).execute()
    expect(await db.selectFrom("errand_order").select(["status", "paid", "to_comment", "sex_limit"]).executeTakeFirstOrThrow()).toEqual({ status: -1, paid: 0, to_comment: false, sex_limit: -1 })
    for (const bad of [{ floor: 0 }, { floor: 31 }, { status: 7 }, { type: 5 }, { pay_fee: 600 }, { sex_limit: 0 }, { status: 4, paid: 400 }]) {
      await expect(db.insertInto("errand_order").values(order({ id: "e2", order_no: "P2", ...bad }) as never).execute(), JSON.stringify(bad)).rejects.toThrow()
    }
    await expect(db.insertInto("errand_order").values(order({ id: "e3", order_no: "P1" })).execute()).rejects.toThrow()
  })

  it("keeps the activity's daily count and the credit score in range", async () => {
    const db = await fresh()
    await db.insertInto("errand_activity").values({ id: "a1", worksite_id: "ws-dongyuan", title: "新人", discount: 2.5, fee: null, count_daily: 3 }).execute()
    await expect(db.insertInto("errand_activity").values({ id: "a2", worksite_id: "ws-dongyuan", title: "又一个", discount: 1, fee: null, count_daily: null }).execute()).rejects.toThrow()
    expect(Number((await db.selectFrom("errand_activity").select("discount").where("id", "=", "a1").executeTakeFirstOrThrow()).discount)).toBe(2.5)
    await db.insertInto("errand_activity_day").values({ activity_id: "a1", day: "2030-01-01" }).execute()
    await expect(db.updateTable("errand_activity_day").set({ count: -1 }).execute()).rejects.toThrow()
    await expect(db.updateTable("app_user").set({ credit_score: 101 }).where("id", "=", "u-student").execute()).rejects.toThrow()
  })

  it("goes down and up again", async () => {
    const db = await fresh()
    // sending and the errand steps (later migrations) reference errand orders: they go first and come back last
    await errandSteps.down(db as Kysely<any>)
    await sending.down(db as Kysely<any>)
    await errands.down(db as Kysely<any>)
    await expect(db.selectFrom("errand_order").selectAll().execute()).rejects.toThrow()
    await errands.up(db as Kysely<any>)
    await sending.up(db as Kysely<any>)
    await errandSteps.up(db as Kysely<any>)
    expect(await db.selectFrom("building").selectAll().execute()).toEqual([])
  })
})
