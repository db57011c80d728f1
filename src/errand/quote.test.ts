import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import type { Activity } from "./fee"
import { isDomainError } from "../shared/errors"
import { quote, type QuoteInput } from "./quote"

/** A refusal as the user gets it (tag, status, message); a price as it is. */
const answer = (input: QuoteInput) => {
  const q = quote(input)
  return isDomainError(q) ? { refused: q._tag, status: q.status, message: q.message } : q
}

const worksite = {
  fees: { liftSmallFee: 100, liftMiddleFee: 200, liftBigFee: 300, smallFeeOne: 150, smallFeeTwo: 250, middleFeeOne: 350, middleFeeTwo: 450, bigFeeOne: 550, bigFeeTwo: 650 },
  specialGoods: [{ id: "7", name: "行李箱", liftFee: 900, feeOne: 1000, feeTwo: 1100 }],
  paotuiOrderLastTime: "20:00",
  serviceEnd: "21:00"
}
const activity: Activity = { id: "a1", title: "八折", discount: 2, fee: null, countDaily: 10, remark: "" }
/** 2026-11-23 at h:mi in Asia/Shanghai. */
const shanghai = (h: number, mi = 0) => new Date(Date.UTC(2026, 10, 23, h - 8, mi))
const input: QuoteInput = {
  form: { goodsClass: 2, specialGoodId: null, buildingId: "b1", floor: 5, dormRoom: "502", friendReceives: false, friendName: "", friendPhone: "", worksiteId: "w1", schoolCode: "10558", remark: "" },
  worksite, building: { isLift: false }, parcelSize: 1, activity, activityOrdersToday: 0, now: shanghai(12)
}

describe("a quote", () => {
  it("prices the choices with the core's fee and the activity", () => {
    expect(answer(input)).toEqual({ activityId: "a1", fee: 450, discount: 90, payable: 360 })
    expect(answer({ ...input, activity: null })).toEqual({ activityId: null, fee: 450, discount: 0, payable: 450 })
    expect(answer({ ...input, form: { ...input.form, goodsClass: 3, specialGoodId: "7", floor: 2 } })).toMatchObject({ fee: 1000, payable: 800 })
  })

  it("checks the form first, then the cut-off, then the day's places", () => {
    expect(answer({ ...input, building: undefined, now: shanghai(22), activityOrdersToday: 10 })).toEqual({ refused: "RuleViolation", status: 400, message: "请选择大楼" })
    expect(answer({ ...input, now: shanghai(22), activityOrdersToday: 10 })).toEqual({ refused: "StateConflict", status: 409, message: "今日跑腿下单已于20:00截止，请预约明天的送货上门服务" })
    expect(answer({ ...input, activityOrdersToday: 10 })).toEqual({ refused: "StateConflict", status: 409, message: "今日已约满" })
    expect(answer({ ...input, worksite: { ...worksite, fees: { ...worksite.fees, middleFeeTwo: 0 } } })).toEqual({ refused: "RuleViolation", status: 400, message: "赏金不能为空" })
  })

  test.prop([fc.constantFrom<1 | 2 | 3>(1, 2, 3), fc.integer({ min: -1, max: 30 }).filter((f) => f !== 0), fc.boolean(), fc.nat(12)])(
    "an accepted quote never asks more than the fee nor less than nothing",
    (goodsClass, floor, isLift, today) => {
      const q = quote({ ...input, form: { ...input.form, goodsClass, floor, specialGoodId: goodsClass === 3 ? "-1" : null }, building: { isLift }, activityOrdersToday: today })
      if (today >= 10) expect(q).toMatchObject({ _tag: "StateConflict", message: "今日已约满" })
      else if (isDomainError(q)) throw new Error(q.message)
      else expect(q.payable).toBe(Math.floor((q.fee * 8 * 2 + 10) / 20))
    }
  )
})
