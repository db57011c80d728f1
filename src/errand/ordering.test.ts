/**
 * Ordering an errand over in-memory ports: the form's data, the buildings and who may see them, the activity
 * banner, placing an order (each check in the spec's order with its words, the core's price in fen, the parcel's
 * move, the prepay or the hall), the prepay of one's own unpaid order, and the scheduler's due lists and voids.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Catalogue, ParcelStore, People, type ParcelRecord, type Person } from "../parcel/parcel-store"
import { tabStatuses } from "../parcel/collect"
import { PayIn } from "../payment/pay-in"
import { messages as payMessages, TradeStatus, type Trade } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import type { Actor } from "../shared/actor"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { Employee } from "../staff/employee"
import { DEFAULT_SAFEKEEPING } from "../staff/worksite"
import type { WorksiteProfile } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import type { PlaceErrand } from "./calls"
import type { ErrandPerson } from "./errand-parties"
import { ErrandStore, type BuildingRecord, type ErrandOrderRecord, type ErrandSettings } from "./errand-store"
import { errandWorld } from "./errand-store.testkit"
import { ACTIVITY_FULL, type Activity } from "./fee"
import { EmployeeStore } from "../staff/staff-store"
import { hallAddEvent } from "./hall-room"
import { cutoffMessage, Messages as formMessages } from "./order-form"
import {
  activityOfferFor, buildingList, dueUnacceptedErrands, dueUnpaidErrands, errandFormInfo, orderingMessages, placeErrandOrder, prepayErrand,
  voidUnacceptedErrand, voidUnpaidErrand
} from "./ordering"

/** 12:00 in Asia/Shanghai; the worksite's cut-off is 20:00 (12:00Z). */
const T0 = new Date("2026-11-20T04:00:00Z")
const MIN = 60_000
const CUTOFF = new Date("2026-11-20T12:00:00Z")
/** The end of the default evening window (23:00 Shanghai) of T0's day. */
const ARRIVE = new Date("2026-11-20T15:00:00Z")

const fees = {
  liftSmallFee: 100, liftMiddleFee: 200, liftBigFee: 300, smallFeeOne: 400, smallFeeTwo: 500, middleFeeOne: 600, middleFeeTwo: 700, bigFeeOne: 800, bigFeeTwo: 900
}
const mattress = { id: "g1", name: "床垫", liftFee: 1000, feeOne: 1100, feeTwo: 1200 }
const settings: ErrandSettings = {
  worksiteId: "w1", fees, specialGoods: [mattress], paotuiOrderLastTime: "20:00", serviceEnd: "22:30",
  expressNoonDoorServiceBegin: "11:00", expressNoonDoorServiceEnd: "13:30"
}

const site = (id: string, over: Partial<WorksiteProfile> = {}): WorksiteProfile => ({
  id, siteCode: id, fullName: `站点${id}`, shortName: id, schoolCampus: "主校区", schoolCode: `S-${id}`, servicePhone: "0571", serviceBegin: "08:00",
  serviceEnd: "21:00", paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: false, location: null, smsCredit: 0, ...over
})

const building = (id: string, over: Partial<BuildingRecord> = {}): BuildingRecord => ({
  id, worksiteId: "w1", name: `楼${id}`, tag: "A", area: "东区", isLift: false, fees: {}, specialGoods: [], managerId: null, ...over
})

const human = (id: string, over: Partial<Person> = {}): Person => ({
  id, openid: `o-${id}`, phoneMain: "13800000001", phoneVice: null, realname: `real-${id}`, nickname: `nick-${id}`, subscribe: true, worksiteId: "w1", ...over
})

const parcelOf = (over: Partial<ParcelRecord> = {}): ParcelRecord => ({
  id: "p1", worksiteId: "w1", expressCompanyId: "c1", expressCompanyName: "圆通", expressNo: "YT1", storageNo: "3-1-2", tag: 3, weightId: "wt1",
  receiver: "张三", receiverId: "u1", receiverOpenid: "o1", receiverPhone: "13800000009", status: 0, agentOpenid: null, paotuiOpenid: null,
  safekeepPaidFen: 0, createdAt: T0, checkedInBy: "staff", ...over
})

const requester: ErrandPerson = {
  id: "u1", openid: "o1", name: "张三", phone: "13800000009", sex: 2, authStatus: 1, paotuiStatus: 0, isPaotuiLeader: false, pickupAble: false, worksiteId: "w1"
}

type PlaceInput = typeof PlaceErrand.request.Type
const form = (over: Partial<PlaceInput> = {}): PlaceInput => ({
  type: undefined, toTakeId: "p1", worksiteId: "w1", goodsType: 1, specialGoodId: undefined, dormBuilding: "b1", dormFloor: 3, dormRoom: "301",
  friendReceives: undefined, proxyReceiver: undefined, proxyReceiverPhone: undefined, sexLimit: undefined, remark: undefined, ...over
} as PlaceInput)

interface Options {
  readonly now?: Date | (() => Date)
  readonly worksites?: ReadonlyArray<WorksiteProfile>
  readonly settings?: ReadonlyArray<ErrandSettings>
  readonly buildings?: ReadonlyArray<BuildingRecord>
  readonly people?: ReadonlyArray<Person>
  readonly employees?: ReadonlyArray<Employee>
  readonly parcels?: ReadonlyArray<ParcelRecord>
  readonly activity?: Activity
  readonly activityCount?: number
  readonly reserve?: boolean
  readonly holderCount?: number
  /** false: another change moves the parcel first. */
  readonly parcelMoves?: boolean
  /** The parcel is found only once (it is gone when the order moves it). */
  readonly parcelVanishes?: boolean
  /** The status every read after the first finds the parcel in (another change moved it meanwhile). */
  readonly parcelRereadAs?: ParcelRecord["status"]
}

