/** What must always hold in the station database, checked directly in SQL. */
import { sql, type Kysely } from "kysely"
import { ACTIVE_STATUSES } from "#src/parcel/parcel"
import { reconcile } from "#src/payment/reconcile"
import { smsMessages } from "#src/support/sms-credit"
import { purposeBooks, smsCreditMismatches } from "../payments/books"
import type { DB } from "../postgres/schema"
import { walletLedgerSums } from "./stats"
import { errandInvariants } from "./errand-invariants"

export interface InvariantResult {
  readonly name: string
  readonly ok: boolean
  /** How many rows break it. */
  readonly violations: number
  /** The first few of them. */
  readonly examples: ReadonlyArray<Record<string, unknown>>
}

const EXAMPLES = 10

const result = async (name: string, count: Promise<{ n: string }>, examples: Promise<ReadonlyArray<Record<string, unknown>>>): Promise<InvariantResult> => {
  const violations = Number((await count).n)
  return { name, ok: violations === 0, violations, examples: violations === 0 ? [] : await examples }
}

/** Every invariant; `now` is the time a paid order's deadlines are measured at (src/errand/stuck.ts). */
export const checkInvariants = async (db: Kysely<DB>, now: Date = new Date()): Promise<ReadonlyArray<InvariantResult>> => {
  const offWallets = db.selectFrom(walletLedgerSums(db).as("w"))
    .where(sql<boolean>`w.money <> w."ledgerMoney" or w."activeScore" <> w."ledgerScore"`)
  const negative = db.selectFrom("wallet").innerJoin("app_user", "app_user.id", "wallet.user_id")
    .where((eb) => eb.or([eb("wallet.money", "<", 0), eb("wallet.active_score", "<", 0)]))
  const sharedTags = db.selectFrom("parcel").select(["worksite_id as worksiteId", "tag", sql<string>`count(*)`.as("parcels")])
    .where("status", "in", ACTIVE_STATUSES).groupBy(["worksite_id", "tag"]).having(sql`count(*)`, ">", 1)
  const sharedExpressNos = db.selectFrom("parcel").select(["worksite_id as worksiteId", "express_no as expressNo", sql<string>`count(*)`.as("parcels")])
    .where("status", "in", ACTIVE_STATUSES).groupBy(["worksite_id", "express_no"]).having(sql`count(*)`, ">", 1)
  // an SMS its worksite had no credit for is the worksite's to top up (station sms credit), not a fault
  const failedOutbox = db.selectFrom("outbox").where("failed_at", "is not", null)
    .where((eb) => eb.or([eb("last_error", "is", null), eb("last_error", "<>", smsMessages.creditExhausted)]))
  const offCredits = smsCreditMismatches(db)
  const givenUpItems = db.selectFrom("job_item_failure").where("next_try_at", "is", null)
  const count = sql<string>`count(*)`.as("n")

  return Promise.all([
    result("every wallet's money and points equal the sums of its ledger rows",
      offWallets.select(count).executeTakeFirstOrThrow(),
      offWallets.selectAll().orderBy("w.openid").limit(EXAMPLES).execute()
        .then((rows) => rows.map((r) => ({ ...r, ledgerMoney: Number(r.ledgerMoney), ledgerScore: Number(r.ledgerScore) })))),
    result("no negative balance or points",
      negative.select(count).executeTakeFirstOrThrow(),
      negative.select(["app_user.openid", "wallet.money", "wallet.active_score as activeScore"]).orderBy("app_user.openid").limit(EXAMPLES).execute()),
    result("active storage tags are unique per worksite",
      db.selectFrom(sharedTags.as("t")).select(count).executeTakeFirstOrThrow(),
      sharedTags.orderBy("worksite_id").orderBy("tag").limit(EXAMPLES).execute()),
    result("active express numbers are unique per worksite",
      db.selectFrom(sharedExpressNos.as("e")).select(count).executeTakeFirstOrThrow(),
      sharedExpressNos.orderBy("worksite_id").orderBy("express_no").limit(EXAMPLES).execute()),
    result("no outbox message stuck as failed",
      failedOutbox.select(count).executeTakeFirstOrThrow(),
      failedOutbox.select(["id", "channel", "recipient", "template", "attempts", "last_error as lastError", "failed_at as failedAt"]).orderBy("id").limit(EXAMPLES).execute()),
    result("every worksite's SMS credit equals the sum of its SMS ledger rows",
      db.selectFrom(offCredits.as("c")).select(count).executeTakeFirstOrThrow(),
      offCredits.orderBy("site_code").limit(EXAMPLES).execute().then((rows) => rows.map((r) => ({ ...r, ledger: Number(r.ledger) })))),
    result("no job item given up (station jobs failures)",
      givenUpItems.select(count).executeTakeFirstOrThrow(),
      givenUpItems.select(["job", "item_id as item", "attempts", "last_error as lastError", "last_failed_at as lastFailedAt"])
        .orderBy("last_failed_at").limit(EXAMPLES).execute()),
    purposeBooks(db).then((books) => {
      const mismatches = reconcile(books)
      return { name: "every settled pay-in trade matches what it paid for (station payments reconcile)", ok: mismatches.length === 0, violations: mismatches.length, examples: mismatches.slice(0, EXAMPLES).map((m) => ({ ...m })) }
    }),
    errandInvariants(db, now)
  ]).then((results) => results.flat())
}
