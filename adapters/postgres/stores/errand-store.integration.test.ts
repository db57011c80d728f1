/**
 * ErrandStore and CreditStore over PGlite (and the activity's daily limit and the grab on real Postgres):
 * settings and buildings with their own tiers and sub-categories, the activity's places, orders with
 * conditional changes (one grab wins), transfers all or none, paging, comments once, credit changes once.
 */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ErrandOrderRecord } from "#src/errand/errand-store"
import { describeOnPostgres, startTestApp, type TestApp } from "../../../test/support/test-app"
import { freshDemoDatabases } from "../demo-database.testkit"
import type { DB } from "../schema"
import { creditStore } from "./credit-store"
import { errandStore } from "./errand-store"

const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)

const demoCampus = freshDemoDatabases()

/** A fresh demo campus without the seed's errand data (so each test sees only what it adds). */
const fresh = async () => {
  const db = await demoCampus()
  await db.deleteFrom("errand_activity_day").execute()
  await db.deleteFrom("errand_order").execute()
  await db.deleteFrom("errand_activity").execute()
  await db.deleteFrom("special_good").execute()
  await db.deleteFrom("building").execute()
  await db.deleteFrom("errand_settings").execute()
  return db
}

let orderSeq = 0
export const errandOrder = (over: Partial<ErrandOrderRecord> = {}): ErrandOrderRecord => {
  const n = ++orderSeq
  return {
    id: `e-${n}-${Math.random().toString(36).slice(2)}`, orderNo: `P${Date.now()}${n}${Math.random().toString(36).slice(2, 6)}`, type: 1, status: 0,
    openid: "demo-student", worksiteId: "ws-xiyuan", accept: null, payFee: 400, paid: 400, refunded: 0, runnerIncome: 0, freight: null,
    freightPaid: 0, goodsPic: null, createdAt: new Date(Date.UTC(2030, 0, 1, 2, n % 60)), requireArriveTime: new Date("2030-01-01T15:00:00Z"),
    toComment: false, sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: null, floor: 3, dormRoom: "301", proxyReceiver: null,
    proxyReceiverPhone: null, remark: "", toTakeId: null, fee: 500, activityId: null, prepayId: null, acceptedAt: null, finishedAt: null,
    ...over
  }
}

const seedErrands = async (db: Kysely<DB>) => {
  await db.insertInto("errand_settings").values({ worksite_id: "ws-xiyuan", lift_small_fee: 200, small_fee_one: 300, small_fee_two: 400, big_fee_one: 900, paotui_order_last_time: "20:00" }).execute()
  await db.insertInto("building").values([
    { id: "b2", worksite_id: "ws-xiyuan", name: "二号楼", is_lift: true, fees: JSON.stringify({ liftSmallFee: 250, bogus: 1, smallFeeOne: -3 }), sort: 2 },
    { id: "b1", worksite_id: "ws-xiyuan", name: "一号楼", sort: 1 }
  ]).execute()
  await db.insertInto("special_good").values([
    { id: "g-ws", worksite_id: "ws-xiyuan", building_id: null, name: "行李箱", lift_fee: 600, fee_one: 800, fee_two: 1000 },
    { id: "g-b2", worksite_id: "ws-xiyuan", building_id: "b2", name: "自行车", lift_fee: 700, fee_one: 900, fee_two: 1100 }
  ]).execute()
}

