/**
 * Ordering an errand over HTTP on the demo campus (西园: 20% off, 50 a day; 1号楼 without a lift, floor 5 → 3.00
 * → 2.40 to pay): every check of spec §5 "Errand submit" in order with its words, the fee priced on the server,
 * someone else's parcel refused, a zero-amount order open at once, pay → open (parcel 0 → 2 → 3, the hall hears
 * it), the unpaid and unaccepted voids (refund, parcel back to 0, idempotent), the day's limit, the cut-off, and
 * the form's data. On PGlite; the activity's daily limit under 50 concurrent orders on real Postgres.
 */
import { Effect, Schema } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { errandStore } from "#adapters/postgres/stores/errand-store"
import { OrderDetail } from "#src/errand/calls"
import { specialGoodsFor } from "#src/errand/fee"
import { quote } from "#src/errand/quote"
import { jobNamed } from "#adapters/scheduler/jobs"
import { purposeBooks } from "#adapters/payments/books"
import { reconcile } from "#src/payment/reconcile"
import type { LiveEvent } from "#src/shared/ports"
import { isDomainError } from "#src/shared/errors"
import { shanghaiDate } from "#src/shared/time"
import { checkInPayload, describeOnPostgres, newUser, shanghaiNoonClock, startTestApp, unique, type TestApp } from "../support/test-app"

const MINUTE = 60_000
const ACTIVITY = "act-xy-door"

