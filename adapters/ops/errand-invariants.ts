/**
 * The errand lifecycle's money as `station check` sees it: a finished order passed on all it was paid
 * (refunds + the runner's income), and every order's runner income is exactly its income ledger rows.
 */
import { sql, type Kysely } from "kysely"
import { RUNNER_INCOME_REMARK } from "#src/errand/status-machine"
import type { DB } from "../postgres/schema"
import type { InvariantResult } from "./invariants"

const EXAMPLES = 10

export const errandInvariants = async (db: Kysely<DB>): Promise<ReadonlyArray<InvariantResult>> => {
  const unbalanced = await db.selectFrom("errand_order").select(["id", "order_no as orderNo", "status", "paid", "refunded", "runner_income as runnerIncome"])
    .where((eb) => eb.or([
      eb("refunded", "<", 0), eb("runner_income", "<", 0), sql<boolean>`refunded + runner_income > paid`,
      eb.and([eb("status", "in", [4, 100]), sql<boolean>`paid <> refunded + runner_income`])
    ])).orderBy("id").execute()
  const credited = db.selectFrom("ledger").select(["ref_id", sql<string>`sum(money)`.as("credited")])
    .where("type", "=", 1).where("remark", "like", `${RUNNER_INCOME_REMARK}%`).where("ref_id", "is not", null).groupBy("ref_id")
  const unpaidRunners = await db.selectFrom("errand_order").leftJoin(credited.as("c"), "c.ref_id", "errand_order.id")
    .select(["errand_order.id", "errand_order.order_no as orderNo", "errand_order.runner_income as runnerIncome", sql<string>`coalesce(c.credited, 0)`.as("ledger")])
    .where(sql<boolean>`errand_order.runner_income <> coalesce(c.credited, 0)`).orderBy("errand_order.id").execute()
  const strayIncome = await db.selectFrom(credited.as("c")).leftJoin("errand_order", "errand_order.id", "c.ref_id")
    .select(["c.ref_id as refId", "c.credited"]).where("errand_order.id", "is", null).execute()
  const result = (name: string, rows: ReadonlyArray<Record<string, unknown>>): InvariantResult =>
    ({ name, ok: rows.length === 0, violations: rows.length, examples: rows.slice(0, EXAMPLES) })
  return [
    result("every finished errand order passed on what it was paid (refunds + runner income), none more than it", unbalanced),
    result("every errand order's runner income is its runner-income ledger rows", [...unpaidRunners, ...strayIncome])
  ]
}
