/**
 * The simulated payment provider keeps its books in the database (issue 17): a runtime started after the payment
 * (a restart; on Postgres also what another server process sees) refunds what the first runtime's provider took; a
 * refund of a trade the provider has no record of fails with the provider's own error and changes nothing; what the provider answered inside a use case that then fails is kept, as a real
 * provider's answer would be, while the use case's own writes roll back. On PGlite and, with TEST_DATABASE_URL, on
 * Postgres; the last suite runs a `station` command's runtime through the server's socket (embedded PGlite only).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { paySignData } from "#adapters/payments/pay-in"
import type { ProviderTables } from "#adapters/payments/provider-books"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import type { DB } from "#adapters/postgres/schema"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { jobNamed, type ItemsJob } from "#adapters/scheduler/jobs"
import type { VoidOutcome } from "#src/errand/ordering"
import { PayIn } from "#src/payment/pay-in"
import { messages } from "#src/payment/trade"
import { refundTradeWith } from "#src/payment/use-cases"
import { backends, failureOf, paidDoorDelivery, shanghaiNoonClock, startTestApp, unique, valueOf, type TestApp } from "../support/test-app"

const MINUTE = 60_000
const JOB = "void-unaccepted-errands"
const voidUnaccepted = () => jobNamed(JOB) as ItemsJob<VoidOutcome>

const providerOrder = (db: Kysely<DB>, tradeNo: string) =>
  db.withTables<ProviderTables>().selectFrom("sim_provider_order").select(["state", "total_fee"]).where("out_trade_no", "=", tradeNo).executeTakeFirst()
const providerRefunds = (db: Kysely<DB>, tradeNo: string) =>
  db.withTables<ProviderTables>().selectFrom("sim_provider_refund").select(["out_refund_no", "refund_fee", "refund_id"]).where("out_trade_no", "=", tradeNo).execute()
const tradeStatus = async (db: Kysely<DB>, tradeNo: string) =>
  (await db.selectFrom("pay_trade").select("status").where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()).status

for (const backend of backends) {
  describe(`the simulated provider's books [${backend}]`, () => {
    const ctx = {} as { t: TestApp; clock: () => Date; staff: string; student: string }
    beforeAll(async () => {
      ctx.clock = shanghaiNoonClock()
      ctx.t = await startTestApp(backend, { clock: ctx.clock })
      ;[ctx.staff, ctx.student] = await Promise.all([ctx.t.token("demo-staff"), ctx.t.token("demo-student")])
    })
    afterAll(async () => { await ctx.t?.close() })

    /** A door-delivery order of demo-student's, paid through the app's provider, open (0) and past its required time at `due`. */
    const paidOrder = (due: Date) => paidDoorDelivery(ctx.t, ctx, ctx.clock, due)
    const order = (id: string) => ctx.t.db.selectFrom("errand_order").select(["status", "paid", "refunded"]).where("id", "=", id).executeTakeFirstOrThrow()

    it("a runtime started after the payment (a restart) refunds it: the void job finds the trade in the provider's books", async () => {
      const { t } = ctx
      const late = new Date(ctx.clock().getTime() + 2 * 60 * MINUTE)
      const { id, tradeNo } = await paidOrder(new Date(late.getTime() - MINUTE))
      expect(await providerOrder(t.db, tradeNo)).toEqual({ state: "paid", total_fee: 240 })

      const restarted = await Runtime.create(t.runtime.database, { clock: ctx.clock })
      expect(await voidUnaccepted().run(restarted, late)).toEqual({ voided: 1, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
      expect(await order(id)).toMatchObject({ status: 4, paid: 240, refunded: 240 })
      expect(await tradeStatus(t.db, tradeNo)).toBe("refunded")
      expect(await providerOrder(t.db, tradeNo)).toEqual({ state: "refunded", total_fee: 240 })
      expect(await providerRefunds(t.db, tradeNo)).toEqual([expect.objectContaining({ out_refund_no: `R${tradeNo}`.slice(0, 32), refund_fee: 240 })])
      // the first runtime's provider sees the refund too: the same refund number is answered with the same refund
      const again = await t.runtime.run(Effect.gen(function* () {
        return yield* (yield* PayIn).refund({ tradeNo, refundNo: `R${tradeNo}`.slice(0, 32), amountFen: 240 })
      }))
      expect(valueOf(again)).toEqual({ ok: true, reference: (await providerRefunds(t.db, tradeNo))[0]!.refund_id })
    })

    it("a refund of a trade the provider has no record of fails with its error ('订单号不存在') and changes nothing", async () => {
      const { t } = ctx
      const { id, tradeNo } = await paidOrder(new Date(ctx.clock().getTime() + 24 * 60 * MINUTE))
      // the provider's books lose the order, as if it had been paid somewhere the provider never saw
      await t.db.withTables<ProviderTables>().deleteFrom("sim_provider_order").where("out_trade_no", "=", tradeNo).execute()

      expect(failureOf(await t.runtime.run(refundTradeWith(tradeNo, () => Effect.void)))).toEqual(expect.objectContaining({
        _tag: "StateConflict", status: 409, message: messages.refundFailed("订单号不存在")
      }))
      expect(await tradeStatus(t.db, tradeNo)).toBe("paid")
      expect(await order(id)).toMatchObject({ status: 0, paid: 240, refunded: 0 })
      expect(await providerRefunds(t.db, tradeNo)).toEqual([])
    })

    it("a refund the provider made in a use case that then fails is kept by the provider; the use case's writes roll back", async () => {
      const { t } = ctx
      const late = new Date(ctx.clock().getTime() + 4 * 60 * MINUTE)
      const { tradeNo } = await paidOrder(new Date(late.getTime() + 24 * 60 * MINUTE))
      const failed = await t.runtime.run(refundTradeWith(tradeNo, () => Effect.die(new Error("the business change failed after the refund"))))
      expect(Exit.isFailure(failed)).toBe(true)
      expect(await tradeStatus(t.db, tradeNo)).toBe("paid")
      const kept = await providerRefunds(t.db, tradeNo)
      expect(kept).toEqual([expect.objectContaining({ out_refund_no: `R${tradeNo}`.slice(0, 32), refund_fee: 240 })])
      // the next try gets the provider's answer for the same refund number: paid back once
      expect(valueOf(await t.runtime.run(refundTradeWith(tradeNo, () => Effect.void)))).toMatchObject({ status: "refunded", refundReference: kept[0]!.refund_id })
      expect(await providerRefunds(t.db, tradeNo)).toEqual(kept)
    })
  })
}

