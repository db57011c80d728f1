/**
 * Money coming in over HTTP: the safekeeping-fee prepay, pay-sign data, the simulated provider's pay
 * step and its signed notice, refusals, expiry, refund and reconciliation; on real Postgres also 20
 * concurrent notices of one trade and the scheduler lock held by one process at a time.
 */
import { fc } from "@fast-check/vitest"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { purposeBooks } from "#adapters/payments/books"
import { signFields } from "#adapters/payments/simulated-provider"
import { jobNamed, type Job } from "#adapters/scheduler/jobs"
import { advisoryLock } from "#adapters/scheduler/lock"
import { startScheduler } from "#adapters/scheduler/scheduler"
import { actorByOpenid } from "#adapters/ops/actors"
import { checkInvariants } from "#adapters/ops/invariants"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { checkIn, handOver } from "#src/parcel/use-cases"
import { reconcile } from "#src/payment/reconcile"
import { paySafekeeping } from "#src/payment/safekeeping"
import { paySignFor } from "#src/payment/use-cases"
import { refundTrade, settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import { backends, checkInPayload, describeOnPostgres, failureOf, newUser, startTestApp, unique, valueOf, type TestApp } from "../support/test-app"

const HOUR = 3_600_000

const setup = (backend: "pglite" | "postgres") => {
  const ctx = {} as { t: TestApp; staff: string }
  beforeAll(async () => {
    ctx.t = await startTestApp(backend)
    ctx.staff = await ctx.t.token("demo-staff")
  })
  afterAll(async () => {
    await ctx.t?.close()
  })
  /** A receiver with a parcel checked in `ageHours` ago at xiyuan. */
  const parcelAged = async (ageHours: number) => {
    const { t, staff } = ctx
    const user = await newUser(t.db)
    const token = await t.token(user.openid)
    const expressNo = unique("SF")
    const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: user.phone }))
    expect(r.status).toBe(201)
    const parcel = await t.db.updateTable("parcel").set({ created_at: new Date(Date.now() - ageHours * HOUR) })
      .where("express_no", "=", expressNo).returning(["id"]).executeTakeFirstOrThrow()
    return { user, token, id: parcel.id, code: r.body.data as string }
  }
  const trade = (tradeNo: string) => ctx.t.db.selectFrom("pay_trade").selectAll().where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()
  const paidFen = async (id: string) => (await ctx.t.db.selectFrom("parcel").select("safekeep_paid").where("id", "=", id).executeTakeFirstOrThrow()).safekeep_paid
  const prepay = async (token: string, id: string) => {
    const r = await ctx.t.api("GET", `/api/expressTosend/paysafekeep/${id}`, token)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { prepayId: string; tradeNo: string; totalFee: number }
  }
  const paySign = (token: string, prepayId: string) => ctx.t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepayId}`)}`, token)
  return { ctx, parcelAged, trade, paidFen, prepay, paySign }
}

