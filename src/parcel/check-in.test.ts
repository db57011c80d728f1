import { describe, expect, it } from "vitest"
import { PHONE_LENGTH } from "../shared/phone-number"
import { checkInRefusal, scanned, SHORT_PHONE_LENGTH, typeFullDigit, typeShortDigit } from "./check-in"

const valid = {
  expressCompany: "sf",
  storageNo: "A-01",
  expressNo: "SF1234567890",
  weight: "w1",
  receiverPhone: "13800138000"
}

describe("scanned: a comma keeps only the text after the first comma", () => {
  it.each([
    ["SF,123", "123"],
    ["a,b,c", "b,c"],
    ["123", "123"],
    [",123", "123"],
    ["SF,", ""],
    ["", ""]
  ])("%j → %j", (raw, kept) => {
    expect(scanned(raw)).toBe(kept)
  })
})

describe("checkInRefusal: the six checks in the spec's order", () => {
  it("a complete form passes", () => {
    expect(checkInRefusal(valid)).toBeUndefined()
  })

  it.each([
    ["expressCompany", "请选择快递公司"],
    ["storageNo", "请扫描货架编号"],
    ["expressNo", "请扫描快递单号"],
    ["weight", "请选择大概重量"],
    ["receiverPhone", "收件电话为空"]
  ] as const)("missing %s → %s", (field, message) => {
    expect(checkInRefusal({ ...valid, [field]: undefined })?.message).toBe(message)
    expect(checkInRefusal({ ...valid, [field]: "" })?.message).toBe(message)
    expect(checkInRefusal({ ...valid, [field]: "   " })?.message).toBe(message)
  })

  it.each(["1380013800", "138001380001", "1380013800a", "138 0013 800", "+8613800138"])(
    "phone %j is not 11 digits → 请检查收件电话是否正确",
    (phone) => {
      expect(checkInRefusal({ ...valid, receiverPhone: phone })?.message).toBe("请检查收件电话是否正确")
    }
  )

  it("reports the earliest failing check when several fail", () => {
    expect(checkInRefusal({})?.message).toBe("请选择快递公司")
    expect(checkInRefusal({ expressCompany: "sf" })?.message).toBe("请扫描货架编号")
    expect(checkInRefusal({ expressCompany: "sf", storageNo: "A" })?.message).toBe("请扫描快递单号")
    expect(checkInRefusal({ expressCompany: "sf", storageNo: "A", expressNo: "1" })?.message).toBe("请选择大概重量")
    expect(checkInRefusal({ expressCompany: "sf", storageNo: "A", expressNo: "1", weight: "w" })?.message).toBe("收件电话为空")
    expect(checkInRefusal({ ...valid, storageNo: "", receiverPhone: "12" })?.message).toBe("请扫描货架编号")
  })
})

describe("receiver phone keypad", () => {
  it("uses 11 and 4 digits", () => {
    expect(PHONE_LENGTH).toBe(11)
    expect(SHORT_PHONE_LENGTH).toBe(4)
  })

  it("short form grows to 4 digits", () => {
    const typed = ["1", "2", "3", "4"].reduce(typeShortDigit, "")
    expect(typed).toBe("1234")
  })

  it("a fifth digit after four restarts the short number with that digit", () => {
    expect(typeShortDigit("1234", "5")).toBe("5")
    expect(["1", "2", "3", "4", "5", "6"].reduce(typeShortDigit, "")).toBe("56")
  })

  it("full number is capped at 11 digits", () => {
    const typed = "138001380001234".split("").reduce(typeFullDigit, "")
    expect(typed).toBe("13800138000")
    expect(typeFullDigit("13800138000", "9")).toBe("13800138000")
    expect(typeFullDigit("1380013800", "9")).toBe("13800138009")
  })
})
