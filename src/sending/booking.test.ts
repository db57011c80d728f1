import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import { bookingRefusal, newSending, noteCounter, priceTable, sendingGate, verificationRedirect, type BookingContact, type BookingFields, type BookingWorksite } from "./booking"
import { bookingDays } from "./booking-time"

const now = new Date("2026-11-23T02:00:00Z") // 10:00 Shanghai
const slot = bookingDays(now)[1]!.slots[20]!
const contact = (name: string): BookingContact => ({
  name, phone: "13800000001", province: "44", city: "4401", county: "440106", provinceName: "广东省", cityName: "广州市", countyName: "天河区", detail: "中山大道1号"
})
const worksite: BookingWorksite = { jijianAble: true, daofuAble: true, sendCompanies: [{ id: "c-sf", code: "SF" }, { id: "c-yto", code: "YTO" }] }
const cod = { carrierCode: "SF" }
const plain: BookingFields = { companyId: "c-yto", sender: contact("张三"), receiver: contact("李四"), goodsName: "书", goodsCount: 1 }
const door: BookingFields = {
  ...plain, requiredDoorService: true, goodsType: 1, dormBuilding: "b1", dormFloor: 3, dormRoom: "301", fee: 300, requireArriveTime: slot
}

/** Each field broken in turn, in the spec's order, with the message it must give. */
const plainBreaks: ReadonlyArray<readonly [BookingFields, string]> = [
  [{ companyId: undefined }, "请选择快递公司"],
  [{ companyId: "c-elsewhere" }, "请选择快递公司"],
  [{ sender: undefined }, "寄件人不能为空，请联系客服"],
  [{ sender: { ...contact(""), name: " " } }, "寄件人不能为空，请联系客服"],
  [{ receiver: undefined }, "请选择收件人"],
  [{ goodsName: "  " }, "物品名称不能为空"],
  [{ goodsName: "一二三四五六七八九十一二三" }, "物品名称不能超过12个字"],
  [{ goodsCount: 0 }, "物品数量必须>=1"],
  [{ goodsCount: 1.5 }, "物品数量必须>=1"],
  [{ goodsCount: 100 }, "物品数量不能超过99"],
  [{ goodsCount: 1e308 }, "物品数量不能超过99"],
  [{ insureMoney: 0 }, "保价金额必须>0"],
  [{ insureMoney: -5 }, "保价金额必须>0"],
  [{ insureMoney: 100_001 }, "保价金额不能超过1000元"],
  [{ remark: "字".repeat(21) }, "备注不能超过20个字"]
]
const doorBreaks: ReadonlyArray<readonly [BookingFields, string]> = [
  [{ goodsType: undefined }, "请选择物品类别"],
  [{ goodsType: 4 }, "请选择物品类别"],
  [{ goodsType: 3 }, "请选择大件分类"],
  [{ dormBuilding: "" }, "请选择大楼"],
  [{ dormFloor: 0 }, "请选择楼层"],
  [{ dormFloor: 31 }, "请选择楼层"],
  [{ dormFloor: undefined }, "请选择楼层"],
  [{ dormRoom: " " }, "请填入宿舍号码"],
  [{ fee: 0 }, "赏金不能为空"],
  [{ fee: undefined }, "赏金不能为空"],
  [{ fee: 10_001 }, "赏金不能超过100元"],
  [{ fee: 2 ** 53 }, "赏金不能超过100元"],
  [{ paotuiRemark: "字".repeat(21) }, "备注不能超过20个字"],
  [{ requireArriveTime: new Date(now.getTime() + 10 * 60_000) }, "请选择正确的预约时间"],
  [{ requireArriveTime: undefined }, "请选择正确的预约时间"]
]

