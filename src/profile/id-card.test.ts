import { describe, expect, it } from "vitest"
import {
  birthDateOf,
  capIdCardNoInput,
  checkDigit,
  idCardNoRefusal,
  isValidIdCardNo,
  messages,
  normalizeIdCardNo,
  sexOfIdCardNo,
  toEighteen
} from "./id-card"

const now = new Date("2025-06-01T04:00:00Z")

describe("checkDigit: ISO 7064 MOD 11-2 over the first 17 digits", () => {
  it.each([
    ["11010519491231002", "X"],
    ["44052418800101001", "4"],
    ["11010119900307001", "1"],
    ["00000000000000000", "1"]
  ])("%s → %s", (first17, check) => {
    expect(checkDigit(first17)).toBe(check)
  })

  it("refuses anything but 17 digits", () => {
    expect(() => checkDigit("1101051949123100")).toThrow(RangeError)
    expect(() => checkDigit("1101051949123100A")).toThrow(RangeError)
  })
})

describe("idCardNoRefusal: the spec's messages", () => {
  it.each(["11010519491231002X", "11010519491231002x", " 11010519491231002X ", "440524188001010014", "110105491231002"])(
    "%j is valid",
    (no) => {
      expect(idCardNoRefusal(no, now)).toBeUndefined()
      expect(isValidIdCardNo(no, now)).toBe(true)
    }
  )

  it.each([undefined, "", "   "])("%j → 身份证号码不能为空", (no) => {
    expect(idCardNoRefusal(no, now)?.message).toBe("身份证号码不能为空")
    expect(messages.required).toBe("身份证号码不能为空")
  })

  it.each([
    ["1101051949123100", "16 characters"],
    ["11010519491231002X1", "19 characters"],
    ["110105194912310021", "wrong check digit"],
    ["11010519491231002Y", "check character not a digit or X"],
    ["11010519491331002X", "month 13"],
    ["110105194902300020", "30 February"],
    ["00010519491231002X", "province 00"],
    ["11010520990101003X", "born in the future"],
    ["11010549123100X", "15 characters with a letter"],
    ["110105490230002", "15 digits, 30 February 1949"],
    ["1101054912310021", "16 digits"]
  ])("%s (%s) → 身份证号码不正确", (no) => {
    expect(idCardNoRefusal(no, now)?.message).toBe("身份证号码不正确")
    expect(isValidIdCardNo(no, now)).toBe(false)
  })

  it("accepts a birthday that is today in Shanghai", () => {
    const first17 = "11010520250601001"
    expect(idCardNoRefusal(first17 + checkDigit(first17), new Date("2025-05-31T16:00:00Z"))).toBeUndefined()
    expect(idCardNoRefusal(first17 + checkDigit(first17), new Date("2025-05-31T15:59:59Z"))?.message).toBe("身份证号码不正确")
  })
})

describe("the number's parts", () => {
  it("reads the birth date of both forms (15-digit numbers are of the 1900s)", () => {
    expect(birthDateOf("11010519491231002X")).toEqual({ year: 1949, month: 12, day: 31 })
    expect(birthDateOf("110105491231002")).toEqual({ year: 1949, month: 12, day: 31 })
    expect(birthDateOf("110105490230002")).toBeUndefined()
    expect(birthDateOf("abc")).toBeUndefined()
  })

  it("reads the sex from the sequence digit: odd male (1), even female (2)", () => {
    expect(sexOfIdCardNo("11010519491231002X")).toBe(2)
    expect(sexOfIdCardNo("440524188001010014")).toBe(1)
    expect(sexOfIdCardNo("110105491231002")).toBe(2)
    expect(sexOfIdCardNo("1234")).toBeUndefined()
  })

  it("upgrades a 15-digit number to its 18-character form", () => {
    expect(toEighteen("110105491231002")).toBe("11010519491231002X")
  })

  it("normalises case and caps the input at 18 characters", () => {
    expect(normalizeIdCardNo(" 11010519491231002x ")).toBe("11010519491231002X")
    expect(capIdCardNoInput("11010519491231002X999")).toBe("11010519491231002X")
  })
})