/** Every port the ordering use cases read, recording what they were asked. */
const setup = (o: Options = {}) => {
  const world = errandWorld([requester])
  const calls: Array<[string, ...Array<unknown>]> = []
  const parcels = new Map((o.parcels ?? [parcelOf()]).map((p) => [p.id, p]))
  const people = o.people ?? [human("u1")]
  const store = ErrandStore.of({
    ...world.errands.store,
    settings: (id) => Effect.sync(() => (calls.push(["settings", id]), (o.settings ?? [settings]).find((s) => s.worksiteId === id))),
    buildings: (id) => Effect.sync(() => (calls.push(["buildings", id]), (o.buildings ?? [building("b1")]).filter((b) => b.worksiteId === id))),
    findBuilding: (id) => Effect.sync(() => (calls.push(["findBuilding", id]), (o.buildings ?? [building("b1"), building("b2", { worksiteId: "w2" })]).find((b) => b.id === id))),
    activity: (id, kind) => Effect.sync(() => (calls.push(["activity", id, kind]), o.activity)),
    activityCount: (id, day) => Effect.sync(() => (calls.push(["activityCount", id, day]), o.activityCount ?? 0)),
    reserveActivityPlace: (id, day, limit) => Effect.sync(() => (calls.push(["reserve", id, day, limit]), o.reserve ?? true)),
    insert: (order) => (calls.push(["insert", order.id]), world.errands.store.insert(order)),
    replace: (next, from, holder) => (calls.push(["replace", next.id, from, holder]), world.errands.store.replace(next, from, holder)),
    dueUnpaid: (placedBy) => (calls.push(["dueUnpaid", placedBy]), world.errands.store.dueUnpaid(placedBy)),
    dueUnaccepted: (now) => (calls.push(["dueUnaccepted", now]), world.errands.store.dueUnaccepted(now))
  })
  const parcelStore = ParcelStore.of(new Proxy({}, {
    get: (_, name) => {
      switch (name) {
        case "findById": return (id: string) => Effect.sync(() => {
          calls.push(["findParcel", id])
          const stored = parcels.get(id)
          const found = stored && o.parcelRereadAs !== undefined && calls.filter((c) => c[0] === "findParcel").length > 1 ? { ...stored, status: o.parcelRereadAs } : stored
          if (o.parcelVanishes) parcels.delete(id)
          return found
        })
        case "safekeepingTerms": return (id: string) => Effect.sync(() => (calls.push(["safekeepingTerms", id]), DEFAULT_SAFEKEEPING))
        case "countForHolder": return (userId: string, statuses: unknown, worksiteId: string) =>
          Effect.sync(() => (calls.push(["countForHolder", userId, statuses, worksiteId]), o.holderCount ?? 0))
        case "changeStatus": return (id: string, from: number, to: number) => Effect.sync(() => {
          calls.push(["changeStatus", id, from, to])
          const p = parcels.get(id)
          if (!p || p.status !== from || o.parcelMoves === false) return false
          parcels.set(id, { ...p, status: to as ParcelRecord["status"] })
          return true
        })
        default: return () => Effect.die(new Error(`ParcelStore.${String(name)}`))
      }
    }
  }) as never)
  const prepays: Array<{ tradeNo: string; amountFen: number; description: string; openid: string }> = []
  const payIn = PayIn.of({
    ...world.trades.payIn,
    prepay: ({ tradeNo, amountFen, description, openid }) => Effect.sync(() => {
      prepays.push({ tradeNo, amountFen, description, openid })
      return { ok: true as const, prepayId: `wx-${tradeNo}` }
    })
  })
  const ports = recordingPorts(o.now ?? T0, ["id-1", "id-2", "id-3", "id-4"])
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(ports.provide(effect).pipe(
      Effect.provideService(ErrandStore, store),
      Effect.provideService(PayIn, payIn),
      Effect.provideService(ParcelStore, parcelStore),
      Effect.provideService(Catalogue, Catalogue.of({
        expressCompanies: () => Effect.die(new Error("Catalogue.expressCompanies")),
        dictValues: (dict) => Effect.sync(() => (calls.push(["dictValues", dict]), [{ _id: "wt1", name: "小" }, { _id: "wt2", name: "中" }, { _id: "wt3", name: "大" }]))
      })),
      Effect.provideService(People, People.of({
        findById: (id) => Effect.sync(() => people.find((p) => p.id === id)),
        findByPhone: () => Effect.die(new Error("People.findByPhone")), byPhoneSuffix: () => Effect.die(new Error("People.byPhoneSuffix"))
      })),
      Effect.provideService(EmployeeStore, EmployeeStore.of({
        findByOpenid: (openid) => Effect.sync(() => (calls.push(["employee", openid]), (o.employees ?? []).find((e) => e.openid === openid))),
        findByPhone: () => Effect.die(new Error("EmployeeStore.findByPhone")), bind: () => Effect.die(new Error("EmployeeStore.bind"))
      })),
      Effect.provideService(Worksites, Worksites.of({
        all: () => Effect.die(new Error("Worksites.all")),
        find: (id) => Effect.sync(() => (o.worksites ?? [site("w1"), site("w2")]).find((w) => w.id === id))
      })),
      Effect.provide(world.layer)
    ) as Effect.Effect<A, E, never>)
  const called = (name: string) => calls.filter((c) => c[0] === name).map((c) => c.slice(1))
  return { world, ports, run, calls, called, parcels, prepays, orders: world.errands.orders }
}

/** The store as a use case sees it when another change lands between its read and its write: it reads the order as it was. */
const readAsBefore = (s: ReturnType<typeof setup>, before: ErrandOrderRecord) =>
  Effect.provideService(ErrandStore, ErrandStore.of({ ...s.world.errands.store, findById: (id) => Effect.succeed(id === before.id ? before : undefined) }))

const activity = (over: Partial<Activity> = {}): Activity => ({ id: "act1", title: "送货上门八折", discount: 2, fee: null, countDaily: 5, remark: "每日限量", ...over })

