import { describe, expect, it } from "vitest"
import { hours, minutes, shanghaiDate, startOfShanghaiDay } from "./time"

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

describe("durations", () => {
  it("counts milliseconds", () => {
    expect(minutes(1)).toBe(60_000)
    expect(hours(1)).toBe(3_600_000)
    expect(hours(48)).toBe(172_800_000)
  })
})
