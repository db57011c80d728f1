import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import type { GoodsClass } from "./fee"
import {
  Messages, counter, cutoffMinutes, deliveryCutoff, doorServiceWindows, errandFormRefusal, errandRequireArriveTime, floorOptions, goodsClassEnabled, inDoorService,
  remarkCounter, type ErrandForm, type ParcelSize
} from "./order-form"

const ok: ErrandForm = {
  goodsClass: 1, specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "302", friendReceives: false, friendName: "", friendPhone: "",
  fee: 300, worksiteId: "w1", schoolCode: "10558", remark: ""
}
/** 2026-11-23 at h:mi in Asia/Shanghai. */
const shanghai = (h: number, mi = 0) => new Date(Date.UTC(2026, 10, 23, h - 8, mi))

describe("the errand order form", () => {
  it("accepts a complete form", () => {
    expect(errandFormRefusal(ok, 1)).toBeUndefined()
    expect(errandFormRefusal({ ...ok, goodsClass: 3, specialGoodId: "-1", friendReceives: true, friendName: "小李", friendPhone: "13800000000" }, 4)).toBeUndefined()
  })

  it("checks in the spec's order with the spec's words", () => {
    // Every field wrong at once: each fix reveals the next message, in order.
    let form: ErrandForm = {
      goodsClass: null, specialGoodId: null, buildingId: null, floor: 0, dormRoom: " ", friendReceives: true, friendName: "", friendPhone: "1380000",
      fee: 0, worksiteId: "w1", schoolCode: null, remark: "字".repeat(51)
    }
    const fixes: ReadonlyArray<readonly [string, Partial<ErrandForm>]> = [
      [Messages.goodsClass, { goodsClass: 3 }], ["请选择大件分类", { specialGoodId: "-1" }], ["请选择大楼", { buildingId: "b" }],
      ["请选择楼层", { floor: -1 }], ["请填入宿舍号码", { dormRoom: "101" }], ["请输入代收朋友的姓名", { friendName: "小王" }],
      ["请输入代收朋友的正确电话", { friendPhone: "13800000000" }], ["赏金不能为空", { fee: 1 }], ["获取网点信息失败", { schoolCode: "x" }],
      ["备注不能超过50个字", { remark: "字".repeat(50) }]
    ]
    for (const [message, fix] of fixes) {
      expect(errandFormRefusal(form)?.message).toBe(message)
      form = { ...form, ...fix }
    }
    expect(errandFormRefusal(form)).toBeUndefined()
  })

  it("treats a class smaller than the parcel as not chosen", () => {
    expect(errandFormRefusal({ ...ok, goodsClass: 1 }, 2)?.message).toBe("请选择物品类别")
    expect(errandFormRefusal({ ...ok, goodsClass: 2 }, 2)).toBeUndefined()
    expect(errandFormRefusal({ ...ok, goodsClass: 2 }, 4)?.message).toBe("请选择物品类别")
  })

  test.prop([fc.constantFrom<ParcelSize>(1, 2, 3, 4), fc.constantFrom<GoodsClass>(1, 2, 3)])("disables exactly the classes smaller than the parcel; large is always open", (size, c) => {
    expect(goodsClassEnabled(size, c)).toBe(c === 3 || c >= size)
  })

  it("offers floors −1..30 without 0, shown N楼", () => {
    expect(floorOptions).toHaveLength(31)
    expect(floorOptions[0]).toEqual({ value: -1, label: "-1楼" })
    expect(floorOptions[1]).toEqual({ value: 1, label: "1楼" })
    expect(floorOptions.at(-1)).toEqual({ value: 30, label: "30楼" })
    expect(floorOptions.some((f) => f.value === 0)).toBe(false)
  })

  it("counts the remark in characters and turns red beyond 50", () => {
    expect(remarkCounter("")).toEqual({ text: "0/50", over: false })
    expect(remarkCounter("😀".repeat(50))).toEqual({ text: "50/50", over: false })
    expect(remarkCounter("a".repeat(51))).toEqual({ text: "51/50", over: true })
    expect(counter("临时有事", 50)).toEqual({ text: "4/50", over: false })
  })

  test.prop([fc.string(), fc.string()])("a friend's name and phone only matter when the friend receives", (name, phone) => {
    expect(errandFormRefusal({ ...ok, friendReceives: false, friendName: name, friendPhone: phone })).toBeUndefined()
  })
})