describe("ErrandStore on PGlite", () => {
  it("reads the worksite's settings, its buildings in order with their own valid tiers and sub-categories", async () => {
    const db = await fresh()
    const store = errandStore(db)
    expect(await run(store.settings("ws-xiyuan"))).toBeUndefined()
    await seedErrands(db)
    const s = (await run(store.settings("ws-xiyuan")))!
    expect(s.fees.smallFeeOne).toBe(300)
    expect(s.fees.middleFeeOne).toBe(0)
    expect(s.serviceEnd).toBe("21:00")
    expect(s.paotuiOrderLastTime).toBe("20:00")
    expect(s.specialGoods.map((g) => g.id)).toEqual(["g-ws"])
    expect(await run(store.settings("nowhere"))).toBeUndefined()
    const bs = await run(store.buildings("ws-xiyuan"))
    expect(bs.map((b) => b.id)).toEqual(["b1", "b2"])
    expect(bs[1]!.fees).toEqual({ liftSmallFee: 250 })
    expect(bs[1]!.specialGoods.map((g) => g.name)).toEqual(["自行车"])
    expect(bs[0]!.specialGoods).toEqual([])
    expect((await run(store.findBuilding("b2")))!.isLift).toBe(true)
    expect(await run(store.findBuilding("nope"))).toBeUndefined()
    expect(await run(store.setBuildingManager("b1", "u-runner"))).toBe(true)
    expect((await run(store.findBuilding("b1")))!.managerId).toBe("u-runner")
    expect(await run(store.setBuildingManager("nope", null))).toBe(false)
  })

  it("reserves the activity's places up to its limit per day and gives them back", async () => {
    const db = await fresh()
    const store = errandStore(db)
    await db.insertInto("errand_activity").values({ id: "a1", worksite_id: "ws-xiyuan", title: "八折", discount: 2, fee: null, count_daily: 2 }).execute()
    const a = (await run(store.activity("ws-xiyuan", 1)))!
    expect(a).toMatchObject({ id: "a1", discount: 2, fee: null, countDaily: 2 })
    expect(await run(store.activity("ws-xiyuan", 2))).toBeUndefined()
    expect(await run(store.activityCount("a1", "2030-01-01"))).toBe(0)
    expect(await run(store.reserveActivityPlace("a1", "2030-01-01", 2))).toBe(true)
    expect(await run(store.reserveActivityPlace("a1", "2030-01-01", 2))).toBe(true)
    expect(await run(store.reserveActivityPlace("a1", "2030-01-01", 2))).toBe(false)
    expect(await run(store.activityCount("a1", "2030-01-01"))).toBe(2)
    expect(await run(store.reserveActivityPlace("a1", "2030-01-02", 2))).toBe(true)
    expect(await run(store.reserveActivityPlace("a1", "2030-01-03", 0))).toBe(false)
    expect(await run(store.activityCount("a1", "2030-01-03"))).toBe(0)
    await run(store.releaseActivityPlace("a1", "2030-01-01"))
    expect(await run(store.activityCount("a1", "2030-01-01"))).toBe(1)
    expect(await run(store.reserveActivityPlace("a1", "2030-01-01", 2))).toBe(true)
    // never below zero
    for (let i = 0; i < 4; i++) await run(store.releaseActivityPlace("a1", "2030-01-02"))
    expect(await run(store.activityCount("a1", "2030-01-02"))).toBe(0)
  })

  it("stores an order as it was, and changes it only from the expected status and holder", async () => {
    const db = await fresh()
    const store = errandStore(db)
    const o = errandOrder({ sexLimit: 2, proxyReceiver: "小红", proxyReceiverPhone: "13811112222", remark: "放门口" })
    await run(store.insert(o))
    expect(await run(store.findById(o.id))).toEqual(o)
    expect(await run(store.findByOrderNo(o.orderNo))).toEqual(o)
    expect(await run(store.findById("none"))).toBeUndefined()
    const runner = { openid: "demo-runner", name: "王强", phone: "13800000002" }
    const grabbed = { ...o, status: 1 as const, accept: runner, acceptedAt: new Date("2030-01-01T03:00:00Z") }
    expect(await run(store.replace(grabbed, 0))).toBe(true)
    expect(await run(store.replace({ ...o, status: 1, accept: { ...runner, openid: "other" } }, 0))).toBe(false)
    expect(await run(store.findById(o.id))).toEqual(grabbed)
    // a holder's change needs that holder
    expect(await run(store.replace({ ...grabbed, status: 2 }, 1, "someone-else"))).toBe(false)
    expect(await run(store.replace({ ...grabbed, status: 2 }, 1, "demo-runner"))).toBe(true)
    const other = errandOrder()
    await run(store.insert(other))
    expect(await run(store.replace({ ...other, status: 4, refunded: 400 }, 0, null))).toBe(true)
    expect((await run(store.findById(other.id)))!.status).toBe(4)
  })

  it("transfers all the named orders or none", async () => {
    const db = await fresh()
    const store = errandStore(db)
    const runner = { openid: "r1", name: "甲", phone: "1" }
    const to = { openid: "r2", name: "乙", phone: "2" }
    const a = errandOrder({ status: 1, accept: runner })
    const b = errandOrder({ status: 1, accept: runner })
    const c = errandOrder({ status: 2, accept: runner })
    for (const o of [a, b, c]) await run(store.insert(o))
    expect(await run(store.transfer([a.id, c.id], "r1", to))).toBe(false)
    expect((await run(store.findById(a.id)))!.accept).toEqual(runner)
    expect(await run(store.transfer([a.id, b.id, a.id], "r2", to))).toBe(false)
    expect(await run(store.transfer([], "r1", to))).toBe(false)
    expect(await run(store.transfer([a.id, b.id, a.id], "r1", to))).toBe(true)
    expect((await run(store.findById(a.id)))!.accept).toEqual(to)
    expect((await run(store.findById(b.id)))!.accept).toEqual(to)
    expect((await run(store.findById(c.id)))!.accept).toEqual(runner)
  })

  it("lists the hall by time or fee, the requester's and runner's orders by group with paging, and what falls due", async () => {
    const db = await fresh()
    const store = errandStore(db)
    const cheapNew = errandOrder({ payFee: 100, createdAt: new Date("2030-01-01T05:00:00Z") })
    const dearOld = errandOrder({ payFee: 900, fee: 900, createdAt: new Date("2030-01-01T04:00:00Z") })
    const elsewhere = errandOrder({ worksiteId: "ws-dongyuan" })
    const taken = errandOrder({ status: 1, accept: { openid: "r1", name: "甲", phone: "1" } })
    const unpaid = errandOrder({ status: -1, paid: 0, createdAt: new Date("2030-01-01T01:00:00Z") })
    const done = errandOrder({ status: 100, accept: { openid: "r1", name: "甲", phone: "1" }, runnerIncome: 400, toComment: true })
    for (const o of [cheapNew, dearOld, elsewhere, taken, unpaid, done]) await run(store.insert(o))
    expect((await run(store.hall("ws-xiyuan", "time"))).map((o) => o.id)).toEqual([cheapNew.id, dearOld.id])
    expect((await run(store.hall("ws-xiyuan", "fee"))).map((o) => o.id)).toEqual([dearOld.id, cheapNew.id])
    const ing = await run(store.listForRequester("demo-student", "ing", 1))
    expect(ing.recordCount).toBe(5)
    expect(ing.results.map((o) => o.id)).not.toContain(done.id)
    expect((await run(store.listForRequester("demo-student", "complete", 1))).results.map((o) => o.id)).toEqual([done.id])
    expect((await run(store.listForRequester("demo-student", "cancel", 1))).recordCount).toBe(0)
    expect((await run(store.listForRunner("r1", "ing", 1))).results.map((o) => o.id)).toEqual([taken.id])
    expect((await run(store.dueUnpaid(new Date("2030-01-01T01:30:00Z")))).map((o) => o.id)).toEqual([unpaid.id])
    expect(await run(store.dueUnpaid(new Date("2030-01-01T00:30:00Z")))).toEqual([])
    expect((await run(store.dueUnaccepted(new Date("2030-01-01T15:00:01Z")))).map((o) => o.id).sort()).toEqual([cheapNew.id, dearOld.id, elsewhere.id].sort())
    expect(await run(store.dueUnaccepted(new Date("2030-01-01T15:00:00Z")))).toEqual([])
    for (let i = 0; i < 21; i++) await run(store.insert(errandOrder({ openid: "many", status: 4, paid: 0 })))
    const p2 = await run(store.listForRequester("many", "cancel", 2))
    expect(p2).toMatchObject({ pageNumber: 2, pageCount: 2, recordCount: 21 })
    expect(p2.results).toHaveLength(1)
  })

  it("keeps one rating per order and answers whether one is due", async () => {
    const db = await fresh()
    const store = errandStore(db)
    const done = errandOrder({ status: 100, accept: { openid: "r1", name: "甲", phone: "1" }, runnerIncome: 400, toComment: true })
    await run(store.insert(done))
    expect(await run(store.haveToComment("demo-student"))).toBe(true)
    const c = { orderId: done.id, acceptOpenid: "r1", score: 5, tags: [1, 3], rewardMoney: 200, createdAt: new Date("2030-01-01T16:00:00Z") }
    expect(await run(store.comment(c))).toBe(true)
    expect(await run(store.comment({ ...c, score: 1 }))).toBe(false)
    expect(await run(store.haveToComment("demo-student"))).toBe(false)
    const row = await db.selectFrom("errand_comment").selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ score: 5, tags: [1, 3], reward_money: 200 })
  })
})