describe("the order form's data", () => {
  it("shows the worksite's tiers, sub-categories, cut-off, service end and windows when it has errand settings", async () => {
    const s = setup()
    expect(await s.run(errandFormInfo("w1"))).toEqual({
      ok: true,
      value: {
        worksiteId: "w1", schoolCode: "S-w1", paotuiAble: true, fees,
        specialGoods: [{ _id: "g1", name: "床垫", liftFee: 1000, feeOne: 1100, feeTwo: 1200 }],
        paotuiOrderLastTime: "20:00", serviceEnd: "22:30", noon: { begin: "11:00", end: "13:30" }, pm: { begin: "19:00", end: "23:00" }
      }
    })
    expect(s.called("settings")).toEqual([["w1"]])
  })

  it("a worksite without errand settings is not open and prices nothing, with the worksite's service end and the default windows", async () => {
    const s = setup({ settings: [] })
    expect(await s.run(errandFormInfo("w1"))).toEqual({
      ok: true,
      value: {
        worksiteId: "w1", schoolCode: "S-w1", paotuiAble: false,
        fees: { liftSmallFee: 0, liftMiddleFee: 0, liftBigFee: 0, smallFeeOne: 0, smallFeeTwo: 0, middleFeeOne: 0, middleFeeTwo: 0, bigFeeOne: 0, bigFeeTwo: 0 },
        specialGoods: [], paotuiOrderLastTime: null, serviceEnd: "21:00", noon: { begin: "12:00", end: "14:00" }, pm: { begin: "19:00", end: "23:00" }
      }
    })
  })

  it("a worksite closed to errands is not open even with settings; an unknown worksite is not found", async () => {
    const closed = setup({ worksites: [site("w1", { paotuiAble: false })] })
    expect(await closed.run(errandFormInfo("w1"))).toMatchObject({ ok: true, value: { paotuiAble: false, fees } })
    const s = setup()
    expect(await s.run(errandFormInfo("w9"))).toMatchObject(refused("NotFound", orderingMessages.worksite))
    expect(orderingMessages.worksite).toBe("获取网点信息失败")
    expect(s.called("settings")).toEqual([])
  })
})

describe("the buildings of a worksite", () => {
  const buildings = [
    building("b1", { managerId: "m1", fees: { smallFeeOne: 350 }, isLift: true }),
    building("b2", { managerId: "m2" }),
    building("b3", { managerId: "m3" }),
    building("b4"),
    building("b5", { managerId: "ghost" }),
    building("bx", { worksiteId: "w2" })
  ]
  const people = [
    human("u1"), human("m1", { phoneMain: "13900000001" }), human("m2", { realname: null, phoneMain: null }), human("m3", { realname: null, nickname: null }),
    human("u2", { worksiteId: "w2" }), human("u3", { worksiteId: null })
  ]

  it("shows a user of the worksite its buildings with their tiers and their leader (real name, else nickname, else empty)", async () => {
    const s = setup({ buildings, people })
    const answer = await s.run(buildingList(actor(), "w1"))
    expect(answer.ok).toBe(true)
    const list = answer.ok ? answer.value : []
    expect(list.map((b) => b._id)).toEqual(["b1", "b2", "b3", "b4", "b5"])
    expect(list[0]).toEqual({
      _id: "b1", name: "楼b1", tag: "A", area: { name: "东区" }, isLift: true, smallFeeOne: 350, specialGoods: [],
      manager: { realname: "real-m1", phoneMain: "13900000001", headimgBase64: null }
    })
    expect(list.map((b) => b.manager)).toEqual([
      { realname: "real-m1", phoneMain: "13900000001", headimgBase64: null },
      { realname: "nick-m2", phoneMain: "", headimgBase64: null },
      { realname: "", phoneMain: "13800000001", headimgBase64: null },
      null,
      null
    ])
    expect(s.called("buildings")).toEqual([["w1"]])
    // a user of the worksite is let in without asking who else they are
    expect(s.called("employee")).toEqual([])
    expect(s.called("countForHolder")).toEqual([])
  })

  it("lets in the worksite's staff, and a user of another worksite holding a parcel to collect there", async () => {
    const staff = setup({ buildings, people, employees: [{ id: "e1", phone: "1", nameZH: "员工", openid: "o-u2", passwordHash: "", worksite: { id: "w1" } as Employee["worksite"] }] })
    expect((await staff.run(buildingList(actor({ userId: "u2", openid: "o-u2" }), "w1"))).ok).toBe(true)
    expect(staff.called("countForHolder")).toEqual([])

    const holder = setup({ buildings, people, holderCount: 1 })
    expect((await holder.run(buildingList(actor({ userId: "u3", openid: "o-u3" }), "w1"))).ok).toBe(true)
    expect(holder.called("employee")).toEqual([["o-u3"]])
    expect(holder.called("countForHolder")).toEqual([["u3", tabStatuses.ing, "w1"]])
  })

  it("refuses anyone else: another worksite's user and staff without a parcel there, and an unknown user", async () => {
    const employees = [{ id: "e1", phone: "1", nameZH: "员工", openid: "o-u2", passwordHash: "", worksite: { id: "w2" } as Employee["worksite"] }]
    for (const who of [actor({ userId: "u2", openid: "o-u2" }), actor({ userId: "nobody", openid: "o-nobody" })]) {
      const s = setup({ buildings, people, employees, holderCount: 0 })
      expect(await s.run(buildingList(who, "w1"))).toMatchObject(refused("NotAllowed", orderingMessages.buildingsElsewhere))
      expect(s.called("buildings")).toEqual([])
    }
    expect(orderingMessages.buildingsElsewhere).toBe("只能查看本网点的楼栋")
  })
})

describe("the activity banner", () => {
  it("without an activity: one may order, at no discount, counting nothing", async () => {
    const s = setup()
    expect(await s.run(activityOfferFor("w1"))).toEqual({ ok: true, value: { canOrder: true, discount: null, data: null } })
    expect(s.called("activity")).toEqual([["w1", 1]])
    expect(s.called("activityCount")).toEqual([])
  })

  it("counts the activity's orders of the Asia/Shanghai day: places left, or the day full", async () => {
    // 01:00 on the 21st in Shanghai
    const late = new Date("2026-11-20T17:00:00Z")
    const open = setup({ now: late, activity: activity(), activityCount: 4 })
    expect(await open.run(activityOfferFor("w1"))).toEqual({
      ok: true, value: { canOrder: true, discount: 2, data: { _id: "act1", title: "送货上门八折", discount: 2, fee: null, countDaily: 5, remark: "每日限量" } }
    })
    expect(open.called("activityCount")).toEqual([["act1", "2026-11-21"]])
    const full = setup({ now: late, activity: activity(), activityCount: 5 })
    expect(await full.run(activityOfferFor("w1"))).toMatchObject({ ok: true, value: { canOrder: false, discount: 2 } })
  })
})

