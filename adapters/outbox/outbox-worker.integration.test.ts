import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { logger } from "../http/logger"
import { FakeMessagingApp } from "../messaging/fake-messaging-app"
import { migrateToLatest, openDatabase, type Database } from "../postgres/database"
import { listFailures, MAX_ATTEMPTS } from "../scheduler/failures"
import { FakeSmsGateway, SmsRefused, type SmsGateway } from "../sms/fake-sms-gateway"
import { drainOutbox, OUTBOX_RETRY_FIRST_MS, retryOutboxMessage } from "./outbox-worker"
import { blankMemory } from "../../test/support/blank-database"

afterEach(() => { vi.restoreAllMocks() })

describe("outbox worker", () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase(blankMemory())
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

  /** A gateway that sends through the fake, except to these numbers, for which it throws what `refuse` makes. */
  const refusing = (numbers: ReadonlyArray<string>, refuse: () => unknown) => {
    const sms = new FakeSmsGateway()
    const gateway: SmsGateway = {
      send: async (to, template, params) => {
        if (numbers.includes(to)) throw refuse()
        await sms.send(to, template, params)
      }
    }
    return { sms, gateway }
  }
  const pending = () => database.db.updateTable("outbox").set({ sent_at: new Date() }).where("sent_at", "is", null).where("failed_at", "is", null).execute()

  it("a failing message does not hold up the next: the next is sent, the failing one kept with its attempt, logged and tried later", async () => {
    await pending()
    const warn = vi.spyOn(logger, "warn")
    const { sms, gateway } = refusing(["13800000011"], () => new SmsRefused(false, "gateway busy"))
    const failing = await enqueue("13800000011")
    const next = await enqueue("13800000012")
    const before = Date.now()
    expect(await drainOutbox(database.db, gateway, new FakeMessagingApp())).toBe(2)
    expect(sms.sent.map((m) => m.to)).toEqual(["13800000012"])
    expect((await row(next.id)).sent_at).not.toBeNull()
    const after = await row(failing.id)
    expect(after).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: "gateway busy" })
    expect(after.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + OUTBOX_RETRY_FIRST_MS)
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: "outbox", item: String(failing.id), attempts: 1 }), expect.stringContaining("tried again later"))
    // its next try is later: the next drain leaves it alone
    expect(await drainOutbox(database.db, gateway, new FakeMessagingApp())).toBe(0)
  })

  it("a gateway that throws something other than an Error: the failure is recorded and the other messages are sent once", async () => {
    await pending()
    const { sms, gateway } = refusing(["13800000021"], () => undefined)
    const odd = await enqueue("13800000021")
    const fine = await enqueue("13800000022")
    await drainOutbox(database.db, gateway, new FakeMessagingApp())
    await drainOutbox(database.db, gateway, new FakeMessagingApp())
    expect(sms.sent.filter((m) => m.to === "13800000022")).toHaveLength(1)
    expect((await row(fine.id)).sent_at).not.toBeNull()
    expect(await row(odd.id)).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: "undefined" })
  })

  it(`gives up after ${MAX_ATTEMPTS} tries, each after twice the wait; then listed as a failure until a retry sends it`, async () => {
    await pending()
    const error = vi.spyOn(logger, "error")
    const { gateway } = refusing(["13800000031"], () => new SmsRefused(false, "gateway busy"))
    const { id } = await enqueue("13800000031")
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await database.db.updateTable("outbox").set({ next_attempt_at: new Date(Date.now() - 1000) }).where("id", "=", id).execute()
      const before = Date.now()
      await drainOutbox(database.db, gateway, new FakeMessagingApp())
      const after = await row(id)
      expect(after.attempts).toBe(attempt)
      if (attempt < MAX_ATTEMPTS) {
        expect(after.failed_at).toBeNull()
        expect(after.next_attempt_at.getTime() - before).toBeGreaterThanOrEqual(OUTBOX_RETRY_FIRST_MS * 2 ** (attempt - 1))
        expect(after.next_attempt_at.getTime() - Date.now()).toBeLessThanOrEqual(OUTBOX_RETRY_FIRST_MS * 2 ** (attempt - 1))
      }
    }
    expect((await row(id)).failed_at).not.toBeNull()
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: "outbox", item: String(id), attempts: MAX_ATTEMPTS }), expect.stringContaining("given up"))
    await database.db.updateTable("outbox").set({ next_attempt_at: new Date(Date.now() - 1000) }).where("id", "=", id).execute()
    expect(await drainOutbox(database.db, gateway, new FakeMessagingApp())).toBe(0)
    expect(await listFailures(database.db)).toEqual(expect.arrayContaining([
      expect.objectContaining({ job: "outbox", item: String(id), detail: "sms parcelArrived", attempts: MAX_ATTEMPTS, nextTryAt: null, lastError: "gateway busy" })
    ]))
    // the gateway is back: a retry sends it and it is no longer listed
    const sms = new FakeSmsGateway()
    expect(await retryOutboxMessage(database.db, sms, new FakeMessagingApp(), id)).toBe("sent")
    expect(sms.sent.map((m) => m.to)).toEqual(["13800000031"])
    expect((await listFailures(database.db, { all: true })).map((f) => f.item)).not.toContain(String(id))
    expect(await retryOutboxMessage(database.db, sms, new FakeMessagingApp(), id)).toBeUndefined()
  })
})
