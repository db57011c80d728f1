/** SmsCreditStore and DonationStore over Postgres: the credit moves only with its ledger row, a deposit by the core's transitions. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import type { DepositStatus, SmsDeposit } from "#src/support/sms-credit"
import { DonationStore, SmsCreditStore } from "#src/support/support-store"
import type { DB } from "../schema"
import { query } from "./query"

const toDeposit = (r: Selectable<DB["sms_deposit"]>): SmsDeposit => ({
  id: r.id, worksiteId: r.worksite_id, userId: r.user_id, moneyFen: r.money_fen, smsCount: r.sms_count, status: r.status as DepositStatus,
  tradeNo: r.trade_no, createdAt: r.created_at, paidAt: r.paid_at
})

export const smsCreditStore = (db: Kysely<DB>) => SmsCreditStore.of({
  insertDeposit: (d) => query(() => db.insertInto("sms_deposit").values({
    id: d.id, worksite_id: d.worksiteId, user_id: d.userId, money_fen: d.moneyFen, sms_count: d.smsCount, status: d.status, trade_no: d.tradeNo,
    created_at: d.createdAt, paid_at: d.paidAt
  }).execute()),
  depositByTrade: (tradeNo) =>
    query(() => db.selectFrom("sms_deposit").selectAll().where("trade_no", "=", tradeNo).executeTakeFirst()).pipe(Effect.map((r) => r && toDeposit(r))),
  moveDeposit: (id, from, to, paidAt) =>
    query(() => db.updateTable("sms_deposit").set({ status: to, ...(paidAt ? { paid_at: paidAt } : {}) }).where("id", "=", id).where("status", "=", from)
      .returningAll().executeTakeFirst()).pipe(Effect.map((r) => r && toDeposit(r))),
  moveCredit: (m) => query(async () => {
    // the conditional change locks the worksite's row: concurrent moves take turns, and none takes the credit below 0
    const moved = await db.updateTable("worksite").set({ sms_credit: sql`sms_credit + ${m.change}` }).where("id", "=", m.worksiteId)
      .where(sql<boolean>`sms_credit + ${m.change} >= 0`).returning("sms_credit").executeTakeFirst()
    if (!moved) return undefined
    await db.insertInto("sms_credit_ledger").values({
      worksite_id: m.worksiteId, change: m.change, reason: m.reason, trade_no: m.tradeNo, note: m.note, at: m.at, outbox_id: m.outboxId ?? null
    }).execute()
    return moved.sms_credit
  }),
  credits: (worksite) => query(() => {
    const sums = db.selectFrom("sms_credit_ledger").select(["worksite_id", sql<string>`sum(change)`.as("total")]).groupBy("worksite_id")
    return db.selectFrom("worksite").leftJoin(sums.as("l"), "l.worksite_id", "worksite.id")
      .select(["worksite.id", "worksite.site_code", "worksite.short_name", "worksite.sms_credit", sql<string>`coalesce(l.total, 0)`.as("ledger")])
      .$if(worksite !== undefined, (q) => q.where((eb) => eb.or([eb("worksite.id", "=", worksite!), eb("worksite.site_code", "=", worksite!)])))
      .orderBy("worksite.site_code").execute()
  }).pipe(Effect.map((rows) => rows.map((r) => ({
    worksiteId: r.id, siteCode: r.site_code, shortName: r.short_name, credit: r.sms_credit, ledger: Number(r.ledger)
  }))))
})

export const donationStore = (db: Kysely<DB>) => DonationStore.of({
  record: (d) => query(async () => {
    const added = await db.insertInto("donation").values({ trade_no: d.tradeNo, user_id: d.userId, amount_fen: d.amountFen, paid_at: d.paidAt })
      .onConflict((oc) => oc.column("trade_no").doNothing()).returning("trade_no").executeTakeFirst()
    return added !== undefined
  }),
  markRefunded: (tradeNo, at) => query(async () => {
    const done = await db.updateTable("donation").set({ refunded_at: at }).where("trade_no", "=", tradeNo).where("refunded_at", "is", null).executeTakeFirst()
    return done.numUpdatedRows === 1n
  })
})
