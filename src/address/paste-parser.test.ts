import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { parseAddressBlock } from "./paste-parser"
import { sampleRegions } from "./region.testkit"

const regions = sampleRegions()
const parse = (text: string) => parseAddressBlock(text, regions)

const shenzhen = { province: { code: "44", name: "广东省" }, city: { code: "4403", name: "深圳市" }, county: { code: "440305", name: "南山区" } }
const zhangsan = { name: "张三", phone: "13812345678", ...shenzhen, detail: "科技园1号" }

describe("parseAddressBlock: the spec's example in its usual shapes", () => {
  it.each([
    "张三 13812345678 广东省深圳市南山区科技园1号",
    "张三，13812345678，广东省深圳市南山区科技园1号",
    "张三\n13812345678\n广东省深圳市南山区科技园1号",
    "13812345678 张三 广东省深圳市南山区科技园1号",
    "广东省深圳市南山区科技园1号 张三 13812345678",
    "广东省深圳市南山区科技园1号，13812345678，张三",
    "广东省 深圳市 南山区 科技园1号 张三 138 1234 5678",
    "广东 深圳 南山区 科技园1号；张三；138-1234-5678",
    "广东深圳南山区科技园1号 张三 +86 138 1234 5678",
    "广东深圳南山科技园1号、张三、+8613812345678",
    "深圳市南山区科技园1号 张三 13812345678",
    "深圳南山区科技园1号 张三 13812345678",
    "广东省南山区科技园1号 张三 13812345678",
    "收货人：张三\n手机号码：13812345678\n所在地区：广东省深圳市南山区\n详细地址：科技园1号",
    "收货人: 张三 手机号码: 138 1234 5678 所在地区: 广东省 深圳市 南山区 详细地址: 科技园1号",
    "详细地址：科技园1号\n所在地区：广东省深圳市南山区\n收货人：张三\n手机号码：13812345678",
    "所在地区：广东省深圳市南山区 详细地址：科技园1号 收货人：张三 手机号码：13812345678",
    "  张三   13812345678  \n\n 广东省深圳市南山区科技园1号 \n",
    "张三 １３８１２３４５６７８ 广东省深圳市南山区科技园１号"
  ])("%j", (text) => {
    expect(parse(text)).toEqual(zhangsan)
  })
})

describe("municipalities: the city is the division tables' stand-in", () => {
  it.each([
    ["北京市朝阳区建国路88号 李四 13900001111", { code: "11", name: "北京市" }, { code: "1101", name: "市辖区" }, { code: "110105", name: "朝阳区" }, "建国路88号"],
    ["北京 北京市 海淀区 颐和园路5号 李四 13900001111", { code: "11", name: "北京市" }, { code: "1101", name: "市辖区" }, { code: "110108", name: "海淀区" }, "颐和园路5号"],
    ["北京朝阳建国路88号 李四 13900001111", { code: "11", name: "北京市" }, { code: "1101", name: "市辖区" }, { code: "110105", name: "朝阳区" }, "建国路88号"],
    ["上海市市辖区浦东新区世纪大道100号 李四 13900001111", { code: "31", name: "上海市" }, { code: "3101", name: "市辖区" }, { code: "310115", name: "浦东新区" }, "世纪大道100号"],
    ["上海浦东世纪大道100号 李四 13900001111", { code: "31", name: "上海市" }, { code: "3101", name: "市辖区" }, { code: "310115", name: "浦东新区" }, "世纪大道100号"],
    ["重庆市渝中区解放碑1号 李四 13900001111", { code: "50", name: "重庆市" }, { code: "5001", name: "市辖区" }, { code: "500103", name: "渝中区" }, "解放碑1号"],
    ["重庆石柱县南宾街道1号 李四 13900001111", { code: "50", name: "重庆市" }, { code: "5002", name: "县" }, { code: "500240", name: "石柱土家族自治县" }, "南宾街道1号"]
  ])("%j", (text, province, city, county, detail) => {
    expect(parse(text)).toEqual({ name: "李四", phone: "13900001111", province, city, county, detail })
  })

  it("a municipality without a county still fills its only city", () => {
    expect(parse("北京市朝阳门内大街1号")).toMatchObject({ province: { name: "北京市" }, city: { name: "市辖区" }, county: undefined, detail: "朝阳门内大街1号" })
  })
})