describe("placing an order", () => {
  it("prices a door delivery with the core, moves its parcel to 2, opens its prepay and stores it unpaid", async () => {
    const s = setup()
    const placed = await s.run(placeErrandOrder(actor(), form({ dormRoom: " 301 ", remark: "放门口" })))
    const tradeNo = `P${T0.getTime()}id3`
    const expected: ErrandOrderRecord = {
      id: "id-1", orderNo: "PT20261120120000ID2", type: 1, status: -1, openid: "o1", worksiteId: "w1", accept: null, payFee: 400, paid: 0, refunded: 0,
      runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: ARRIVE, toComment: false, sexLimit: -1,
      goodsClass: 1, specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "放门口",
      toTakeId: "p1", fee: 400, activityId: null, prepayId: `wx-${tradeNo}`, acceptedAt: null, finishedAt: null
    }
    expect(placed).toEqual({ ok: true, value: expected })
    expect(s.orders.get("id-1")).toEqual(expected)
    expect(s.parcels.get("p1")!.status).toBe(2)
    expect(s.called("changeStatus")).toEqual([["p1", 0, 2]])
    expect(s.prepays).toEqual([{ tradeNo, amountFen: 400, description: "跑腿费 PT20261120120000ID2", openid: "o1" }])
    expect(s.world.trades.trades.get(tradeNo)).toMatchObject({ kind: "errand", refId: "id-1", userId: "u1", amountFen: 400, status: TradeStatus.created })
    expect(s.called("activity")).toEqual([["w1", 1]])
    expect(s.called("activityCount")).toEqual([])
    expect(s.called("reserve")).toEqual([])
    expect(s.called("dictValues")).toEqual([["weightFeeType"]])
    expect(s.called("safekeepingTerms")).toEqual([["w1"]])
    expect(s.ports.events).toEqual([])
  })

  it("prices each class, floor tier, lift and sub-category in fen", async () => {
    const cases: ReadonlyArray<[Partial<PlaceInput>, ReadonlyArray<BuildingRecord> | undefined, number, string | null]> = [
      [{ goodsType: 2 }, undefined, 600, null],
      [{ dormFloor: 4 }, undefined, 500, null],
      [{ dormFloor: -1, goodsType: 2 }, undefined, 600, null],
      [{ goodsType: 3, specialGoodId: "g1" }, undefined, 1100, "g1"],
      [{ goodsType: 3, specialGoodId: "g1", dormFloor: 6 }, undefined, 1200, "g1"],
      [{ goodsType: 3, specialGoodId: "-1" }, undefined, 800, "-1"],
      [{ goodsType: 2, specialGoodId: "g1" }, undefined, 600, null],
      [{ goodsType: 1 }, [building("b1", { isLift: true, fees: { liftSmallFee: 150 } })], 150, null]
    ]
    for (const [over, buildings, fee, specialGoodId] of cases) {
      const s = setup(buildings ? { buildings } : {})
      const placed = await s.run(placeErrandOrder(actor(), form(over)))
      expect(placed, JSON.stringify(over)).toMatchObject({ ok: true, value: { fee, payFee: fee, specialGoodId } })
    }
  })

  it("keeps the friend who receives it (trimmed) only when a friend receives it, and the requested sex limit", async () => {
    const friend = setup()
    expect(await friend.run(placeErrandOrder(actor(), form({ friendReceives: true, proxyReceiver: " 李四 ", proxyReceiverPhone: " 13800000008 ", sexLimit: 2 }))))
      .toMatchObject({ ok: true, value: { proxyReceiver: "李四", proxyReceiverPhone: "13800000008", sexLimit: 2 } })
    const none = setup()
    expect(await none.run(placeErrandOrder(actor(), form({ friendReceives: false, proxyReceiver: "李四", proxyReceiverPhone: "13800000008", sexLimit: 1 }))))
      .toMatchObject({ ok: true, value: { proxyReceiver: null, proxyReceiverPhone: null, sexLimit: 1 } })
    const noName = setup()
    expect(await noName.run(placeErrandOrder(actor(), form({ friendReceives: true, proxyReceiverPhone: "13800000008" }))))
      .toMatchObject(refused("RuleViolation", formMessages.friendName))
  })

  it("under a discount activity takes a day's place (capped by its daily count) and charges the discounted amount", async () => {
    const s = setup({ activity: activity(), activityCount: 4 })
    expect(await s.run(placeErrandOrder(actor(), form()))).toMatchObject({ ok: true, value: { fee: 400, payFee: 320, activityId: "act1", status: -1 } })
    expect(s.called("activityCount")).toEqual([["act1", "2026-11-20"]])
    expect(s.called("reserve")).toEqual([["act1", "2026-11-20", 5]])
    expect(s.prepays.map((p) => p.amountFen)).toEqual([320])

    const uncapped = setup({ activity: activity({ countDaily: null }), activityCount: 1000 })
    expect((await uncapped.run(placeErrandOrder(actor(), form()))).ok).toBe(true)
    expect(uncapped.called("reserve")).toEqual([["act1", "2026-11-20", 2_147_483_647]])
  })

  it("an order with nothing to pay goes straight to the hall: parcel 0 → 2 → 3, no prepay, the hall hears of it", async () => {
    const s = setup({ activity: activity({ fee: 0, discount: null }) })
    const placed = await s.run(placeErrandOrder(actor(), form()))
    expect(placed).toMatchObject({ ok: true, value: { status: 0, fee: 400, payFee: 0, prepayId: null, activityId: "act1", remark: "", sexLimit: -1, type: 1 } })
    const order = s.orders.get("id-1")!
    expect(order.status).toBe(0)
    expect(s.called("changeStatus")).toEqual([["p1", 0, 2], ["p1", 2, 3]])
    expect(s.parcels.get("p1")!.status).toBe(3)
    expect(s.prepays).toEqual([])
    expect(s.ports.events).toEqual([hallAddEvent(order)])
  })

  it("refuses when the day is full, whether the count says so or the place is taken meanwhile, storing nothing", async () => {
    const counted = setup({ activity: activity(), activityCount: 5 })
    expect(await counted.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", ACTIVITY_FULL))
    expect(counted.called("reserve")).toEqual([])
    const raced = setup({ activity: activity(), activityCount: 4, reserve: false })
    expect(await raced.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", ACTIVITY_FULL))
    for (const s of [counted, raced]) {
      expect(s.orders.size).toBe(0)
      expect(s.parcels.get("p1")!.status).toBe(0)
      expect(s.prepays).toEqual([])
    }
  })

  it("refuses a door pickup, an unknown type and an unknown sex limit before reading anything", async () => {
    const s = setup()
    expect(await s.run(placeErrandOrder(actor(), form({ type: 2 })))).toMatchObject(refused("RuleViolation", "上门取件请在寄快递中预约"))
    expect(await s.run(placeErrandOrder(actor(), form({ type: 5 })))).toMatchObject(refused("RuleViolation", "跑腿单类型不正确"))
    expect(await s.run(placeErrandOrder(actor(), form({ type: 0 })))).toMatchObject(refused("RuleViolation", "跑腿单类型不正确"))
    for (const sexLimit of [0, 3, -2]) {
      expect(await s.run(placeErrandOrder(actor(), form({ sexLimit })))).toMatchObject(refused("RuleViolation", "接单性别限制不正确"))
    }
    expect(s.calls).toEqual([])
  })

  it("refuses a parcel that is missing, not named, or someone else's (404), and one not waiting on its shelf (409)", async () => {
    const s = setup({ parcels: [parcelOf(), parcelOf({ id: "p2", receiverId: "u9" }), parcelOf({ id: "p3", status: 1 })] })
    for (const toTakeId of [undefined, "", "  ", "p9", "p2"]) {
      expect(await s.run(placeErrandOrder(actor(), form({ toTakeId })))).toMatchObject(refused("NotFound", "快递不存在"))
    }
    expect(await s.run(placeErrandOrder(actor(), form({ toTakeId: "p3" })))).toMatchObject(refused("StateConflict", "该快递当前不能预约送货上门"))
    // a parcel not named (absent or blank) is not looked up
    expect(s.called("findParcel")).toEqual([["p9"], ["p2"], ["p3"]])
    expect(s.calls.filter((c) => c[0] !== "findParcel")).toEqual([])
  })

  it("refuses a delivery where errands are not open: unknown worksite, no settings, or closed to errands", async () => {
    const cases: ReadonlyArray<Options> = [
      { worksites: [site("w2")] },
      { settings: [] },
      { worksites: [site("w1", { paotuiAble: false })] }
    ]
    for (const o of cases) {
      const s = setup(o)
      expect(await s.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", "该网点暂未开放跑腿服务"))
      expect(s.orders.size).toBe(0)
    }
  })

  it("orders food or anything else at the requester's own worksite, without a parcel or the activity", async () => {
    const s = setup({ activity: activity() })
    const placed = await s.run(placeErrandOrder(actor(), form({ type: 3, toTakeId: "p1" })))
    expect(placed).toMatchObject({ ok: true, value: { type: 3, toTakeId: null, worksiteId: "w1", activityId: null, payFee: 400, status: -1 } })
    expect(s.called("activity")).toEqual([])
    expect(s.called("dictValues")).toEqual([])
    expect(s.called("changeStatus")).toEqual([])
    expect(s.parcels.get("p1")!.status).toBe(0)
    const other = setup()
    expect(await other.run(placeErrandOrder(actor(), form({ type: 4, toTakeId: undefined })))).toMatchObject({ ok: true, value: { type: 4 } })
  })

  it("refuses another type where the requester has no worksite, or an unknown one, or one without settings (400)", async () => {
    const cases: ReadonlyArray<Options> = [
      { people: [human("u1", { worksiteId: null })] },
      { people: [] },
      { people: [human("u1", { worksiteId: "w9" })] },
      { settings: [] }
    ]
    for (const o of cases) {
      const s = setup(o)
      expect(await s.run(placeErrandOrder(actor(), form({ type: 3 })))).toMatchObject(refused("RuleViolation", "获取网点信息失败"))
    }
    const closed = setup({ worksites: [site("w1", { paotuiAble: false })] })
    expect(await closed.run(placeErrandOrder(actor(), form({ type: 4 })))).toMatchObject(refused("StateConflict", orderingMessages.notOpen))
  })

  it("checks the form in the spec's order with its words: class, sub-category, building, floor, room, worksite", async () => {
    const cases: ReadonlyArray<[Partial<PlaceInput>, string]> = [
      [{ goodsType: undefined }, "请选择物品类别"],
      [{ goodsType: 4 }, "请选择物品类别"],
      [{ goodsType: 0 }, "请选择物品类别"],
      [{ goodsType: 3 }, "请选择大件分类"],
      [{ goodsType: 3, specialGoodId: "  " }, "请选择大件分类"],
      [{ goodsType: 3, specialGoodId: "g9" }, "请选择大件分类"],
      [{ dormBuilding: undefined }, "请选择大楼"],
      [{ dormBuilding: " " }, "请选择大楼"],
      [{ dormBuilding: "b2" }, "请选择大楼"],
      [{ dormBuilding: "b9" }, "请选择大楼"],
      [{ dormFloor: undefined }, "请选择楼层"],
      [{ dormFloor: 0 }, "请选择楼层"],
      [{ dormRoom: undefined }, "请填入宿舍号码"],
      [{ dormRoom: "  " }, "请填入宿舍号码"],
      [{ worksiteId: "w2" }, "获取网点信息失败"],
      [{ worksiteId: undefined }, "获取网点信息失败"],
      [{ remark: "字".repeat(51) }, "备注不能超过50个字"]
    ]
    for (const [over, message] of cases) {
      const s = setup()
      expect(await s.run(placeErrandOrder(actor(), form(over))), JSON.stringify(over)).toMatchObject(refused("RuleViolation", message))
      // a building not named (absent or blank) is not looked up
      const named = "dormBuilding" in over ? over.dormBuilding : "b1"
      expect(s.called("findBuilding")).toEqual(named === undefined || named.trim() === "" ? [] : [[named]])
      expect(s.orders.size).toBe(0)
      expect(s.parcels.get("p1")!.status).toBe(0)
    }
  })

  it("a sub-category the building does not offer counts as none chosen; one it offers prices with the building's", async () => {
    const own = { id: "g2", name: "自行车", liftFee: 2000, feeOne: 2100, feeTwo: 2200 }
    const buildings = [building("b1", { specialGoods: [own] })]
    const s = setup({ buildings })
    expect(await s.run(placeErrandOrder(actor(), form({ goodsType: 3, specialGoodId: "g1" })))).toMatchObject(refused("RuleViolation", "请选择大件分类"))
    const ok = setup({ buildings })
    expect(await ok.run(placeErrandOrder(actor(), form({ goodsType: 3, specialGoodId: "g2" })))).toMatchObject({ ok: true, value: { fee: 2100, specialGoodId: "g2" } })
  })

  it("a class smaller than the parcel counts as none chosen; a parcel of an unknown weight class allows any", async () => {
    const medium = setup({ parcels: [parcelOf({ weightId: "wt2" })] })
    expect(await medium.run(placeErrandOrder(actor(), form({ goodsType: 1 })))).toMatchObject(refused("RuleViolation", "请选择物品类别"))
    const fits = setup({ parcels: [parcelOf({ weightId: "wt2" })] })
    expect(await fits.run(placeErrandOrder(actor(), form({ goodsType: 2 })))).toMatchObject({ ok: true, value: { fee: 600 } })
    const unknown = setup({ parcels: [parcelOf({ weightId: "wt9" })] })
    expect(await unknown.run(placeErrandOrder(actor(), form({ goodsType: 1 })))).toMatchObject({ ok: true, value: { fee: 400 } })
  })

  it("refuses from the day's cut-off on (20:00 Asia/Shanghai), not a moment before", async () => {
    const before = setup({ now: new Date(CUTOFF.getTime() - 1) })
    expect((await before.run(placeErrandOrder(actor(), form()))).ok).toBe(true)
    const at = setup({ now: CUTOFF })
    expect(await at.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", cutoffMessage("20:00")))
    expect(cutoffMessage("20:00")).toBe("今日跑腿下单已于20:00截止，请预约明天的送货上门服务")
    expect(at.orders.size).toBe(0)
  })

  it("refuses a parcel whose safekeeping fee is unpaid; once paid it may go", async () => {
    const old = new Date(T0.getTime() - 3 * 24 * 60 * MIN)
    const due = setup({ parcels: [parcelOf({ createdAt: old })] })
    expect(await due.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", "请先支付该快递的保管费"))
    expect(due.called("safekeepingTerms")).toEqual([["w1"]])
    expect(due.parcels.get("p1")!.status).toBe(0)
    const paid = setup({ parcels: [parcelOf({ createdAt: old, safekeepPaidFen: 300 })] })
    expect((await paid.run(placeErrandOrder(actor(), form()))).ok).toBe(true)
  })

  it("refuses a second order of a parcel that moved on meanwhile, storing nothing", async () => {
    const s = setup({ parcelMoves: false })
    expect(await s.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", orderingMessages.parcelBusy))
    expect(s.called("changeStatus")).toEqual([["p1", 0, 2]])
    expect(s.orders.size).toBe(0)
    expect(s.prepays).toEqual([])
  })

  it("refuses a parcel found moved on when the order moves it, without trying to move it", async () => {
    const s = setup({ parcelRereadAs: 1 })
    expect(await s.run(placeErrandOrder(actor(), form()))).toMatchObject(refused("StateConflict", orderingMessages.parcelBusy))
    expect(s.called("changeStatus")).toEqual([])
    expect(s.orders.size).toBe(0)
  })

  it("a parcel gone between the order's read and its move is a defect, never a stored order", async () => {
    const s = setup({ parcelVanishes: true })
    await expect(s.run(placeErrandOrder(actor(), form()))).rejects.toThrow("errand order names parcel p1, which does not exist")
    expect(s.orders.size).toBe(0)
  })
})

/** An unpaid order of the requester with its open prepay. */
const unpaidOrder = (over: Partial<ErrandOrderRecord> = {}): ErrandOrderRecord => ({
  id: "e1", orderNo: "PT1", type: 1, status: -1, openid: "o1", worksiteId: "w1", accept: null, payFee: 400, paid: 0, refunded: 0, runnerIncome: 0,
  freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: ARRIVE, toComment: false, sexLimit: -1, goodsClass: 1,
  specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: "p1",
  fee: 400, activityId: null, prepayId: "wx-old", acceptedAt: null, finishedAt: null, ...over
})

const openTradeOf = (order: ErrandOrderRecord, over: Partial<Trade> = {}): Trade => ({
  tradeNo: "T-old", kind: "errand", refId: order.id, userId: "u1", amountFen: order.payFee, status: TradeStatus.created, prepayId: order.prepayId,
  providerRef: null, createdAt: order.createdAt, expiresAt: new Date(order.createdAt.getTime() + 30 * MIN), paidAt: null, refundedAt: null, ...over
})

describe("the prepay of an unpaid order", () => {
  it("hands out the open prepay again while it has time left, changing nothing", async () => {
    const s = setup({ now: new Date(T0.getTime() + 10 * MIN) })
    const order = unpaidOrder()
    s.orders.set(order.id, order)
    s.world.trades.trades.set("T-old", openTradeOf(order))
    expect(await s.run(prepayErrand(actor(), "e1"))).toEqual({ ok: true, value: { prepayId: "wx-old", tradeNo: "T-old", totalFee: 400 } })
    expect(s.called("replace")).toEqual([])
    expect(s.prepays).toEqual([])
    expect(s.ports.ops).toEqual([])
  })

  it("points the order at an open trade it did not name yet, and logs that change", async () => {
    const now = new Date(T0.getTime() + 10 * MIN)
    const s = setup({ now })
    const order = unpaidOrder({ prepayId: "wx-stale" })
    s.orders.set(order.id, order)
    s.world.trades.trades.set("T-old", openTradeOf(order, { prepayId: "wx-old" }))
    expect(await s.run(prepayErrand(actor(), "e1"))).toEqual({ ok: true, value: { prepayId: "wx-old", tradeNo: "T-old", totalFee: 400 } })
    expect(s.orders.get("e1")).toEqual({ ...order, prepayId: "wx-old" })
    expect(s.prepays).toEqual([])
    expect(s.ports.ops).toEqual([{ op: "errandPrepay", actorOpenid: "o1", at: now, input: { id: "e1" }, outcome: { id: "e1", tradeNo: "T-old", prepayId: "wx-old" } }])
  })

  it("opens a new prepay near the deadline and keeps its id on the order", async () => {
    const now = new Date(T0.getTime() + 30 * MIN - 1)
    const s = setup({ now })
    const order = unpaidOrder()
    s.orders.set(order.id, order)
    s.world.trades.trades.set("T-old", openTradeOf(order))
    const tradeNo = `P${now.getTime()}id1`
    expect(await s.run(prepayErrand(actor(), "e1"))).toEqual({ ok: true, value: { prepayId: `wx-${tradeNo}`, tradeNo, totalFee: 400 } })
    expect(s.orders.get("e1")).toEqual({ ...order, prepayId: `wx-${tradeNo}` })
    expect(s.called("replace")).toEqual([["e1", -1, null]])
    expect(s.world.trades.trades.get("T-old")!.status).toBe(TradeStatus.expired)
    expect(s.prepays).toEqual([{ tradeNo, amountFen: 400, description: "跑腿费 PT1", openid: "o1" }])
  })

  it("refuses an unknown or someone else's order (404), a paid one and one past its 30 minutes (409)", async () => {
    const s = setup({ now: new Date(T0.getTime() + 30 * MIN) })
    s.orders.set("e1", unpaidOrder())
    s.orders.set("e2", unpaidOrder({ id: "e2", openid: "o9" }))
    s.orders.set("e3", unpaidOrder({ id: "e3", status: 0, createdAt: new Date(T0.getTime() + 10 * MIN) }))
    expect(await s.run(prepayErrand(actor(), "e9"))).toMatchObject(refused("NotFound", "跑腿单不存在"))
    expect(await s.run(prepayErrand(actor(), "e2"))).toMatchObject(refused("NotFound", "跑腿单不存在"))
    expect(await s.run(prepayErrand(actor(), "e3"))).toMatchObject(refused("StateConflict", "该跑腿单无需支付"))
    expect(await s.run(prepayErrand(actor(), "e1"))).toMatchObject(refused("StateConflict", payMessages.closed))
    expect(s.prepays).toEqual([])
  })

  it("refuses when the order moved on between its read and the prepay's write", async () => {
    const s = setup({ now: new Date(T0.getTime() + 5 * MIN) })
    const order = unpaidOrder({ prepayId: null })
    s.orders.set(order.id, { ...order, status: 0 })
    const stale = readAsBefore(s, order)
    expect(await s.run(prepayErrand(actor(), "e1").pipe(stale))).toMatchObject(refused("StateConflict", orderingMessages.notAwaitingPayment))
    expect(s.orders.get("e1")).toEqual({ ...order, status: 0 })
  })
})

describe("the scheduler's due lists", () => {
  it("lists unpaid orders placed 30 minutes or more before now", async () => {
    const now = new Date(T0.getTime() + 30 * MIN)
    const s = setup({ now })
    s.orders.set("due", unpaidOrder({ id: "due" }))
    s.orders.set("early", unpaidOrder({ id: "early", createdAt: new Date(T0.getTime() - MIN) }))
    s.orders.set("fresh", unpaidOrder({ id: "fresh", createdAt: new Date(T0.getTime() + 1) }))
    s.orders.set("paid", unpaidOrder({ id: "paid", status: 0 }))
    expect(await s.run(dueUnpaidErrands())).toEqual({ ok: true, value: ["due", "early"] })
    expect(s.called("dueUnpaid")).toEqual([[T0]])
  })

  it("lists unaccepted orders past their required time", async () => {
    const now = new Date(ARRIVE.getTime() + 1)
    const s = setup({ now })
    s.orders.set("late", unpaidOrder({ id: "late", status: 0 }))
    s.orders.set("open", unpaidOrder({ id: "open", status: 0, requireArriveTime: now }))
    s.orders.set("unpaid", unpaidOrder({ id: "unpaid" }))
    expect(await s.run(dueUnacceptedErrands())).toEqual({ ok: true, value: ["late"] })
    expect(s.called("dueUnaccepted")).toEqual([[now]])
  })
})

describe("voiding an unpaid order", () => {
  /** 23:50 Shanghai on the 20th: the void runs on the 21st, the place is given back on the order's day. */
  const PLACED = new Date("2026-11-20T15:50:00Z")
  const unpaidSetup = (now: Date, over: Partial<ErrandOrderRecord> = {}) => {
    const s = setup({ now })
    const order = unpaidOrder({ createdAt: PLACED, activityId: "act1", ...over })
    s.orders.set(order.id, order)
    s.world.parties.parcels.set("p1", { status: 2, runnerOpenid: null })
    s.world.trades.trades.set("T-old", openTradeOf(order))
    return { s, order }
  }

  it("from its 30 minutes on: closes its prepay, cancels it, puts the parcel back and gives its activity place back", async () => {
    const { s } = unpaidSetup(new Date(PLACED.getTime() + 30 * MIN))
    expect(await s.run(voidUnpaidErrand("e1"))).toEqual({ ok: true, value: "voided" })
    expect(s.orders.get("e1")!.status).toBe(4)
    expect(s.world.parties.parcels.get("p1")!.status).toBe(0)
    expect(s.world.trades.trades.get("T-old")!.status).toBe(TradeStatus.expired)
    expect(s.world.errands.released).toEqual([{ activityId: "act1", day: "2026-11-20" }])
    expect(s.world.trades.refunds).toEqual([])
  })

  it("not a moment before its deadline: skipped and its prepay left open", async () => {
    const { s, order } = unpaidSetup(new Date(PLACED.getTime() + 30 * MIN - 1))
    expect(await s.run(voidUnpaidErrand("e1"))).toEqual({ ok: true, value: "skipped" })
    expect(s.orders.get("e1")).toEqual(order)
    expect(s.world.trades.trades.get("T-old")!.status).toBe(TradeStatus.created)
    expect(s.world.errands.released).toEqual([])
  })

  it("an order without an activity gives no place back", async () => {
    const { s } = unpaidSetup(new Date(PLACED.getTime() + 31 * MIN), { activityId: null })
    expect(await s.run(voidUnpaidErrand("e1"))).toEqual({ ok: true, value: "voided" })
    expect(s.world.errands.released).toEqual([])
  })

  it("a prepay the provider says was paid waits for its notice: the order is left as it is", async () => {
    const { s, order } = unpaidSetup(new Date(PLACED.getTime() + 31 * MIN))
    s.world.trades.paidAtProvider.add("T-old")
    expect(await s.run(voidUnpaidErrand("e1"))).toEqual({ ok: true, value: "paidElsewhere" })
    expect(s.orders.get("e1")).toEqual(order)
    expect(s.world.parties.parcels.get("p1")!.status).toBe(2)
    expect(s.world.errands.released).toEqual([])
  })

  it("skips an unknown order, a paid one, and one that moved on between its read and its write", async () => {
    const { s, order } = unpaidSetup(new Date(PLACED.getTime() + 31 * MIN))
    expect(await s.run(voidUnpaidErrand("e9"))).toEqual({ ok: true, value: "skipped" })
    s.orders.set("e2", unpaidOrder({ id: "e2", status: 0, createdAt: PLACED, activityId: "act1" }))
    expect(await s.run(voidUnpaidErrand("e2"))).toEqual({ ok: true, value: "skipped" })
    const paid = { ...order, status: 0 as const, paid: 400 }
    s.orders.set("e1", paid)
    const stale = readAsBefore(s, order)
    expect(await s.run(voidUnpaidErrand("e1").pipe(stale))).toEqual({ ok: true, value: "skipped" })
    expect(s.orders.get("e1")).toEqual(paid)
    expect(s.world.errands.released).toEqual([])
  })
})

describe("voiding an unaccepted order", () => {
  const openSetup = (now: Date) => {
    const s = setup({ now })
    const paid = unpaidOrder({ status: 0, paid: 400, prepayId: "wx-1" })
    const free = unpaidOrder({ id: "e2", orderNo: "PT2", status: 0, payFee: 0, fee: 400, prepayId: null, toTakeId: "p2" })
    s.orders.set(paid.id, paid)
    s.orders.set(free.id, free)
    s.world.parties.parcels.set("p1", { status: 3, runnerOpenid: null })
    s.world.parties.parcels.set("p2", { status: 3, runnerOpenid: null })
    s.world.trades.trades.set("T1", openTradeOf(paid, { tradeNo: "T1", prepayId: "wx-1", status: TradeStatus.paid, paidAt: T0 }))
    return { s, paid, free }
  }

  it("past its required time: cancelled, its parcel back to 0 and what was paid refunded; each order on its own", async () => {
    const { s } = openSetup(new Date(ARRIVE.getTime() + 1))
    expect(await s.run(voidUnacceptedErrand("e1"))).toEqual({ ok: true, value: "voided" })
    expect(s.orders.get("e1")).toMatchObject({ status: 4, refunded: 400 })
    expect(s.world.trades.refunds).toEqual([{ tradeNo: "T1", amountFen: 400 }])
    expect(s.world.parties.parcels.get("p1")!.status).toBe(0)
    expect(await s.run(voidUnacceptedErrand("e2"))).toEqual({ ok: true, value: "voided" })
    expect(s.orders.get("e2")).toMatchObject({ status: 4, refunded: 0 })
    expect(s.world.parties.parcels.get("p2")!.status).toBe(0)
    expect(s.world.trades.refunds).toHaveLength(1)
  })

  it("at its required time it is still open: skipped", async () => {
    const { s, paid } = openSetup(ARRIVE)
    expect(await s.run(voidUnacceptedErrand("e1"))).toEqual({ ok: true, value: "skipped" })
    expect(s.orders.get("e1")).toEqual(paid)
    expect(s.world.trades.refunds).toEqual([])
  })

  it("skips an unknown order, an unpaid one, and one grabbed between its read and its write", async () => {
    const { s, paid } = openSetup(new Date(ARRIVE.getTime() + MIN))
    expect(await s.run(voidUnacceptedErrand("e9"))).toEqual({ ok: true, value: "skipped" })
    s.orders.set("e3", unpaidOrder({ id: "e3" }))
    expect(await s.run(voidUnacceptedErrand("e3"))).toEqual({ ok: true, value: "skipped" })
    const grabbed = { ...paid, status: 1 as const, accept: { openid: "o-r", name: "王强", phone: "1" } }
    s.orders.set("e1", grabbed)
    const stale = readAsBefore(s, paid)
    expect(await s.run(voidUnacceptedErrand("e1").pipe(stale))).toEqual({ ok: true, value: "skipped" })
    expect(s.orders.get("e1")).toEqual(grabbed)
    expect(s.world.trades.refunds).toEqual([])
  })
})
