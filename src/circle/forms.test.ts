import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import type { RuleViolation } from "../shared/errors"
import { BIZ_TYPES, type BizType, type FeeType, type Show } from "./codes"
import {
  circleMessages as M, confessionFormRefusal, marketFormRefusal, messageFormRefusal, newTagRefusal, quantityOf, tagsOf, teammateFormRefusal,
  type ConfessionForm, type MarketForm, type MessageForm, type TeammateForm
} from "./forms"

/**
 * A way to change one field, and the message it must give when it is the earliest broken field; a change with no
 * message is one the form must accept (a blank chat account when the skill shows the phone).
 */
type Break<F> = readonly [field: keyof F, value: unknown, message: string | undefined]

const pic = { _id: "p1", url: "https://img.example/sign/20261120/a.jpg" }
const many = (n: number) => Array.from({ length: n }, () => pic)
const chars = (n: number) => "字".repeat(n)

/**
 * For a valid form and its breaks in the order the spec checks them: break a random subset of fields (one way each,
 * a quarter of the fields on average, so later checks are reached),
 * and the check answers the message of the earliest break, or nothing when none was picked.
 */
const breaking = <F extends object>(valid: F, breaks: ReadonlyArray<Break<F>>) => {
  const fields = [...new Set(breaks.map(([f]) => f))]
  return fc
    .tuple(...fields.map((f) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...breaks.filter(([g]) => g === f)) })))
    .map((picked) => {
      const chosen = picked.filter((b) => b !== undefined)
      const form = Object.fromEntries([...Object.entries(valid), ...chosen.map(([f, v]) => [f, v])]) as F
      const first = breaks.find((b) => chosen.includes(b) && b[2] !== undefined)
      return { form, expected: first?.[2], broken: chosen.map(([f, v]) => `${String(f)}=${JSON.stringify(v)}`) }
    })
}

interface Scenario {
  readonly bizType: BizType
  readonly book: boolean
  readonly feeType: FeeType
  readonly show: Show
}

const validMarket = (s: Scenario): MarketForm => ({
  bizType: s.bizType,
  goodsType: s.bizType === 70 ? -1 : s.book ? 10 : 30,
  major: "计算机学院", class: 2, title: "高等数学 上册", sum: "1", level: 90, pics: many(2), feeType: s.feeType, price: "12.5", cost: "30",
  phone: "13800000000", wxNo: "wx_abc", show: s.show, remark: "九成新，无笔记", demand: "当面交易"
})

/** Spec 002 §5 "Circle form (checked in this order)", written out per kind of item, then §9's limits. */
const marketBreaks = (s: Scenario): ReadonlyArray<Break<MarketForm>> => {
  const buy = s.bizType === 10
  const sell = s.bizType === 20
  const book = s.book && (buy || sell)
  const rent = s.bizType >= 30 && s.bizType <= 60
  const friendly = s.feeType === 1
  return [
    ...(book ? [["major", " ", "请选择适用的院系"], ["class", null, "请选择适用的年级"], ["class", 11, "请选择适用的年级"],
      ["title", "", buy ? "请输入想买的书籍" : "请输入出售的书籍"], ["sum", "0", buy ? "请输入想买的数量" : "请输入数量"]] as const : []),
    ...(!book && (buy || sell) ? [["goodsType", null, "请选择物品类别"], ["title", "  ", "请输入物品名称"],
      ["sum", "abc", buy ? "请输入想买的数量" : "请输入数量"], ["sum", "", buy ? "请输入想买的数量" : "请输入数量"]] as const : []),
    ...(sell ? [["level", 95, book ? "请选择书籍成色" : "请选择物品成色"], ["pics", [], "请至少上传一张图片"],
      ...(friendly ? [["cost", "", "请输入售价和原价"], ["price", "", "请输入售价和原价"]] as const : []), ["cost", "-3", "原价必须>=0"], ["cost", "1.005", "原价必须>=0"]] as const : []),
    ...(rent ? [["goodsType", 15, "请选择物品类别"], ["title", "", "请输入想租的物品"], ["sum", "1.5", "请输入数量"]] as const : []),
    ...(friendly ? [["price", sell ? "-5" : "", "友情价必填且>=0"], ["price", "1.234", "友情价必填且>=0"]] as const : []),
    ["phone", "12345", "请输入正确手机号码"],
    ...(s.bizType === 70 ? [["title", "", "请输入您的技能"],
      ...(s.show === 1 ? [["wxNo", "", undefined]] as const : [["wxNo", "", "请输入微信账号"]] as const)] as const : []),
    ...(s.bizType !== 70 ? [["wxNo", "", undefined], ["show", 2, undefined]] as const : []),
    ...(s.feeType === 2 ? [["price", "", undefined], ["price", "免费", undefined]] as const : []),
    ...(s.feeType === 2 && sell ? [["cost", "", undefined]] as const : []),
    ...(!book ? [["major", "", undefined], ["class", null, undefined]] as const : []),
    ...(!sell ? [["level", null, undefined], ["pics", [], undefined], ["cost", "-3", undefined]] as const : []),
    ["pics", many(10), "最多只能上传9张图片"],
    ["title", chars(33), "标题不能超过32个字"],
    ["remark", chars(101), "备注不能超过100个字"],
    ["demand", chars(21), "要求不能超过20个字"],
    ["wxNo", chars(21), "微信账号不能超过20个字"]
  ]
}

