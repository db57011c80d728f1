/** The one display rule for regions (`addressLine`): the division tables' stand-ins never print, on a page or on a waybill. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { addressLine } from "./region"

const han = fc.array(fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c)), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(""))

describe("an address as people write it", () => {
  it("drops 市辖区, 县 and 省直辖县级行政区划 and keeps province, county and detail in order", () => {
    fc.assert(fc.property(fc.constantFrom("市辖区", "县", "省直辖县级行政区划"), han, han, han, (pseudo, p, county, detail) => {
      const provinceName = `${p}市`
      const countyName = `${county}区`
      const line = addressLine({ provinceName, cityName: pseudo, countyName, detail })
      expect(line).toBe(`${provinceName}${countyName}${detail}`)
    }))
  })

  it("keeps a real city", () => {
    fc.assert(fc.property(han, han, han, (p, city, county) => {
      expect(addressLine({ provinceName: `${p}省`, cityName: `${city}市`, countyName: `${county}区` })).toBe(`${p}省${city}市${county}区`)
    }))
  })
})
