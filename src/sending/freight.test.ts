import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import {
  cashOnDeliveryRefusal, fenOfYuan, freightFor, gramsOfKg, insuranceFee, insuranceRefusal, parseTariffCsv, quoteFreight, freightDue, freightEntryRefusal,
  noPhotoQuestion, type TariffRow
} from "./freight"

const price = fc.integer({ min: 1, max: 5000 })
const grams = fc.integer({ min: 1, max: 100_000 })

describe("freight from the tariff", () => {
  it("charges the first kilogram, then each further started kilogram", () => {
    const row = { firstKg: 1200, extraKg: 500 }
    expect(freightFor(row, 1)).toBe(1200)
    expect(freightFor(row, 1000)).toBe(1200)
    expect(freightFor(row, 1001)).toBe(1700)
    expect(freightFor(row, 2000)).toBe(1700)
    expect(freightFor(row, 2001)).toBe(2200)
  })

  test.prop([price, fc.integer({ min: 0, max: 5000 }), grams])("equals first + extra × (started kilograms − 1)", (firstKg, extraKg, g) => {
    let kilograms = 0
    while (kilograms * 1000 < g) kilograms++
    expect(freightFor({ firstKg, extraKg }, g)).toBe(firstKg + (kilograms - 1) * extraKg)
  })

  test.prop([price, price, grams, grams])("never falls as the weight rises", (firstKg, extraKg, a, b) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a]
    expect(freightFor({ firstKg, extraKg }, lo)).toBeLessThanOrEqual(freightFor({ firstKg, extraKg }, hi))
  })

  const tariff: ReadonlyArray<TariffRow> = [
    { worksiteId: "w", companyCode: "SF", toProvinceCode: "44", firstKg: 1200, extraKg: 500 },
    { worksiteId: "w", companyCode: "SF", toProvinceCode: "11", firstKg: 2200, extraKg: 1000 },
    { worksiteId: "v", companyCode: "SF", toProvinceCode: "44", firstKg: 800, extraKg: 200 }
  ]

  it("quotes by worksite, carrier and destination province; otherwise the spec's failure message", () => {
    expect(quoteFreight(tariff, { worksiteId: "w", companyCode: "SF", toProvinceCode: "11", grams: 1500 })).toBe(3200)
    expect(quoteFreight(tariff, { worksiteId: "v", companyCode: "SF", toProvinceCode: "44", grams: 1500 })).toBe(1000)
    for (const q of [
      { worksiteId: "w", companyCode: "YTO", toProvinceCode: "44", grams: 1000 },
      { worksiteId: "w", companyCode: "SF", toProvinceCode: "31", grams: 1000 },
      { worksiteId: "w", companyCode: "SF", toProvinceCode: "44", grams: 0 },
      { worksiteId: "w", companyCode: "SF", toProvinceCode: "44", grams: 100_001 }
    ]) expect(quoteFreight(tariff, q)).toEqual(new RuleViolation({ message: "自动计算运费失败，请手动输入。" }))
  })
})

describe("insurance", () => {
  it("is 0.5 % rounded up to the fen, at least 1 yuan, nothing without a declared value", () => {
    expect(insuranceFee(0)).toBe(0)
    expect(insuranceFee(1)).toBe(100)
    expect(insuranceFee(20_000)).toBe(100)
    expect(insuranceFee(20_001)).toBe(101)
    expect(insuranceFee(30_000)).toBe(150)
    expect(insuranceFee(100_000)).toBe(500)
  })

  test.prop([fc.integer({ min: 1, max: 100_000 })])("is the least fen covering value × 0.5 %, and at least 100", (v) => {
    const fee = insuranceFee(v)
    expect(fee).toBeGreaterThanOrEqual(100)
    if (fee > 100) {
      expect(fee * 200).toBeGreaterThanOrEqual(v)
      expect((fee - 1) * 200).toBeLessThan(v)
    } else expect(v).toBeLessThanOrEqual(20_000)
  })

  test.prop([fc.integer({ min: 1, max: 10_000_000 })])("declared values above 1000 yuan are refused, up to it accepted", (v) => {
    expect(insuranceRefusal(v)?.message).toBe(v > 100_000 ? "保价金额不能超过1000元" : undefined)
  })
})

describe("cash on delivery", () => {
  const policy = { carrierCode: "SF" }
  it("only for the configured carrier and only where the worksite allows it", () => {
    expect(cashOnDeliveryRefusal(policy, { daofuAble: true }, "SF")).toBeUndefined()
    expect(cashOnDeliveryRefusal(policy, { daofuAble: true }, "YTO")?.message).toBe("该快递公司不支持到付")
    expect(cashOnDeliveryRefusal(policy, { daofuAble: false }, "SF")?.message).toBe("本网点暂未开通到付")
  })
})

describe("what the sender pays", () => {
  it("is the freight and the insurance fee; no freight yet is the insurance fee alone", () => {
    expect(freightDue({ freight: 1500, insureFreight: 200 })).toBe(1700)
    expect(freightDue({ freight: null, insureFreight: 200 })).toBe(200)
    expect(freightDue({ freight: 900, insureFreight: 0 })).toBe(900)
  })
})

