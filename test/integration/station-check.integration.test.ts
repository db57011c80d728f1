/**
 * `station check`'s money invariants over real orders (PGlite, and Postgres with TEST_DATABASE_URL): a paid order
 * placed, paid and moved through HTTP is open until its deadline, then reported as stuck until the scheduler's void,
 * a leader's sign or staff's dispatch ends it (the runner paid, the requester refunded); a ledger row of an order's
 * money written with the wrong reference is flagged; the wallet refunds of migration 2026-11-25T2240 (stuck door
 * pickups) balance in the errand book and in `station check`.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ERRAND_INVARIANTS } from "#adapters/ops/errand-invariants"
import { checkInvariants } from "#adapters/ops/invariants"
import { purposeBooks } from "#adapters/payments/books"
import { jobNamed } from "#adapters/scheduler/jobs"
import { reconcile } from "#src/payment/reconcile"
import { up as refundStuckDoorPickups } from "../../migrations/2026-11-25T2240-stuck-door-pickups"
import { backends, newUser, shanghaiNoonClock, startTestApp, unique, type TestApp, type TestUser } from "../support/test-app"

const HOUR = 3_600_000
const base = "/api/paotuiOrder"

describe.each(backends)("station check: paid orders reach an end, money by reference (%s)", (backend) => {
  let t: TestApp
  let clock: () => Date
  let requester: TestUser
  let token: string
  let runner: TestUser
  let runnerToken: string
  let leaderToken: string
  let staffToken: string
  let addresses: { s: string; r: string }

  const contact = (userId: string, name: string, province: string, provinceName: string) => ({
    id: `addr-${randomUUID()}`, user_id: userId, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
    province_name: provinceName, city_name: "市", county_name: "区", detail: "某路1号", is_default: false
  })

  beforeAll(async () => {
    clock = shanghaiNoonClock()
    t = await startTestApp(backend, { clock })
    requester = await newUser(t.db)
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", requester.id).execute()
    token = await t.token(requester.openid)
    runner = await newUser(t.db, {}, { role: "runner" })
    const leader = await newUser(t.db, {}, { role: "runner" })
    await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "in", [runner.id, leader.id]).execute()
    await t.db.updateTable("app_user").set({ is_paotui_leader: true }).where("id", "=", leader.id).execute()
    ;[runnerToken, leaderToken, staffToken] = await Promise.all([t.token(runner.openid), t.token(leader.openid), t.token("demo-staff")])
    const s = contact(requester.id, "寄件人", "44", "广东省")
    const r = contact(requester.id, "收件人", "31", "上海市")
    await t.db.insertInto("address").values([s, r]).execute()
    addresses = { s: s.id, r: r.id }
  }, 60_000)
  afterAll(async () => t?.close())

  /** The invariants that fail at `now`, by name, with their examples. */
  const failing = async (now: Date) => (await checkInvariants(t.db, now)).filter((r) => !r.ok).map((r) => ({ name: r.name, examples: r.examples }))
  const stuckAt = async (now: Date) => (await failing(now)).find((r) => r.name === ERRAND_INVARIANTS.stuck)?.examples ?? []

  const payAtProvider = async (prepayId: string) => {
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepayId}`)}`, token)
    expect(sign.status).toBe(200)
    expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).body).toMatchObject({ success: true, data: { notified: true } })
  }
  /** A type-4 errand at 西园 placed and paid by the requester: in the hall (0). */
  const paidErrand = async () => {
    const placed = await t.api("POST", base, token, {
      type: 4, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false, sexLimit: -1, remark: ""
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const id = placed.body.data._id as string
    const prepay = await t.api("GET", `${base}/prepay/${id}`, token)
    expect(prepay.status, JSON.stringify(prepay.body)).toBe(200)
    await payAtProvider(prepay.body.data.prepayId)
    const row = await t.db.selectFrom("errand_order").select(["id", "order_no", "status", "paid", "require_arrive_time"]).where("id", "=", id).executeTakeFirstOrThrow()
    expect([row.status, row.paid]).toEqual([0, prepay.body.data.totalFee])
    return { id, orderNo: row.order_no, paid: row.paid, requiredBy: row.require_arrive_time }
  }
  /** A plain sending booked, freight set by staff and paid by the sender: awaiting its waybill (4). */
  const paidSending = async () => {
    const booked = await t.api("POST", "/api/expressTakein", token, {
      expressCompanyId: "ec-sf", senderAddressId: addresses.s, receiverAddressId: addresses.r, goodsName: "书籍", goodsCount: 1
    })
    expect(booked.status, JSON.stringify(booked.body)).toBe(200)
    const { _id: id, orderNo } = booked.body.data as { _id: string; orderNo: string }
    const freight = await t.api("PUT", "/api/expressTakein/freight/updateFreight", staffToken, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200 })
    expect(freight.body).toMatchObject({ success: true, data: { status: 20 } })
    const prepay = await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)
    expect(prepay.status).toBe(200)
    await payAtProvider(prepay.body.data.prepayId)
    const row = await t.db.selectFrom("send_order").select(["status", "freight_paid"]).where("id", "=", id).executeTakeFirstOrThrow()
    expect([row.status, row.freight_paid]).toEqual([4, true])
    return { id, orderNo }
  }

  it("a healthy database passes; a paid order in the hall is open until an hour past its required time, then stuck until the scheduler's void refunds it", async () => {
    expect(await failing(clock())).toEqual([])
    const order = await paidErrand()
    expect(await failing(clock())).toEqual([])
    const stuckSince = order.requiredBy.getTime() + HOUR
    expect(await failing(new Date(stuckSince))).toEqual([])

    const later = new Date(stuckSince + 1)
    expect(await failing(later)).toEqual([{
      name: ERRAND_INVARIANTS.stuck,
      examples: [expect.objectContaining({
        order: "errand", id: order.id, orderNo: order.orderNo, status: 0, statusStr: "待接单", paid: order.paid, deadline: order.requiredBy,
        stuckSince: new Date(stuckSince), waitsFor: "cancel (requester), voidUnaccepted (system), grab (runner)"
      })]
    }])

    expect(await jobNamed("void-unaccepted-errands")!.run(t.runtime, later)).toMatchObject({ voided: 1, failed: 0 })
    expect(await t.db.selectFrom("errand_order").select(["status", "refunded"]).where("id", "=", order.id).executeTakeFirstOrThrow()).toEqual({ status: 4, refunded: order.paid })
    expect(await failing(later)).toEqual([])
    expect(reconcile(await purposeBooks(t.db))).toEqual([])
  })

  it("a grabbed errand and a paid sending left unfinished are stuck three days after their required time, until a leader signs and staff dispatch", async () => {
    const errand = await paidErrand()
    expect((await t.api("PUT", `${base}/robbingRollModule/${errand.orderNo}`, runnerToken)).status).toBe(200)
    const sending = await paidSending()
    expect(await failing(clock())).toEqual([])

    // both are due by the same evening service end: the errand's required time, the plain sending's of its booking day
    const due = new Date(errand.requiredBy.getTime() + 72 * HOUR + 1)
    expect(await stuckAt(new Date(errand.requiredBy.getTime() + 72 * HOUR))).not.toContainEqual(expect.objectContaining({ id: errand.id }))
    expect(await stuckAt(due)).toEqual([
      expect.objectContaining({ order: "errand", id: errand.id, status: 1, statusStr: "已接单", waitsFor: "release (runner), takeaway (runner), leaderSign (leader)" }),
      expect.objectContaining({ order: "send", id: sending.id, orderNo: sending.orderNo, status: 4, statusStr: "待分配单号", paid: 1200, waitsFor: "assignNumber (staff)" })
    ])

    const runnerBefore = (await t.db.selectFrom("wallet").select("money").where("user_id", "=", runner.id).executeTakeFirstOrThrow()).money
    expect((await t.api("PUT", `${base}/paotuiLeaderSignRollModule/${errand.id}`, leaderToken)).status).toBe(200)
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo: sending.orderNo })
    expect(printed.body.success).toBe(true)
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)).body).toMatchObject({ success: true, data: { status: 100 } })
    expect(await failing(due)).toEqual([])
    expect((await t.db.selectFrom("wallet").select("money").where("user_id", "=", runner.id).executeTakeFirstOrThrow()).money).toBe(runnerBefore + errand.paid)
    expect(await t.db.selectFrom("ledger").select(["user_id", "money", "ref_type"]).where("ref_id", "=", errand.id).execute())
      .toEqual([{ user_id: runner.id, money: errand.paid, ref_type: "runnerIncome" }])
  })

  it("a runner's income or a refund written with the wrong reference, or to the wrong person, is flagged", async () => {
    const done = await t.db.selectFrom("errand_order").innerJoin("ledger", "ledger.ref_id", "errand_order.id")
      .select(["errand_order.id", "errand_order.order_no", "errand_order.runner_income", "ledger.id as ledger_id"])
      .where("ledger.ref_type", "=", "runnerIncome").executeTakeFirstOrThrow()
    const row = (set: { ref_type?: string; ref_id?: string | null; user_id?: string }) => t.db.updateTable("ledger").set(set).where("id", "=", done.ledger_id).execute()
    const names = async () => (await failing(clock())).map((r) => r.name)

    // the order's income written as a tip: the order's income has no row, and the "tip" names no tip trade
    await row({ ref_type: "tip" })
    expect(await failing(clock())).toEqual([
      { name: ERRAND_INVARIANTS.runnerIncome, examples: [{ id: done.id, orderNo: done.order_no, runnerIncome: done.runner_income, ledger: 0 }] },
      { name: ERRAND_INVARIANTS.references, examples: [expect.objectContaining({ id: done.ledger_id, refType: "tip", refId: done.id })] }
    ])
    // the right type naming something else (no order), or nothing
    await row({ ref_type: "runnerIncome", ref_id: unique("SEND") })
    expect(await names()).toEqual([ERRAND_INVARIANTS.runnerIncome, ERRAND_INVARIANTS.references])
    await row({ ref_id: null })
    expect(await names()).toEqual([ERRAND_INVARIANTS.runnerIncome, ERRAND_INVARIANTS.references])
    // its order, credited to someone who is not its runner (the requester's wallet checked against the ledger too)
    await row({ ref_id: done.id, user_id: requester.id })
    expect((await failing(clock())).find((r) => r.name === ERRAND_INVARIANTS.runnerIncome)?.examples)
      .toEqual([expect.objectContaining({ id: done.id, ledgerId: done.ledger_id, creditedTo: requester.id, runner: runner.id })])
    await row({ user_id: runner.id })
    expect(await failing(clock())).toEqual([])

    // a wallet refund of an order that refunded nothing, to someone who is not its requester
    await t.db.insertInto("ledger").values({
      id: `l-${randomUUID()}`, user_id: runner.id, type: 1, money: 100, score: 0, remark: `跑腿退款（${done.order_no}）`, ref_type: "errandRefund", ref_id: done.id, created_at: clock()
    }).execute()
    await t.db.updateTable("wallet").set((eb) => ({ money: eb("money", "+", 100) })).where("user_id", "=", runner.id).execute()
    expect(await failing(clock())).toEqual([
      { name: expect.stringContaining("pay-in trade"), examples: [expect.objectContaining({ kind: "errand", refId: done.id, problem: "recorded as paid without a settled trade" })] },
      {
        name: ERRAND_INVARIANTS.walletRefunds,
        examples: [
          { id: done.id, orderNo: done.order_no, refunded: 0, walletRefunds: 100 },
          expect.objectContaining({ id: done.id, refundedTo: runner.id, requester: requester.id })
        ]
      }
    ])
    await t.db.deleteFrom("ledger").where("ref_type", "=", "errandRefund").where("ref_id", "=", done.id).execute()
    await t.db.updateTable("wallet").set((eb) => ({ money: eb("money", "-", 100) })).where("user_id", "=", runner.id).execute()
    expect(await failing(clock())).toEqual([])
  })

  it("a door pickup left without its send order is stuck; the migration's refund to the wallet clears it and balances in the books", async () => {
    const id = `e-${randomUUID()}`
    const tradeNo = unique("T")
    const placed = new Date(clock().getTime() - 5 * 24 * HOUR)
    await t.db.insertInto("errand_order").values({
      id, order_no: unique("PT"), type: 2, status: 3, worksite_id: "ws-xiyuan", openid: requester.openid, accept_openid: runner.openid, goods_class: 1,
      floor: 3, dorm_room: "301", fee: 300, pay_fee: 300, paid: 300, prepay_id: `wx${tradeNo}`, require_arrive_time: new Date(placed.getTime() + 6 * HOUR), created_at: placed
    }).execute()
    await t.db.insertInto("pay_trade").values({
      trade_no: tradeNo, kind: "errand", ref_id: id, user_id: requester.id, amount_fen: 300, status: "paid", prepay_id: `wx${tradeNo}`,
      provider_ref: "tx", created_at: placed, expires_at: new Date(placed.getTime() + HOUR), paid_at: placed
    }).execute()
    expect(await failing(clock())).toEqual([{
      name: ERRAND_INVARIANTS.stuck, examples: [expect.objectContaining({ order: "errand", id, status: 3, statusStr: "待计算运费", waitsFor: "setFreight (runner/staff), setFreightDaofu (runner/staff)" })]
    }])

    const walletBefore = (await t.db.selectFrom("wallet").select("money").where("user_id", "=", requester.id).executeTakeFirstOrThrow()).money
    await refundStuckDoorPickups(t.db)
    expect(await t.db.selectFrom("errand_order").select(["status", "refunded"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: 4, refunded: 300 })
    expect((await t.db.selectFrom("wallet").select("money").where("user_id", "=", requester.id).executeTakeFirstOrThrow()).money).toBe(walletBefore + 300)
    // the trade stays paid (a migration cannot call the provider): the wallet refund is what the order passed on
    expect(await t.db.selectFrom("pay_trade").select("status").where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()).toEqual({ status: "paid" })
    expect(reconcile(await purposeBooks(t.db))).toEqual([])
    expect(await failing(clock())).toEqual([])
  })
})