const setup = (backend: "pglite" | "postgres", poolSize?: number) => {
  const ctx = {} as { t: TestApp; clock: () => Date; staff: string; student: string; events: LiveEvent[] }
  beforeAll(async () => {
    ctx.clock = shanghaiNoonClock()
    ctx.t = await startTestApp(backend, { clock: ctx.clock, ...(poolSize ? { poolSize } : {}) })
    ;[ctx.staff, ctx.student] = await Promise.all([ctx.t.token("demo-staff"), ctx.t.token("demo-student")])
    ctx.events = []
    const publish = ctx.t.runtime.publish
    ctx.t.runtime.publish = (e) => { ctx.events.push(e); publish(e) }
  })
  afterAll(async () => { await ctx.t?.close() })

  /** A parcel checked in at 西园 for demo-student (or another receiver's phone). */
  const parcel = async (phone = "13800000001", weight = "wf-1") => {
    const expressNo = unique("SF")
    const r = await ctx.t.api("POST", "/api/expressTosend", ctx.staff, checkInPayload({ expressNo, receiverPhone: phone, weight }))
    expect(r.status).toBe(201)
    return (await ctx.t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
  }
  const form = (toTakeId: string, over: Record<string, unknown> = {}) => ({
    type: 1, toTakeId, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false,
    sexLimit: -1, remark: "", ...over
  })
  const place = (body: Record<string, unknown>, token = ctx.student) => ctx.t.api("POST", "/api/paotuiOrder", token, body)
  const order = (id: string) => ctx.t.db.selectFrom("errand_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
  const parcelStatus = async (id: string) => (await ctx.t.db.selectFrom("parcel").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status
  const placesToday = async () =>
    (await ctx.t.db.selectFrom("errand_activity_day").select("count").where("activity_id", "=", ACTIVITY).where("day", "=", shanghaiDate(ctx.clock())).executeTakeFirst())?.count ?? 0
  return { ctx, parcel, form, place, order, parcelStatus, placesToday }
}

describe("errand ordering over HTTP [pglite]", () => {
  const { ctx, parcel, form, place, order, parcelStatus, placesToday } = setup("pglite")

  /** Pays an order's prepay in the simulated sheet at the app's time and posts the provider's notice. */
  const pay = async (orderId: string, token = ctx.student) => {
    const prepay = await ctx.t.api("GET", `/api/paotuiOrder/prepay/${orderId}`, token)
    expect(prepay.status, JSON.stringify(prepay.body)).toBe(200)
    const sign = await ctx.t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    expect(sign.status).toBe(200)
    const paid = await ctx.t.runtime.paymentProvider.pay(sign.body.data, ctx.clock().getTime())
    if (!paid.ok) throw new Error(paid.reason)
    const notice = await ctx.t.api("POST", "/api/wx/payNotify", undefined, paid.notice)
    expect(notice.status).toBe(200)
    return { ...(prepay.body.data as { prepayId: string; tradeNo: string; totalFee: number }), notice: paid.notice }
  }
  const trade = (tradeNo: string) => ctx.t.db.selectFrom("pay_trade").selectAll().where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()
  const runJob = (name: string, now: Date) => jobNamed(name)!.run(ctx.t.runtime, now)

  it("refuses bad input with the spec's words in the spec's order, storing nothing and leaving the parcel at 0", async () => {
    const p = await parcel()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ goodsType: undefined, dormBuilding: undefined }, "请选择物品类别"],
      [{ goodsType: 4 }, "请选择物品类别"],
      [{ goodsType: 3, dormBuilding: undefined }, "请选择大件分类"],
      [{ goodsType: 3, specialGoodId: "sg-xy-4-furniture" }, "请选择大件分类"],
      [{ dormBuilding: undefined, dormFloor: 0 }, "请选择大楼"],
      [{ dormBuilding: "b-nowhere" }, "请选择大楼"],
      [{ dormFloor: 0, dormRoom: "" }, "请选择楼层"],
      [{ dormFloor: 31 }, "请选择楼层"],
      [{ dormFloor: "abc" }, "请选择楼层"],
      [{ dormRoom: "  ", friendReceives: true }, "请填入宿舍号码"],
      [{ friendReceives: true, proxyReceiver: "", proxyReceiverPhone: "1" }, "请输入代收朋友的姓名"],
      [{ friendReceives: true, proxyReceiver: "小红", proxyReceiverPhone: "1380000000" }, "请输入代收朋友的正确电话"],
      [{ worksiteId: "ws-dongyuan", remark: "很".repeat(51) }, "获取网点信息失败"],
      [{ worksiteId: undefined }, "获取网点信息失败"],
      [{ remark: "很".repeat(51) }, "备注不能超过50个字"],
      [{ type: 7 }, "跑腿单类型不正确"],
      [{ sexLimit: 0 }, "接单性别限制不正确"]
    ]
    for (const [over, message] of cases) {
      const r = await place(form(p, over))
      expect({ over, status: r.status, message: r.body.message }).toEqual({ over, status: 400, message })
    }
    expect(await parcelStatus(p)).toBe(0)
    expect(await ctx.t.db.selectFrom("errand_order").select("id").where("to_take_id", "=", p).execute()).toEqual([])
  })

  it("a class smaller than the parcel is refused: the size is the weight class (3-5kg → large, only 大件)", async () => {
    const large = await parcel("13800000001", "wf-3")
    const seen = await ctx.t.api("GET", `/api/expressTosend/getById/${large}`, ctx.student)
    expect(seen.body.data.size).toBe(3)
    for (const goodsType of [1, 2]) {
      expect(await place(form(large, { goodsType }))).toMatchObject({ status: 400, body: { message: "请选择物品类别" } })
    }
    const placed = await place(form(large, { goodsType: 3, specialGoodId: "sg-xy-luggage" }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const medium = await parcel("13800000001", "wf-2")
    expect((await ctx.t.api("GET", `/api/expressTosend/getById/${medium}`, ctx.student)).body.data.size).toBe(2)
    expect(await place(form(medium, { goodsType: 1 }))).toMatchObject({ status: 400, body: { message: "请选择物品类别" } })
    expect((await place(form(medium, { goodsType: 2 }))).status).toBe(200)
  })

  it("junk bodies and junk ids are answered with 4xx, never a server failure", async () => {
    const p = await parcel()
    const junk = fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom("type", "toTakeId", "goodsType", "dormFloor", "dormBuilding", "sexLimit", "remark", "friendReceives"), fc.anything()))
    await fc.assert(fc.asyncProperty(junk, async (body) => {
      const r = await place({ ...(typeof body === "object" && body !== null && !Array.isArray(body) ? body : { junk: body }), ...(Math.random() < 0.5 ? { toTakeId: p } : {}) })
      expect(r.status, JSON.stringify(body)).toBeLessThan(500)
      if (r.status === 200) {
        await ctx.t.db.updateTable("errand_order").set({ status: 4 }).where("to_take_id", "=", p).where("status", "=", -1).execute()
        await ctx.t.db.updateTable("parcel").set({ status: 0 }).where("id", "=", p).execute()
      }
    }), { numRuns: 40 })
    for (const path of ["/api/paotuiOrder/prepay/%E2%80%8B", "/api/building/list/%20", "/api/active/one/1/x'--/1", "/api/paotuiOrder/formInfo/%F0%9F%98%80"]) {
      expect((await ctx.t.api("GET", path, ctx.student)).status, path).toBeLessThan(500)
    }
  })

  it("refuses someone else's parcel, a parcel not awaiting pickup, and an order without a parcel (404/409)", async () => {
    const mine = await parcel()
    const stranger = await newUser(ctx.t.db)
    const strangerToken = await ctx.t.token(stranger.openid)
    expect(await place(form(mine), strangerToken)).toMatchObject({ status: 404, body: { message: "快递不存在" } })
    expect(await place(form(""))).toMatchObject({ status: 404, body: { message: "快递不存在" } })
    expect(await place(form("no-such-parcel"))).toMatchObject({ status: 404, body: { message: "快递不存在" } })
    await ctx.t.db.updateTable("parcel").set({ status: 100 }).where("id", "=", mine).execute()
    expect(await place(form(mine))).toMatchObject({ status: 409, body: { message: "该快递当前不能预约送货上门" } })
    expect(await parcelStatus(mine)).toBe(100)
  })

  it("prices on the server (a client's fee is ignored), takes a place, opens a prepay; paying opens the order once: parcel 0 → 2 → 3, the hall hears it", async () => {
    const p = await parcel()
    const before = await placesToday()
    const r = await place(form(p, { fee: 1, payFee: 1, sexLimit: 2, remark: "放门口" }))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ _id: expect.any(String), orderNo: expect.stringMatching(/^PT\d{14}/), payFee: 240 })
    const placed = await order(r.body.data._id)
    expect(placed).toMatchObject({ status: -1, fee: 300, pay_fee: 240, paid: 0, activity_id: ACTIVITY, to_take_id: p, sex_limit: 2, openid: "demo-student", remark: "放门口", floor: 5 })
    expect(placed.prepay_id).toEqual(expect.any(String))
    expect(await parcelStatus(p)).toBe(2)
    expect(await placesToday()).toBe(before + 1)
    // a second order for the same parcel is refused
    expect(await place(form(p))).toMatchObject({ status: 409, body: { message: "该快递当前不能预约送货上门" } })
    // someone else cannot prepay it
    const stranger = await newUser(ctx.t.db)
    expect((await ctx.t.api("GET", `/api/paotuiOrder/prepay/${placed.id}`, await ctx.t.token(stranger.openid))).status).toBe(404)

    ctx.events.length = 0
    const paid = await pay(placed.id)
    expect(paid.prepayId).toBe(placed.prepay_id)
    expect(paid.totalFee).toBe(240)
    expect(await trade(paid.tradeNo)).toMatchObject({ kind: "errand", ref_id: placed.id, amount_fen: 240, status: "paid" })
    expect(await order(placed.id)).toMatchObject({ status: 0, paid: 240, prepay_id: placed.prepay_id })
    expect(await parcelStatus(p)).toBe(3)
    expect(ctx.events).toEqual([{ room: { hall: "ws-xiyuan", sex: 2 }, name: "ws-xiyuan-paotuiOrderAdd", payload: expect.objectContaining({ _id: placed.id, status: 0, payFee: 240, sexLimit: 2 }) }])
    // the provider's notice again changes nothing
    const again = await ctx.t.api("POST", "/api/wx/payNotify", undefined, paid.notice)
    expect(again.body).toMatchObject({ return_code: "SUCCESS", data: { settled: false } })
    expect(await order(placed.id)).toMatchObject({ status: 0, paid: 240 })
    expect(ctx.events).toHaveLength(1)
    // and a paid order has nothing more to prepay
    expect(await ctx.t.api("GET", `/api/paotuiOrder/prepay/${placed.id}`, ctx.student)).toMatchObject({ status: 409, body: { message: "该跑腿单无需支付" } })
    expect(reconcile(await purposeBooks(ctx.t.db))).toEqual([])
  })

  it("an existing unpaid order is paid from its page: getById carries its prepay id to the requester (spec 001 §7), signed and paid without a new prepay", async () => {
    const p = await parcel()
    const placed = await place(form(p))
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const id = placed.body.data._id as string
    const page = await ctx.t.api("GET", `/api/paotuiOrder/getById/${id}`, ctx.student)
    const shown = Schema.decodeUnknownSync(OrderDetail.answer)(page.body.data)
    expect(shown).toMatchObject({ _id: id, status: -1, payFee: 240, prepayId: (await order(id)).prepay_id })
    // the worksite's runner leader sees the order but not its prepay id (others get no order at all: 404)
    const leader = await ctx.t.api("GET", `/api/paotuiOrder/getById/${id}`, await ctx.t.token("demo-runner"))
    expect(Schema.decodeUnknownSync(OrderDetail.answer)(leader.body.data)).toMatchObject({ _id: id, status: -1, prepayId: null })
    const stranger = await ctx.t.token((await newUser(ctx.t.db)).openid)
    expect(await ctx.t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${shown.prepayId}`)}`, stranger)).toMatchObject({ status: 404 })
    // the page signs the order's own prepay and the payment sheet pays it: the order opens, with one trade
    const sign = await ctx.t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${shown.prepayId}`)}`, ctx.student)
    expect(sign.status, JSON.stringify(sign.body)).toBe(200)
    const paid = await ctx.t.runtime.paymentProvider.pay(sign.body.data, ctx.clock().getTime())
    if (!paid.ok) throw new Error(paid.reason)
    expect((await ctx.t.api("POST", "/api/wx/payNotify", undefined, paid.notice)).status).toBe(200)
    expect(await order(id)).toMatchObject({ status: 0, paid: 240, prepay_id: shown.prepayId })
    expect(await ctx.t.db.selectFrom("pay_trade").select(["status", "amount_fen"]).where("ref_id", "=", id).execute()).toEqual([{ status: "paid", amount_fen: 240 }])
    expect(await ctx.t.api("GET", `/api/paotuiOrder/getById/${id}`, ctx.student)).toMatchObject({ body: { data: { status: 0, prepayId: shown.prepayId } } })
  })

  it("property: for any form, the server answers what the core's quote says (the first failed check's words, or its payable)", async () => {
    const store = errandStore(ctx.t.db)
    const settings = (await Effect.runPromise(store.settings("ws-xiyuan")))!
    const activity = (await Effect.runPromise(store.activity("ws-xiyuan", 1)))!
    // no daily limit while this runs: each accepted order takes a place
    await ctx.t.db.updateTable("errand_activity").set({ count_daily: null }).where("id", "=", ACTIVITY).execute()
    const unlimited = { ...activity, countDaily: null }
    const maybe = <A>(a: fc.Arbitrary<A>) => fc.option(a, { nil: undefined })
    /** Mostly a good value (so some orders pass every check), sometimes anything. */
    const mostly = <A, B>(good: fc.Arbitrary<A>, any: fc.Arbitrary<B>) => fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: any, weight: 1 })
    const formArb = fc.record({
      goodsType: mostly(fc.constantFrom(1, 2, 3), maybe(fc.integer({ min: 0, max: 4 }))),
      specialGoodId: mostly(fc.constantFrom("-1", "sg-xy-luggage", "sg-xy-bike", "sg-xy-4-furniture"), maybe(fc.constantFrom("", "nope"))),
      dormBuilding: mostly(fc.constantFrom("b-xy-1", "b-xy-2", "b-xy-3", "b-xy-4"), maybe(fc.constant("b-none"))),
      dormFloor: mostly(fc.integer({ min: -1, max: 30 }), maybe(fc.integer({ min: -2, max: 32 }))),
      dormRoom: mostly(fc.constant("501"), fc.constantFrom("", " ")),
      friendReceives: fc.boolean(),
      proxyReceiver: mostly(fc.constant("小红"), fc.constant("")),
      proxyReceiverPhone: mostly(fc.constant("13800001111"), fc.constantFrom("", "1380000111")),
      worksiteId: mostly(fc.constant("ws-xiyuan"), maybe(fc.constant("ws-dongyuan"))),
      remark: mostly(fc.string({ maxLength: 50 }), fc.string({ minLength: 45, maxLength: 55 }))
    })
    let accepted = 0
    let refused = 0
    try {
      await fc.assert(fc.asyncProperty(formArb, async (f) => {
        const p = await parcel()
        const found = f.dormBuilding ? await Effect.runPromise(store.findBuilding(f.dormBuilding)) : undefined
        const goodsClass = f.goodsType !== undefined && f.goodsType >= 1 && f.goodsType <= 3 ? (f.goodsType as 1 | 2 | 3) : null
        const offered = goodsClass === 3 && f.specialGoodId && (!found || specialGoodsFor(settings, found).some((g) => g.id === f.specialGoodId))
        const expected = quote({
          form: {
            goodsClass, specialGoodId: offered ? f.specialGoodId! : null, buildingId: found?.id ?? null, floor: f.dormFloor ?? null, dormRoom: f.dormRoom,
            friendReceives: f.friendReceives, friendName: f.proxyReceiver, friendPhone: f.proxyReceiverPhone,
            worksiteId: f.worksiteId === "ws-xiyuan" ? "ws-xiyuan" : null, schoolCode: "SFDX", remark: f.remark
          },
          worksite: settings, building: found, parcelSize: null, activity: unlimited, activityOrdersToday: 0, now: ctx.clock()
        })
        const r = await place({ type: 1, toTakeId: p, sexLimit: -1, ...f, fee: 1 })
        if (isDomainError(expected)) {
          refused++
          expect({ status: r.status, message: r.body.message }, JSON.stringify(f)).toEqual({ status: expected.status, message: expected.message })
          expect(await parcelStatus(p)).toBe(0)
        } else {
          expect(r.status, JSON.stringify([f, r.body])).toBe(200)
          expect(r.body.data.payFee).toBe(expected.payable)
          expect(await order(r.body.data._id)).toMatchObject({ fee: expected.fee, pay_fee: expected.payable })
          accepted++
        }
      }), { numRuns: 60 })
      // both sides were exercised
      expect(accepted).toBeGreaterThan(0)
      expect(refused).toBeGreaterThan(0)
    } finally {
      await ctx.t.db.updateTable("errand_activity").set({ count_daily: 50 }).where("id", "=", ACTIVITY).execute()
    }
  })

  it("prices large items with the building's sub-categories and lift, and 'other' with the large-item fees", async () => {
    const cases: Array<[Record<string, unknown>, number, number]> = [
      [{ goodsType: 3, specialGoodId: "sg-xy-luggage", dormBuilding: "b-xy-3", dormFloor: 12 }, 600, 480],
      [{ goodsType: 3, specialGoodId: "-1", dormBuilding: "b-xy-3", dormFloor: 12 }, 500, 400],
      [{ goodsType: 3, specialGoodId: "sg-xy-4-furniture", dormBuilding: "b-xy-4", dormFloor: 2 }, 1200, 960],
      [{ goodsType: 1, dormBuilding: "b-xy-3", dormFloor: 3 }, 250, 200],
      [{ goodsType: 2, dormBuilding: "b-xy-2", dormFloor: -1 }, 300, 240]
    ]
    for (const [over, fee, payFee] of cases) {
      const r = await place(form(await parcel(), over))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(await order(r.body.data._id)).toMatchObject({ fee, pay_fee: payFee })
    }
  })

  it("a zero-amount order skips payment: open at once, parcel 0 → 3, no trade, the hall hears it", async () => {
    await ctx.t.db.updateTable("errand_activity").set({ fee: 0 }).where("id", "=", ACTIVITY).execute()
    try {
      const p = await parcel()
      ctx.events.length = 0
      const r = await place(form(p))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.payFee).toBe(0)
      expect(await order(r.body.data._id)).toMatchObject({ status: 0, fee: 300, pay_fee: 0, paid: 0, prepay_id: null })
      expect(await parcelStatus(p)).toBe(3)
      expect(await ctx.t.db.selectFrom("pay_trade").select("trade_no").where("ref_id", "=", r.body.data._id).execute()).toEqual([])
      expect(ctx.events.map((e) => [e.room, e.name])).toEqual([[{ hall: "ws-xiyuan" }, "ws-xiyuan-paotuiOrderAdd"]])
    } finally {
      await ctx.t.db.updateTable("errand_activity").set({ fee: null }).where("id", "=", ACTIVITY).execute()
    }
  })

  it("a payment that arrives for an order no longer awaiting it is refunded at once and opens nothing", async () => {
    const p = await parcel()
    const id = (await place(form(p))).body.data._id as string
    const prepay = (await ctx.t.api("GET", `/api/paotuiOrder/prepay/${id}`, ctx.student)).body.data as { prepayId: string; tradeNo: string }
    const sign = await ctx.t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.prepayId}`)}`, ctx.student)
    // the requester cancelled meanwhile (as the lifecycle does: order 4, parcel back to 0)
    await ctx.t.db.updateTable("errand_order").set({ status: 4 }).where("id", "=", id).execute()
    await ctx.t.db.updateTable("parcel").set({ status: 0 }).where("id", "=", p).execute()
    ctx.events.length = 0
    const paid = await ctx.t.runtime.paymentProvider.pay(sign.body.data, ctx.clock().getTime())
    if (!paid.ok) throw new Error(paid.reason)
    expect((await ctx.t.api("POST", "/api/wx/payNotify", undefined, paid.notice)).status).toBe(200)
    expect(await trade(prepay.tradeNo)).toMatchObject({ status: "refunded" })
    expect(await order(id)).toMatchObject({ status: 4, paid: 0 })
    expect(await parcelStatus(p)).toBe(0)
    expect(ctx.events).toEqual([])
    expect(reconcile(await purposeBooks(ctx.t.db))).toEqual([])
  })

  it("void-unpaid-errands: not before 30 minutes; then voided once, prepay closed, parcel back to 0, place given back; the parcel can be ordered again", async () => {
    const p = await parcel()
    const r = await place(form(p))
    const id = r.body.data._id as string
    const placed = await order(id)
    const taken = await placesToday()
    expect(await runJob("void-unpaid-errands", new Date(placed.created_at.getTime() + 29 * MINUTE))).toMatchObject({ voided: 0 })
    expect(await order(id)).toMatchObject({ status: -1 })
    const late = new Date(placed.created_at.getTime() + 31 * MINUTE)
    // every unpaid order placed so far in this file is due by then; those under the activity give their place back
    const due = await ctx.t.db.selectFrom("errand_order").select(["id", "activity_id"]).where("status", "=", -1).execute()
    const result = await runJob("void-unpaid-errands", late)
    expect(result).toEqual({ voided: due.length, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
    expect(await ctx.t.db.selectFrom("errand_order").select("id").where("id", "in", due.map((d) => d.id)).where("status", "<>", 4).execute()).toEqual([])
    expect(await order(id)).toMatchObject({ status: 4, paid: 0, refunded: 0 })
    expect(await parcelStatus(p)).toBe(0)
    const released = due.filter((d) => d.activity_id === ACTIVITY).length
    expect(await placesToday()).toBe(taken - released)
    const trades = await ctx.t.db.selectFrom("pay_trade").select("status").where("ref_id", "=", id).execute()
    expect(trades.map((x) => x.status)).toEqual(["expired"])
    expect(await runJob("void-unpaid-errands", late)).toEqual({ voided: 0, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
    expect(await placesToday()).toBe(taken - released)
    // the closed prepay can no longer be paid
    expect((await ctx.t.api("GET", `/api/paotuiOrder/prepay/${id}`, ctx.student)).status).toBe(409)
    const again = await place(form(p))
    expect(again.status).toBe(200)
    expect(await parcelStatus(p)).toBe(2)
  })

  it("void-unaccepted-errands: an open order past its required time is voided and refunded through the pay-in port once; parcel back to 0", async () => {
    const p = await parcel()
    const id = (await place(form(p))).body.data._id as string
    const { tradeNo } = await pay(id)
    const open = await order(id)
    expect(open).toMatchObject({ status: 0, paid: 240 })
    expect(await runJob("void-unaccepted-errands", open.require_arrive_time)).toMatchObject({ voided: 0 })
    ctx.events.length = 0
    const late = new Date(open.require_arrive_time.getTime() + 1000)
    const due = await ctx.t.db.selectFrom("errand_order").select("id").where("status", "=", 0).where("require_arrive_time", "<", late).execute()
    expect(due.map((d) => d.id)).toContain(id)
    expect(await runJob("void-unaccepted-errands", late)).toEqual({ voided: due.length, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
    expect(await order(id)).toMatchObject({ status: 4, paid: 240, refunded: 240, runner_income: 0 })
    expect(await parcelStatus(p)).toBe(0)
    expect(await trade(tradeNo)).toMatchObject({ status: "refunded" })
    expect(ctx.events.map((e) => [e.room, e.name])).toEqual(expect.arrayContaining([[{ hall: "ws-xiyuan" }, "paotuiOrderCancel"], [{ user: "u-student" }, "paotuiOrderCancel"]]))
    expect(await runJob("void-unaccepted-errands", late)).toEqual({ voided: 0, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 })
    expect(await order(id)).toMatchObject({ refunded: 240 })
    expect(reconcile(await purposeBooks(ctx.t.db))).toEqual([])
  })

  it("the activity's day: the banner says canOrder until the limit; then '今日已约满' (409) and nothing moves", async () => {
    const taken = await placesToday()
    await ctx.t.db.updateTable("errand_activity").set({ count_daily: taken + 1 }).where("id", "=", ACTIVITY).execute()
    try {
      const offer = await ctx.t.api("GET", "/api/active/one/1/ws-xiyuan/1", ctx.student)
      expect(offer.body).toMatchObject({ success: true, canOrder: true, discount: 2, data: { _id: ACTIVITY, countDaily: taken + 1 } })
      expect((await place(form(await parcel()))).status).toBe(200)
      expect((await ctx.t.api("GET", "/api/active/one/1/ws-xiyuan/1", ctx.student)).body).toMatchObject({ canOrder: false })
      const p = await parcel()
      expect(await place(form(p))).toMatchObject({ status: 409, body: { message: "今日已约满" } })
      expect(await parcelStatus(p)).toBe(0)
      expect(await placesToday()).toBe(taken + 1)
    } finally {
      await ctx.t.db.updateTable("errand_activity").set({ count_daily: 50 }).where("id", "=", ACTIVITY).execute()
    }
  })

  it("past the day's cut-off the order is refused with the cut-off time", async () => {
    await ctx.t.db.updateTable("errand_settings").set({ paotui_order_last_time: "00:00" }).where("worksite_id", "=", "ws-xiyuan").execute()
    try {
      const p = await parcel()
      expect(await place(form(p))).toMatchObject({ status: 409, body: { message: "今日跑腿下单已于00:00截止，请预约明天的送货上门服务" } })
      expect(await parcelStatus(p)).toBe(0)
    } finally {
      await ctx.t.db.updateTable("errand_settings").set({ paotui_order_last_time: "22:00" }).where("worksite_id", "=", "ws-xiyuan").execute()
    }
  })

  it("a worksite without errands refuses door delivery; the form's data: buildings, the worksite's errand side, no activity elsewhere", async () => {
    await ctx.t.db.updateTable("worksite").set({ paotui_able: false }).where("id", "=", "ws-xiyuan").execute()
    try {
      expect(await place(form(await parcel()))).toMatchObject({ status: 409, body: { message: "该网点暂未开放跑腿服务" } })
    } finally {
      await ctx.t.db.updateTable("worksite").set({ paotui_able: true }).where("id", "=", "ws-xiyuan").execute()
    }
    const buildings = await ctx.t.api("GET", "/api/building/list/ws-xiyuan", ctx.student)
    expect(buildings.status).toBe(200)
    expect(buildings.body.data.map((b: { name: string }) => b.name)).toEqual(["1号楼", "2号楼", "研究生公寓", "留学生公寓"])
    expect(buildings.body.data[2]).toMatchObject({ isLift: true, liftSmallFee: 250, specialGoods: [] })
    expect(buildings.body.data[3].specialGoods).toEqual([{ _id: "sg-xy-4-furniture", name: "家具", liftFee: 900, feeOne: 1200, feeTwo: 1500 }])
    expect(await ctx.t.api("GET", "/api/building/list/ws-dongyuan", ctx.student)).toMatchObject({ status: 403, body: { success: false, message: "只能查看本网点的楼栋" } })
    const info = await ctx.t.api("GET", "/api/paotuiOrder/formInfo/ws-xiyuan", ctx.student)
    expect(info.body.data).toMatchObject({
      paotuiAble: true, schoolCode: "SFDX", paotuiOrderLastTime: "22:00", serviceEnd: "21:00", fees: { smallFeeTwo: 300, liftBigFee: 500 },
      noon: { begin: "12:00", end: "14:00" }, pm: { begin: "19:00", end: "23:00" }
    })
    expect(info.body.data.specialGoods.map((g: { name: string }) => g.name)).toEqual(["行李箱", "自行车"])
    expect((await ctx.t.api("GET", "/api/paotuiOrder/formInfo/ws-dongyuan", ctx.student)).body.data).toMatchObject({ paotuiAble: false })
    expect(await ctx.t.api("GET", "/api/paotuiOrder/formInfo/nowhere", ctx.student)).toMatchObject({ status: 404, body: { message: "获取网点信息失败" } })
    expect((await ctx.t.api("GET", "/api/active/one/1/ws-dongyuan/1", ctx.student)).body).toMatchObject({ canOrder: true, discount: null, data: null })
    expect((await ctx.t.api("GET", "/api/building/list/ws-xiyuan")).status).toBe(401)
  })

  it("a worksite's buildings (their leaders' names and phones) only to its users, its staff and those holding a parcel there", async () => {
    await ctx.t.db.updateTable("building").set({ manager_id: (await ctx.t.db.selectFrom("app_user").select("id").where("openid", "=", "demo-runner").executeTakeFirstOrThrow()).id })
      .where("id", "=", "b-xy-1").execute()
    const leaderOf1 = (r: { body: { data: Array<{ _id: string; manager: { phoneMain: string } | null }> } }) => r.body.data.find((b) => b._id === "b-xy-1")?.manager
    const list = (worksiteId: string, token: string) => ctx.t.api("GET", `/api/building/list/${worksiteId}`, token)
    const elsewhere = { status: 403, body: { success: false, message: "只能查看本网点的楼栋" } }
    expect(leaderOf1(await list("ws-xiyuan", ctx.student))).toMatchObject({ phoneMain: "13800000002" })
    expect(leaderOf1(await list("ws-xiyuan", ctx.staff))).toMatchObject({ phoneMain: "13800000002" })
    expect(await list("ws-dongyuan", ctx.staff)).toMatchObject(elsewhere)
    const staffDy = await ctx.t.token("demo-staff-dy")
    expect(await list("ws-dongyuan", staffDy)).toMatchObject({ status: 200, body: { data: [] } })
    expect(await list("ws-xiyuan", staffDy)).toMatchObject(elsewhere)
    // a user who moved to 东园 sees 西园's buildings only while a parcel waits for them there (the door-delivery form of that parcel)
    const visitor = await newUser(ctx.t.db)
    const visitorToken = await ctx.t.token(visitor.openid)
    const p = await parcel(visitor.phone)
    expect((await ctx.t.api("PUT", "/api/user/updateWorksite", visitorToken, { worksite: "ws-dongyuan" })).status).toBe(200)
    expect(await list("ws-dongyuan", visitorToken)).toMatchObject({ status: 200, body: { data: [] } })
    expect(leaderOf1(await list("ws-xiyuan", visitorToken))).toMatchObject({ phoneMain: "13800000002" })
    await ctx.t.db.updateTable("parcel").set({ status: 100 }).where("id", "=", p).execute()
    expect(await list("ws-xiyuan", visitorToken)).toMatchObject(elsewhere)
    // no worksite at all, or a worksite that does not exist
    const homeless = await ctx.t.token((await newUser(ctx.t.db, {}, { worksite: null })).openid)
    expect(await list("ws-xiyuan", homeless)).toMatchObject(elsewhere)
    expect(await list("no-such-site", ctx.student)).toMatchObject(elsewhere)
    await ctx.t.db.updateTable("building").set({ manager_id: null }).where("id", "=", "b-xy-1").execute()
  })

  it("types 3 and 4 are ordered at the requester's worksite without a parcel and without the door-delivery discount; a door pickup only with its sending", async () => {
    // a type-2 errand exists only with its send order: placed on its own it could never reach its end
    const pickup = await place(form("", { type: 2, goodsType: 2, dormFloor: 2 }))
    expect(pickup).toMatchObject({ status: 400, body: { success: false, message: "上门取件请在寄快递中预约" } })
    expect(await ctx.t.db.selectFrom("errand_order").select("id").where("type", "=", 2).execute()).toEqual([])
    for (const type of [3, 4]) {
      const r = await place(form("", { type, goodsType: 2, dormFloor: 2 }))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(await order(r.body.data._id)).toMatchObject({ type, fee: 300, pay_fee: 300, activity_id: null, to_take_id: null, status: -1, worksite_id: "ws-xiyuan" })
    }
    const elsewhere = await newUser(ctx.t.db, {}, { worksite: "ws-dongyuan" })
    expect(await place(form("", { type: 3, worksiteId: "ws-dongyuan" }), await ctx.t.token(elsewhere.openid)))
      .toMatchObject({ status: 400, body: { message: "获取网点信息失败" } })
  })
})

describeOnPostgres("errand ordering races on real Postgres", () => {
  const { ctx, parcel, form, place, placesToday } = setup("postgres", 25)

  it("50 concurrent orders against a daily limit of 10: exactly 10 placed, the rest '今日已约满'", async () => {
    const parcels: string[] = []
    for (let i = 0; i < 50; i++) parcels.push(await parcel())
    await ctx.t.db.updateTable("errand_activity").set({ count_daily: 10 }).where("id", "=", ACTIVITY).execute()
    const answers = await Promise.all(parcels.map((p) => place(form(p))))
    const byStatus = answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})
    expect(byStatus).toEqual({ 200: 10, 409: 40 })
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body.message).toBe("今日已约满")
    expect(await placesToday()).toBe(10)
    const orders = await ctx.t.db.selectFrom("errand_order").select("to_take_id").where("activity_id", "=", ACTIVITY).execute()
    expect(orders).toHaveLength(10)
    const moved = await ctx.t.db.selectFrom("parcel").select("id").where("id", "in", parcels).where("status", "=", 2).execute()
    expect(moved.map((m) => m.id).sort()).toEqual(orders.map((o) => o.to_take_id).sort())
  })

  it("20 concurrent orders for one parcel: exactly one placed, the rest refused with 409", async () => {
    await ctx.t.db.updateTable("errand_activity").set({ count_daily: null }).where("id", "=", ACTIVITY).execute()
    const p = await parcel()
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(form(p))))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    for (const r of answers.filter((a) => a.status !== 200)) expect(r).toMatchObject({ status: 409, body: { message: "该快递当前不能预约送货上门" } })
    expect(await ctx.t.db.selectFrom("errand_order").select("id").where("to_take_id", "=", p).execute()).toHaveLength(1)
  })
})
