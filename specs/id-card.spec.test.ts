/**
 * Resident ID numbers: numbers built by the national algorithm from real county codes and real dates pass; any
 * single changed character or swapped neighbours fail; the legacy 15-digit form; lengths other than 15 or 18.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { regionIndex } from "#adapters/regions/china-division"
import { birthDateOf, idCardNoRefusal, sexOfIdCardNo, toEighteen } from "#src/profile/id-card"

const now = new Date("2025-06-01T04:00:00Z")
const INVALID = "身份证号码不正确"

/** The model: GB 11643 weights 2^(17-i) mod 11 and the check characters, written out independently. */
const modelCheck = (first17: string): string => {
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * (2 ** (17 - i) % 11), 0)
  return "10X98765432".charAt(sum % 11)
}

const pad = (n: number, width: number) => String(n).padStart(width, "0")
const DAY = 86_400_000

const countyCode = fc.constantFrom(...regionIndex().counties.map((c) => c.code))
/** A calendar date from 1 Jan 1900 to the day before `now`. */
const birthDay = fc.integer({ min: Date.UTC(1900, 0, 1) / DAY, max: Date.UTC(2025, 4, 31) / DAY }).map((day) => {
  const d = new Date(day * DAY)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
})
const sequence = fc.integer({ min: 0, max: 999 })

const validNumber = fc.tuple(countyCode, birthDay, sequence).map(([county, birth, seq]) => {
  const first17 = `${county}${pad(birth.year, 4)}${pad(birth.month, 2)}${pad(birth.day, 2)}${pad(seq, 3)}`
  return { no: first17 + modelCheck(first17), birth, seq }
})

describe("18-character numbers", () => {
  test.prop([validNumber], { numRuns: 2000 })("built by the algorithm from a real county and date: valid", ({ no, birth, seq }) => {
    expect(idCardNoRefusal(no, now)).toBeUndefined()
    expect(idCardNoRefusal(no.toLowerCase(), now)).toBeUndefined()
    expect(birthDateOf(no)).toEqual(birth)
    expect(sexOfIdCardNo(no)).toBe(seq % 2 === 1 ? 1 : 2)
  })

  test.prop([validNumber, fc.nat(17), fc.nat(10)], { numRuns: 3000 })(
    "any single changed character: invalid",
    ({ no }, position, pick) => {
      const alphabet = position === 17 ? "0123456789X" : "0123456789"
      const others = [...alphabet].filter((c) => c !== no[position])
      const changed = no.slice(0, position) + others[pick % others.length] + no.slice(position + 1)
      expect(idCardNoRefusal(changed, now)?.message).toBe(INVALID)
    }
  )

  test.prop([validNumber, fc.nat(16)], { numRuns: 2000 })("two different neighbours swapped: invalid", ({ no }, position) => {
    fc.pre(no[position] !== no[position + 1])
    const swapped = no.slice(0, position) + no[position + 1] + no[position] + no.slice(position + 2)
    expect(idCardNoRefusal(swapped, now)?.message).toBe(INVALID)
  })

  test.prop([countyCode, fc.integer({ min: 1, max: 3650 }), sequence])("a birth date after today: invalid", (county, daysAhead, seq) => {
    const d = new Date(Date.UTC(2025, 5, 1) + daysAhead * DAY)
    const first17 = `${county}${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}${pad(seq, 3)}`
    expect(idCardNoRefusal(first17 + modelCheck(first17), now)?.message).toBe(INVALID)
  })

  test.prop([countyCode, fc.integer({ min: 1900, max: 2024 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 99 }), sequence])(
    "a date that is not on the calendar, even with the right check character: invalid",
    (county, year, month, day, seq) => {
      const real = new Date(Date.UTC(year, month - 1, day))
      fc.pre(month < 1 || month > 12 || real.getUTCDate() !== day)
      const first17 = `${county}${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}${pad(seq, 3)}`
      expect(idCardNoRefusal(first17 + modelCheck(first17), now)?.message).toBe(INVALID)
    }
  )
})

describe("15-digit legacy numbers", () => {
  const legacy = fc
    .tuple(countyCode, birthDay.filter((b) => b.year < 2000), sequence)
    .map(([county, birth, seq]) => ({ no: `${county}${pad(birth.year % 100, 2)}${pad(birth.month, 2)}${pad(birth.day, 2)}${pad(seq, 3)}`, birth, seq }))

  test.prop([legacy], { numRuns: 1000 })("digits with a real 19yy date: valid, and their 18-character form too", ({ no, birth, seq }) => {
    expect(idCardNoRefusal(no, now)).toBeUndefined()
    expect(birthDateOf(no)).toEqual(birth)
    const eighteen = toEighteen(no)
    expect(eighteen).toBe(`${no.slice(0, 6)}19${no.slice(6)}${modelCheck(`${no.slice(0, 6)}19${no.slice(6)}`)}`)
    expect(idCardNoRefusal(eighteen, now)).toBeUndefined()
    expect(sexOfIdCardNo(no)).toBe(seq % 2 === 1 ? 1 : 2)
    expect(sexOfIdCardNo(eighteen)).toBe(sexOfIdCardNo(no))
  })

  test.prop([countyCode, fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), sequence])(
    "a yymmdd that is not a date of 19yy: invalid",
    (county, yy, month, day, seq) => {
      const real = new Date(Date.UTC(1900 + yy, month - 1, day))
      fc.pre(month < 1 || month > 12 || day < 1 || real.getUTCDate() !== day)
      expect(idCardNoRefusal(`${county}${pad(yy, 2)}${pad(month, 2)}${pad(day, 2)}${pad(seq, 3)}`, now)?.message).toBe(INVALID)
    }
  )

  test.prop([legacy, fc.nat(14), fc.constantFrom("X", "x", "a", " ", "-")])("a letter or sign among the digits: invalid", ({ no }, position, sign) => {
    expect(idCardNoRefusal(no.slice(0, position) + sign + no.slice(position + 1), now)?.message).toBe(INVALID)
  })
})

describe("length", () => {
  test.prop([fc.stringMatching(/^\d{1,25}$/).filter((s) => s.length !== 15 && s.length !== 18)])("neither 15 nor 18 characters: invalid", (no) => {
    expect(idCardNoRefusal(no, now)?.message).toBe(INVALID)
  })

  test.prop([fc.stringMatching(/^\s*$/)])("nothing but blanks: 身份证号码不能为空", (blank) => {
    expect(idCardNoRefusal(blank, now)?.message).toBe("身份证号码不能为空")
  })
})
