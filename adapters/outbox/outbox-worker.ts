/**
 * Sends what the outbox holds, each message in its own transaction: a due row is claimed with SKIP LOCKED, sent,
 * and marked sent; a failure is logged, counted on the row and tried again with a doubling delay, given up after
 * MAX_ATTEMPTS tries (or at once when the gateway refuses it for good) and then listed by `station jobs failures`.
 * A message that fails never holds up the others. A parcel notice SMS (its row names a worksite) takes one of the
 * worksite's SMS credit with a ledger row and its `chargeSms` operation in the transaction that marks it sent; with none
 * left it fails at once as '短信余额不足' and is not tried again (captcha SMS and template messages are the platform's
 * and take none). A message a replay wrote (`replayed`) is never sent.
 */
import { sql, type Kysely, type Selectable, type Transaction } from "kysely"
import { logger, maskPhones } from "../http/logger"
import type { DB } from "../postgres/schema"
import { checkedOperation, writeOperations } from "../postgres/stores/shared-stores"
import { MessagingRefused, type MessagingApp } from "../messaging/messaging-app"
import { errorText, MAX_ATTEMPTS, nextTryAfter, OUTBOX } from "../scheduler/failures"
import { SmsRefused, type SmsGateway } from "../sms/fake-sms-gateway"
import { SYSTEM_ACTOR } from "#src/parcel/returns"
import { operationEntry } from "#src/shared/operation"
import { CreditReason, smsMessages } from "#src/support/sms-credit"
import { ChargeSmsOperation } from "#src/support/use-cases"

/** A message is tried again 2 s after its first failure, then after 4, 8, … 128 s. */
export const OUTBOX_RETRY_FIRST_MS = 2_000

type Outcome = "sent" | "failed"

/** Moves the worksite's SMS credit by one (taking only while some is left): whether it moved. Holds the worksite's row until the transaction ends. */
const moveCredit = async (trx: Transaction<DB>, worksiteId: string, change: -1 | 1) =>
  (await trx.updateTable("worksite").set({ sms_credit: sql`sms_credit + ${change}` }).where("id", "=", worksiteId)
    .$if(change < 0, (q) => q.where("sms_credit", ">", 0)).executeTakeFirst()).numUpdatedRows === 1n

/** Sends one claimed message and records what happened on its row. */
const attempt = async (
  trx: Transaction<DB>, row: Selectable<DB["outbox"]>, sms: SmsGateway, messaging: MessagingApp, now: Date, clock: () => Date
): Promise<Outcome> => {
  const attempts = row.attempts + 1
  const payer = row.channel === "sms" ? row.worksite_id : null
  if (payer !== null && !(await moveCredit(trx, payer, -1))) {
    await trx.updateTable("outbox").set({ attempts, last_error: smsMessages.creditExhausted, next_attempt_at: now, failed_at: now }).where("id", "=", row.id).execute()
    logger.warn({ job: OUTBOX, item: String(row.id), worksiteId: payer, template: row.template }, "SMS not sent: the worksite has no SMS credit left")
    return "failed"
  }
  try {
    if (row.channel === "sms") await sms.send(row.recipient, row.template, row.params)
    else await messaging.sendTemplate(row.recipient, row.template, row.params)
  } catch (e) {
    // not sent: the credit taken for it goes back (in this transaction, so nobody saw it gone)
    if (payer !== null) await moveCredit(trx, payer, 1)
    const refusedForGood = (e instanceof SmsRefused || e instanceof MessagingRefused) && e.permanent
    const next = refusedForGood ? undefined : nextTryAfter(attempts, now, OUTBOX_RETRY_FIRST_MS)
    const error = errorText(e)
    await trx.updateTable("outbox").set({
      attempts, last_error: error, next_attempt_at: next ?? now, failed_at: next ? null : now
    }).where("id", "=", row.id).execute()
    const fields = { job: OUTBOX, item: String(row.id), channel: row.channel, template: row.template, attempts, nextTryAt: next ?? null, err: maskPhones(error) }
    if (next) logger.warn(fields, "outbox message failed; it is tried again later")
    else logger.error(fields, `outbox message given up${refusedForGood ? " (refused for good)" : ` after ${MAX_ATTEMPTS} tries`}, see station jobs failures`)
    return "failed"
  }
  if (payer !== null) {
    // the charge at the use cases' time (the app's clock), as its replay will write it
    const at = clock()
    await trx.insertInto("sms_credit_ledger").values({ worksite_id: payer, change: -1, reason: CreditReason.sms, outbox_id: row.id, at }).execute()
    const { sms_credit: credit } = await trx.selectFrom("worksite").select("sms_credit").where("id", "=", payer).executeTakeFirstOrThrow()
    // the charge's line, in the sending transaction (the sender runs outside the use cases' runtime)
    await writeOperations(trx, [{ operation: checkedOperation(operationEntry(ChargeSmsOperation, SYSTEM_ACTOR, at, { worksiteId: payer, outboxId: String(row.id) }, { worksiteId: payer, credit })) }])
  }
  await trx.updateTable("outbox").set({ sent_at: now, attempts }).where("id", "=", row.id).execute()
  return "sent"
}

/**
 * Sends up to `batch` due messages, oldest first, one transaction each; answers how many it tried. A message
 * whose transaction itself fails (its row cannot be written) is logged and left for a later drain.
 */
export const drainOutbox = async (
  db: Kysely<DB>, sms: SmsGateway, messaging: MessagingApp, batch = 20, clock: () => Date = () => new Date()
): Promise<number> => {
  const tried: string[] = []
  while (tried.length < batch) {
    let claimed: string | undefined
    try {
      await db.transaction().execute(async (trx) => {
        const now = new Date()
        // a message a replay wrote is never sent (the replay marks it not sent when it ends)
        const row = await trx.selectFrom("outbox").selectAll().where("sent_at", "is", null).where("failed_at", "is", null).where("replayed", "=", false)
          .where("next_attempt_at", "<=", now).$if(tried.length > 0, (q) => q.where("id", "not in", tried))
          .orderBy("id").limit(1).forUpdate().skipLocked().executeTakeFirst()
        if (!row) return
        claimed = row.id
        await attempt(trx, row, sms, messaging, now, clock)
      })
    } catch (err) {
      if (claimed === undefined) throw err
      logger.error({ job: OUTBOX, item: String(claimed), err }, "outbox message could not be recorded; left for a later drain")
    }
    if (claimed === undefined) break
    tried.push(claimed)
  }
  return tried.length
}

/** Tries one message now, whatever its next try or given-up mark says (`station jobs retry outbox <id>`); undefined if no unsent message has this id. */
export const retryOutboxMessage = (
  db: Kysely<DB>, sms: SmsGateway, messaging: MessagingApp, id: string, clock: () => Date = () => new Date()
): Promise<Outcome | undefined> =>
  db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("outbox").selectAll().where("id", "=", id).where("sent_at", "is", null).where("replayed", "=", false).forUpdate().executeTakeFirst()
    return row ? attempt(trx, row, sms, messaging, new Date(), clock) : undefined
  })
