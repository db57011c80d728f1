/**
 * The errand rules at their edges, case by case: the order form's checks, times as `HH:mm` and the day's cut-off,
 * door-service windows, rating tags and tips, the sex limit, hall rooms and the building's fee tiers and large items.
 */
import { describe, expect, it } from "vitest"
import {
  FEE_TIER_NAMES, OTHER_SPECIAL_GOOD_ID, payableWithTenths, price, specialGoodsFor, tiersFor, type FeeTiers, type SpecialGood
} from "./fee"
import { sexAllows } from "./grab"
import { hallAddEvent, hallRoom } from "./hall-room"
import {
  DEFAULT_NOON_WINDOW, DEFAULT_PM_WINDOW, deliveryCutoff, doorServiceWindows, errandFormRefusal, hhmm, Messages, minutesOf, type ErrandForm
} from "./order-form"
import { ratingMessages, ratingRefusal, tipFen, tipRefusal, TIP_MAX_FEN, toggleTag } from "./rating"
import type { ErrandOrderRecord } from "./errand-store"

const form: ErrandForm = {
  goodsClass: 1, specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "301", friendReceives: true, friendName: "小王",
  friendPhone: "13800000000", fee: 300, worksiteId: "w1", schoolCode: "S1", remark: ""
}
const messageOf = (f: Partial<ErrandForm>) => errandFormRefusal({ ...form, ...f })?.message

describe("the order form's checks", () => {
  it("passes a filled form, and names each field's problem", () => {
    expect(errandFormRefusal(form)).toBeUndefined()
    expect(messageOf({ goodsClass: null })).toBe(Messages.goodsClass)
    expect(messageOf({ floor: null })).toBe(Messages.floor)
    expect(messageOf({ floor: 0 })).toBe(Messages.floor)
    expect(messageOf({ friendPhone: " 13800000000 " })).toBeUndefined()
    for (const phone of ["138000000001", "a13800000000", "1380000000a", "1380000000"]) expect(messageOf({ friendPhone: phone })).toBe(Messages.friendPhone)
    expect(messageOf({ friendReceives: false, friendName: "", friendPhone: "" })).toBeUndefined()
    for (const fee of [0, -100, 1.5, null, undefined, "300" as unknown as number]) expect(messageOf({ fee })).toBe(Messages.fee)
  })
})

describe("times of day", () => {
  it("reads HH:mm up to 24:00, nothing else", () => {
    expect([minutesOf("08:30"), minutesOf(" 8:05 "), minutesOf("24:00"), minutesOf("0:00")]).toEqual([510, 485, 1440, 0])
    for (const t of ["24:01", "12:60", "x12:30", "12:30x", "123:00", "12:3", "", null, undefined]) expect(minutesOf(t)).toBeUndefined()
  })

  it("writes minutes back as HH:mm on the clock", () => {
    expect([hhmm(0), hhmm(605), hhmm(1439), hhmm(1440), hhmm(-30)]).toEqual(["00:00", "10:05", "23:59", "00:00", "23:30"])
  })

  it("closes delivery orders at the cut-off minute itself, Shanghai time", () => {
    const w = { paotuiOrderLastTime: "22:00", serviceEnd: "23:00" }
    expect(deliveryCutoff(w, new Date("2026-11-20T13:59:00Z"))).toEqual({ open: true })
    expect(deliveryCutoff(w, new Date("2026-11-20T14:00:00Z"))).toEqual({
      open: false, cutoff: "22:00", message: "今日跑腿下单已于22:00截止，请预约明天的送货上门服务"
    })
    expect(deliveryCutoff({ serviceEnd: "20:00" }, new Date("2026-11-20T11:29:00Z"))).toEqual({ open: true })
    expect(deliveryCutoff({ serviceEnd: "20:00" }, new Date("2026-11-20T11:30:00Z"))).toMatchObject({ open: false, cutoff: "19:30" })
    expect(deliveryCutoff({ serviceEnd: "bad" }, new Date("2026-11-20T15:59:00Z"))).toEqual({ open: true })
  })

  it("keeps a worksite's door-service windows only when both ends are valid and in order", () => {
    expect(doorServiceWindows({ expressNoonDoorServiceBegin: "11:30", expressNoonDoorServiceEnd: "13:00", expressPmDoorServiceBegin: "18:00", expressPmDoorServiceEnd: "24:00" }))
      .toEqual({ noon: { begin: "11:30", end: "13:00" }, pm: { begin: "18:00", end: "24:00" } })
    for (const [b, e] of [["14:00", "12:00"], ["12:00", "12:00"], ["12:00", "bad"], [null, "13:00"]]) {
      expect(doorServiceWindows({ expressNoonDoorServiceBegin: b, expressNoonDoorServiceEnd: e }).noon).toEqual(DEFAULT_NOON_WINDOW)
    }
    expect(doorServiceWindows({}).pm).toEqual(DEFAULT_PM_WINDOW)
  })
})

