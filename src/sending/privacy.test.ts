import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { COMPOUND_SURNAMES, maskGivenName } from "../shared/person-name"
import { maskPhone } from "../shared/phone-number"
import { privateParty } from "./waybill"

const han = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c))
const givenName = fc.array(han, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(""))
const single = han.filter((c) => !COMPOUND_SURNAMES.some((s) => s.startsWith(c)))
const mobile = fc.tuple(fc.constantFrom("13", "15", "18", "19"), fc.stringMatching(/^\d{9}$/)).map(([a, b]) => a + b)

describe("the privacy waybill's masks", () => {
  it("names: the surname kept, every character of the given name a star", () => {
    expect(maskGivenName("张三")).toBe("张*")
    expect(maskGivenName("张三丰")).toBe("张**")
    expect(maskGivenName("欧阳娜娜")).toBe("欧阳**")
    expect(maskGivenName("欧阳")).toBe("欧*")
    expect(maskGivenName("李")).toBe("李*")
    expect(maskGivenName("  ")).toBe("*")
  })

  it("a single-character surname keeps one character and stars as many as the given name has", () => {
    fc.assert(fc.property(single, givenName, (surname, given) => {
      const masked = maskGivenName(surname + given)
      expect(masked).toBe(surname + "*".repeat([...given].length))
    }))
  })

  it("a compound surname keeps both characters; the given name never shows", () => {
    fc.assert(fc.property(fc.constantFrom(...COMPOUND_SURNAMES), givenName, (surname, given) => {
      const masked = maskGivenName(surname + given)
      expect(masked).toBe(surname + "*".repeat([...given].length))
      // after the surname (which may hold the same characters, 东方 + 东)
      expect(masked.slice(surname.length).includes(given)).toBe(false)
    }))
  })

  it("phones: 11 characters, the first three and last four digits kept, the middle four stars", () => {
    expect(maskPhone("13800000001")).toBe("138****0001")
    fc.assert(fc.property(mobile, (phone) => {
      const masked = maskPhone(phone)
      expect(masked).toHaveLength(11)
      expect(masked.slice(0, 3)).toBe(phone.slice(0, 3))
      expect(masked.slice(3, 7)).toBe("****")
      expect(masked.slice(7)).toBe(phone.slice(7))
    }))
  })

  it("a party never prints its full name or phone", () => {
    fc.assert(fc.property(single, givenName, mobile, (surname, given, phone) => {
      const p = privateParty({
        name: surname + given, phone, province: "11", city: "1101", county: "110108", provinceName: "北京市", cityName: "市辖区", countyName: "海淀区", detail: "1号"
      })
      expect(p.name).not.toBe(surname + given)
      expect(p.phone).not.toContain(phone.slice(3, 7) + phone.slice(7))
      expect(p.address).toBe("北京市海淀区1号")
    }))
  })
})
