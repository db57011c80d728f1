/**
 * Retention of sent messages: the `prune-sent-messages` job deletes the outbox messages queued more than 90 days ago
 * and done, oldest first, never one still being retried nor any queued after it, and the captcha SMS unlogged; each
 * batch is logged as `pruneMessages` and the log replays into a fresh database whose outbox (dated by the operations'
 * times) digests alike, while the SMS credit's books keep their lines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { digestTables } from "#adapters/ops/digest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { jobNamed } from "#adapters/scheduler/jobs"
import { checkIn } from "#src/parcel/use-cases"
import { SENT_MESSAGE_KEEP_DAYS } from "#src/support/message-retention"
import { backends, checkInPayload, settleOutbox, shanghaiNoonClock, startTestApp, valueOf, type TestApp } from "../support/test-app"

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe.each(backends)("retention of sent messages [%s]", (backend) => {
  let recorded: TestApp
  let fresh: TestApp
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    ;[recorded, fresh] = await Promise.all([startTestApp(backend, { clock }), startTestApp(backend, { clock })])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([recorded?.close(), fresh?.close()])
  })

  it("prunes only done messages 90 days old, up to the first one still retried, logged in batches, and the log replays to the same outbox", async () => {
    const t = recorded
    const staff = (await actorByOpenid(t.db, "demo-staff"))!
    const base = clock().getTime() - 120 * DAY
    const queued = () => t.db.selectFrom("outbox").select(["created_at", "template", "sent_at"]).where("template", "!=", "captcha").orderBy("created_at").orderBy("id").execute()
    const times: number[] = []
    for (const [i, ms] of [0, 0, 60 * MINUTE, 2 * 60 * MINUTE, 40 * DAY].entries()) {
      const at = new Date(base + ms + i)
      times.push(at.getTime())
      valueOf(await t.runtime.run(checkIn(staff, checkInPayload({ expressNo: `KEEP-${i}` })), { now: at }))
    }
    // the check-in statement dates its SMS (and a template message, when the receiver follows) by the operation
    const before = await queued()
    expect([...new Set(before.map((m) => new Date(m.created_at).getTime()))]).toEqual(times)
    await settleOutbox(t)
    const credits = await t.db.selectFrom("sms_credit_ledger").selectAll().where("reason", "=", "sms").orderBy("id").execute()
    expect(credits.length).toBeGreaterThanOrEqual(times.length)
    // the third check-in's SMS failed once and is tried again later (delivery marks only: no operation)
    const retried = await t.db.updateTable("outbox").set({ sent_at: null, attempts: 1, next_attempt_at: new Date(clock().getTime() + DAY) })
      .where("created_at", "=", new Date(times[2]!)).where("channel", "=", "sms").returning("id").executeTakeFirstOrThrow()
    // a captcha SMS sent long ago: bookkeeping, pruned unlogged
    await t.db.insertInto("outbox").values({ channel: "sms", recipient: "13600000099", template: "captcha", params: JSON.stringify({ code: "123456" }),
      created_at: new Date(base), sent_at: new Date(base) }).execute()

    const prune = jobNamed("prune-sent-messages")!
    const keptUntil = (ms: number) => new Date(ms + SENT_MESSAGE_KEEP_DAYS * DAY)
    // the first messages' keep period not yet over: nothing goes
    expect(await prune.run(t.runtime, keptUntil(times[0]!))).toEqual({ messages: 0, captchaSms: 0 })
    // past the third's: the first two check-ins' messages go, the retried one and all after it stay
    const at1 = keptUntil(times[3]! + 1)
    const firstTwo = before.filter((m) => new Date(m.created_at).getTime() < times[2]!).length
    expect(await prune.run(t.runtime, at1)).toEqual({ messages: firstTwo, captchaSms: 1 })
    expect((await queued()).map((m) => new Date(m.created_at).getTime())).toEqual(before.slice(firstTwo).map((m) => new Date(m.created_at).getTime()))
    // once sent, it and the fourth check-in's go at the next run; the last check-in's are kept
    await t.db.updateTable("outbox").set({ sent_at: new Date(clock()), attempts: 2 }).where("id", "=", retried.id).execute()
    const at2 = new Date(at1.getTime() + 60 * MINUTE)
    const middle = before.filter((m) => [times[2], times[3]].includes(new Date(m.created_at).getTime())).length
    expect(await prune.run(t.runtime, at2)).toEqual({ messages: middle, captchaSms: 0 })
    expect(await prune.run(t.runtime, at2)).toEqual({ messages: 0, captchaSms: 0 })
    expect((await queued()).map((m) => new Date(m.created_at).getTime())).toEqual(before.filter((m) => new Date(m.created_at).getTime() === times[4]).map(() => times[4]))
    // the SMS credit's books keep every line, their pointers to the messages gone included
    expect(await t.db.selectFrom("sms_credit_ledger").selectAll().where("reason", "=", "sms").orderBy("id").execute()).toEqual(credits)

    const lines: Array<{ lineNo: number; text: string }> = []
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    const pruned = lines.map((l) => JSON.parse(l.text)).filter((o) => o.op === "pruneMessages")
    expect(pruned).toEqual([
      expect.objectContaining({ actorOpenid: "station-system", at: at1.toISOString(),
        input: { before: new Date(times[3]! + 1).toISOString(), through: new Date(times[1]!).toISOString(), limit: 1000 }, outcome: { count: firstTwo } }),
      expect.objectContaining({ at: at2.toISOString(),
        input: { before: new Date(times[3]! + 1 + 60 * MINUTE).toISOString(), through: new Date(times[3]!).toISOString(), limit: 1000 }, outcome: { count: middle } })
    ])

    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: lines.length, matched: lines.length })
    const [source, replayed] = await Promise.all([digestTables(t.db), digestTables(fresh.db)])
    expect(replayed.tables.outbox).toEqual(source.tables.outbox)
    // the SMS charges (the seeds' grants carry each app's own seeding moment)
    const charges = (app: TestApp) => app.db.selectFrom("sms_credit_ledger").select(["worksite_id", "change", "outbox_id", "at"]).where("reason", "=", "sms").orderBy("id").execute()
    expect(await charges(fresh)).toEqual(await charges(t))
    expect(replayed.tables.parcel).toEqual(source.tables.parcel)
  })
})
