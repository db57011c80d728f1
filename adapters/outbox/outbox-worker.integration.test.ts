import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FakeMessagingApp } from "../messaging/fake-messaging-app"
import { migrateToLatest, openDatabase, type Database } from "../postgres/database"
import { FakeSmsGateway, SmsRefused, type SmsGateway } from "../sms/fake-sms-gateway"
import { drainOutbox } from "./outbox-worker"

describe("outbox worker", () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ kind: "memory" })
    await migrateToLatest(database.db)
  })
  afterAll(async () => { await database.close() })

  const enqueue = (recipient: string, template = "parcelArrived") =>
    database.db.insertInto("outbox").values({
      channel: "sms", recipient, template, params: JSON.stringify({ site: "西园驿站", company: "顺丰速运", code: "A-0001", serviceTime: "08:00 - 21:00" })
    }).returning("id").executeTakeFirstOrThrow()
  const row = (id: string) => database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow()

  it("sends a due message once and marks it sent", async () => {
    const sms = new FakeSmsGateway()
    const { id } = await enqueue("13800000001")
    await drainOutbox(database.db, sms, new FakeMessagingApp())
    await drainOutbox(database.db, sms, new FakeMessagingApp())
    expect(sms.sent.filter((m) => m.to === "13800000001")).toHaveLength(1)
    expect(sms.sent[0]!.text).toContain("取件码A-0001")
    expect((await row(id)).sent_at).not.toBeNull()
  })

  it("gives up at once on a number no gateway would take", async () => {
    const { id } = await enqueue("12345")
    await drainOutbox(database.db, new FakeSmsGateway(), new FakeMessagingApp())
    expect(await row(id)).toMatchObject({ attempts: 1, sent_at: null, last_error: "invalid mobile number 12345" })
    expect((await row(id)).failed_at).not.toBeNull()
  })

  it("retries a passing failure later with backoff", async () => {
    let calls = 0
    const flaky: SmsGateway = {
      send: async () => {
        calls++
        throw new SmsRefused(false, "gateway busy")
      }
    }
    const { id } = await enqueue("13800000002")
    await drainOutbox(database.db, flaky, new FakeMessagingApp())
    const after = await row(id)
    expect(after).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: "gateway busy" })
    expect(after.next_attempt_at.getTime()).toBeGreaterThan(Date.now())
    await drainOutbox(database.db, flaky, new FakeMessagingApp())
    expect(calls).toBe(1)
  })
})
