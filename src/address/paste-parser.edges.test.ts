/** The paste parser's edges: where a phone, a name, a postcode and a region start and stop. */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { parseAddressBlock } from "./paste-parser"
import { sampleRegions } from "./region.testkit"

const regions = sampleRegions()
const parse = (text: string) => parseAddressBlock(text, regions)

const shenzhen = { province: { code: "44", name: "广东省" }, city: { code: "4403", name: "深圳市" }, county: { code: "440305", name: "南山区" } }

describe("the phone", () => {
  it("a labelled number of five digits or more is the phone, a shorter one is dropped", () => {
    expect(parse("联系电话：0755-1234 广东省深圳市南山区科技园1号")).toEqual({ name: "", phone: "07551234", ...shenzhen, detail: "科技园1号" })
    expect(parse("电话：1234 张三 广东省深圳市南山区科技园1号")).toEqual({ name: "张三", phone: "", ...shenzhen, detail: "科技园1号" })
  })

  it("a mobile number wins over a labelled landline, which leaves the detail", () => {
    expect(parse("张三 13812345678 电话：0755-12345678 广东省深圳市南山区科技园1号")).toEqual({
      name: "张三",
      phone: "13812345678",
      ...shenzhen,
      detail: "科技园1号"
    })
  })

  it.each(["0755-12345678转8", "座机0755-1234"])("a labelled number with other characters is no phone and stays in the detail: %s", (written) => {
    expect(parse(`张三 联系电话：${written} 广东省深圳市南山区科技园1号`)).toEqual({ name: "张三", phone: "", ...shenzhen, detail: `科技园1号 ${written}` })
  })

  it("a phone label followed by words is not a phone, and those words are not the name", () => {
    expect(parse("广东省深圳市南山区科技园1号 手机：保密")).toEqual({ name: "", phone: "", ...shenzhen, detail: "科技园1号 保密" })
  })
})

describe("input that is not text", () => {
  it("a missing paste gives empty fields", () => {
    const empty = { name: "", phone: "", province: undefined, city: undefined, county: undefined, detail: "" }
    expect(parseAddressBlock(undefined as unknown as string, regions)).toEqual(empty)
    expect(parseAddressBlock(null as unknown as string, regions)).toEqual(empty)
  })

  it("old Mac and Windows line ends separate lines like newlines", () => {
    expect(parse("收货人：张三\r手机号码：13812345678\r\n所在地区：广东省深圳市南山区\r\n详细地址：科技园1号")).toEqual({
      name: "张三",
      phone: "13812345678",
      ...shenzhen,
      detail: "科技园1号"
    })
  })
})

describe("the name without a region", () => {
  it("is two to four Chinese characters", () => {
    expect(parse("13812345678 王小明 科技园1号")).toMatchObject({ name: "王小明", detail: "科技园1号" })
    expect(parse("13812345678 欧阳小明 科技园1号")).toMatchObject({ name: "欧阳小明", detail: "科技园1号" })
    expect(parse("13812345678 王 科技园1号")).toMatchObject({ name: "", detail: "王 科技园1号" })
    expect(parse("13812345678 王小明同学 科技园1号")).toMatchObject({ name: "", detail: "王小明同学 科技园1号" })
  })

  it("or Chinese parts joined by a middle dot, never a dot at either end", () => {
    expect(parse("艾力•买买提 科技园1号")).toMatchObject({ name: "艾力•买买提", detail: "科技园1号" })
    expect(parse("科技园1号 阿卜杜·热合曼·艾力")).toMatchObject({ name: "阿卜杜·热合曼·艾力", detail: "科技园1号" })
    expect(parse("·艾力 科技园1号")).toMatchObject({ name: "", detail: "·艾力 科技园1号" })
    expect(parse("艾力· 科技园1号")).toMatchObject({ name: "", detail: "艾力· 科技园1号" })
  })

  it("or Latin letters, starting with a letter", () => {
    expect(parse("Tom 科技园1号")).toMatchObject({ name: "Tom", detail: "科技园1号" })
    expect(parse("科技园1号 Mary-Jane")).toMatchObject({ name: "Mary-Jane", detail: "科技园1号" })
    expect(parse("J.Smith 科技园1号")).toMatchObject({ name: "J.Smith", detail: "科技园1号" })
    expect(parse("A1 科技园1号")).toMatchObject({ name: "", detail: "A1 科技园1号" })
    expect(parse("3M 科技园1号")).toMatchObject({ name: "", detail: "3M 科技园1号" })
  })

  it("a Latin name typed with several spaces comes back with one", () => {
    expect(parse("tom   lee 13812345678 广东省深圳市南山区科技园1号")).toMatchObject({ name: "tom lee", phone: "13812345678", detail: "科技园1号" })
  })

  it("never a word of an address line", () => {
    expect(parse("地址：科技园1号 和平里\n13812345678 张三")).toMatchObject({ name: "张三", detail: "科技园1号 和平里" })
    expect(parse("详细地址：和平里\n13812345678")).toMatchObject({ name: "", detail: "和平里" })
  })

  it("the first word that reads as a name, skipping places", () => {
    expect(parse("科技园1号 张村 李四 王五")).toMatchObject({ name: "李四", detail: "科技园1号 张村 王五" })
  })
})

