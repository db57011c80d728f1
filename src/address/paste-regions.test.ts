/** How the paste parser reads the names people write for regions: short forms, autonomous names, stand-ins, names inside names. */
import { describe, expect, it } from "vitest"
import { parseAddressBlock } from "./paste-parser"
import { buildRegionIndex } from "./region"

/** Real divisions (national codes) with the naming patterns the parser has to handle. */
const provinces: ReadonlyArray<readonly [string, string]> = [
  ["13", "河北省"], ["15", "内蒙古自治区"], ["23", "黑龙江省"], ["42", "湖北省"], ["43", "湖南省"], ["65", "新疆维吾尔自治区"], ["81", "香港特别行政区"]
]
const cities: ReadonlyArray<readonly [string, string]> = [
  ["1301", "石家庄市"], ["1302", "唐山市"], ["1507", "呼伦贝尔市"], ["1522", "兴安盟"], ["2327", "大兴安岭地区"], ["4290", "省直辖县级行政区划"],
  ["4312", "怀化市"], ["6528", "巴音郭楞蒙古自治州"], ["6540", "伊犁哈萨克自治州"], ["8101", "香港岛"]
]
const counties: ReadonlyArray<readonly [string, string]> = [
  ["130102", "长安区"], ["130202", "路南区"], ["130203", "路北区"], ["130272", "唐山市汉沽管理区"], ["150702", "海拉尔区"],
  ["150722", "莫力达瓦达斡尔族自治旗"], ["150723", "鄂伦春自治旗"], ["152201", "乌兰浩特市"], ["232701", "漠河市"], ["429021", "神农架林区"],
  ["431202", "鹤城区"], ["431271", "怀化市洪江管理区"], ["431281", "洪江市"], ["652801", "库尔勒市"], ["652826", "焉耆回族自治县"],
  ["654002", "伊宁市"], ["654021", "伊宁县"], ["654022", "察布查尔锡伯自治县"], ["810101", "中西区"]
]
const regions = buildRegionIndex({
  provinces: provinces.map(([code, name]) => ({ code, name })),
  cities: cities.map(([code, name]) => ({ code, name, provinceCode: code.slice(0, 2) })),
  counties: counties.map(([code, name]) => ({ code, name, cityCode: code.slice(0, 4), provinceCode: code.slice(0, 2) }))
})

/** Province, city and county names found, then the detail. */
const read = (text: string) => {
  const parsed = parseAddressBlock(text, regions)
  return [parsed.province?.name, parsed.city?.name, parsed.county?.name, parsed.detail]
}

describe("autonomous regions are written without their peoples", () => {
  it.each([
    ["新疆伊犁州伊宁市1号", "新疆维吾尔自治区", "伊犁哈萨克自治州", "伊宁市"],
    ["新疆伊犁伊宁市1号", "新疆维吾尔自治区", "伊犁哈萨克自治州", "伊宁市"],
    ["新疆巴音郭楞库尔勒市1号", "新疆维吾尔自治区", "巴音郭楞蒙古自治州", "库尔勒市"],
    ["新疆察布查尔县1号", "新疆维吾尔自治区", "伊犁哈萨克自治州", "察布查尔锡伯自治县"],
    ["伊犁察布查尔1号", "新疆维吾尔自治区", "伊犁哈萨克自治州", "察布查尔锡伯自治县"],
    ["新疆焉耆县1号", "新疆维吾尔自治区", "巴音郭楞蒙古自治州", "焉耆回族自治县"],
    ["内蒙古呼伦贝尔鄂伦春旗1号", "内蒙古自治区", "呼伦贝尔市", "鄂伦春自治旗"],
    ["内蒙呼伦贝尔莫力达瓦旗1号", "内蒙古自治区", "呼伦贝尔市", "莫力达瓦达斡尔族自治旗"]
  ])("%s", (text, province, city, county) => {
    expect(read(text)).toEqual([province, city, county, "1号"])
  })
})

describe("leagues, prefectures, forest districts and special administrative regions by their short names", () => {
  it.each([
    ["内蒙古兴安盟乌兰浩特市1号", "内蒙古自治区", "兴安盟", "乌兰浩特市"],
    ["内蒙古兴安乌兰浩特市1号", "内蒙古自治区", "兴安盟", "乌兰浩特市"],
    ["黑龙江大兴安岭漠河市1号", "黑龙江省", "大兴安岭地区", "漠河市"],
    ["湖北神农架1号", "湖北省", "省直辖县级行政区划", "神农架林区"],
    ["神农架林区1号", "湖北省", "省直辖县级行政区划", "神农架林区"],
    ["香港中西区1号", "香港特别行政区", "香港岛", "中西区"],
    ["呼伦贝尔海拉尔1号", "内蒙古自治区", "呼伦贝尔市", "海拉尔区"]
  ])("%s", (text, province, city, county) => {
    expect(read(text)).toEqual([province, city, county, "1号"])
  })
})

describe("counties whose official name repeats their city's", () => {
  it("are read with or without the city's name in front", () => {
    expect(read("湖南怀化市洪江管理区1号")).toEqual(["湖南省", "怀化市", "怀化市洪江管理区", "1号"])
    expect(read("湖南洪江管理区1号")).toEqual(["湖南省", "怀化市", "怀化市洪江管理区", "1号"])
    expect(read("洪江管理区1号")).toEqual(["湖南省", "怀化市", "怀化市洪江管理区", "1号"])
    expect(read("河北唐山汉沽管理区1号")).toEqual(["河北省", "唐山市", "唐山市汉沽管理区", "1号"])
  })

  it("are not mixed up with a county whose name they contain", () => {
    expect(read("湖南怀化洪江市1号")).toEqual(["湖南省", "怀化市", "洪江市", "1号"])
  })
})

describe("short names that could be the start of a street", () => {
  it("are a region when a lower level follows, otherwise the street", () => {
    expect(read("河北唐山路南区1号")).toEqual(["河北省", "唐山市", "路南区", "1号"])
    expect(read("唐山路南区1号")).toEqual(["河北省", "唐山市", "路南区", "1号"])
    expect(read("河北唐山路1号")).toEqual(["河北省", undefined, undefined, "唐山路1号"])
  })
})

describe("what a county name alone may stand for", () => {
  it("a full county name unique in the country fills its city and province", () => {
    expect(read("伊宁市1号")).toEqual(["新疆维吾尔自治区", "伊犁哈萨克自治州", "伊宁市", "1号"])
  })

  it("a short county name needs its province or city, and must name one county there", () => {
    expect(read("伊宁1号")).toEqual([undefined, undefined, undefined, "伊宁1号"])
    expect(read("焉耆县1号")).toEqual([undefined, undefined, undefined, "焉耆县1号"])
    expect(read("新疆伊宁1号")).toEqual(["新疆维吾尔自治区", undefined, undefined, "伊宁1号"])
    expect(read("新疆伊宁市1号")).toEqual(["新疆维吾尔自治区", "伊犁哈萨克自治州", "伊宁市", "1号"])
  })
})
