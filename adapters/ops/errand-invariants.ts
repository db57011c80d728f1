/**
 * The errand and send orders' money as `station check` sees it: a finished order passed on all it was paid
 * (refunds + the runner's income); the ledger rows an order's money moved by are found by their reference
 * (`ref_type`/`ref_id`), each to the right person; and no paid order sits in a middle status past its deadlines
 * (the core's rule, src/errand/stuck.ts and src/sending/stuck.ts, applied to each unfinished paid order).
 */
import { sql, type Kysely } from "kysely"
import { ERRAND_ENDS, overdueErrand, type Overdue } from "#src/errand/stuck"
import { errandStatusStr, type ErrandStatus, type ErrandType } from "#src/errand/status-machine"
import { TradeKind } from "#src/payment/trade"
import { statusNames as sendStatusNames, SendStatus, type SendStatus as SendStatusValue } from "#src/sending/status-machine"
import { overdueSendOrder } from "#src/sending/stuck"
import { LedgerRef } from "#src/wallet/ledger"
import type { DB } from "../postgres/schema"
import type { InvariantResult } from "./invariants"

const EXAMPLES = 10

export const ERRAND_INVARIANTS = {
  balanced: "every finished errand order passed on what it was paid (refunds + runner income), none more than it",
  runnerIncome: "every errand order's runner income is its runnerIncome ledger rows, credited to its runner",
  walletRefunds: "every wallet refund of an errand order (errandRefund ledger rows) goes to its requester, within what it refunded",
  references: "every runnerIncome, errandRefund and tip ledger row names its errand order or tip trade",
  stuck: "every paid errand or send order is open within its deadlines, finished with its income, or refunded (none stuck)"
} as const

/** The sums of the ledger rows of one reference type, per thing they name. */
const sumsBy = (db: Kysely<DB>, ref: LedgerRef) =>
  db.selectFrom("ledger").select(["ref_id", sql<string>`sum(money)`.as("total")]).where("ref_type", "=", ref).where("ref_id", "is not", null).groupBy("ref_id")

const overdueFields = (o: Overdue) => ({ deadline: o.deadline, stuckSince: o.stuckSince, waitsFor: o.waitsFor.join(", ") || "nothing: no step refunds it" })

/** Each unfinished errand order that took money, and each send order that paid freight and has not gone out, past its deadlines. */
const stuckOrders = async (db: Kysely<DB>, now: Date): Promise<ReadonlyArray<Record<string, unknown>>> => {
  const errands = await db.selectFrom("errand_order")
    .select(["id", "order_no as orderNo", "type", "status", "paid", "created_at as createdAt", "require_arrive_time as requireArriveTime"])
    .where("paid", ">", 0).where("status", "not in", [...ERRAND_ENDS]).orderBy("require_arrive_time").orderBy("id").execute()
  const sends = await db.selectFrom("send_order").leftJoin("errand_settings", "errand_settings.worksite_id", "send_order.worksite_id")
    .select(["send_order.id", "send_order.order_no as orderNo", "send_order.status", "send_order.freight_paid as freightPaid", "send_order.freight",
      "send_order.insure_freight as insureFreight", "send_order.created_at as createdAt", "send_order.require_arrive_time as requireArriveTime",
      "errand_settings.pm_door_service_end as eveningEnd"])
    .where("send_order.freight_paid", "=", true).where("send_order.status", "<>", SendStatus.outOfStock).orderBy("send_order.created_at").orderBy("send_order.id").execute()
  return [
    ...errands.flatMap((o) => {
      const overdue = overdueErrand({ ...o, type: o.type as ErrandType, status: o.status as ErrandStatus }, now)
      return overdue
        ? [{ order: "errand", id: o.id, orderNo: o.orderNo, type: o.type, status: o.status, statusStr: errandStatusStr(o.type as ErrandType, o.status as ErrandStatus), paid: o.paid, ...overdueFields(overdue) }]
        : []
    }),
    ...sends.flatMap((o) => {
      const overdue = overdueSendOrder({ ...o, status: o.status as SendStatusValue }, now)
      return overdue
        ? [{ order: "send", id: o.id, orderNo: o.orderNo, status: o.status, statusStr: sendStatusNames[o.status as SendStatusValue], paid: (o.freight ?? 0) + o.insureFreight, ...overdueFields(overdue) }]
        : []
    })
  ]
}