describe("the name around a region", () => {
  it("a word before the address that is no place and has no digit is the name, up to 20 characters", () => {
    expect(parse("张三丰老师 13812345678 广东省深圳市南山区科技园1号")).toEqual({ name: "张三丰老师", phone: "13812345678", ...shenzhen, detail: "科技园1号" })
    const twenty = "某某某某某某某某某某某某某某某某某某某某"
    expect(parse(`${twenty} 广东省深圳市南山区科技园1号`)).toMatchObject({ name: twenty, detail: "科技园1号" })
    expect(parse(`${twenty}某 广东省深圳市南山区科技园1号`)).toMatchObject({ name: "", detail: `科技园1号 ${twenty}某` })
  })

  it("a name-shaped word before the address wins over an earlier other word", () => {
    expect(parse("亲爱的老同学 张三 广东省深圳市南山区科技园1号")).toMatchObject({ name: "张三", detail: "科技园1号 亲爱的老同学" })
  })

  it("a word with a digit before the address is detail, the name then comes after", () => {
    expect(parse("B1 广东省深圳市南山区科技园1号 张三")).toMatchObject({ name: "张三", detail: "科技园1号 B1" })
  })

  it("a place word before the address is not the name", () => {
    expect(parse("南山小区 广东省深圳市南山区科技园1号")).toMatchObject({ name: "", detail: "科技园1号 南山小区" })
  })

  it("after the address, the last name-shaped word is the name when detail is left", () => {
    expect(parse("广东省深圳市南山区 科技园1号 李四")).toMatchObject({ name: "李四", detail: "科技园1号" })
    expect(parse("广东省深圳市南山区 和平里 李四 13812345678")).toMatchObject({ name: "李四", detail: "和平里" })
  })

  it("a lone word after a bare region, with no phone, stays the detail: it may be the street", () => {
    expect(parse("广东省深圳市南山区 和平里")).toEqual({ name: "", phone: "", ...shenzhen, detail: "和平里" })
  })

  it("a labelled name that is also a place name stays the name", () => {
    expect(parse("收货人：吉林\n地址：深圳 科技园1号")).toEqual({
      name: "吉林",
      phone: "",
      province: { code: "44", name: "广东省" },
      city: { code: "4403", name: "深圳市" },
      county: undefined,
      detail: "科技园1号"
    })
    expect(parse("所在地区：吉林省\n收货人：吉林\n手机号码：13812345678")).toEqual({
      name: "吉林",
      phone: "13812345678",
      province: { code: "22", name: "吉林省" },
      city: undefined,
      county: undefined,
      detail: ""
    })
  })
})

describe("the postcode", () => {
  it("a labelled six-digit postcode is dropped even when no region is found", () => {
    expect(parse("张三 13812345678 科技园1号 邮编：518000")).toEqual({
      name: "张三",
      phone: "13812345678",
      province: undefined,
      city: undefined,
      county: undefined,
      detail: "科技园1号"
    })
  })

  it.each(["518000A", "A518000"])("a labelled postcode with other characters stays in the detail: %s", (written) => {
    expect(parse(`张三 邮编：${written} 广东省深圳市南山区科技园1号`)).toMatchObject({ name: "张三", ...shenzhen, detail: `科技园1号 ${written}` })
  })

  it("a number that is not six digits is no postcode and stays in the detail", () => {
    expect(parse("张三 13812345678 广东省深圳市南山区科技园1号 邮编：51800")).toMatchObject({ detail: "科技园1号 51800" })
    expect(parse("张三 13812345678 广东省深圳市南山区科技园1号 5180001")).toMatchObject({ detail: "科技园1号 5180001" })
    expect(parse("张三 13812345678 广东省深圳市南山区科技园1号 B518000")).toMatchObject({ detail: "科技园1号 B518000" })
    expect(parse("张三 13812345678 广东省深圳市南山区科技园1号 518000B")).toMatchObject({ detail: "科技园1号 518000B" })
  })
})

describe("single-character region names", () => {
  it("the stand-in '县' is read only as a word of its own", () => {
    expect(parse("重庆市 县 城口县 1号")).toMatchObject({ city: { code: "5002", name: "县" }, county: { code: "500229", name: "城口县" }, detail: "1号" })
    expect(parse("重庆市 县")).toMatchObject({ province: { code: "50" }, city: { code: "5002", name: "县" }, county: undefined, detail: "" })
    expect(parse("重庆市县城路1号")).toMatchObject({ province: { code: "50" }, city: undefined, county: undefined, detail: "县城路1号" })
  })
})

