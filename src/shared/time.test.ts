import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { hours, minutes, sameShanghaiDay, shanghaiDate, shanghaiDateTime, shanghaiDay, startOfShanghaiDay } from "./time"

const at = (iso: string) => new Date(iso)

describe("startOfShanghaiDay (Asia/Shanghai = UTC+8, midnight is 16:00 UTC)", () => {
  it.each([
    ["2024-03-01T15:59:59.999Z", "2024-02-29T16:00:00.000Z"],
    ["2024-03-01T16:00:00.000Z", "2024-03-01T16:00:00.000Z"],
    ["2024-03-01T16:00:00.001Z", "2024-03-01T16:00:00.000Z"],
    ["2024-03-01T00:00:00.000Z", "2024-02-29T16:00:00.000Z"],
    ["2024-03-02T15:59:59.999Z", "2024-03-01T16:00:00.000Z"],
    ["2023-12-31T16:00:00.000Z", "2023-12-31T16:00:00.000Z"],
    ["2023-12-31T15:59:59.999Z", "2023-12-30T16:00:00.000Z"],
    ["1969-12-31T15:59:59.999Z", "1969-12-30T16:00:00.000Z"],
    ["1970-01-01T00:00:00.000Z", "1969-12-31T16:00:00.000Z"]
  ])("at %s the Shanghai day starts at %s", (instant, start) => {
    expect(startOfShanghaiDay(at(instant)).toISOString()).toBe(start)
  })

  it("is idempotent", () => {
    const start = startOfShanghaiDay(at("2024-07-15T09:30:00Z"))
    expect(startOfShanghaiDay(start).getTime()).toBe(start.getTime())
  })
})

describe("shanghaiDate", () => {
  it.each([
    ["2024-03-01T15:59:59.999Z", "2024-03-01"],
    ["2024-03-01T16:00:00.000Z", "2024-03-02"],
    ["2024-12-31T16:00:00.000Z", "2025-01-01"],
    ["2024-02-28T16:00:00.000Z", "2024-02-29"]
  ])("%s is %s in Shanghai", (instant, date) => {
    expect(shanghaiDate(at(instant))).toBe(date)
  })
})

/** Independent of the code under test: the calendar date as the platform's Asia/Shanghai zone shows it. */
const shanghaiCalendar = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })
/** From 1992: China kept daylight saving time from 1986 to 1991, which the zone data remembers and business days ignore. */
const instants = fc.date({ min: new Date("1992-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true })

describe("shanghaiDay (a business day YYYY-MM-DD as [from, to))", () => {
  it("starts at 16:00 UTC the day before and lasts 24 hours", () => {
    expect(shanghaiDay("2026-11-22")).toEqual({ from: at("2026-11-21T16:00:00.000Z"), to: at("2026-11-22T16:00:00.000Z") })
    expect(shanghaiDay("2024-02-29")).toEqual({ from: at("2024-02-28T16:00:00.000Z"), to: at("2024-02-29T16:00:00.000Z") })
  })

  it.each(["2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-1-01", "20240101", "2024-01-01T00:00", " 2024-01-01", "", "today"])(
    "refuses %j", (text) => {
      expect(shanghaiDay(text)).toBeUndefined()
    }
  )

  test.prop([instants])("holds exactly the instants whose Shanghai calendar date it names", (instant) => {
    const date = shanghaiCalendar.format(instant)
    const day = shanghaiDay(date)!
    expect(day.from.getTime()).toBeLessThanOrEqual(instant.getTime())
    expect(instant.getTime()).toBeLessThan(day.to.getTime())
    expect(shanghaiCalendar.format(day.from)).toBe(date)
    expect(shanghaiCalendar.format(new Date(day.from.getTime() - 1))).not.toBe(date)
    expect(shanghaiCalendar.format(new Date(day.to.getTime() - 1))).toBe(date)
    expect(shanghaiCalendar.format(day.to)).not.toBe(date)
  })

  test.prop([instants])("agrees with startOfShanghaiDay and shanghaiDate", (instant) => {
    expect(shanghaiDate(instant)).toBe(shanghaiCalendar.format(instant))
    expect(shanghaiDay(shanghaiDate(instant))!.from).toEqual(startOfShanghaiDay(instant))
  })
})

describe("durations", () => {
  it("counts milliseconds", () => {
    expect(minutes(1)).toBe(60_000)
    expect(hours(1)).toBe(3_600_000)
    expect(hours(48)).toBe(172_800_000)
  })
})

describe("sameShanghaiDay", () => {
  it("splits at 16:00 UTC, Shanghai midnight", () => {
    expect(sameShanghaiDay(at("2026-11-22T16:00:00.000Z"), at("2026-11-23T15:59:59.999Z"))).toBe(true)
    expect(sameShanghaiDay(at("2026-11-22T15:59:59.999Z"), at("2026-11-22T16:00:00.000Z"))).toBe(false)
  })

  test.prop([instants, instants])("agrees with the Shanghai calendar date", (a, b) => {
    expect(sameShanghaiDay(a, b)).toBe(shanghaiDate(a) === shanghaiDate(b))
  })
})

describe("shanghaiDateTime", () => {
  it.each([
    ["2026-11-28T08:05:00.000Z", "2026-11-28 16:05:00 +08:00"],
    ["2026-11-28T15:59:59.999Z", "2026-11-28 23:59:59 +08:00"],
    ["2026-11-28T16:00:00.000Z", "2026-11-29 00:00:00 +08:00"],
    ["2023-12-31T16:00:00.000Z", "2024-01-01 00:00:00 +08:00"]
  ])("%s reads %s", (instant, shown) => {
    expect(shanghaiDateTime(at(instant))).toBe(shown)
  })

  test.prop([fc.date({ min: new Date("1971-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true })])(
    "parses back to the same second and names the same Shanghai day", (instant) => {
      const shown = shanghaiDateTime(instant)
      expect(Date.parse(shown.replace(" ", "T").replace(" ", ""))).toBe(Math.floor(instant.getTime() / 1000) * 1000)
      expect(shown.slice(0, 10)).toBe(shanghaiDate(instant))
    })
})