describe("the simulated provider's books through the server's socket [pglite]", () => {
  const root = mkdtempSync(join(tmpdir(), "station-provider-books-"))
  const config = { kind: "pglite" as const, dataDir: join(root, "db") }
  let server: Database
  let command: Database
  beforeAll(async () => {
    server = await openDatabase(config)
    await migrateToLatest(server.db)
    await seedDemoCampus(server.db)
    await server.share()
    command = await openDatabase(config, { attach: true })
    expect(command.attachedTo?.pid).toBe(process.pid)
  }, 120_000)
  afterAll(async () => {
    await command?.close()
    await server?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it("a command's runtime refunds what the server's provider took; a refund in a command's use case that then fails is kept", async () => {
    const now = new Date()
    const serverRuntime = await Runtime.create(server)
    const commandRuntime = await Runtime.create(command)
    /** A trade the server's provider took the money of, recorded as paid by the station. */
    const paidTrade = async () => {
      const tradeNo = unique("P")
      const prepaid = valueOf(await serverRuntime.run(PayIn.pipe(Effect.andThen((payIn) =>
        payIn.prepay({ tradeNo, amountFen: 300, description: "跑腿费", openid: "demo-student", expiresAt: new Date(now.getTime() + 30 * MINUTE) })))))
      if (!prepaid.ok) throw new Error(prepaid.reason)
      const paid = await serverRuntime.paymentProvider.pay(paySignData("wx-app", prepaid.prepayId, serverRuntime.secrets.paymentKey, now))
      if (!paid.ok) throw new Error(paid.reason)
      await server.db.insertInto("pay_trade").values({
        trade_no: tradeNo, kind: "errand", ref_id: unique("E"), user_id: "u-student", amount_fen: 300, status: "paid", prepay_id: prepaid.prepayId,
        provider_ref: String(paid.notice.transaction_id), created_at: now, expires_at: new Date(now.getTime() + 30 * MINUTE), paid_at: now, refunded_at: null
      }).execute()
      return tradeNo
    }

    const first = await paidTrade()
    expect(valueOf(await commandRuntime.run(refundTradeWith(first, () => Effect.void)))).toMatchObject({ status: "refunded" })
    expect(await tradeStatus(server.db, first)).toBe("refunded")
    expect(await providerRefunds(server.db, first)).toEqual([expect.objectContaining({ refund_fee: 300 })])

    const second = await paidTrade()
    const failed = await commandRuntime.run(refundTradeWith(second, () => Effect.die(new Error("the command's business change failed after the refund"))))
    expect(Exit.isFailure(failed)).toBe(true)
    expect(await tradeStatus(server.db, second)).toBe("paid")
    const kept = await providerRefunds(server.db, second)
    expect(kept).toEqual([expect.objectContaining({ out_refund_no: `R${second}`.slice(0, 32), refund_fee: 300 })])
    expect(valueOf(await serverRuntime.run(refundTradeWith(second, () => Effect.void)))).toMatchObject({ status: "refunded", refundReference: kept[0]!.refund_id })
  }, 120_000)
})
