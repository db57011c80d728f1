/**
 * Jobs never poison themselves (issue 17): paid errand orders nobody accepted are voided and refunded by
 * `void-unaccepted-errands`, each in its own transaction. The use case is made to fail for one planted order
 * (the oldest, so it comes first every run): the others are still refunded, the failure is logged and kept with
 * its attempts and next try, the order is skipped until then, a later success clears it, and after
 * MAX_ATTEMPTS it is no longer tried but listed for a person, until `retry` succeeds. On PGlite and, with
 * TEST_DATABASE_URL, on Postgres.
 */
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { logger } from "#adapters/http/logger"
import { checkInvariants } from "#adapters/ops/invariants"
import type { ProviderTables } from "#adapters/payments/provider-books"
import { JOB_RETRY_FIRST_MS, listFailures, MAX_ATTEMPTS } from "#adapters/scheduler/failures"
import { itemsJob, jobNamed, type ItemsJob } from "#adapters/scheduler/jobs"
import { grabOrder } from "#src/errand/lifecycle"
import type { VoidOutcome } from "#src/errand/ordering"
import { messages } from "#src/payment/trade"
import { backends, checkInPayload, newUser, paidDoorDelivery, shanghaiNoonClock, startTestApp, unique, valueOf, type TestApp } from "../support/test-app"

const MINUTE = 60_000
const JOB = "void-unaccepted-errands"

const registered = (): ItemsJob<VoidOutcome> => {
  const job = jobNamed(JOB)
  if (!job || !("work" in job)) throw new Error(`${JOB} is not an item job`)
  return job as ItemsJob<VoidOutcome>
}

/** The registered job, except that its use case fails for the planted orders; `tries` counts the planted orders' tries. */
const failingFor = (planted: ReadonlySet<string>, tries: Map<string, number>) => {
  const job = registered()
  return itemsJob({
    ...job,
    work: {
      ...job.work,
      one: (id) => planted.has(id)
        ? Effect.suspend(() => {
          tries.set(id, (tries.get(id) ?? 0) + 1)
          return Effect.die(new Error(`退款失败：provider refused order ${id}`))
        })
        : job.work.one(id)
    }
  })
}

afterEach(() => { vi.restoreAllMocks() })