export const errandInvariants = async (db: Kysely<DB>, now: Date): Promise<ReadonlyArray<InvariantResult>> => {
  const unbalanced = await db.selectFrom("errand_order").select(["id", "order_no as orderNo", "status", "paid", "refunded", "runner_income as runnerIncome"])
    .where((eb) => eb.or([
      eb("refunded", "<", 0), eb("runner_income", "<", 0), sql<boolean>`refunded + runner_income > paid`,
      eb.and([eb("status", "in", [...ERRAND_ENDS]), sql<boolean>`paid <> refunded + runner_income`])
    ])).orderBy("id").execute()

  const incomes = sumsBy(db, LedgerRef.runnerIncome)
  const unpaidRunners = await db.selectFrom("errand_order").leftJoin(incomes.as("c"), "c.ref_id", "errand_order.id")
    .select(["errand_order.id", "errand_order.order_no as orderNo", "errand_order.runner_income as runnerIncome", sql<string>`coalesce(c.total, 0)`.as("ledger")])
    .where(sql<boolean>`errand_order.runner_income <> coalesce(c.total, 0)`).orderBy("errand_order.id").execute()
  const otherRunner = await db.selectFrom("ledger").innerJoin("errand_order", "errand_order.id", "ledger.ref_id")
    .leftJoin("app_user", "app_user.openid", "errand_order.accept_openid")
    .select(["errand_order.id", "errand_order.order_no as orderNo", "ledger.id as ledgerId", "ledger.user_id as creditedTo", "app_user.id as runner"])
    .where("ledger.ref_type", "=", LedgerRef.runnerIncome).where(sql<boolean>`app_user.id is distinct from ledger.user_id`).orderBy("ledger.id").execute()

  const refunds = sumsBy(db, LedgerRef.errandRefund)
  const overRefunded = await db.selectFrom("errand_order").innerJoin(refunds.as("r"), "r.ref_id", "errand_order.id")
    .select(["errand_order.id", "errand_order.order_no as orderNo", "errand_order.refunded", sql<string>`r.total`.as("walletRefunds")])
    .where(sql<boolean>`r.total > errand_order.refunded`).orderBy("errand_order.id").execute()
  const otherRequester = await db.selectFrom("ledger").innerJoin("errand_order", "errand_order.id", "ledger.ref_id")
    .leftJoin("app_user", "app_user.openid", "errand_order.openid")
    .select(["errand_order.id", "errand_order.order_no as orderNo", "ledger.id as ledgerId", "ledger.user_id as refundedTo", "app_user.id as requester"])
    .where("ledger.ref_type", "=", LedgerRef.errandRefund).where(sql<boolean>`app_user.id is distinct from ledger.user_id`).orderBy("ledger.id").execute()

  const strays = await db.selectFrom("ledger").select(["id", "user_id as userId", "ref_type as refType", "ref_id as refId", "money", "remark"])
    .where((eb) => eb.or([
      eb.and([
        eb("ref_type", "in", [LedgerRef.runnerIncome, LedgerRef.errandRefund]),
        eb.or([eb("ref_id", "is", null), eb.not(eb.exists(eb.selectFrom("errand_order").select("errand_order.id").whereRef("errand_order.id", "=", "ledger.ref_id")))])
      ]),
      eb.and([
        eb("ref_type", "=", LedgerRef.tip),
        eb.or([eb("ref_id", "is", null), eb.not(eb.exists(eb.selectFrom("pay_trade").select("pay_trade.trade_no")
          .whereRef("pay_trade.trade_no", "=", "ledger.ref_id").where("pay_trade.kind", "=", TradeKind.tip)))])
      ])
    ])).orderBy("id").execute()

  const result = (name: string, rows: ReadonlyArray<Record<string, unknown>>): InvariantResult =>
    ({ name, ok: rows.length === 0, violations: rows.length, examples: rows.slice(0, EXAMPLES) })
  return [
    result(ERRAND_INVARIANTS.balanced, unbalanced),
    result(ERRAND_INVARIANTS.runnerIncome, [...unpaidRunners.map((r) => ({ ...r, ledger: Number(r.ledger) })), ...otherRunner]),
    result(ERRAND_INVARIANTS.walletRefunds, [...overRefunded.map((r) => ({ ...r, walletRefunds: Number(r.walletRefunds) })), ...otherRequester]),
    result(ERRAND_INVARIANTS.references, strays),
    result(ERRAND_INVARIANTS.stuck, await stuckOrders(db, now))
  ]
}
