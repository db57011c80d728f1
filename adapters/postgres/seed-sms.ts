/** The demo campus's SMS credit: each demo worksite starts with some, granted with its ledger row (so credit = Σ ledger). */
import type { Kysely } from "kysely"
import { CreditReason } from "#src/support/sms-credit"
import type { DB } from "./schema"

export const DEMO_SMS_CREDIT: Readonly<Record<string, number>> = { "ws-xiyuan": 5000, "ws-dongyuan": 200 }

const NOTE = "演示网点初始短信"

/** Once per database: a worksite that already has its demo grant keeps its credit as it is. */
export const seedSmsDemo = async (db: Kysely<DB>, now: Date = new Date()) => {
  for (const [worksiteId, count] of Object.entries(DEMO_SMS_CREDIT)) {
    await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom("worksite").select("id").where("id", "=", worksiteId).forUpdate().executeTakeFirst()
      const granted = await trx.selectFrom("sms_credit_ledger").select("id").where("worksite_id", "=", worksiteId).where("note", "=", NOTE).executeTakeFirst()
      if (!exists || granted) return
      await trx.insertInto("sms_credit_ledger").values({ worksite_id: worksiteId, change: count, reason: CreditReason.grant, note: NOTE, at: now }).execute()
      await trx.updateTable("worksite").set((eb) => ({ sms_credit: eb("sms_credit", "+", count) })).where("id", "=", worksiteId).execute()
    })
  }
}
