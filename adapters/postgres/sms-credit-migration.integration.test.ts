/**
 * Migration 2026-11-26T0900-sms-credit: a credit never below 0, a deposit credited once and an SMS paid once in the
 * ledger, the check-in statement naming the worksite on its SMS row; and it goes down (the statement as it was) and up again.
 */
import { sql, type Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as smsCredit from "../../migrations/2026-11-26T0900-sms-credit"
import * as arrivalTemplate from "../../migrations/2026-11-29T0100-arrival-template"
import { freshDemoDatabases } from "./demo-database.testkit"
import { DEMO_SMS_CREDIT } from "./seed-sms"

const fresh = freshDemoDatabases()

/** A check-in by the statement with 2026-11-26T0900's arguments (the arrival template message came later). */
const checkIn = (db: Kysely<any>, expressNo: string) => sql`select station_check_in(
  ${`p-${expressNo}`}, 'ws-xiyuan', 'ec-sf', '顺丰速运', ${expressNo}, 'A-01', 'wf-1', '李明', null, null, '13800000001', 0::smallint, null, null,
  0, now(), 'e-xiyuan-1', 1, 9999,
  ${JSON.stringify({ channel: "sms", to: "13800000001", template: "parcelArrived", params: { site: "西园驿站" } })}::jsonb,
  ${JSON.stringify({ op: "checkIn", actorOpenid: "demo-staff", at: new Date(), input: {}, outcome: {} })}::jsonb)`.execute(db)

describe("migration 2026-11-26T0900-sms-credit", () => {
  it("seeds the demo credit with its ledger row and keeps every credit at 0 or more", async () => {
    const db = await fresh()
    expect(await db.selectFrom("worksite").select(["id", "sms_credit"]).orderBy("id").execute())
      .toEqual([{ id: "ws-dongyuan", sms_credit: DEMO_SMS_CREDIT["ws-dongyuan"] }, { id: "ws-xiyuan", sms_credit: DEMO_SMS_CREDIT["ws-xiyuan"] }])
    await expect(db.updateTable("worksite").set({ sms_credit: -1 }).where("id", "=", "ws-dongyuan").execute()).rejects.toThrow(/worksite_sms_credit_not_negative/)
  })

  it("credits a deposit's trade once and pays for an outbox message once", async () => {
    const db = await fresh()
    const row = { worksite_id: "ws-xiyuan", change: 250, reason: "deposit", trade_no: "P1", at: new Date() }
    await db.insertInto("sms_credit_ledger").values(row).execute()
    await expect(db.insertInto("sms_credit_ledger").values(row).execute()).rejects.toThrow()
    await expect(db.insertInto("sms_credit_ledger").values({ ...row, trade_no: null }).execute()).rejects.toThrow()
    const sms = { worksite_id: "ws-xiyuan", change: -1, reason: "sms", outbox_id: "7", at: new Date() }
    await db.insertInto("sms_credit_ledger").values(sms).execute()
    await expect(db.insertInto("sms_credit_ledger").values(sms).execute()).rejects.toThrow()
    await expect(db.insertInto("sms_credit_ledger").values({ ...sms, change: 0, outbox_id: "8" }).execute()).rejects.toThrow()
  })

  it("has the check-in statement name the worksite on its SMS; down restores it as it was, up again", async () => {
    const db = await fresh()
    // the later migration that replaced the statement goes down first and comes back last
    await arrivalTemplate.down(db as Kysely<any>)
    await checkIn(db, "SF-M1")
    expect(await db.selectFrom("outbox").select(["worksite_id", "params"]).where("recipient", "=", "13800000001").execute())
      .toEqual([{ worksite_id: "ws-xiyuan", params: { site: "西园驿站", code: "A-01-0001" } }])
    await smsCredit.down(db as Kysely<any>)
    await expect(sql`select sms_credit from worksite`.execute(db)).rejects.toThrow()
    await checkIn(db, "SF-M2")
    expect(Number((await sql<{ n: string }>`select count(*) as n from outbox`.execute(db)).rows[0]!.n)).toBe(2)
    // up again: the column comes back empty for the rows written before, filled for the next check-in
    await smsCredit.up(db as Kysely<any>)
    await checkIn(db, "SF-M3")
    expect(await db.selectFrom("outbox").select("worksite_id").orderBy("id").execute()).toEqual([{ worksite_id: null }, { worksite_id: null }, { worksite_id: "ws-xiyuan" }])
    await arrivalTemplate.up(db as Kysely<any>)
  })
})