for (const backend of backends) {
  describe(`a job with one failing item [${backend}]`, () => {
    const ctx = {} as { t: TestApp; clock: () => Date; staff: string; student: string }
    beforeAll(async () => {
      ctx.clock = shanghaiNoonClock()
      ctx.t = await startTestApp(backend, { clock: ctx.clock })
      ;[ctx.staff, ctx.student] = await Promise.all([ctx.t.token("demo-staff"), ctx.t.token("demo-student")])
    })
    afterAll(async () => { await ctx.t?.close() })

    /** A paid door-delivery order for a new parcel of demo-student's, open (0) and past its required time at `due`. */
    const paidOrder = async (due: Date) => {
      const { id } = await paidDoorDelivery(ctx.t, ctx, ctx.clock, due)
      expect(await order(id)).toMatchObject({ status: 0, paid: 240, refunded: 0 })
      return id
    }
    const order = (id: string) => ctx.t.db.selectFrom("errand_order").select(["status", "paid", "refunded"]).where("id", "=", id).executeTakeFirstOrThrow()
    const failureRow = (id: string) => ctx.t.db.selectFrom("job_item_failure").selectAll().where("job", "=", JOB).where("item_id", "=", id).executeTakeFirst()
    const stillOpen = async (ids: ReadonlyArray<string>) =>
      (await ctx.t.db.selectFrom("errand_order").select("id").where("id", "in", ids).where("status", "=", 0).execute()).map((r) => r.id)

    it("the others are refunded; the failure is logged and kept with its attempts; skipped until its next try; a later success clears it", async () => {
      const { t } = ctx
      const base = new Date(ctx.clock().getTime() + 2 * 60 * MINUTE)
      // the planted order is the oldest: it comes first in every run
      const planted = await paidOrder(new Date(base.getTime() - 3 * MINUTE))
      const others = [await paidOrder(new Date(base.getTime() - 2 * MINUTE)), await paidOrder(new Date(base.getTime() - MINUTE))]
      const tries = new Map<string, number>()
      const job = failingFor(new Set([planted]), tries)
      const warn = vi.spyOn(logger, "warn")

      const late = new Date(base.getTime() + 1000)
      expect(await job.run(t.runtime, late)).toEqual({ voided: 2, skipped: 0, paidElsewhere: 0, failed: 1, waiting: 0, givenUp: 0 })
      expect(tries.get(planted)).toBe(1)
      for (const id of others) expect(await order(id)).toMatchObject({ status: 4, paid: 240, refunded: 240 })
      expect(await order(planted)).toMatchObject({ status: 0, paid: 240, refunded: 0 })
      expect(await failureRow(planted)).toEqual({
        job: JOB, item_id: planted, attempts: 1, last_error: `退款失败：provider refused order ${planted}`,
        first_failed_at: late, last_failed_at: late, next_try_at: new Date(late.getTime() + JOB_RETRY_FIRST_MS)
      })
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: JOB, item: planted, attempts: 1 }), expect.stringContaining("tried again later"))

      // before its next try the order is skipped
      expect(await job.run(t.runtime, new Date(late.getTime() + 30_000))).toMatchObject({ voided: 0, failed: 0, waiting: 1 })
      expect(tries.get(planted)).toBe(1)

      // at its next try it is tried again and fails again: twice the wait
      const second = new Date(late.getTime() + JOB_RETRY_FIRST_MS)
      expect(await job.run(t.runtime, second)).toMatchObject({ voided: 0, failed: 1, waiting: 0 })
      expect(await failureRow(planted)).toMatchObject({ attempts: 2, first_failed_at: late, last_failed_at: second, next_try_at: new Date(second.getTime() + 2 * JOB_RETRY_FIRST_MS) })

      // the cause is gone: the scheduler's own job refunds it at its next try and the failure row goes
      const third = new Date(second.getTime() + 2 * JOB_RETRY_FIRST_MS)
      expect(await registered().run(t.runtime, third)).toEqual({ voided: 1, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
      expect(await order(planted)).toMatchObject({ status: 4, refunded: 240 })
      expect(await failureRow(planted)).toBeUndefined()
      expect(await stillOpen([planted, ...others])).toEqual([])
    })

    it(`after ${MAX_ATTEMPTS} attempts the item is no longer tried but listed; a retry that succeeds clears it`, async () => {
      const { t } = ctx
      const base = new Date(ctx.clock().getTime() + 4 * 60 * MINUTE)
      const planted = await paidOrder(new Date(base.getTime() - 2 * MINUTE))
      const other = await paidOrder(new Date(base.getTime() - MINUTE))
      const tries = new Map<string, number>()
      const job = failingFor(new Set([planted]), tries)
      const error = vi.spyOn(logger, "error")

      let at = new Date(base.getTime() + 1000)
      expect(await job.run(t.runtime, at)).toMatchObject({ voided: 1, failed: 1 })
      expect(await order(other)).toMatchObject({ status: 4, refunded: 240 })
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        const row = await failureRow(planted)
        expect(row).toMatchObject({ attempts: attempt - 1 })
        expect(row!.next_try_at!.getTime() - row!.last_failed_at.getTime()).toBe(JOB_RETRY_FIRST_MS * 2 ** (attempt - 2))
        at = row!.next_try_at!
        expect(await job.run(t.runtime, at)).toMatchObject({ failed: 1, waiting: 0, givenUp: 0 })
      }
      expect(await failureRow(planted)).toMatchObject({ attempts: MAX_ATTEMPTS, next_try_at: null, last_failed_at: at })
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: JOB, item: planted, attempts: MAX_ATTEMPTS, nextTryAt: null }), expect.stringContaining("given up"))
      expect(tries.get(planted)).toBe(MAX_ATTEMPTS)

      // given up: not tried again, however late, even by the real job
      const muchLater = new Date(at.getTime() + 24 * 60 * MINUTE)
      expect(await job.run(t.runtime, muchLater)).toMatchObject({ failed: 0, waiting: 0, givenUp: 1 })
      expect(await registered().run(t.runtime, muchLater)).toMatchObject({ voided: 0, givenUp: 1 })
      expect(tries.get(planted)).toBe(MAX_ATTEMPTS)
      expect(await order(planted)).toMatchObject({ status: 0, refunded: 0 })
      expect(await listFailures(t.db)).toEqual([expect.objectContaining({
        job: JOB, item: planted, attempts: MAX_ATTEMPTS, nextTryAt: null, lastError: `退款失败：provider refused order ${planted}`
      })])
      const givenUp = async () => (await checkInvariants(t.db)).find((r) => r.name.startsWith("no job item given up"))
      expect(await givenUp()).toMatchObject({ ok: false, violations: 1, examples: [expect.objectContaining({ job: JOB, item: planted })] })

      // a retry that fails again keeps it given up, one attempt more
      expect(await job.retry(t.runtime, muchLater, planted)).toBe("failed")
      expect(await failureRow(planted)).toMatchObject({ attempts: MAX_ATTEMPTS + 1, next_try_at: null })

      // a person has fixed the cause: the retry refunds it and the listing is empty
      expect(await registered().retry(t.runtime, muchLater, planted)).toBe("voided")
      expect(await order(planted)).toMatchObject({ status: 4, refunded: 240 })
      expect(await failureRow(planted)).toBeUndefined()
      expect(await listFailures(t.db, { all: true })).toEqual([])
      expect(await givenUp()).toMatchObject({ ok: true, violations: 0 })
    })

    it("expire-prepays: each trade in its own transaction; one failing trade does not keep the others open", async () => {
      const { t } = ctx
      const unpaid = async () => {
        const expressNo = unique("SF")
        await t.api("POST", "/api/expressTosend", ctx.staff, checkInPayload({ expressNo, receiverPhone: "13800000001" }))
        const parcel = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
        const placed = await t.api("POST", "/api/paotuiOrder", ctx.student, {
          type: 1, toTakeId: parcel, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501",
          friendReceives: false, sexLimit: -1, remark: ""
        })
        const prepay = await t.api("GET", `/api/paotuiOrder/prepay/${placed.body.data._id}`, ctx.student)
        expect(prepay.status, JSON.stringify(prepay.body)).toBe(200)
        return prepay.body.data.tradeNo as string
      }
      const trades = [await unpaid(), await unpaid(), await unpaid()]
      const [planted, ...others] = trades
      const expiry = (await t.db.selectFrom("pay_trade").select("expires_at").where("trade_no", "=", others[0]!).executeTakeFirstOrThrow()).expires_at
      // the planted trade is the oldest due: it comes first in every run
      await t.db.updateTable("pay_trade").set({ expires_at: new Date(expiry.getTime() - MINUTE) }).where("trade_no", "=", planted!).execute()
      const expire = jobNamed("expire-prepays") as ItemsJob<string>
      const failing = itemsJob({
        ...expire,
        work: { ...expire.work, one: (tradeNo) => (tradeNo === planted ? Effect.die(new Error("provider unreachable")) : expire.work.one(tradeNo)) }
      })
      const status = async (tradeNo: string) => (await t.db.selectFrom("pay_trade").select("status").where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()).status

      const late = new Date(expiry.getTime() + MINUTE)
      expect(await failing.run(t.runtime, late)).toEqual({ expired: 2, paidElsewhere: 0, skipped: 0, failed: 1, waiting: 0, givenUp: 0 })
      expect(await Promise.all(trades.map(status))).toEqual(["created", "expired", "expired"])
      expect(await t.db.selectFrom("job_item_failure").select(["attempts", "last_error", "next_try_at"]).where("job", "=", "expire-prepays").execute())
        .toEqual([{ attempts: 1, last_error: "provider unreachable", next_try_at: new Date(late.getTime() + JOB_RETRY_FIRST_MS) }])

      expect(await expire.run(t.runtime, new Date(late.getTime() + 1000))).toMatchObject({ expired: 0, waiting: 1 })
      expect(await expire.run(t.runtime, new Date(late.getTime() + JOB_RETRY_FIRST_MS))).toMatchObject({ expired: 1, failed: 0, waiting: 0 })
      expect(await status(planted!)).toBe("expired")
      expect(await t.db.selectFrom("job_item_failure").selectAll().where("job", "=", "expire-prepays").execute()).toEqual([])
    })

    const tradeOf = async (id: string) =>
      (await ctx.t.db.selectFrom("pay_trade").select(["trade_no", "status"]).where("kind", "=", "errand").where("ref_id", "=", id).executeTakeFirstOrThrow())
    const parcelStatusOf = async (id: string) =>
      (await ctx.t.db.selectFrom("parcel").select("parcel.status").innerJoin("errand_order", "errand_order.to_take_id", "parcel.id")
        .where("errand_order.id", "=", id).executeTakeFirstOrThrow()).status

    it(`a refund the provider refuses fails the item, never "skipped": nothing of the void is kept; retried with backoff, listed after ${MAX_ATTEMPTS} attempts`, async () => {
      const { t } = ctx
      const base = new Date(ctx.clock().getTime() + 8 * 60 * MINUTE)
      const refused = await paidOrder(new Date(base.getTime() - MINUTE))
      const refusal = `StateConflict: ${messages.refundFailed("退款系统繁忙")}`
      let at = new Date(base.getTime() + 1000)
      t.runtime.paymentProvider.failures = { refund: "退款系统繁忙" }
      try {
        expect(await registered().run(t.runtime, at)).toEqual({ voided: 0, skipped: 0, paidElsewhere: 0, failed: 1, waiting: 0, givenUp: 0 })
        // the void's transaction rolled back as a whole: the order still open and paid, its parcel still with it, its trade still paid
        expect(await order(refused)).toMatchObject({ status: 0, paid: 240, refunded: 0 })
        expect(await parcelStatusOf(refused)).toBe(3)
        expect(await tradeOf(refused)).toMatchObject({ status: "paid" })
        expect(await failureRow(refused)).toMatchObject({ attempts: 1, last_error: refusal, next_try_at: new Date(at.getTime() + JOB_RETRY_FIRST_MS) })
        for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
          at = (await failureRow(refused))!.next_try_at!
          expect(await registered().run(t.runtime, at)).toMatchObject({ voided: 0, skipped: 0, failed: 1 })
        }
        expect(await failureRow(refused)).toMatchObject({ attempts: MAX_ATTEMPTS, next_try_at: null, last_error: refusal })
        expect(await listFailures(t.db)).toEqual([expect.objectContaining({ job: JOB, item: refused, attempts: MAX_ATTEMPTS, nextTryAt: null, lastError: refusal })])
        expect(await order(refused)).toMatchObject({ status: 0, refunded: 0 })
      } finally {
        t.runtime.paymentProvider.failures = {}
      }
      // the provider refunds again: a person's retry voids and refunds it, and nothing is listed any more
      expect(await registered().retry(t.runtime, at, refused)).toBe("voided")
      expect(await order(refused)).toMatchObject({ status: 4, paid: 240, refunded: 240 })
      expect(await tradeOf(refused)).toMatchObject({ status: "refunded" })
      expect(await listFailures(t.db, { all: true })).toEqual([])
    })

    it("one order whose refund the provider refuses ('订单号不存在') fails alone: the others are refunded in the same run", async () => {
      const { t } = ctx
      const base = new Date(ctx.clock().getTime() + 10 * 60 * MINUTE)
      // the refused order is the oldest: it comes first in the run
      const refused = await paidOrder(new Date(base.getTime() - 2 * MINUTE))
      const other = await paidOrder(new Date(base.getTime() - MINUTE))
      const { trade_no: tradeNo } = await tradeOf(refused)
      const books = t.db.withTables<ProviderTables>()
      const lost = await books.selectFrom("sim_provider_order").selectAll().where("out_trade_no", "=", tradeNo).executeTakeFirstOrThrow()
      await books.deleteFrom("sim_provider_order").where("out_trade_no", "=", tradeNo).execute()

      const late = new Date(base.getTime() + 1000)
      expect(await registered().run(t.runtime, late)).toEqual({ voided: 1, skipped: 0, paidElsewhere: 0, failed: 1, waiting: 0, givenUp: 0 })
      expect(await order(other)).toMatchObject({ status: 4, refunded: 240 })
      expect(await order(refused)).toMatchObject({ status: 0, paid: 240, refunded: 0 })
      expect(await tradeOf(refused)).toMatchObject({ status: "paid" })
      expect(await failureRow(refused)).toMatchObject({ attempts: 1, last_error: `StateConflict: ${messages.refundFailed("订单号不存在")}` })

      // the provider finds the order again: at its next try it is refunded and its failure cleared
      await books.insertInto("sim_provider_order").values(lost).execute()
      expect(await registered().run(t.runtime, new Date(late.getTime() + JOB_RETRY_FIRST_MS))).toMatchObject({ voided: 1, failed: 0, waiting: 0 })
      expect(await order(refused)).toMatchObject({ status: 4, refunded: 240 })
      expect(await failureRow(refused)).toBeUndefined()
    })

    if (backend === "postgres") it("an order that moves on while the void waits for it (a runner grabs it) is skipped, not failed", async () => {
      const { t } = ctx
      const base = new Date(ctx.clock().getTime() + 12 * 60 * MINUTE)
      const taken = await paidOrder(new Date(base.getTime() - MINUTE))
      const runner = await newUser(t.db, {}, { worksite: "ws-xiyuan", role: "runner" })
      await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "=", runner.id).execute()
      const { order_no: orderNo } = await t.db.selectFrom("errand_order").select("order_no").where("id", "=", taken).executeTakeFirstOrThrow()

      // the grab (before the order's deadline) holds its transaction open until the void waits for the order's row
      let grabbed!: () => void
      const grabHolds = new Promise<void>((resolve) => (grabbed = resolve))
      let commit!: () => void
      const gate = new Promise<void>((resolve) => (commit = resolve))
      const grab = t.runtime.run(grabOrder(runner.actor, orderNo).pipe(Effect.tap(() => Effect.promise(async () => {
        grabbed()
        await gate
      }))), { now: new Date(base.getTime() - 2 * MINUTE) })
      await grabHolds
      const run = registered().run(t.runtime, new Date(base.getTime() + 1000))
      let waits = false
      for (let i = 0; i < 500 && !waits; i++) {
        const blocked = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
        waits = blocked.rows[0]!.n > 0
        if (!waits) await new Promise((r) => setTimeout(r, 10))
      }
      commit()
      // the void read the order while it was open and waited at its conditional write
      expect(waits).toBe(true)
      valueOf(await grab)
      expect(await run).toEqual({ voided: 0, skipped: 1, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
      expect(await order(taken)).toMatchObject({ status: 1, paid: 240, refunded: 0 })
      expect(await failureRow(taken)).toBeUndefined()
    })
  })
}
