import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { copyright, FIRST_YEAR, shanghaiYear } from "./footer"

const HOUR = 3_600_000

describe("the footer's year (Asia/Shanghai)", () => {
  it("turns at Shanghai midnight: 31 Dec 16:00 UTC is already the next year", () => {
    expect(shanghaiYear(new Date("2026-12-31T15:59:59.999Z"))).toBe(2026)
    expect(shanghaiYear(new Date("2026-12-31T16:00:00.000Z"))).toBe(2027)
    expect(copyright(new Date("2026-12-31T16:00:00.000Z"))).toBe("© 2017–2027")
  })

  test.prop([fc.integer({ min: FIRST_YEAR, max: 9_998 }), fc.integer({ min: -48 * HOUR, max: 48 * HOUR })])(
    "around new year's midnight in Shanghai (16:00 UTC on 31 Dec), the year is the next one exactly from that instant",
    (year, offset) => {
      const midnight = Date.UTC(year, 11, 31, 16)
      const now = new Date(midnight + offset)
      expect(shanghaiYear(now)).toBe(offset < 0 ? year : year + 1)
      expect(copyright(now)).toBe(`© ${FIRST_YEAR}–${offset < 0 ? year : year + 1}`)
    }
  )

  test.prop([fc.date({ min: new Date("1992-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true })])(
    "is the year the Asia/Shanghai calendar shows, never before the first",
    (now) => {
      const shown = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric" }).format(now))
      expect(shanghaiYear(now)).toBe(shown)
      expect(copyright(now)).toBe(`© ${FIRST_YEAR}–${Math.max(FIRST_YEAR, shown)}`)
    }
  )
})
