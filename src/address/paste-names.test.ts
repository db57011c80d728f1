import { describe, expect, it } from "vitest"
import { parseAddressBlock } from "./paste-parser"
import { sampleRegions } from "./region.testkit"

const regions = sampleRegions()
const parse = (text: string) => parseAddressBlock(text, regions)

describe("names and leftovers around the address", () => {
  it("keeps a Latin name together and a name with a middle dot whole", () => {
    expect(parse("Tom Lee 13812345678 广东省深圳市南山区科技园1号")).toMatchObject({ name: "Tom Lee", detail: "科技园1号" })
    expect(parse("阿卜杜·热合曼 13812345678 广东省深圳市南山区科技园1号")).toMatchObject({ name: "阿卜杜·热合曼", detail: "科技园1号" })
  })

  it("a word that reads as a place is not a name", () => {
    expect(parse("13812345678 科技大学 张三")).toMatchObject({ name: "张三", detail: "科技大学" })
    expect(parse("南山小区")).toMatchObject({ name: "", detail: "南山小区" })
  })

  it("a name after the address is taken when detail is left, or when the address filled its word", () => {
    expect(parse("广东省深圳市南山区科技园1号 李四")).toMatchObject({ name: "李四", detail: "科技园1号" })
    expect(parse("13812345678 广东省深圳市南山区 李四")).toMatchObject({ name: "李四", detail: "" })
  })

  it("an unlabelled six-digit word is a postcode only once a region is found", () => {
    expect(parse("张三 13812345678 广东省深圳市南山区科技园1号 518000")).toMatchObject({ name: "张三", detail: "科技园1号" })
    expect(parse("张三 13812345678 科技园1号 518000")).toMatchObject({ name: "张三", detail: "科技园1号 518000" })
  })

  it("reads 内蒙 for 内蒙古自治区 and a labelled name before anything else", () => {
    expect(parse("内蒙呼和浩特新城区1号")).toMatchObject({ province: { code: "15" }, city: { code: "1501" }, county: { code: "150102" } })
    expect(parse("广东省深圳市南山区科技园1号 王五 姓名：张三")).toMatchObject({ name: "张三" })
  })
})