const scenario = fc.record({
  bizType: fc.constantFrom(...BIZ_TYPES), book: fc.boolean(), feeType: fc.constantFrom<FeeType>(1, 2), show: fc.constantFrom<Show>(1, 2)
})

const messageOf = (refusal: RuleViolation | undefined) => refusal?.message

describe("the market item form", () => {
  test.prop([scenario.chain((s) => breaking(validMarket(s), marketBreaks(s)))], { numRuns: 2000 })(
    "answers the message of the earliest broken field, in the spec's order",
    ({ form, expected, broken }) => {
      expect(messageOf(marketFormRefusal(form)), broken.join(" ")).toBe(expected)
    }
  )

  it("walks a book for sale through every message, fixing one at a time", () => {
    let form: MarketForm = { bizType: 20, goodsType: 10, feeType: 1, show: 1, price: "-1", cost: "-2", phone: "138", wxNo: "" }
    const fixes: ReadonlyArray<readonly [string, Partial<MarketForm>]> = [
      ["请选择适用的院系", { major: "数学系" }], ["请选择适用的年级", { class: 0 }], ["请输入出售的书籍", { title: "线性代数" }],
      ["请输入数量", { sum: "-1" }], ["请选择书籍成色", { level: 100 }], ["请至少上传一张图片", { pics: [pic] }], ["原价必须>=0", { cost: "0" }],
      ["友情价必填且>=0", { price: "0" }], ["请输入正确手机号码", { phone: "13900000000" }]
    ]
    for (const [message, fix] of fixes) {
      expect(messageOf(marketFormRefusal(form))).toBe(message)
      form = { ...form, ...fix }
    }
    expect(marketFormRefusal(form)).toBeUndefined()
  })

  it("asks for a phone or a chat account when both are blank, and a free item needs no price", () => {
    const base = validMarket({ bizType: 10, book: false, feeType: 2, show: 1 })
    expect(messageOf(marketFormRefusal({ ...base, phone: " ", wxNo: "" }))).toBe("请输入您的手机号码或微信号")
    expect(marketFormRefusal({ ...base, phone: "", price: "", cost: "" })).toBeUndefined()
    expect(messageOf(marketFormRefusal({ ...base, bizType: 70, phone: "", wxNo: "", title: "" }))).toBe("请输入您的手机号码或微信号")
    expect(marketFormRefusal({ ...base, phone: "" })).toBeUndefined()
    // a skill shown by phone needs the phone even with a chat account; shown by chat account, the phone may be blank
    expect(messageOf(marketFormRefusal({ ...base, bizType: 70, show: 1, phone: "", wxNo: "wx" }))).toBe("请输入正确手机号码")
    expect(marketFormRefusal({ ...base, bizType: 70, show: 2, phone: "", wxNo: "wx" })).toBeUndefined()
  })

  it("reads a quantity from 1, or −1 for no limit", () => {
    expect(["1", " 20 ", "-1", "0", "-2", "01", "1.0", "", "1e3", "1".repeat(16)].map(quantityOf)).toEqual([1, 20, -1, undefined, undefined, undefined, undefined, undefined, undefined, undefined])
    // the most the item's integer column holds in 9 digits, and no more
    expect(["999999999", "1000000000", "2147483648"].map(quantityOf)).toEqual([999_999_999, undefined, undefined])
  })
})