describe("CreditStore on PGlite", () => {
  it("changes the score with its record only from the expected score, and lists records newest first", async () => {
    const db = await fresh()
    const store = creditStore(db)
    expect(await run(store.score("u-runner"))).toBe(88)
    const rec = (id: string, at: string) => ({ id, userId: "u-runner", orderId: null, type: 1 as const, score: 2, remark: "跑腿服务获得5星评价", createdAt: new Date(at) })
    expect(await run(store.change("u-runner", 88, 90, rec("c1", "2030-01-01T00:00:00Z")))).toBe(true)
    expect(await run(store.change("u-runner", 88, 90, rec("c2", "2030-01-02T00:00:00Z")))).toBe(false)
    expect(await run(store.change("u-runner", 90, 92, rec("c3", "2030-01-03T00:00:00Z")))).toBe(true)
    expect(await run(store.score("u-runner"))).toBe(92)
    const page = await run(store.list("u-runner", 1))
    expect(page.results.map((r) => r.id)).toEqual(["c3", "c1"])
    expect(page.recordCount).toBe(2)
  })
})

describeOnPostgres("ErrandStore races on real Postgres", () => {
  let t: TestApp
  beforeAll(async () => { t = await startTestApp("postgres", { poolSize: 25 }) })
  afterAll(async () => { await t?.close() })

  it("50 concurrent reservations for a limit of 10 take exactly 10 places", async () => {
    const store = errandStore(t.db)
    await t.db.updateTable("errand_activity").set({ active: false }).where("worksite_id", "=", "ws-dongyuan").execute()
    await t.db.insertInto("errand_activity").values({ id: "a-race", worksite_id: "ws-dongyuan", title: "限量", discount: 5, fee: null, count_daily: 10 }).execute()
    for (const day of ["2031-03-01", "2031-03-02"]) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => run(store.reserveActivityPlace("a-race", day, 10))))
      expect(answers.filter(Boolean)).toHaveLength(10)
      expect(await run(store.activityCount("a-race", day))).toBe(10)
    }
  })

  it("50 runners grabbing one order: exactly one wins", async () => {
    const store = errandStore(t.db)
    const o = errandOrder()
    await run(store.insert(o))
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      run(store.replace({ ...o, status: 1, accept: { openid: `r${i}`, name: "跑腿", phone: "1" } }, 0))))
    expect(answers.filter(Boolean)).toHaveLength(1)
    const winner = answers.indexOf(true)
    expect((await run(store.findById(o.id)))!.accept?.openid).toBe(`r${winner}`)
  })
})
