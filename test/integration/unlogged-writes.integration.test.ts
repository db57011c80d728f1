/**
 * The write watch (test/support/write-watch.ts) that the replay suites use to prove every change went with its
 * operation: it names a planted change made without one, and stays quiet on a logged use case, on reads, and on the
 * sign-in's own rows. And the messages a replay writes, which the server beside it never sends.
 */
import { Cause, Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { drainOutbox } from "#adapters/outbox/outbox-worker"
import { checkedOperation } from "#adapters/postgres/stores/shared-stores"
import { checkIn } from "#src/parcel/use-cases"
import { NoticePreferences } from "#src/notice/notice-store"
import { setNotice } from "#src/notice/use-cases"
import { Clock, OpsLog } from "#src/shared/ports"
import { backends, startTestApp, unique, type TestApp } from "../support/test-app"
import { watchWrites, type WriteWatch } from "../support/write-watch"

describe.each(backends)("the write watch [%s]", (backend) => {
  let t: TestApp
  let watch: WriteWatch
  let student: { readonly id: string; readonly openid: string }
  beforeAll(async () => {
    t = await startTestApp(backend)
    const row = await t.db.selectFrom("app_user").select(["id", "openid"]).where("openid", "=", "demo-student").executeTakeFirstOrThrow()
    student = { id: row.id, openid: row.openid! }
    // a fixture written before the watch begins is not the app's doing
    await t.db.updateTable("app_user").set({ nickname: "看门" }).where("id", "=", student.id).execute()
    watch = await watchWrites(t.db)
  }, 120_000)
  afterAll(async () => {
    await watch?.stop()
    await t?.close()
  })

  it("names a change made through a use case's store with no operation, by the table it wrote", async () => {
    const planted = Effect.gen(function* () {
      yield* (yield* NoticePreferences).set(student.id, "arrival", false, yield* (yield* Clock).now)
    })
    expect(Exit.isSuccess(await t.runtime.run(planted))).toBe(true)
    expect(await watch.unlogged()).toEqual([{ tables: ["notice_off"] }])
  })

  it("is quiet on a logged use case, a read, a sign-in and a refusal", async () => {
    const before = await watch.unlogged()
    const actor = (await actorByOpenid(t.db, "demo-student"))!
    expect(Exit.isSuccess(await t.runtime.run(setNotice(actor, "arrival", true)))).toBe(true)
    expect(Exit.isFailure(await t.runtime.run(setNotice(actor, "nothing", true)))).toBe(true)
    const token = await t.token("demo-student")
    expect((await t.api("GET", "/api/user/notices", token)).status).toBe(200)
    expect(await watch.unlogged()).toEqual(before)
  })

  it("the log's writer refuses an operation the catalog would not replay, and nothing of its run stays", async () => {
    const before = await t.db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()
    const append = (op: string, input: unknown) =>
      t.runtime.run(OpsLog.use((log) => log.append({ op, actorOpenid: student.openid, at: new Date(), input, outcome: { employeeId: "e-1" } })))
    for (const [exit, message] of [
      [await append("bindStuff", { phone: "13900000001" }), 'operations log: unknown operation "bindStuff"'],
      [await append("bindStaff", { phone: 13900000001 }), "operations log: bindStaff: the input does not fit its Schema"]
    ] as const) {
      expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause) && (Cause.squash(exit.cause) as Error).message).toBe(message)
    }
    expect(await t.db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).toEqual(before)
    // the outbox's sender, outside the runtime, checks its charge the same way
    const charge = { op: "chargeSms", actorOpenid: "station-system", at: new Date(), input: { worksiteId: "ws-xiyuan", outboxId: "1" }, outcome: { worksiteId: "ws-xiyuan", credit: 9 } }
    expect(checkedOperation(charge)).toBe(charge)
    expect(() => checkedOperation({ ...charge, outcome: { credit: "9" } })).toThrow("operations log: chargeSms: the outcome does not fit its Schema")
  })
})

describe.each(backends)("a replay's messages [%s]", (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(backend)
  }, 120_000)
  afterAll(async () => t?.close())

  it("are never sent by the server beside it, also before the replay marks them: a live check-in's are", async () => {
    const staff = (await actorByOpenid(t.db, "demo-staff"))!
    const draft = (expressNo: string) => ({ worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "R-01", weight: "wf-1", receiverPhone: "13800000001", expressNo })
    const unsent = () => t.db.selectFrom("outbox").select(["replayed"]).where("sent_at", "is", null).where("failed_at", "is", null).execute()
    await drainOutbox(t.db, t.runtime.sms, t.runtime.messaging)
    expect(await unsent()).toEqual([])
    expect(Exit.isSuccess(await t.runtime.run(checkIn(staff, draft(unique("RP"))), { replaying: true }))).toBe(true)
    // the replayed check-in wrote its SMS and template message, both marked, and the sender passes them by
    expect((await unsent()).map((r) => r.replayed)).toEqual([true, true])
    expect(await drainOutbox(t.db, t.runtime.sms, t.runtime.messaging)).toBe(0)
    expect(await unsent()).toHaveLength(2)
    expect(Exit.isSuccess(await t.runtime.run(checkIn(staff, draft(unique("RP")))))).toBe(true)
    // the live one's two go (by this drain or by the server's own sender, whichever comes first); the replayed two stay
    await drainOutbox(t.db, t.runtime.sms, t.runtime.messaging)
    expect((await unsent()).map((r) => r.replayed)).toEqual([true, true])
  })
})