describe("county-level cities and prefecture stand-ins", () => {
  it.each([
    ["湖北省仙桃市干河街道1号", "42", "4290", "429004", "干河街道1号"],
    ["仙桃市干河街道1号", "42", "4290", "429004", "干河街道1号"],
    ["江苏省苏州市昆山市玉山镇1号", "32", "3205", "320583", "玉山镇1号"],
    ["江苏昆山玉山镇1号", "32", "3205", "320583", "玉山镇1号"],
    ["昆山市玉山镇1号", "32", "3205", "320583", "玉山镇1号"],
    ["湖北省恩施市舞阳坝街道1号", "42", "4228", "422801", "舞阳坝街道1号"],
    ["湖北恩施州利川市1号", "42", "4228", "422802", "1号"],
    ["广东省东莞市南城街道1号", "44", "4419", "441900", "南城街道1号"],
    ["吉林省吉林市船营区1号", "22", "2202", "220204", "1号"],
    ["吉林市船营区1号", "22", "2202", "220204", "1号"],
    ["内蒙古呼和浩特市新城区1号", "15", "1501", "150102", "1号"],
    ["广西南宁青秀区民族大道1号", "45", "4501", "450103", "民族大道1号"]
  ])("%j", (text, province, city, county, detail) => {
    const parsed = parse(text)
    expect([parsed.province?.code, parsed.city?.code, parsed.county?.code, parsed.detail]).toEqual([province, city, county, detail])
  })
})

describe("what it does not guess", () => {
  it("a county name found in two cities, without province or city, stays in the detail", () => {
    expect(parse("朝阳区建国路88号")).toMatchObject({ province: undefined, city: undefined, county: undefined, detail: "朝阳区建国路88号" })
  })

  it("recognises only prefixes: a region inside a word is left alone", () => {
    expect(parse("科技园深圳大学 张三")).toMatchObject({ province: undefined, city: undefined, detail: "科技园深圳大学", name: "张三" })
    expect(parse("张三 13812345678 科技园1号")).toMatchObject({ name: "张三", province: undefined, detail: "科技园1号" })
  })

  it("a short name followed by a street word is the street", () => {
    expect(parse("广东深圳福田路1号")).toMatchObject({ city: { name: "深圳市" }, county: undefined, detail: "福田路1号" })
  })

  it("a phone that is not a mobile number is not taken as the phone", () => {
    expect(parse("张三 0755-12345678 广东省深圳市南山区科技园1号")).toMatchObject({ phone: "", name: "张三", detail: "科技园1号 0755-12345678" })
  })

  it("a labelled landline is kept as the phone, for the form's check to refuse", () => {
    expect(parse("联系电话：0755-12345678\n收货人：张三\n广东省深圳市南山区科技园1号")).toMatchObject({ phone: "075512345678", name: "张三", detail: "科技园1号" })
  })

  it("an empty or blank paste gives empty fields", () => {
    const empty = { name: "", phone: "", province: undefined, city: undefined, county: undefined, detail: "" }
    expect(parse("")).toEqual(empty)
    expect(parse(" \n，、 ")).toEqual(empty)
  })

  it("drops a labelled postcode", () => {
    expect(parse("张三 13812345678 广东省深圳市南山区科技园1号 邮编：518000")).toEqual(zhangsan)
  })
})

describe("never throws", () => {
  test.prop([fc.oneof(fc.string({ unit: "grapheme", maxLength: 120 }), fc.string({ unit: "binary", maxLength: 120 }))], { numRuns: 500 })("on any text", (text) => {
    const parsed = parse(text)
    expect(typeof parsed.name).toBe("string")
    expect(typeof parsed.phone).toBe("string")
    expect(typeof parsed.detail).toBe("string")
  })

  const pieces = fc.constantFrom("张三", "13812345678", "广东", "省", "深圳", "市", "南山", "区", "北京", "朝阳", "收货人:", "地址：", "，", " ", "\n", "1号", "+86", "-", "县", "市辖区")
  test.prop([fc.array(pieces, { maxLength: 16 }).map((ps) => ps.join(""))])("on text made of addressy pieces", (text) => {
    const parsed = parse(text)
    if (parsed.county) expect(parsed.county.code.startsWith(parsed.city?.code ?? "?")).toBe(true)
    if (parsed.city) expect(parsed.city.code.startsWith(parsed.province?.code ?? "?")).toBe(true)
    expect(parsed.phone === "" || /^\d+$/.test(parsed.phone)).toBe(true)
  })
})
