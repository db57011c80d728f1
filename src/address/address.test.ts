import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import {
  addressRefusal,
  capPaste,
  deleteRefusal,
  fieldsFromPaste,
  newAddress,
  PASTE_MAX_LENGTH,
  pasteRefusal,
  type AddressFields
} from "./address"
import { parseAddressBlock } from "./paste-parser"
import { sampleRegions } from "./region.testkit"

const regions = sampleRegions()

const form: AddressFields = {
  name: "张三",
  phone: "13800138000",
  province: "44",
  city: "4403",
  county: "440305",
  provinceName: "广东省",
  cityName: "深圳市",
  countyName: "南山区",
  detail: "科技园1号"
}

describe("addressRefusal: the four checks in the spec's order", () => {
  it("passes a complete form", () => {
    expect(addressRefusal(form)).toBeUndefined()
  })

  it.each([
    [{ name: " " }, "联系人员不能为空"],
    [{ phone: "" }, "联系电话为空或格式不正确"],
    [{ phone: "1380013800" }, "联系电话为空或格式不正确"],
    [{ phone: "138001380001" }, "联系电话为空或格式不正确"],
    [{ province: "" }, "请选择完整的省市区"],
    [{ city: undefined }, "请选择完整的省市区"],
    [{ county: "" }, "请选择完整的省市区"],
    [{ detail: "  " }, "详细地址不能为空"]
  ])("%j → %s", (change, message) => {
    expect(addressRefusal({ ...form, ...change })?.message).toBe(message)
  })

  it("reports the earliest failure", () => {
    expect(addressRefusal({})?.message).toBe("联系人员不能为空")
    expect(addressRefusal({ name: "张三", detail: "" })?.message).toBe("联系电话为空或格式不正确")
  })
})

describe("newAddress", () => {
  it("takes the names from the region data and makes the first address the default", () => {
    const saved = newAddress({ ...form, provinceName: "x", name: " 张三 " }, regions, { id: "a1", userId: "u1", existing: 0 })
    expect(saved).toMatchObject({ id: "a1", name: "张三", provinceName: "广东省", cityName: "深圳市", countyName: "南山区", isDefault: true })
    expect(newAddress(form, regions, { id: "a2", userId: "u1", existing: 1 })).toMatchObject({ isDefault: false })
  })

  it("refuses codes that do not chain province → city → county", () => {
    for (const change of [{ county: "440106" }, { city: "4401" }, { province: "11" }, { county: "999999" }]) {
      const refused = newAddress({ ...form, ...change }, regions, { id: "a", userId: "u", existing: 0 })
      expect(refused).toBeInstanceOf(RuleViolation)
      expect((refused as RuleViolation).message).toBe("请选择完整的省市区")
    }
  })

  it("refuses the form's own failures with their messages", () => {
    expect((newAddress({ ...form, detail: "" }, regions, { id: "a", userId: "u", existing: 0 }) as RuleViolation).message).toBe("详细地址不能为空")
  })
})

describe("delete and paste box", () => {
  it("the default address cannot be deleted", () => {
    expect(deleteRefusal({ isDefault: true })?.message).toBe("默认地址不能删除")
    expect(deleteRefusal({ isDefault: false })).toBeUndefined()
    expect(deleteRefusal({ isDefault: true })?.status).toBe(409)
  })

  it("the paste box keeps 80 characters and refuses an empty paste", () => {
    expect(PASTE_MAX_LENGTH).toBe(80)
    expect(Array.from(capPaste("张".repeat(100)))).toHaveLength(80)
    expect(capPaste("短")).toBe("短")
    expect(pasteRefusal("")?.message).toBe("请输入您的收件信息")
    expect(pasteRefusal(" \n ")?.message).toBe("请输入您的收件信息")
    expect(pasteRefusal("张三")).toBeUndefined()
  })

  it("a parsed paste fills the whole form", () => {
    const fields = fieldsFromPaste(parseAddressBlock("张三 13800138000 广东省深圳市南山区科技园1号", regions))
    expect(fields).toEqual(form)
    expect(addressRefusal(fields)).toBeUndefined()
  })
})