for (const backend of backends) {
  describe(`payments in [${backend}]`, () => {
    const { ctx, parcelAged, trade, paidFen, prepay, paySign } = setup(backend)

    it("a parcel over 48 h: the fee is priced on the server, paid in the sheet, settled by the signed notice, and the code shows", async () => {
      const { t } = ctx
      const p = await parcelAged(50)
      const before = await t.api("GET", `/api/expressTosend/getById/${p.id}`, p.token)
      expect(before.body.data).toMatchObject({ safekeepFee: 50, safekeepNeedPay: true, storageNo: "-", qrimgBase64: "" })

      const order = await prepay(p.token, p.id)
      expect(order.totalFee).toBe(50)
      expect(await trade(order.tradeNo)).toMatchObject({ status: "created", amount_fen: 50, kind: "safekeep", ref_id: p.id, user_id: p.user.id })
      const sign = await paySign(p.token, order.prepayId)
      expect(sign.status).toBe(200)
      expect(sign.body.data).toMatchObject({ package: `prepay_id=${order.prepayId}`, signType: "HMAC-SHA256", paySign: expect.stringMatching(/^[0-9A-F]{64}$/) })

      const paid = await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)
      expect(paid.status, JSON.stringify(paid.body)).toBe(200)
      expect(paid.body.data).toEqual({ tradeNo: order.tradeNo, notified: true })
      expect(await trade(order.tradeNo)).toMatchObject({ status: "paid", provider_ref: expect.any(String) })
      expect(await paidFen(p.id)).toBe(50)

      const after = await t.api("GET", `/api/expressTosend/getById/${p.id}`, p.token)
      expect(after.body.data).toMatchObject({ safekeepFee: 0, safekeepNeedPay: false })
      expect(`${after.body.data.storageNo}-${after.body.data.tag}`).toBe(p.code)

      // the provider posts the same notice again: acknowledged, nothing changes twice
      const again = await t.api("POST", "/api/wx/payNotify", undefined, await t.runtime.paymentProvider.notification(order.prepayId))
      expect(again.status).toBe(200)
      expect(again.body).toMatchObject({ return_code: "SUCCESS", data: { settled: false } })
      expect(await paidFen(p.id)).toBe(50)
      // a second pay in the sheet is refused by the provider
      expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).status).toBe(409)
      expect(reconcile(await purposeBooks(t.db))).toEqual([])
    })

    it("a bad signature, an altered amount or a body that is no notice is refused (4xx) and changes nothing", async () => {
      const { t } = ctx
      const p = await parcelAged(80)
      const order = await prepay(p.token, p.id)
      expect(order.totalFee).toBe(100)
      const notice = (await t.runtime.paymentProvider.notification(order.prepayId))!
      const answers = await Promise.all([
        t.api("POST", "/api/wx/payNotify", undefined, { ...notice, transaction_id: "42forged", sign: "0".repeat(64) }),
        t.api("POST", "/api/wx/payNotify", undefined, { ...notice, total_fee: 1 }),
        t.api("POST", "/api/wx/payNotify", undefined, { ...notice, nested: { a: 1 } }),
        t.api("POST", "/api/wx/payNotify", undefined, [1, 2]),
        t.send("POST", "/api/wx/payNotify", { rawBody: "<xml>not json</xml>" })
      ])
      for (const a of answers) {
        expect(a.status).toBeGreaterThanOrEqual(400)
        expect(a.status).toBeLessThan(500)
      }
      expect(answers[0]!.body).toMatchObject({ success: false, message: "签名错误" })
      // the sheet with a forged pay-sign is refused by the provider
      const sign = (await paySign(p.token, order.prepayId)).body.data
      expect((await t.api("POST", "/auth/dev/pay", undefined, { ...sign, paySign: "F".repeat(64) })).body).toMatchObject({ success: false, message: "支付失败：支付签名错误" })
      expect((await trade(order.tradeNo)).status).toBe("created")
      expect(await paidFen(p.id)).toBe(0)
    })

    it("only the receiver may pay; no fee due and bad ids are clear 4xx", async () => {
      const { t } = ctx
      const p = await parcelAged(50)
      const stranger = await t.token((await newUser(t.db)).openid)
      expect((await t.api("GET", `/api/expressTosend/paysafekeep/${p.id}`, stranger)).body).toMatchObject({ success: false, message: "快递不存在" })
      const order = await prepay(p.token, p.id)
      expect((await paySign(stranger, order.prepayId)).status).toBe(404)
      expect((await t.api("GET", "/api/wx/paysign", p.token)).status).toBe(404)
      expect((await t.api("GET", `/api/wx/paysign?package=${"x".repeat(300)}`, p.token)).status).toBe(400)
      expect((await t.api("GET", `/api/expressTosend/paysafekeep/${"x".repeat(200)}`, p.token)).status).toBe(400)
      expect((await t.api("GET", `/api/expressTosend/paysafekeep/${p.id}`)).status).toBe(401)
      const fresh = await parcelAged(1)
      const none = await t.api("GET", `/api/expressTosend/paysafekeep/${fresh.id}`, fresh.token)
      expect(none.status).toBe(409)
      expect(none.body.message).toBe("该快递无需支付保管费")
      // the same fee again: the open prepay is handed out again, not a second one
      expect(await prepay(p.token, p.id)).toEqual(order)
      // a client-sent amount is not read
      expect((await t.api("GET", `/api/expressTosend/paysafekeep/${p.id}?totalFee=1&amount=1`, p.token)).body.data.totalFee).toBe(50)
    })

    it("an unpaid prepay expires (job expire-prepays) and can then no longer be paid", async () => {
      const { t } = ctx
      const p = await parcelAged(50)
      const order = await prepay(p.token, p.id)
      const sign = (await paySign(p.token, order.prepayId)).body.data
      const expire = jobNamed("expire-prepays")!
      expect((await expire.run(t.runtime, new Date(Date.now() + 29 * 60_000))).expired).toBe(0)
      expect((await trade(order.tradeNo)).status).toBe("created")
      expect((await expire.run(t.runtime, new Date(Date.now() + 31 * 60_000))).expired).toBeGreaterThanOrEqual(1)
      expect((await expire.run(t.runtime, new Date(Date.now() + 31 * 60_000))).expired).toBe(0)
      expect((await trade(order.tradeNo)).status).toBe("expired")
      const late = await t.api("POST", "/auth/dev/pay", undefined, sign)
      expect(late.status).toBe(409)
      expect(late.body.message).toBe("支付失败：订单已关闭")
      expect((await paySign(p.token, order.prepayId)).status).toBe(409)
      // the provider's notice for it (if it ever came) is refused: the trade is closed
      const fields: Record<string, string | number> = { ...(await t.runtime.paymentProvider.notification(order.prepayId)), transaction_id: "42late" }
      delete fields.sign
      const lateNotice = { ...fields, sign: signFields(fields, t.runtime.secrets.paymentKey) }
      expect((await t.api("POST", "/api/wx/payNotify", undefined, lateNotice)).body).toMatchObject({ success: false, message: "订单已关闭" })
      expect(await paidFen(p.id)).toBe(0)
      // a new prepay is opened for the fee
      expect((await prepay(p.token, p.id)).tradeNo).not.toBe(order.tradeNo)
    })

    it("a refund pays back and takes the fee off the parcel; reconcile finds any recorded amount without its trade", async () => {
      const { t } = ctx
      const p = await parcelAged(50)
      const order = await prepay(p.token, p.id)
      await t.api("POST", "/auth/dev/pay", undefined, (await paySign(p.token, order.prepayId)).body.data)
      expect(await paidFen(p.id)).toBe(50)
      expect(valueOf(await t.runtime.run(refundTrade(order.tradeNo)))).toMatchObject({ status: "refunded" })
      expect(await paidFen(p.id)).toBe(0)
      expect(failureOf(await t.runtime.run(refundTrade(order.tradeNo)))).toMatchObject({ _tag: "StateConflict" })
      expect(reconcile(await purposeBooks(t.db))).toEqual([])
      await t.db.updateTable("parcel").set({ safekeep_paid: 50 }).where("id", "=", p.id).execute()
      expect(reconcile(await purposeBooks(t.db))).toEqual([expect.objectContaining({ refId: p.id, settledFen: 0, recordedFen: 50, trades: [order.tradeNo] })])
      const payIn = (await checkInvariants(t.db)).find((r) => r.name.includes("pay-in"))
      expect(payIn).toMatchObject({ ok: false, violations: 1, examples: [expect.objectContaining({ refId: p.id })] })
      await t.db.updateTable("parcel").set({ safekeep_paid: 0 }).where("id", "=", p.id).execute()
    })

    it("junk on every new call is a 4xx with a message, never a 500, and changes no trade", async () => {
      const { t } = ctx
      const p = await parcelAged(50)
      const order = await prepay(p.token, p.id)
      const junk = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom("out_trade_no", "total_fee", "transaction_id", "result_code", "sign", "nonce_str", "x"), fc.jsonValue()))
      await fc.assert(fc.asyncProperty(junk, fc.string({ maxLength: 300 }), async (body, text) => {
        const answers = await Promise.all([
          t.api("POST", "/api/wx/payNotify", undefined, body),
          t.api("POST", "/auth/dev/pay", undefined, body),
          t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(text)}`, p.token),
          t.api("GET", `/api/expressTosend/paysafekeep/${encodeURIComponent(text) || "x"}`, p.token)
        ])
        for (const a of answers) {
          expect(a.status, JSON.stringify(a.body)).toBeGreaterThanOrEqual(400)
          expect(a.status).toBeLessThan(500)
          expect(a.body).toMatchObject({ success: false, message: expect.any(String) })
        }
      }), { numRuns: 25 })
      expect((await trade(order.tradeNo)).status).toBe("created")
      expect(await paidFen(p.id)).toBe(0)
    })

    it("the purge jobs delete expired nonces and sessions, and are idempotent", async () => {
      const { t } = ctx
      const user = await newUser(t.db)
      await t.token(user.openid)
      await t.db.updateTable("session").set({ expires_at: new Date(Date.now() - 1000) }).where("user_id", "=", user.id).execute()
      await t.db.insertInto("login_nonce").values({ nonce: unique("n"), expires_at: new Date(Date.now() - 1000) }).execute()
      const now = new Date()
      expect((await jobNamed("purge-sessions")!.run(t.runtime, now)).sessions).toBeGreaterThanOrEqual(1)
      expect((await jobNamed("purge-login-nonces")!.run(t.runtime, now)).nonces).toBeGreaterThanOrEqual(1)
      expect(await jobNamed("purge-sessions")!.run(t.runtime, now)).toEqual({ sessions: 0 })
      expect((await jobNamed("purge-login-nonces")!.run(t.runtime, now)).nonces).toBe(0)
      expect(await t.db.selectFrom("session").select("token_hash").where("user_id", "=", user.id).execute()).toEqual([])
      expect(await jobNamed("purge-idempotency-keys")!.run(t.runtime, now)).toEqual({ keys: expect.any(Number) })
    })
  })
}

describeOnPostgres("payments in: races on real Postgres", () => {
  const { ctx, parcelAged, trade, paidFen, prepay, paySign } = setup("postgres")

  it("20 concurrent notices of one trade settle it once", async () => {
    const { t } = ctx
    const p = await parcelAged(100)
    const order = await prepay(p.token, p.id)
    expect(order.totalFee).toBe(150)
    const sign = (await paySign(p.token, order.prepayId)).body.data
    const paid = await t.runtime.paymentProvider.pay(sign)
    if (!paid.ok) throw new Error(paid.reason)
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.api("POST", "/api/wx/payNotify", undefined, paid.notice)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    expect(answers.filter((a) => a.body.data.settled)).toHaveLength(1)
    expect(await paidFen(p.id)).toBe(150)
    expect((await trade(order.tradeNo)).status).toBe("paid")
    expect(reconcile(await purposeBooks(t.db))).toEqual([])
  })

  it("10 concurrent prepays of one fee open one trade and all get it", async () => {
    const { t } = ctx
    const p = await parcelAged(50)
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api("GET", `/api/expressTosend/paysafekeep/${p.id}`, p.token)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => a.body.data.tradeNo)).size).toBe(1)
    expect(await t.db.selectFrom("pay_trade").select("trade_no").where("ref_id", "=", p.id).execute()).toHaveLength(1)
  })

  it("a leader whose connection is cut loses the lock: another process takes it, and the old leader knows", async () => {
    const { t } = ctx
    const config = t.runtime.database.config
    if (config.kind !== "postgres") throw new Error("postgres only")
    const a = advisoryLock(config.url, 4343)
    const b = advisoryLock(config.url, 4343)
    try {
      expect(await a.tryAcquire()).toBe(true)
      expect(await b.tryAcquire()).toBe(false)
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'station-scheduler' and datname = current_database()`.execute(t.db)
      await expect.poll(() => b.tryAcquire(), { timeout: 5_000, interval: 100 }).toBe(true)
      expect(await a.tryAcquire()).toBe(false)
    } finally {
      await a.release()
      await b.release()
    }
  })

  it("the scheduler lock is held by one process at a time; another takes over when it lets go", async () => {
    const { t } = ctx
    const config = t.runtime.database.config
    if (config.kind !== "postgres") throw new Error("postgres only")
    const runs: string[] = []
    const counting = (who: string): Job => ({ name: "count", description: "counts", everyMs: 1, run: async () => { runs.push(who); return { n: 1 } } })
    const a = startScheduler(t.runtime, { lock: advisoryLock(config.url, 4242), jobs: [counting("a")], tickMs: 3_600_000 })
    const b = startScheduler(t.runtime, { lock: advisoryLock(config.url, 4242), jobs: [counting("b")], tickMs: 3_600_000 })
    try {
      const [aLeads, bLeads] = await Promise.all([a.tick(), b.tick()])
      expect([aLeads, bLeads].filter(Boolean)).toHaveLength(1)
      const [leader, follower, leaderName] = aLeads ? [a, b, "a"] : [b, a, "b"]
      await new Promise((r) => setTimeout(r, 5))
      await Promise.all([leader.tick(), follower.tick(), follower.tick()])
      expect(runs).toEqual([leaderName, leaderName])
      await leader.stop()
      expect(await follower.tick()).toBe(true)
      expect(runs.at(-1)).toBe(leaderName === "a" ? "b" : "a")
    } finally {
      await a.stop()
      await b.stop()
    }
  })
})

