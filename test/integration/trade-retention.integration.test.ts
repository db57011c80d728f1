/**
 * Retention of pay-in trades: the `prune-expired-trades` job deletes the trades expired more than 90 days ago and
 * nothing else (not a paid trade, not one expired more recently, not an open one), each batch logged as `pruneTrades`;
 * the log replays into a fresh database with the same trades left.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { createUser } from "#adapters/postgres/seed"
import { jobNamed } from "#adapters/scheduler/jobs"
import { jsonNotice } from "#src/payment/pay-in"
import { EXPIRED_TRADE_KEEP_DAYS } from "#src/payment/trade-retention"
import { paySignFor } from "#src/payment/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { donationTrade } from "#src/support/use-cases"
import { backends, settleOutbox, shanghaiNoonClock, startTestApp, valueOf, type TestApp } from "../support/test-app"

const STUDENT = { id: "u-keep-student", openid: "keep-student" }
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const withStudent = (t: TestApp) =>
  createUser(t.db, { id: STUDENT.id, openid: STUDENT.openid, nickname: "留", phone_main: "13600000041", worksite_id: "ws-xiyuan", role: "student" }, {})

describe.each(backends)("retention of pay-in trades [%s]", (backend) => {
  let recorded: TestApp
  let fresh: TestApp
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    recorded = await startTestApp(backend, { clock })
    fresh = await startTestApp(backend, { clock })
    await withStudent(recorded)
    await withStudent(fresh)
  }, 60_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("prunes only the trades expired 90 days ago, logged in batches, and the log replays to the same trades", async () => {
    const t = recorded
    const student = (await actorByOpenid(t.db, STUDENT.openid))!
    const base = clock().getTime() - 120 * DAY
    const at = (ms: number) => ({ now: new Date(base + ms) })
    const trades = () => t.db.selectFrom("pay_trade").select(["trade_no", "status"]).where("user_id", "=", STUDENT.id).orderBy("trade_no").execute()

    // two prepays left unpaid, expired by the scheduler; one paid; 30 days later one more expired; one still open
    // (an open donation prepay is handed out again, so each is left to expire before the next is asked for)
    const old = []
    for (const start of [0, 60 * MINUTE]) {
      old.push(valueOf(await t.runtime.run(donationTrade(student), at(start))))
      expect(await jobNamed("expire-prepays")!.run(t.runtime, new Date(base + start + 45 * MINUTE))).toMatchObject({ expired: 1 })
    }
    const paid = valueOf(await t.runtime.run(donationTrade(student), at(120 * MINUTE)))
    const sign = valueOf(await t.runtime.read(paySignFor(student, paid.prepayId ?? ""), at(120 * MINUTE)))
    const notice = await t.runtime.paymentProvider.pay(sign, base + 121 * MINUTE)
    if (!notice.ok) throw new Error(notice.reason)
    expect(valueOf(await t.runtime.run(settleNotice(jsonNotice(notice.notice)), at(121 * MINUTE)))).toMatchObject({ settled: true })
    const recent = valueOf(await t.runtime.run(donationTrade(student), at(30 * DAY)))
    expect(await jobNamed("expire-prepays")!.run(t.runtime, new Date(base + 30 * DAY + 45 * MINUTE))).toMatchObject({ expired: 1 })
    const open = valueOf(await t.runtime.run(donationTrade(student), at(119 * DAY)))

    const prune = jobNamed("prune-expired-trades")!
    // a day before the first one's keep period ends: nothing goes
    expect(await prune.run(t.runtime, new Date(base + 30 * MINUTE + (EXPIRED_TRADE_KEEP_DAYS - 1) * DAY))).toEqual({ trades: 0 })
    expect(await prune.run(t.runtime, new Date(base + 119 * DAY + MINUTE))).toEqual({ trades: 2 })
    expect(await prune.run(t.runtime, new Date(base + 119 * DAY + 2 * MINUTE))).toEqual({ trades: 0 })
    const left = [paid.tradeNo, recent.tradeNo, open.tradeNo].sort()
    expect((await trades()).map((r) => r.trade_no)).toEqual(left)
    expect(old.every((o) => !left.includes(o.tradeNo))).toBe(true)

    await settleOutbox(t)
    const lines: Array<{ lineNo: number; text: string }> = []
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    const pruned = lines.map((l) => JSON.parse(l.text)).filter((o) => o.op === "pruneTrades")
    expect(pruned).toEqual([expect.objectContaining({
      actorOpenid: "station-system", input: { before: new Date(base + 29 * DAY + MINUTE).toISOString(), limit: 1000 }, outcome: { count: 2 }
    })])

    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: lines.length, matched: lines.length })
    expect(await fresh.db.selectFrom("pay_trade").selectAll().where("user_id", "=", STUDENT.id).orderBy("trade_no").execute())
      .toEqual(await t.db.selectFrom("pay_trade").selectAll().where("user_id", "=", STUDENT.id).orderBy("trade_no").execute())
  })
})
