/** `station jobs` and `station payments` as child processes over an embedded database prepared in-process. */
import { join } from "node:path"
import { Cause, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { checkIn } from "#src/parcel/use-cases"
import { paySafekeeping } from "#src/payment/safekeeping"
import { paySignFor } from "#src/payment/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import { json, removeTempDirs, serve, station, stop, tempDir } from "./station.testkit"

const SLOW = 240_000
const HOUR = 3_600_000

const valueOf = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

describe("station jobs and station payments", () => {
  const env = { DATA_DIR: tempDir("payments") }
  const dataDir = join(env.DATA_DIR, "db")
  const made = { paidTrade: "", openTrade: "", paidParcel: "", dueParcel: "" }

  beforeAll(async () => {
    const database = await openDatabase({ kind: "pglite", dataDir })
    try {
      await migrateToLatest(database.db)
      await seedDemoCampus(database.db)
      const runtime = await Runtime.create(database)
      const staff = (await actorByOpenid(database.db, "demo-staff"))!
      const student = (await actorByOpenid(database.db, "demo-student"))!
      const longAgo = new Date(Date.now() - 60 * HOUR)
      const parcel = (expressNo: string) => runtime.run(checkIn(staff, {
        worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "A-01", expressNo, weight: "wf-1", receiverPhone: "13800000001"
      }), { now: longAgo }).then((exit) => valueOf(exit).parcel.id)
      const dueId = valueOf(await runtime.run(checkIn(staff, {
        worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "A-01", expressNo: "SF-CLI-DUE", weight: "wf-1", receiverPhone: "13800000001"
      }), { now: new Date(Date.now() - 80 * HOUR) })).parcel.id
      const paidId = await parcel("SF-CLI-PAID")
      const openId = await parcel("SF-CLI-OPEN")
      const paid = valueOf(await runtime.run(paySafekeeping(student, paidId)))
      const notice = await runtime.paymentProvider.pay(valueOf(await runtime.read(paySignFor(student, paid.prepayId))))
      if (!notice.ok) throw new Error(notice.reason)
      valueOf(await runtime.run(settleNotice(jsonNotice(notice.notice))))
      // an open prepay, opened 40 minutes ago: due to expire
      const open = valueOf(await runtime.run(paySafekeeping(student, openId), { now: new Date(Date.now() - 40 * 60_000) }))
      Object.assign(made, { paidTrade: paid.tradeNo, openTrade: open.tradeNo, paidParcel: paidId, dueParcel: dueId })
    } finally {
      await database.close()
    }
  }, SLOW)

  afterAll(removeTempDirs)

  it("jobs list names every job; an unknown job is a usage error", async () => {
    const list = await station(["jobs", "list", "--json"], env)
    expect(list.code, list.stderr).toBe(0)
    expect(json(list).map((j: { name: string }) => j.name)).toEqual(expect.arrayContaining([
      "mark-due-returns", "remind-due-returns", "expire-prepays", "purge-login-nonces", "purge-sessions", "purge-idempotency-keys", "void-unpaid-errands", "void-unaccepted-errands"
    ]))
    const human = await station(["jobs", "list"], env)
    expect(human.stdout).toMatch(/expire-prepays\s+1 min/)
    const unknown = await station(["jobs", "run", "nope"], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/no job named nope; the jobs are mark-due-returns, remind-due-returns, expire-prepays/)
  }, SLOW)

  it("jobs run mark-due-returns marks the parcel uncollected for 80 h as awaiting return, once; the 60 h ones stay", async () => {
    const first = await station(["jobs", "run", "mark-due-returns", "--json"], env)
    expect(first.code, first.stderr).toBe(0)
    expect(json(first)).toMatchObject({ job: "mark-due-returns", result: { marked: 1 } })
    const again = await station(["jobs", "run", "mark-due-returns", "--json"], env)
    expect(json(again)).toMatchObject({ result: { marked: 0 } })
    const due = await station(["returns", "list", "--json"], env)
    expect(due.code, due.stderr).toBe(0)
    expect(JSON.stringify(json(due))).toContain(made.dueParcel)
    expect(JSON.stringify(json(due))).not.toContain(made.paidParcel)
  }, SLOW)

  it("jobs run expire-prepays expires the open prepay past its 30 minutes, once", async () => {
    const first = await station(["jobs", "run", "expire-prepays", "--json"], env)
    expect(first.code, first.stderr).toBe(0)
    expect(json(first)).toMatchObject({ job: "expire-prepays", result: { expired: 1, paidElsewhere: 0 } })
    const again = await station(["jobs", "run", "expire-prepays"], env)
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/Ran expire-prepays\.\n.*expired\s+0/s)
    const list = await station(["payments", "list", "--json"], env)
    expect(json(list)).toEqual(expect.arrayContaining([
      expect.objectContaining({ tradeNo: made.paidTrade, status: "paid", amountFen: 50, kind: "safekeep", refId: made.paidParcel }),
      expect.objectContaining({ tradeNo: made.openTrade, status: "expired" })
    ]))
    const onlyPaid = await station(["payments", "list", "--status", "paid"], env)
    expect(onlyPaid.stdout).toContain(made.paidTrade)
    expect(onlyPaid.stdout).not.toContain(made.openTrade)
    expect((await station(["payments", "list", "--status", "nope"], env)).code).toBe(2)
  }, SLOW)

  it("payments reconcile: 0 when every settled trade is recorded once, 1 listing the parcel when not", async () => {
    const ok = await station(["payments", "reconcile", "--json"], env)
    expect(ok.code, ok.stderr).toBe(0)
    expect(json(ok)).toEqual({ purposes: 1, trades: 1, mismatches: [], smsCredit: [] })
    const database = await openDatabase({ kind: "pglite", dataDir })
    try {
      await database.db.updateTable("parcel").set({ safekeep_paid: 200 }).where("id", "=", made.paidParcel).execute()
    } finally {
      await database.close()
    }
    const bad = await station(["payments", "reconcile"], env)
    expect(bad.code).toBe(1)
    expect(bad.stdout).toMatch(/1 mismatches:/)
    expect(bad.stdout).toContain(made.paidParcel)
    expect(bad.stdout).toMatch(/0\.50\s+2\.00\s+\S+\s+recorded as paid without a settled trade/)
  }, SLOW)

  it("station serve runs the scheduler: an overdue prepay expires without anyone running the job", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir })
    try {
      const at = new Date(Date.now() - 45 * 60_000)
      await database.db.insertInto("pay_trade").values({
        trade_no: "PSERVE1", kind: "safekeep", ref_id: made.paidParcel, user_id: "u-student", amount_fen: 50, status: "created", prepay_id: null,
        provider_ref: null, created_at: at, expires_at: new Date(at.getTime() + 30 * 60_000), paid_at: null, refunded_at: null
      }).execute()
    } finally {
      await database.close()
    }
    const served = await serve(env)
    try {
      await expect.poll(async () => {
        const list = await station(["payments", "list", "--status", "expired", "--json"], env)
        return json(list).map((t: { tradeNo: string }) => t.tradeNo)
      }, { timeout: 60_000, interval: 1_000 }).toContain("PSERVE1")
    } finally {
      await stop(served)
    }
  }, SLOW)

  it("payments refund pays a paid trade back under the operator, logged once; a second refund is refused and logs nothing", async () => {
    const refunded = await station(["payments", "refund", made.paidTrade, "--json"], env)
    expect(refunded.code, refunded.stderr).toBe(0)
    expect(json(refunded)).toMatchObject({ tradeNo: made.paidTrade, status: "refunded", refundReference: expect.any(String) })
    const again = await station(["payments", "refund", made.paidTrade, "--json"], env)
    expect(again.code).toBe(1)
    expect(json(again)).toEqual({ error: { tag: "StateConflict", message: "订单未支付，不能退款" } })
    const exported = await station(["ops", "export"], env)
    const refunds = exported.stdout.trimEnd().split("\n").map((l) => JSON.parse(l)).filter((o) => o.op === "refundTrade")
    expect(refunds).toEqual([expect.objectContaining({ actorOpenid: "station-operator", input: { tradeNo: made.paidTrade }, outcome: { tradeNo: made.paidTrade, status: "refunded", ids: [] } })])
  }, SLOW)
})
