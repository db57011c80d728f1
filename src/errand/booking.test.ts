import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { bookingDays, isBookable } from "./booking"

/** 2026-11-23 (a Monday) at h:mi in Asia/Shanghai, plus days. */
const shanghai = (h: number, mi = 0, days = 0) => new Date(Date.UTC(2026, 10, 23 + days, h - 8, mi))
const hhmm = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(11, 16)

describe("the door-pickup booking time", () => {
  it("offers today, tomorrow and the day after, 09:00–22:50 in 10-minute steps, from now plus 30 minutes", () => {
    const days = bookingDays(shanghai(10, 5))
    expect(days.map((d) => [d.date, d.label])).toEqual([["2026-11-23", "今天"], ["2026-11-24", "明天"], ["2026-11-25", "后天"]])
    expect(hhmm(days[0]!.slots[0]!)).toBe("10:40")
    expect(days[1]!.slots.map(hhmm).slice(0, 2)).toEqual(["09:00", "09:10"])
    expect(hhmm(days[1]!.slots.at(-1)!)).toBe("22:50")
    expect(days[1]!.slots).toHaveLength(14 * 6)
  })

  it("past 23:00 starts tomorrow and offers the two days after", () => {
    expect(bookingDays(shanghai(23, 0)).map((d) => [d.date, d.label])).toEqual([["2026-11-24", "明天"], ["2026-11-25", "后天"], ["2026-11-26", "11月26日"]])
    expect(bookingDays(shanghai(22, 59)).map((d) => d.date)).toEqual(["2026-11-24", "2026-11-25"])
  })

  it("drops a day with no time left", () => {
    expect(bookingDays(shanghai(22, 21))[0]!.date).toBe("2026-11-24")
    expect(hhmm(bookingDays(shanghai(22, 20))[0]!.slots[0]!)).toBe("22:50")
  })

  test.prop([fc.integer({ min: 0, max: 3 * 24 * 60 - 1 })])("every offered time is at least 30 minutes ahead, on a 10-minute step between 9 and 23, within three days", (m) => {
    const now = new Date(shanghai(0).getTime() + m * 60_000 + 17_000)
    const days = bookingDays(now)
    expect(days.length).toBeGreaterThanOrEqual(2)
    for (const d of days) for (const s of d.slots) {
      expect(s.getTime() - now.getTime()).toBeGreaterThanOrEqual(30 * 60_000)
      expect(s.getTime() - now.getTime()).toBeLessThan(4 * 24 * 3600_000)
      const [h, mi] = hhmm(s).split(":").map(Number) as [number, number]
      expect(h >= 9 && h <= 22 && mi % 10 === 0).toBe(true)
    }
    for (const d of days) for (const s of [d.slots[0]!, d.slots.at(-1)!]) expect(isBookable(s, now)).toBe(true)
    expect(isBookable(new Date(now.getTime() + 29 * 60_000), now)).toBe(false)
  })
})
