/**
 * A model-based run of the send-order lifecycle with its type-2 errand, through the real use cases and
 * store (PGlite): random actions by the sender (pay freight, replayed payment notices, close), the errand
 * side through the errand use cases (the reward paid at the provider, grab, the runner's cancel, the sender's
 * "taken", the runner's confirmation with or without cash on delivery, cancel), the runner and staff
 * (freight, cash on delivery), print and dispatch. After every step: the order moved only along the tables,
 * the errand stands where the door pickup's edges pair it, freight is paid at most once and only when set, the
 * errand money is settled once, and a final order never moves again.
 */
import { fc } from "@fast-check/vitest"
import { Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cancelOrder, confirmTakeaway, grabOrder, runnerCancel, sayTakeaway } from "#src/errand/lifecycle"
import { prepayErrand } from "#src/errand/ordering"
import { doorPickupPairs, errandEdges } from "#src/errand/status-machine"
import { purposeBooks } from "#adapters/payments/books"
import { reconcile } from "#src/payment/reconcile"
import { paySignFor } from "#src/payment/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import type { Actor } from "#src/shared/actor"
import { bookingDays } from "#src/sending/booking-time"
import { sendTransitions, SendStatus, type SendStatus as Status } from "#src/sending/status-machine"
import { book, closeSending, payFreight, printWaybill, sendOut, setFreight } from "#src/sending/use-cases"
import { newUser, shanghaiNoonClock, startTestApp, type TestApp, type TestUser } from "../support/test-app"

type ErrandStep = "prepay" | "grab" | "release" | "sayTaken" | "confirmTaken" | "confirmTakenDaofu" | "cancel"
type Step =
  | { readonly kind: "errand"; readonly action: ErrandStep }
  | { readonly kind: "freight"; readonly by: "staff" | "runner"; readonly daofu: boolean }
  | { readonly kind: "pay" }
  | { readonly kind: "replayNotice" }
  | { readonly kind: "print" }
  | { readonly kind: "sendOut" }
  | { readonly kind: "close" }

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<ErrandStep>("prepay", "grab", "release", "sayTaken", "confirmTaken", "confirmTakenDaofu", "cancel").map((action) => ({ kind: "errand" as const, action })) },
  { weight: 3, arbitrary: fc.record({ by: fc.constantFrom<"staff" | "runner">("staff", "runner"), daofu: fc.boolean() }).map((r) => ({ kind: "freight" as const, ...r })) },
  { weight: 2, arbitrary: fc.constant({ kind: "pay" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "replayNotice" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "print" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "sendOut" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "close" as const }) }
)

/** Every (from, to) the send table and the door pickup's errand edges allow. */
const allowed = new Set<string>([
  ...Object.values(sendTransitions).flatMap((e) => (e.from as ReadonlyArray<Status>).map((f) => `${f}>${e.to}`)),
  ...errandEdges.flatMap((e) => (e.send ? [`${e.send.from}>${e.send.to}`] : []))
])