describe("freight entry", () => {
  const full = { companyId: "c", grams: 1200, freight: 1500, photos: 1 }
  const runnerEntryCheck = (e: Parameters<typeof freightEntryRefusal>[0]) => freightEntryRefusal(e, "runner")?.message
  const staffEntryProblem = (e: Parameters<typeof freightEntryRefusal>[0]) => freightEntryRefusal(e, "staff")?.message
  it("runner: company, weight, freight in that order; cash on delivery needs only the company", () => {
    expect(runnerEntryCheck({})).toBe("请选择快递公司")
    expect(runnerEntryCheck({ companyId: "c" })).toBe("请输入计费重量")
    expect(runnerEntryCheck({ companyId: "c", grams: 1200 })).toBe("请输入运费")
    expect(runnerEntryCheck({ companyId: "c", isDaofu: true, photos: 1 })).toBeUndefined()
    expect(runnerEntryCheck(full)).toBeUndefined()
    expect(freightEntryRefusal({}, "runner")).toMatchObject({ _tag: "RuleViolation", status: 400 })
  })

  it("runner: no photo asks first, one photo at most", () => {
    expect(noPhotoQuestion({ ...full, photos: 0 })).toBe("确定不用上传照片？")
    expect(noPhotoQuestion(full)).toBeUndefined()
    expect(runnerEntryCheck({ ...full, photos: 0 })).toBeUndefined()
    expect(runnerEntryCheck({ ...full, photos: 2 })).toBe("最多只能上传1张图片")
    expect(staffEntryProblem({ ...full, photos: 2 })).toBeUndefined()
  })

  it("staff: '点击计费或手动输入运费' when no freight; typing errors refused", () => {
    expect(staffEntryProblem({ companyId: "c", grams: 1200 })).toBe("点击计费或手动输入运费")
    expect(staffEntryProblem({ grams: 1200, freight: 5 })).toBe("请选择快递公司")
    expect(staffEntryProblem({ companyId: "c", freight: 5 })).toBe("请输入计费重量")
    expect(staffEntryProblem(full)).toBeUndefined()
    expect(staffEntryProblem({ ...full, freight: 100_001 })).toBe("运费不能超过1000元")
    expect(staffEntryProblem({ ...full, freight: 12.5 })).toBe("运费不能超过1000元")
    expect(staffEntryProblem({ ...full, grams: 100_001 })).toBe("计费重量不能超过100公斤")
    expect(staffEntryProblem({ companyId: "c", isDaofu: true })).toBeUndefined()
  })
})

describe("the tariff CSV", () => {
  it("reads rows with yuan prices into fen", () => {
    const csv = "\uFEFFworksiteId,companyCode,toProvinceCode,firstKg,extraKg\r\n# 广东\r\nws-xiyuan,SF,44,12,5.5\n\nws-xiyuan,SF,11,22.00,10\n"
    expect(parseTariffCsv(csv)).toEqual({
      rows: [
        { worksiteId: "ws-xiyuan", companyCode: "SF", toProvinceCode: "44", firstKg: 1200, extraKg: 550 },
        { worksiteId: "ws-xiyuan", companyCode: "SF", toProvinceCode: "11", firstKg: 2200, extraKg: 1000 }
      ]
    })
  })

  it("names every bad line", () => {
    const csv = [
      "worksiteId,companyCode,toProvinceCode,firstKg,extraKg",
      "w,SF,44,12,5",
      "w,SF,44,13,5",
      "w,SF,4,12,5",
      "w,SF,31,abc,5",
      "w,SF,32,12",
      "w,SF,33,0,5",
      "w,SF,34,12,5.123",
      ",SF,35,12,5"
    ].join("\n")
    expect(parseTariffCsv(csv)).toEqual({
      errors: [
        { line: 3, message: "与第2行重复" },
        { line: 4, message: "省份编码不正确：4" },
        { line: 5, message: "首重价格不正确：abc" },
        { line: 6, message: "应有5列，实有4列" },
        { line: 7, message: "首重价格不正确：0" },
        { line: 8, message: "续重价格不正确：5.123" },
        { line: 9, message: "网点和快递公司不能为空" }
      ]
    })
  })

  it("wants its header and some content", () => {
    expect(parseTariffCsv("a,b\nw,SF,44,1,1")).toMatchObject({ errors: [{ line: 1 }] })
    expect(parseTariffCsv("\n# nothing\n")).toEqual({ errors: [{ line: 1, message: "文件为空" }] })
  })

  test.prop([fc.array(fc.record({ ws: fc.constantFrom("a", "b"), c: fc.constantFrom("SF", "YTO"), p: fc.constantFrom("11", "44"), f: fc.integer({ min: 1, max: 99_999 }), e: fc.integer({ min: 0, max: 99_999 }) }), { maxLength: 8 })])(
    "rows written out as yuan read back as the same fen (duplicates reported instead)",
    (rows) => {
      const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`
      const csv = ["worksiteId,companyCode,toProvinceCode,firstKg,extraKg", ...rows.map((r) => [r.ws, r.c, r.p, yuan(r.f), yuan(r.e)].join(","))].join("\n")
      const keys = rows.map((r) => `${r.ws}/${r.c}/${r.p}`)
      const parsed = parseTariffCsv(csv)
      if (new Set(keys).size < keys.length) expect(parsed).toHaveProperty("errors")
      else expect(parsed).toEqual({ rows: rows.map((r) => ({ worksiteId: r.ws, companyCode: r.c, toProvinceCode: r.p, firstKg: r.f, extraKg: r.e })) })
    }
  )

  it("reads yuan as typed", () => {
    expect(fenOfYuan("12")).toBe(1200)
    expect(fenOfYuan("12.5")).toBe(1250)
    expect(fenOfYuan("0.05")).toBe(5)
    expect(fenOfYuan("-1")).toBeUndefined()
    expect(fenOfYuan("1e3")).toBeUndefined()
  })

  it("reads kilograms as typed, to whole grams", () => {
    expect(gramsOfKg("2.3")).toBe(2300)
    expect(gramsOfKg(" 1 ")).toBe(1000)
    expect(gramsOfKg("0.0004")).toBe(0)
    for (const bad of ["", "  ", "0", "-1", "abc", "Infinity"]) expect(gramsOfKg(bad), bad).toBeUndefined()
  })
})
