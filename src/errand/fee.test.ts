import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import {
  FEE_TIER_NAMES, OTHER_SPECIAL_GOOD_ID, activityOffer, canOrder, errandFee, floorTier, isFloor, payableWithTenths, price, specialGoodsFor, tiersFor,
  type Activity, type FeeTiers, type GoodsClass, type SpecialGood
} from "./fee"

const fen = fc.integer({ min: 0, max: 100_000 })
const tiers: fc.Arbitrary<FeeTiers> = fc.record(Object.fromEntries(FEE_TIER_NAMES.map((n) => [n, fen])) as Record<keyof FeeTiers, typeof fen>)
const goods: fc.Arbitrary<ReadonlyArray<SpecialGood>> = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 50 }).map(String), name: fc.constant("钢琴"), liftFee: fen, feeOne: fen, feeTwo: fen }),
  { selector: (g) => g.id, maxLength: 4 }
)
const floor = fc.integer({ min: -1, max: 30 }).filter((f) => f !== 0)
const goodsClass = fc.constantFrom<GoodsClass>(1, 2, 3)

const worksite: FeeTiers = {
  liftSmallFee: 100, liftMiddleFee: 200, liftBigFee: 300, smallFeeOne: 150, smallFeeTwo: 250,
  middleFeeOne: 350, middleFeeTwo: 450, bigFeeOne: 550, bigFeeTwo: 650
}
const piano: SpecialGood = { id: "7", name: "钢琴", liftFee: 1000, feeOne: 2000, feeTwo: 3000 }
const site = { fees: worksite, specialGoods: [piano] }

describe("the errand fee", () => {
  it("follows each tier of the spec, edge by edge", () => {
    const fee = (isLift: boolean, f: number, c: GoodsClass, specialGoodId?: string) =>
      errandFee({ worksite: site, building: { isLift }, floor: f, goodsClass: c, specialGoodId })
    expect([fee(true, 6, 1), fee(true, 6, 2), fee(true, -1, 3, OTHER_SPECIAL_GOOD_ID), fee(true, 2, 3, "7")]).toEqual([100, 200, 300, 1000])
    expect([fee(false, -1, 1), fee(false, 3, 1), fee(false, 4, 1), fee(false, 30, 1)]).toEqual([150, 150, 250, 250])
    expect([fee(false, 1, 2), fee(false, 4, 2)]).toEqual([350, 450])
    expect([fee(false, 3, 3, "-1"), fee(false, 4, 3, "-1"), fee(false, 3, 3, "7"), fee(false, 4, 3, "7")]).toEqual([550, 650, 2000, 3000])
  })

  it("has no fee for floor 0, floors out of range, or a large item without a known sub-category", () => {
    for (const f of [0, -2, 31, 1.5, Number.NaN]) expect(errandFee({ worksite: site, building: { isLift: false }, floor: f, goodsClass: 1 })).toBeUndefined()
    expect(errandFee({ worksite: site, building: { isLift: false }, floor: 1, goodsClass: 3 })).toBeUndefined()
    expect(errandFee({ worksite: site, building: { isLift: false }, floor: 1, goodsClass: 3, specialGoodId: "8" })).toBeUndefined()
  })

  it("lets a building's own tiers and sub-categories override the worksite's", () => {
    const building = { isLift: false, fees: { smallFeeOne: 1, bigFeeTwo: 9 }, specialGoods: [{ ...piano, id: "9", feeOne: 5 }] }
    expect(errandFee({ worksite: site, building, floor: 1, goodsClass: 1 })).toBe(1)
    expect(errandFee({ worksite: site, building, floor: 5, goodsClass: 1 })).toBe(250)
    expect(errandFee({ worksite: site, building, floor: 5, goodsClass: 3, specialGoodId: "-1" })).toBe(9)
    expect(errandFee({ worksite: site, building, floor: 1, goodsClass: 3, specialGoodId: "9" })).toBe(5)
    expect(errandFee({ worksite: site, building, floor: 1, goodsClass: 3, specialGoodId: "7" })).toBeUndefined()
  })

  test.prop([tiers, fc.record({ isLift: fc.boolean(), fees: fc.option(tiers.chain((t) => fc.subarray([...FEE_TIER_NAMES]).map((ns) => Object.fromEntries(ns.map((n) => [n, t[n]])))), { nil: undefined }), specialGoods: fc.option(goods, { nil: undefined }) }), goods, floor, goodsClass])(
    "is always the one tier the building, floor and class pick, with the building's value where it has one",
    (wTiers, building, wGoods, f, c) => {
      const w = { fees: wTiers, specialGoods: wGoods }
      const t = tiersFor(w, building)
      for (const n of FEE_TIER_NAMES) expect(t[n]).toBe(building.fees?.[n] ?? wTiers[n])
      const offered = specialGoodsFor(w, building)
      expect(offered.at(-1)).toMatchObject({ id: "-1", liftFee: t.liftBigFee, feeOne: t.bigFeeOne, feeTwo: t.bigFeeTwo })
      const good = c === 3 ? offered[0] : undefined
      const fee = errandFee({ worksite: w, building, floor: f, goodsClass: c, specialGoodId: good?.id })
      const size = (["Small", "Middle", "Big"] as const)[c - 1]!
      const lower = (["small", "middle", "big"] as const)[c - 1]!
      const expected = good
        ? building.isLift ? good.liftFee : f < 4 ? good.feeOne : good.feeTwo
        : building.isLift ? t[`lift${size}Fee`] : t[`${lower}Fee${f < 4 ? "One" : "Two"}`]
      expect(fee).toBe(expected)
    }
  )

  it("knows the floors: −1..30 without 0; below 4 is tier one", () => {
    expect([-1, 1, 30].every(isFloor)).toBe(true)
    expect([0, -2, 31].some(isFloor)).toBe(false)
    expect([-1, 3, 4, 30].map(floorTier)).toEqual([1, 1, 2, 2])
  })
})

