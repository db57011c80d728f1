/** Sends what the outbox holds: due rows are claimed with SKIP LOCKED, retried with backoff, given up after 8 tries. */
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"
import type { FakeMessagingApp } from "../messaging/fake-messaging-app"
import { SmsRefused, type SmsGateway } from "../sms/fake-sms-gateway"

const MAX_ATTEMPTS = 8

export const drainOutbox = async (db: Kysely<DB>, sms: SmsGateway, messaging: FakeMessagingApp, batch = 20): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const now = new Date()
    const due = await trx.selectFrom("outbox").selectAll().where("sent_at", "is", null).where("failed_at", "is", null)
      .where("next_attempt_at", "<=", now).orderBy("id").limit(batch).forUpdate().skipLocked().execute()
    for (const row of due) {
      try {
        if (row.channel === "sms") await sms.send(row.recipient, row.template, row.params)
        else await messaging.sendTemplate(row.recipient, row.template, row.params)
        await trx.updateTable("outbox").set({ sent_at: now, attempts: row.attempts + 1 }).where("id", "=", row.id).execute()
      } catch (e) {
        const attempts = row.attempts + 1
        const giveUp = (e instanceof SmsRefused && e.permanent) || attempts >= MAX_ATTEMPTS
        await trx.updateTable("outbox").set({
          attempts, last_error: String((e as Error).message ?? e),
          next_attempt_at: new Date(now.getTime() + 2 ** attempts * 1000),
          failed_at: giveUp ? now : null
        }).where("id", "=", row.id).execute()
      }
    }
    return due.length
  })
