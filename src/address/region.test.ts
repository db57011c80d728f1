import { describe, expect, it } from "vitest"
import { addressLine, isMunicipality, isPseudoCity } from "./region"
import { sampleRegions } from "./region.testkit"

const regions = sampleRegions()

describe("region index", () => {
  it("looks regions up by code and lists the children", () => {
    expect(regions.province("44")).toEqual({ code: "44", name: "广东省" })
    expect(regions.city("4403")).toEqual({ code: "4403", name: "深圳市", provinceCode: "44" })
    expect(regions.county("440305")?.name).toBe("南山区")
    expect(regions.citiesOf("44").map((c) => c.name)).toEqual(["广州市", "深圳市", "东莞市"])
    expect(regions.countiesOf("5002").map((c) => c.name)).toEqual(["城口县", "石柱土家族自治县"])
    expect(regions.citiesOf("99")).toEqual([])
    expect(regions.county("000000")).toBeUndefined()
  })

  it("knows the stand-ins for a missing prefecture level and the municipalities", () => {
    expect(["市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划"].every(isPseudoCity)).toBe(true)
    expect(isPseudoCity("深圳市")).toBe(false)
    expect(isMunicipality(regions, "11")).toBe(true)
    expect(isMunicipality(regions, "50")).toBe(true)
    expect(isMunicipality(regions, "44")).toBe(false)
  })

  it("writes an address as people read it", () => {
    expect(addressLine({ provinceName: "广东省", cityName: "深圳市", countyName: "南山区", detail: "科技园1号" })).toBe("广东省深圳市南山区科技园1号")
    expect(addressLine({ provinceName: "北京市", cityName: "市辖区", countyName: "朝阳区", detail: "建国路88号" })).toBe("北京市朝阳区建国路88号")
    expect(addressLine({ provinceName: "广东省", cityName: "东莞市", countyName: "东莞市", detail: "南城街道" })).toBe("广东省东莞市南城街道")
  })
})