describe("the delivery cut-off", () => {
  it("uses paotuiOrderLastTime, else 30 minutes before serviceEnd", () => {
    expect(cutoffMinutes({ paotuiOrderLastTime: "17:45", serviceEnd: "21:00" })).toBe(17 * 60 + 45)
    expect(cutoffMinutes({ paotuiOrderLastTime: null, serviceEnd: "21:00" })).toBe(20 * 60 + 30)
    expect(cutoffMinutes({ paotuiOrderLastTime: "soon", serviceEnd: "21:10" })).toBe(20 * 60 + 40)
    expect(cutoffMinutes({ serviceEnd: "late" })).toBeUndefined()
  })

  it("closes at the cut-off in Shanghai time and names it as HH:mm", () => {
    const w = { paotuiOrderLastTime: null, serviceEnd: "21:05" }
    expect(deliveryCutoff(w, shanghai(20, 34))).toEqual({ open: true })
    expect(deliveryCutoff(w, shanghai(20, 35))).toEqual({ open: false, cutoff: "20:35", message: "今日跑腿下单已于20:35截止，请预约明天的送货上门服务" })
    expect(deliveryCutoff(w, shanghai(0, 5))).toEqual({ open: true })
  })

  test.prop([fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 24 * 60 - 1 })])(
    "is open exactly before the cut-off minute of the Shanghai day",
    (h, mi, at) => {
      const w = { paotuiOrderLastTime: `${String(h).padStart(2, "0")}:${String(mi).padStart(2, "0")}`, serviceEnd: "22:00" }
      const now = new Date(Date.UTC(2026, 10, 23, 0, 0) - 8 * 3600_000 + at * 60_000 + 30_000)
      expect(deliveryCutoff(w, now).open).toBe(at < h * 60 + mi)
    }
  )
})

describe("the door-service windows", () => {
  it("default to 12–14 and 19–23", () => {
    expect(doorServiceWindows({})).toEqual({ noon: { begin: "12:00", end: "14:00" }, pm: { begin: "19:00", end: "23:00" } })
    expect(doorServiceWindows({ expressNoonDoorServiceBegin: "14:00", expressNoonDoorServiceEnd: "13:00", expressPmDoorServiceBegin: "x" }).noon.begin).toBe("12:00")
  })

  it("take the worksite's where set", () => {
    const w = { expressNoonDoorServiceBegin: "11:30", expressNoonDoorServiceEnd: "13:30", expressPmDoorServiceBegin: "18:00", expressPmDoorServiceEnd: "22:00" }
    expect(doorServiceWindows(w)).toEqual({ noon: { begin: "11:30", end: "13:30" }, pm: { begin: "18:00", end: "22:00" } })
    expect([inDoorService(w, shanghai(11, 29)), inDoorService(w, shanghai(11, 30)), inDoorService(w, shanghai(13, 30)), inDoorService(w, shanghai(21, 59)), inDoorService(w, shanghai(22))]).toEqual([false, true, false, true, false])
    expect(errandRequireArriveTime(w, shanghai(9)).toISOString()).toBe(shanghai(22).toISOString())
  })

  it("put an errand's required arrival at today's evening end in Shanghai, also just after midnight there", () => {
    expect(errandRequireArriveTime({}, shanghai(0, 10)).toISOString()).toBe("2026-11-23T15:00:00.000Z")
    expect(errandRequireArriveTime({}, shanghai(23, 50)).toISOString()).toBe("2026-11-23T15:00:00.000Z")
  })
})