const validTeammate: TeammateForm = {
  nickname: "小王", sex: 1, wxNo: "wx123", motto: "热爱生活", flags: ["篮球", "摄影"], header: "https://img.example/sign/20261120/h.jpg", pics: [pic.url]
}
const teammateBreaks: ReadonlyArray<Break<TeammateForm>> = [
  ["nickname", " ", "TA的昵称不能为空"],
  ["sex", -1, "请选择TA的性别"], ["sex", null, "请选择TA的性别"],
  ["wxNo", "", "请输入微信账号"],
  ["motto", "好", "座右铭长度不能小于2"], ["motto", " 好 ", "座右铭长度不能小于2"],
  ["flags", ["篮球"], "请至少添加2个标签"], ["flags", ["篮球", " "], "请至少添加2个标签"],
  ["flags", ["篮球", "九个字的一个长标签"], "标签不能超过8个字"],
  ["flags", ["篮球", " 篮球"], "该标签已存在"],
  ["header", "", "请上传TA的头像"],
  ["pics", [], "请至少上传一张图片"], ["pics", many(10), "最多只能上传9张图片"],
  ["nickname", chars(11), "TA的昵称不能超过10个字"],
  ["wxNo", chars(21), "微信账号不能超过20个字"],
  ["motto", chars(101), "座右铭不能超过100个字"]
]

const validConfession: ConfessionForm = { nickname: "小李", sex: 0, word: "喜欢你很久了", header: "https://img.example/sign/20261120/h.jpg", pics: [] }
const confessionBreaks: ReadonlyArray<Break<ConfessionForm>> = [
  ["nickname", "", "TA的昵称不能为空"],
  ["sex", -1, "请选择TA的性别"], ["sex", 2, "请选择TA的性别"],
  ["word", "爱", "表白宣言长度不能小于2"],
  ["header", undefined, "请上传TA的头像"],
  ["pics", many(10), "最多只能上传9张图片"],
  ["nickname", chars(11), "TA的昵称不能超过10个字"],
  ["word", chars(201), "表白宣言不能超过200个字"]
]

const validMessage: MessageForm = { motto: "😀😀", word: "大家好", pics: many(9) }
const messageBreaks: ReadonlyArray<Break<MessageForm>> = [
  ["motto", "", "座右铭长度不能小于2"], ["motto", "😀", "座右铭长度不能小于2"],
  ["word", " 嗨 ", "留言长度不能小于2"],
  ["pics", many(10), "最多只能上传9张图片"],
  ["motto", chars(101), "座右铭不能超过100个字"],
  ["word", chars(201), "留言不能超过200个字"]
]

describe("the social forms", () => {
  test.prop([breaking(validTeammate, teammateBreaks)])("sell-a-teammate answers its earliest broken field", ({ form, expected, broken }) => {
    expect(messageOf(teammateFormRefusal(form)), broken.join(" ")).toBe(expected)
  })

  test.prop([breaking(validConfession, confessionBreaks)])("a confession answers its earliest broken field", ({ form, expected, broken }) => {
    expect(messageOf(confessionFormRefusal(form)), broken.join(" ")).toBe(expected)
  })

  test.prop([breaking(validMessage, messageBreaks)])("a message answers its earliest broken field", ({ form, expected, broken }) => {
    expect(messageOf(messageFormRefusal(form)), broken.join(" ")).toBe(expected)
  })

  it("refuses an empty form with the spec's first message", () => {
    expect(messageOf(teammateFormRefusal({}))).toBe("TA的昵称不能为空")
    expect(messageOf(confessionFormRefusal({}))).toBe("TA的昵称不能为空")
    expect(messageOf(messageFormRefusal({}))).toBe("座右铭长度不能小于2")
  })

  it("adds a tag only when it is new, not blank and at most 8 characters", () => {
    expect(messageOf(newTagRefusal(["篮球"], " 篮球 "))).toBe("该标签已存在")
    expect(messageOf(newTagRefusal([], "  "))).toBe("请输入标签")
    expect(messageOf(newTagRefusal([], "九个字的一个长标签"))).toBe("标签不能超过8个字")
    expect(newTagRefusal(["篮球"], "八个字的一个标签")).toBeUndefined()
    expect(tagsOf([" a ", "", "b"])).toEqual(["a", "b"])
  })
})
