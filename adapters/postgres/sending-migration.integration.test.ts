/** Migration 2026-11-23T1800-sending: its constraints hold the sending rules, the demo seed fills it, and it goes down and up again. */
import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as sending from "../../migrations/2026-11-23T1800-sending"
import { freshDemoDatabases } from "./demo-database.testkit"
import { seedDemoCampus } from "./seed"
import type { DB } from "./schema"
import { PROVINCE_CODES } from "./seed-sending"

const fresh = freshDemoDatabases()

const order = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(), order_no: `J${randomUUID().slice(0, 8)}`, status: 10, worksite_id: "ws-xiyuan", sender_id: "u-student", company_id: "ec-sf",
  sender: JSON.stringify({ name: "a" }), receiver: JSON.stringify({ name: "b" }), goods_name: "书", goods_count: 1, created_at: new Date(), ...over
})

describe("migration 2026-11-23T1800-sending", () => {
  it("seeds the demo sending: 西园 open with three carriers and a tariff to every province, 东园 closed", async () => {
    const db = await fresh()
    expect(await db.selectFrom("sending_settings").select(["worksite_id", "jijian_able", "daofu_carrier_code"]).orderBy("worksite_id").execute())
      .toEqual([{ worksite_id: "ws-dongyuan", jijian_able: false, daofu_carrier_code: null }, { worksite_id: "ws-xiyuan", jijian_able: true, daofu_carrier_code: "SF" }])
    expect((await db.selectFrom("send_company").select("code").where("worksite_id", "=", "ws-xiyuan").orderBy("sort").execute()).map((c) => c.code)).toEqual(["SF", "ZTO", "YTO"])
    expect((await db.selectFrom("freight_tariff").select("to_province_code").where("company_code", "=", "SF").execute()).length).toBe(PROVINCE_CODES.length)
    // seeding again changes nothing
    await seedDemoCampus(db)
    expect((await db.selectFrom("freight_tariff").select("worksite_id").execute()).length).toBe(3 * PROVINCE_CODES.length)
  })

  it("refuses rows that break the rules", async () => {
    const db = await fresh()
    const insert = (over: Record<string, unknown>) => db.insertInto("send_order").values(order(over) as never).execute()
    await insert({})
    await expect(insert({ status: 7 })).rejects.toThrow()
    await expect(insert({ goods_count: 0 })).rejects.toThrow()
    await expect(insert({ insure_money: 100_001 })).rejects.toThrow()
    await expect(insert({ freight: 0 })).rejects.toThrow()
    await expect(insert({ freight_paid: true })).rejects.toThrow() // paid needs a freight
    await expect(insert({ door_pickup: true })).rejects.toThrow() // a door pickup needs its errand
    await expect(db.insertInto("freight_tariff").values({ worksite_id: "ws-xiyuan", company_code: "JD", to_province_code: "4", first_kg: 100, extra_kg: 0 }).execute()).rejects.toThrow()
    await expect(db.insertInto("send_company").values({ worksite_id: "ws-xiyuan", company_id: "ec-jd", code: "JD", surface_height: 160, surface_width: 100 }).execute()).rejects.toThrow()
  })

  it("goes down and up again", async () => {
    const db = await fresh()
    await sending.down(db as Kysely<any>)
    await expect((db as Kysely<DB>).selectFrom("send_order").selectAll().execute()).rejects.toThrow()
    await sending.up(db as Kysely<any>)
    expect(await (db as Kysely<DB>).selectFrom("send_order").selectAll().execute()).toEqual([])
  })
})