describe("rating tags and tips", () => {
  it("toggles a tag off, and a tag on drops the other of its pair, kept sorted", () => {
    expect(toggleTag([1, 3], 1)).toEqual([3])
    expect(toggleTag([1, 3], 2)).toEqual([2, 3])
    expect(toggleTag([4], 1)).toEqual([1, 4])
    expect(toggleTag([2, 4], 3)).toEqual([2, 3])
  })

  it("refuses no tags, an unknown tag, a repeated tag and both of a pair", () => {
    expect(ratingRefusal({ score: 5, tags: [1, 3] })).toBeUndefined()
    for (const tags of [[], [1, 9], [1, 1], [1, 2], [3, 4]]) expect(ratingRefusal({ score: 5, tags })?.message).toBe(ratingMessages.tags)
  })

  it("reads a tip typed in yuan with at most two decimals", () => {
    expect([tipFen("5"), tipFen("2.5"), tipFen("0.01"), tipFen(" 3 "), tipFen("123456")]).toEqual([500, 250, 1, 300, 12_345_600])
    for (const y of ["1234567", "1.234", "-1", "1.", ".5", "a"]) expect(tipFen(y)).toBeUndefined()
  })

  it("takes no tip, or a whole positive fen up to the cap", () => {
    for (const fen of [0, null, undefined, 1, TIP_MAX_FEN]) expect(tipRefusal(fen)).toBeUndefined()
    for (const fen of [-1, 1.5]) expect(tipRefusal(fen)?.message).toBe(ratingMessages.tip)
    expect(tipRefusal(TIP_MAX_FEN + 1)?.message).toBe(ratingMessages.tipTooLarge)
  })
})

describe("the sex limit and the hall's rooms", () => {
  it("lets anyone take an order of no limit (null, −1, 0 or anything but 1 and 2), and only that sex otherwise", () => {
    for (const limit of [null, -1, 0, 3]) for (const sex of [1, 2]) expect(sexAllows(limit, sex)).toBe(true)
    expect([sexAllows(1, 1), sexAllows(1, 2), sexAllows(2, 2), sexAllows(2, 1)]).toEqual([true, false, true, false])
  })

  it("puts a one-sex order in its sex's room, a door pickup in the pickup hall, and every hall event in the whole hall", () => {
    expect(hallRoom({ worksiteId: "w1", sexLimit: 1, type: 1 })).toEqual({ hall: "w1", sex: 1 })
    expect(hallRoom({ worksiteId: "w1", sexLimit: 2, type: 1 })).toEqual({ hall: "w1", sex: 2 })
    expect(hallRoom({ worksiteId: "w1", sexLimit: -1, type: 1 })).toEqual({ hall: "w1" })
    expect(hallRoom({ worksiteId: "w1", sexLimit: 0 as never, type: 1 })).toEqual({ hall: "w1" })
    expect(hallRoom({ worksiteId: "w1", sexLimit: 2, type: 2 }, false)).toEqual({ hall: "w1", pickup: true })
  })

  it("names the add event by the order's hall", () => {
    const order = { id: "e1", worksiteId: "w1", sexLimit: -1, type: 2 } as ErrandOrderRecord
    const names = [hallAddEvent(order), hallAddEvent({ ...order, type: 1 })].map((e) => [e.name, e.room])
    expect(names[0]![0]).not.toBe(names[1]![0])
    expect(names[0]![0]).toContain("Pickup")
    expect(names[1]![0]).toBe("w1-paotuiOrderAdd")
    expect(names[0]![1]).toEqual({ hall: "w1", pickup: true })
  })
})

describe("a building's fees and large items", () => {
  const fees = Object.fromEntries(FEE_TIER_NAMES.map((n, i) => [n, 100 + i])) as unknown as FeeTiers
  const sofa: SpecialGood = { id: "g1", name: "沙发", liftFee: 1, feeOne: 2, feeTwo: 3 }
  const worksite = { fees, specialGoods: [sofa, { ...sofa, id: OTHER_SPECIAL_GOOD_ID, name: "旧的其他" }] }

  it("takes a building's own tier only where it is a whole number of fen ≥ 0", () => {
    const tiers = tiersFor(worksite, { isLift: true, fees: { liftSmallFee: 0, liftMiddleFee: -1, liftBigFee: 2.5, smallFeeOne: 7 } })
    expect([tiers.liftSmallFee, tiers.liftMiddleFee, tiers.liftBigFee, tiers.smallFeeOne, tiers.smallFeeTwo]).toEqual([0, 101, 102, 7, 104])
  })

  it("offers the building's own large items, else the worksite's, with one 'other' last at the tiers' big fees", () => {
    const other = { id: OTHER_SPECIAL_GOOD_ID, name: "其他", liftFee: 102, feeOne: 107, feeTwo: 108 }
    expect(specialGoodsFor(worksite, { isLift: false, specialGoods: [] })).toEqual([sofa, other])
    const desk = { ...sofa, id: "g2", name: "书桌" }
    expect(specialGoodsFor(worksite, { isLift: false, specialGoods: [desk] })).toEqual([desk, other])
  })

  it("prices under an activity's fixed fee, its discount, or neither", () => {
    const activity = { id: "a", title: "", countDaily: null, remark: "" }
    expect(price(500, { ...activity, fee: 300, discount: null })).toEqual({ fee: 500, discount: 200, payable: 300 })
    expect(price(500, { ...activity, fee: Number.NaN, discount: 2 })).toEqual({ fee: 500, discount: 100, payable: 400 })
    expect(price(500, { ...activity, fee: null, discount: null })).toEqual({ fee: 500, discount: 0, payable: 500 })
    expect(payableWithTenths(500, Number.NaN)).toBe(500)
  })
})