describe("booking checks", () => {
  it("accepts a complete plain booking and a complete door pickup", () => {
    expect(bookingRefusal(plain, worksite, now)).toBeUndefined()
    expect(bookingRefusal(door, worksite, now)).toBeUndefined()
    expect(bookingRefusal({ ...door, goodsType: 3, largeCategory: "-1", dormFloor: -1 }, worksite, now)).toBeUndefined()
  })

  it.each(plainBreaks)("plain: %o → %s", (broken, message) => {
    expect(bookingRefusal({ ...plain, ...broken }, worksite, now)?.message).toBe(message)
  })

  it.each(doorBreaks)("door pickup: %o → %s", (broken, message) => {
    expect(bookingRefusal({ ...door, ...broken }, worksite, now)?.message).toBe(message)
    expect(bookingRefusal({ ...plain, ...broken, requiredDoorService: false }, worksite, now)).toBeUndefined()
  })

  const breaks = [...plainBreaks, ...doorBreaks].map((b, i) => [i, ...b] as const)
  test.prop([fc.subarray(breaks, { minLength: 1 })])("with several fields wrong, the first in the spec's order is named", (chosen) => {
    const distinct = chosen.filter(([, b], i) => !chosen.slice(0, i).some(([, earlier]) => Object.keys(earlier)[0] === Object.keys(b)[0]))
    const fields = Object.assign({}, door, ...distinct.map(([, b]) => b)) as BookingFields
    expect(bookingRefusal(fields, worksite, now)?.message).toBe(distinct[0]![2])
  })

  it("counts notes to 20, red over", () => {
    expect(noteCounter(undefined)).toEqual({ label: "0/20", over: false })
    expect(noteCounter("字".repeat(20))).toEqual({ label: "20/20", over: false })
    expect(noteCounter("字".repeat(21))).toEqual({ label: "21/20", over: true })
  })
})

describe("the sending gate", () => {
  it("'not yet open' where the worksite has no sending, before anything else", () => {
    expect(sendingGate({ jijianAble: false }, { authStatus: -1 }, "t")).toEqual({ open: false, message: "本网点暂未开通寄件业务" })
  })

  it("senders not verified (-1) or rejected (2) go to verification; under review (0) and passed (1) book", () => {
    for (const authStatus of [-1, 2] as const)
      expect(sendingGate({ jijianAble: true }, { authStatus }, "a b/c")).toEqual({
        open: false, message: "用户还没通过实名认证", redirect: "/authApply/0/expressTotakein/a%20b%2Fc"
      })
    for (const authStatus of [0, 1] as const) expect(sendingGate({ jijianAble: true }, { authStatus }, "t")).toEqual({ open: true })
    expect(verificationRedirect("tok")).toBe("/authApply/0/expressTotakein/tok")
  })
})

describe("the new sending", () => {
  it("plain: awaits its freight, insured at 0.5 % with 1 yuan least", () => {
    const s = newSending({ ...plain, insureMoney: 50_000, goodsCount: undefined }, worksite, cod, now)
    expect(s).toMatchObject({ status: 10, companyCode: "YTO", goodsCount: 1, insureMoney: 50_000, insureFreight: 250, doorPickup: null })
    expect(newSending(plain, worksite, cod, now)).toMatchObject({ insureMoney: 0, insureFreight: 0 })
  })

  it("door pickup: awaits its reward, carries the errand's fields", () => {
    expect(newSending({ ...door, sexLimit: 2 }, worksite, cod, now)).toMatchObject({
      status: 0, doorPickup: { goodsType: 1, largeCategory: null, dormFloor: 3, reward: 300, sexLimit: 2, requireArriveTime: slot }
    })
    expect(newSending({ ...door, sexLimit: 7 }, worksite, cod, now)).toMatchObject({ doorPickup: { sexLimit: -1 } })
  })

  it("cash on delivery only with the configured carrier where the worksite allows it", () => {
    expect(newSending({ ...plain, companyId: "c-sf", isDaofu: true }, worksite, cod, now)).toMatchObject({ isDaofu: true })
    expect(newSending({ ...plain, isDaofu: true }, worksite, cod, now)).toEqual(new RuleViolation({ message: "该快递公司不支持到付" }))
    expect(newSending({ ...plain, companyId: "c-sf", isDaofu: true }, { ...worksite, daofuAble: false }, cod, now))
      .toEqual(new RuleViolation({ message: "本网点暂未开通到付" }))
  })

  it("keeps a guessed weight only when it is whole, positive and at most 100 kg", () => {
    const weight = (estimateWeight: number) => {
      const made = newSending({ ...plain, estimateWeight }, worksite, cod, now)
      return "estimateWeight" in made ? made.estimateWeight : "refused"
    }
    expect([weight(1500), weight(100_000), weight(100_001), weight(1e308), weight(0), weight(1.5)]).toEqual([1500, 100_000, null, null, null, null])
  })

  it("refuses with the first problem", () => {
    expect(newSending({ ...plain, receiver: undefined }, worksite, cod, now)).toEqual(new RuleViolation({ message: "请选择收件人" }))
  })
})

describe("the price table tab", () => {
  it("shows the worksite's charge picture or 'no data'", () => {
    expect(priceTable("/img/yunfei.png")).toEqual({ picture: "/img/yunfei.png" })
    expect(priceTable(null)).toEqual({ empty: "暂无数据" })
    expect(priceTable(" ")).toEqual({ empty: "暂无数据" })
  })
})