const activity = (over: Partial<Activity>): Activity => ({ id: "a", title: "新人", discount: null, fee: null, countDaily: null, remark: "", ...over })

describe("the discount", () => {
  it("takes tenths off and rounds half up to the fen", () => {
    expect(payableWithTenths(1000, 2)).toBe(800)
    expect(payableWithTenths(5, 5)).toBe(3) // 2.5 → 3
    expect(payableWithTenths(15, 7)).toBe(5) // 4.5 → 5
    expect(payableWithTenths(14, 7)).toBe(4) // 4.2 → 4
    expect(payableWithTenths(333, 1.5)).toBe(283) // 283.05 → 283
    expect(payableWithTenths(101, 10)).toBe(0)
    expect(payableWithTenths(101, 0)).toBe(101)
    expect(payableWithTenths(101, -3)).toBe(101)
    expect(payableWithTenths(101, 12)).toBe(0)
  })

  it("caps the price at a fixed-price activity's price", () => {
    expect(price(500, activity({ fee: 100 }))).toEqual({ fee: 500, discount: 400, payable: 100 })
    expect(price(80, activity({ fee: 100 }))).toEqual({ fee: 80, discount: 0, payable: 80 })
    expect(price(80, activity({ fee: 0 }))).toEqual({ fee: 80, discount: 80, payable: 0 })
    expect(price(80, null)).toEqual({ fee: 80, discount: 0, payable: 80 })
  })

  const anyActivity = fc.record({
    id: fc.constant("a"), title: fc.constant("t"), remark: fc.constant(""),
    discount: fc.option(fc.oneof(fc.integer({ min: -5, max: 15 }), fc.double({ min: -5, max: 15, noNaN: true })), { nil: null }),
    fee: fc.option(fc.integer({ min: -100, max: 100_000 }), { nil: null }),
    countDaily: fc.option(fc.nat(20), { nil: null })
  })

  test.prop([fen, fc.option(anyActivity, { nil: null })])("is never negative, never above the fee, and fee = discount + payable in whole fen", (fee, a) => {
    const p = price(fee, a)
    expect(p.payable).toBeGreaterThanOrEqual(0)
    expect(p.payable).toBeLessThanOrEqual(fee)
    expect(p.discount + p.payable).toBe(fee)
    expect(Number.isInteger(p.payable)).toBe(true)
  })

  test.prop([fen, fc.integer({ min: 0, max: 1000 })])("a discount in hundredths of tenths is the exact product rounded half up", (fee, hundredths) => {
    const exact = (fee * (1000 - hundredths)) / 1000
    const got = payableWithTenths(fee, hundredths / 100)
    expect(Math.abs(got - exact)).toBeLessThanOrEqual(0.5)
    if (Math.abs(got - exact) === 0.5) expect(got).toBeGreaterThan(exact)
  })

  test.prop([fen, fen, fc.integer({ min: 0, max: 10 })])("a larger fee never costs less under the same discount", (a, b, d) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a]
    expect(payableWithTenths(lo, d)).toBeLessThanOrEqual(payableWithTenths(hi, d))
  })
})

describe("the activity's daily limit", () => {
  test.prop([fc.option(fc.nat(30), { nil: null }), fc.nat(40)])("allows an order exactly while fewer than countDaily were placed today", (countDaily, today) => {
    const a = activity({ discount: 2, countDaily })
    expect(canOrder(a, today)).toBe(countDaily === null || today < countDaily)
    expect(activityOffer(a, today)).toEqual({ canOrder: canOrder(a, today), discount: 2, data: a })
  })

  it("without an activity anyone may order at full price", () => {
    expect(activityOffer(null, 999)).toEqual({ canOrder: true, discount: null, data: null })
  })
})