describe("the send-order lifecycle with its errand, model-based", () => {
  const clock = shanghaiNoonClock()
  let t: TestApp
  let sender: TestUser
  let runner: TestUser
  let staff: Actor
  let addresses: { s: string; r: string }

  beforeAll(async () => {
    t = await startTestApp("pglite", { clock })
    sender = await newUser(t.db)
    runner = await newUser(t.db, {}, { role: "runner" })
    await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "=", runner.id).execute()
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", sender.id).execute()
    staff = { userId: "u-staff", openid: "demo-staff", role: "staff" }
    const mk = (id: string, province: string) => ({
      id, user_id: sender.id, name: id, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
      province_name: "省", city_name: "市", county_name: "区", detail: "路", is_default: false
    })
    await t.db.insertInto("address").values([mk(`s-${sender.id}`, "44"), mk(`r-${sender.id}`, "31")]).execute()
    addresses = { s: `s-${sender.id}`, r: `r-${sender.id}` }
    await t.db.insertInto("building").values({ id: "b-model", worksite_id: "ws-xiyuan", name: "模型楼" }).execute()
  }, 60_000)
  afterAll(async () => t?.close())

  const order = (id: string) => t.db.selectFrom("send_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
  const errand = (id: string) => t.db.selectFrom("errand_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()

  /** The errand side through its own use cases (a refusal changes nothing); the reward is paid at the simulated provider. */
  const errandDoes = async (errandId: string, action: ErrandStep) => {
    const { order_no: orderNo } = await errand(errandId)
    switch (action) {
      case "prepay": {
        const prepay = await t.runtime.run(prepayErrand(sender.actor, errandId))
        if (Exit.isFailure(prepay)) return
        const sign = await t.runtime.read(paySignFor(sender.actor, prepay.value.prepayId))
        if (Exit.isFailure(sign)) return
        const paid = await t.runtime.paymentProvider.pay(sign.value)
        if (paid.ok) await t.runtime.run(settleNotice(jsonNotice(paid.notice)))
        return
      }
      case "grab":
        return void await t.runtime.run(grabOrder(runner.actor, orderNo))
      case "release":
        return void await t.runtime.run(runnerCancel(runner.actor, orderNo, 2, "寄件人临时不寄了"))
      case "sayTaken":
        return void await t.runtime.run(sayTakeaway(sender.actor, errandId))
      case "confirmTaken":
      case "confirmTakenDaofu":
        return void await t.runtime.run(confirmTakeaway(runner.actor, errandId, undefined, action === "confirmTakenDaofu"))
      case "cancel":
        return void await t.runtime.run(cancelOrder(sender.actor, orderNo))
    }
  }

  it("moves only along the table, the errand with it, freight paid once, money settled once", async () => {
    const reached = new Set<string>()
    await fc.assert(fc.asyncProperty(fc.boolean(), fc.boolean(), fc.nat(8), fc.array(step, { minLength: 1, maxLength: 20 }), async (door, daofuBooked, along, random) => {
      // a random length of the way along (so the random steps start from every stage), then random steps
      const way: ReadonlyArray<Step> = [
        ...(door ? (["prepay", "grab", "sayTaken", "confirmTaken"] as const).map((action) => ({ kind: "errand" as const, action })) : []),
        { kind: "freight", by: door ? "runner" : "staff", daofu: daofuBooked }, { kind: "pay" }, { kind: "print" }, { kind: "sendOut" }
      ]
      const steps = [...way.slice(0, along), ...random]
      const firstSlot = bookingDays(clock())[0]!.slots[0]!
      const booked = await t.runtime.run(book(sender.actor, {
        expressCompanyId: "ec-sf", senderAddressId: addresses.s, receiverAddressId: addresses.r, goodsName: "书", goodsCount: 1, insureMoney: 1000, isDaofu: daofuBooked,
        ...(door ? { requiredDoorService: true, goodsType: 1, dormBuilding: "b-model", dormFloor: 2, dormRoom: "201", fee: 200, requireArriveTime: firstSlot.toISOString() } : {})
      }))
      if (Exit.isFailure(booked)) throw new Error(`booking failed: ${JSON.stringify(booked.cause)}`)
      const id = booked.value.id
      const errandId = booked.value.errandId
      let lastNotice: Record<string, unknown> | undefined
      for (const s of steps) {
        const before = await order(id)
        const errandBefore = errandId ? await errand(errandId) : undefined
        switch (s.kind) {
          case "errand":
            if (errandId) await errandDoes(errandId, s.action)
            break
          case "freight": {
            const actor = s.by === "runner" ? runner.actor : staff
            await t.runtime.run(setFreight(actor, { id, expressCompanyId: "ec-sf", freightWeight: 1200, freight: 1500, isDaofu: s.daofu }))
            break
          }
          case "pay": {
            const prepay = await t.runtime.run(payFreight(sender.actor, id))
            if (Exit.isSuccess(prepay)) {
              const sign = await t.runtime.read(paySignFor(sender.actor, prepay.value.prepayId))
              if (Exit.isSuccess(sign)) {
                const paid = await t.runtime.paymentProvider.pay(sign.value)
                if (paid.ok) {
                  lastNotice = paid.notice
                  await t.runtime.run(settleNotice(jsonNotice(paid.notice)))
                }
              }
            }
            break
          }
          case "replayNotice":
            if (lastNotice) await t.runtime.run(settleNotice(jsonNotice(lastNotice)))
            break
          case "print":
            await t.runtime.run(printWaybill(staff, { orderNo: before.order_no }))
            break
          case "sendOut":
            await t.runtime.run(sendOut(staff, "ws-xiyuan", before.express_no ?? before.order_no))
            break
          case "close":
            await t.runtime.run(closeSending(sender.actor, id))
            break
        }
        const after = await order(id)
        reached.add(`${door ? "door" : "plain"}:${after.status}`)
        const label = `${JSON.stringify(s)} at ${before.status}`
        if (after.status !== before.status) expect(allowed.has(`${before.status}>${after.status}`), label).toBe(true)
        if (before.status === SendStatus.outOfStock || before.status === SendStatus.cancelled) expect(after.status, label).toBe(before.status)
        // freight: set once, paid only when set and not cash on delivery
        if (before.freight !== null) expect(after.freight, label).toBe(before.freight)
        if (after.freight_paid) expect(after.freight !== null && !after.is_daofu, label).toBe(true)
        if ([SendStatus.awaitingNumber, SendStatus.awaitingOutOfStock, SendStatus.outOfStock].includes(after.status as 4 | 5 | 100)) {
          expect(after.freight_paid || after.is_daofu, label).toBe(true)
        }
        const paidTrades = await t.db.selectFrom("pay_trade").select("trade_no").where("ref_id", "=", id).where("status", "=", "paid").execute()
        expect(paidTrades.length, label).toBeLessThanOrEqual(1)
        expect(after.freight_paid, label).toBe(paidTrades.length === 1)
        if (errandId) {
          const e = await errand(errandId)
          expect([e.status, after.status], `${label}: errand ${errandBefore?.status} → ${e.status}`).toEqual(doorPickupPairs.find(([, sent]) => sent === after.status))
          const settled = await t.db.selectFrom("ledger").select(["user_id", "money"]).where("ref_id", "=", errandId).execute()
          expect(settled.length, label).toBeLessThanOrEqual(1)
          if (e.status === 100) expect(settled, label).toEqual([{ user_id: runner.id, money: e.paid }])
          if (e.status === 4 || e.status === 100) expect(e.paid, label).toBe(e.refunded + e.runner_income)
        } else {
          expect(after.status === SendStatus.pendingPayment || after.status === SendStatus.taskPosted, label).toBe(false)
        }
      }
    }), {
      numRuns: 40,
      // the stages the closing check names, reached for certain besides the random runs
      examples: [
        [false, false, 8, []],
        [true, false, 8, []],
        [true, false, 4, []],
        [true, false, 0, [{ kind: "close" }]],
        [true, true, 0, [{ kind: "errand", action: "prepay" }, { kind: "close" }]]
      ]
    })
    // the runs went the whole way, both kinds of order (a weak check that the steps were not all refused)
    // every freight trade's money is recorded on its order, and no order is recorded paid without its trade
    const books = await purposeBooks(t.db)
    expect(books.filter((b) => b.kind === "freight").length).toBeGreaterThan(0)
    expect(reconcile(books).filter((m) => m.kind === "freight")).toEqual([])
    expect(["plain:100", "door:10", "door:100", "door:400"].filter((k) => !reached.has(k))).toEqual([])
  }, 600_000)
})