describe("properties", () => {
  /** Characters of given names: none of them ends an address word. */
  const nameChar = fc.constantFrom(..."王李张刘陈杨赵周吴徐孙朱胡郭何罗郑谢伟芳娜敏静丽强磊洋艳勇杰娟涛超秀英晓思远子涵雨桐浩然")

  test.prop([fc.array(nameChar, { minLength: 1, maxLength: 7 }).map((cs) => cs.join(""))])(
    "without a region, a word of Chinese characters is the name exactly when it has two to four of them",
    (word) => {
      const parsed = parse(`13812345678 ${word} 科技园1号`)
      const isName = word.length >= 2 && word.length <= 4
      expect(parsed.name).toBe(isName ? word : "")
      expect(parsed.detail).toBe(isName ? "科技园1号" : `${word} 科技园1号`)
    }
  )

  test.prop([fc.stringMatching(/^\d{1,12}$/), fc.constantFrom("电话", "联系电话", "手机号码", "联系方式")])(
    "a labelled number is the phone from five digits on, and never stays in the detail",
    (digits, label) => {
      fc.pre(!/^1[3-9]\d{9}$/.test(digits))
      const parsed = parse(`张三 ${label}：${digits} 广东省深圳市南山区科技园1号`)
      expect(parsed.phone).toBe(digits.length >= 5 ? digits : "")
      expect(parsed.detail).toBe("科技园1号")
    }
  )

  test.prop([fc.stringMatching(/^\d{4,8}$/), fc.boolean()])(
    "once a region is found, an unlabelled number is dropped as the postcode exactly when it has six digits",
    (digits, first) => {
      const text = first ? `${digits} 张三 广东省深圳市南山区科技园1号` : `张三 广东省深圳市南山区科技园1号 ${digits}`
      const parsed = parse(text)
      expect(parsed.name).toBe("张三")
      expect(parsed.detail).toBe(digits.length === 6 ? "科技园1号" : `科技园1号 ${digits}`)
    }
  )
})

describe("region readings", () => {
  it("a full county name stays the county even when a street word follows it", () => {
    expect(parse("广东省深圳市南山区街道办1号")).toMatchObject({ ...shenzhen, detail: "街道办1号" })
    expect(parse("深圳南山区街道办1号")).toMatchObject({ ...shenzhen, detail: "街道办1号" })
  })

  it.each(["广东路1号", "北京路1号", "吉林路5号", "深圳路1号"])("a province or city short name before a street word is the street: %s", (street) => {
    expect(parse(`${street} 张三 13812345678`)).toEqual({ name: "张三", phone: "13812345678", province: undefined, city: undefined, county: undefined, detail: street })
    expect(parse(`上海市${street}`)).toMatchObject({ province: { code: "31" }, county: undefined, detail: street })
  })

  it.each(["北京 北京路1号", "北京市北京路1号", "北京市 北京路1号"])("a street named after its municipality is not the municipality named twice: %s", (text) => {
    expect(parse(text)).toMatchObject({ province: { code: "11" }, city: { code: "1101" }, county: undefined, detail: "北京路1号" })
  })

  it("a short county name before a street word is the street", () => {
    expect(parse("广东深圳南山路1号")).toMatchObject({ city: { code: "4403" }, county: undefined, detail: "南山路1号" })
  })

  it("a province alone fills no city or county", () => {
    expect(parse("广东省科技园1号")).toMatchObject({ province: { code: "44" }, city: undefined, county: undefined, detail: "科技园1号" })
  })

  it("a short county name with nothing before it is not a region", () => {
    expect(parse("南山科技园1号")).toMatchObject({ province: undefined, city: undefined, county: undefined, detail: "南山科技园1号" })
  })

  it.each(["北京 北京市 朝阳区", "北京市 北京 朝阳区", "北京北京朝阳", "北京市朝阳"])("a municipality named twice: %s", (text) => {
    expect(parse(`${text} 建国路88号`)).toMatchObject({
      province: { code: "11" },
      city: { code: "1101", name: "市辖区" },
      county: { code: "110105", name: "朝阳区" },
      detail: "建国路88号"
    })
  })

  it("a city that is its own county fills both", () => {
    expect(parse("广东 东莞 南城街道1号")).toMatchObject({ city: { code: "4419" }, county: { code: "441900" }, detail: "南城街道1号" })
    expect(parse("东莞市东莞市1号")).toMatchObject({ city: { code: "4419" }, county: { code: "441900" }, detail: "1号" })
  })
})