describe("a paid safekeeping fee in the operations log [pglite]", () => {
  let recorded: TestApp
  let fresh: TestApp
  beforeAll(async () => {
    recorded = await startTestApp("pglite")
    fresh = await startTestApp("pglite")
  })
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("replays into a fresh database: without the fee line the later pickup would be refused", async () => {
    const staff = (await actorByOpenid(recorded.db, "demo-staff"))!
    const student = (await actorByOpenid(recorded.db, "demo-student"))!
    const now = new Date()
    const { parcel } = valueOf(await recorded.runtime.run(checkIn(staff, checkInPayload({ expressNo: "SF-REPLAY-FEE" })), { now: new Date(now.getTime() - 50 * HOUR) }))
    const order = valueOf(await recorded.runtime.run(paySafekeeping(student, parcel.id), { now }))
    const sign = valueOf(await recorded.runtime.read(paySignFor(student, order.prepayId), { now }))
    const paid = await recorded.runtime.paymentProvider.pay(sign)
    if (!paid.ok) throw new Error(paid.reason)
    valueOf(await recorded.runtime.run(settleNotice(jsonNotice(paid.notice)), { now }))
    const hand = { worksiteCode: "XY01", expressNo: "SF-REPLAY-FEE", storageNo: parcel.storageNo, tag: String(parcel.tag).padStart(4, "0"), signOpenid: "demo-student" }
    valueOf(await recorded.runtime.run(handOver(staff, hand), { now }))

    const lines: Array<{ lineNo: number; text: string }> = []
    // the parcel's and the fee's lines (the server's sender logs its SMS charges beside them, at its own time)
    for await (const op of loggedOperations(recorded.db)) if (op.op !== "chargeSms") lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    // the prepay and the provider's notice are logged (the notice's line runs the fee's settlement), so the trade replays too
    expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["checkIn", "tradePrepay", "tradePaid", "takePart"])
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary).toMatchObject({ operations: 4, matched: 4, mismatched: 0, failed: 0, badLines: 0 })
    const trade = (a: TestApp) => a.db.selectFrom("pay_trade").selectAll().where("ref_id", "=", parcel.id).execute()
    expect(await trade(fresh)).toEqual(await trade(recorded))
    expect(await fresh.db.selectFrom("parcel").select(["status", "safekeep_paid"]).where("id", "=", parcel.id).executeTakeFirstOrThrow())
      .toEqual({ status: 100, safekeep_paid: 50 })

    const withoutFee = await startTestApp("pglite")
    try {
      const skipped = await replayOperations(withoutFee.runtime, (async function* () { yield* lines.filter((l) => JSON.parse(l.text).op !== "tradePaid") })(), { keepGoing: true })
      expect(skipped).toMatchObject({ matched: 2, failed: 1 })
    } finally {
      await withoutFee.close()
    }
  })
})
