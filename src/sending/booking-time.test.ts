import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { bookingDays, bookingTimeRefusal, isBookableTime, plainSendingArriveTime } from "./booking-time"

/** Shanghai wall-clock parts of an instant, computed apart from the module (UTC+8, no daylight saving). */
const wall = (d: Date) => {
  const s = new Date(d.getTime() + 8 * 3_600_000)
  return { date: s.toISOString().slice(0, 10), hour: s.getUTCHours(), minute: s.getUTCMinutes(), second: s.getUTCSeconds(), ms: s.getUTCMilliseconds() }
}
const at = (iso: string) => new Date(iso)
const now = fc.date({ min: at("2025-01-01T00:00:00Z"), max: at("2030-12-31T00:00:00Z"), noInvalidDate: true })
const dayNo = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000

describe("booking times", () => {
  it("early in the morning: today, tomorrow, the day after, 84 slots each from 9:00 to 22:50", () => {
    const days = bookingDays(at("2026-11-23T00:10:00Z")) // 08:10 Shanghai
    expect(days.map((d) => d.date)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"])
    expect(days.map((d) => d.slots.length)).toEqual([84, 84, 84])
    expect(wall(days[0]!.slots[0]!)).toMatchObject({ hour: 9, minute: 0 })
    expect(wall(days[0]!.slots.at(-1)!)).toMatchObject({ hour: 22, minute: 50 })
  })

  it("earliest now + 30 minutes", () => {
    const days = bookingDays(at("2026-11-23T06:05:00Z")) // 14:05 Shanghai
    expect(wall(days[0]!.slots[0]!)).toMatchObject({ date: "2026-11-23", hour: 14, minute: 40 })
    const exact = bookingDays(at("2026-11-23T06:10:00Z")) // 14:10 → 14:40 is allowed
    expect(wall(exact[0]!.slots[0]!)).toMatchObject({ hour: 14, minute: 40 })
  })

  it("past 22:20 today has no slot; from 23:00 tomorrow and the two days after", () => {
    expect(bookingDays(at("2026-11-23T14:30:00Z")).map((d) => d.date)).toEqual(["2026-11-24", "2026-11-25"]) // 22:30
    expect(bookingDays(at("2026-11-23T15:00:00Z")).map((d) => d.date)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]) // 23:00
    expect(bookingDays(at("2026-11-23T15:59:00Z")).map((d) => d.date)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"])
  })

  test.prop([now])("every slot: on a 10-minute step between 9:00 and 22:50, at least 30 minutes ahead, within three days", (n) => {
    const days = bookingDays(n)
    const today = dayNo(wall(n).date)
    const late = wall(n).hour >= 23
    expect(days.length).toBeGreaterThanOrEqual(2)
    for (const d of days) {
      const offset = dayNo(d.date) - today
      expect(offset).toBeGreaterThanOrEqual(late ? 1 : 0)
      expect(offset).toBeLessThanOrEqual(late ? 3 : 2)
      for (const s of d.slots) {
        const w = wall(s)
        expect(w.date).toBe(d.date)
        expect(w.hour).toBeGreaterThanOrEqual(9)
        expect(w.hour).toBeLessThanOrEqual(22)
        expect([w.minute % 10, w.second, w.ms]).toEqual([0, 0, 0])
        expect(s.getTime() - n.getTime()).toBeGreaterThanOrEqual(30 * 60_000)
      }
    }
    const all = days.flatMap((d) => d.slots.map((s) => s.getTime()))
    expect(all).toEqual([...all].sort((a, b) => a - b))
    expect(days.slice(1).every((d) => d.slots.length === 84)).toBe(true)
  })

  test.prop([now, fc.integer({ min: -30, max: 5 * 24 * 6 }), fc.boolean()])("an instant is accepted exactly when the rules written apart say so", (n, steps, aligned) => {
    const base = Math.floor(n.getTime() / 600_000) * 600_000
    const t = new Date(base + steps * 600_000 + (aligned ? 0 : 60_000))
    const w = wall(t)
    const offset = dayNo(w.date) - dayNo(wall(n).date)
    const late = wall(n).hour >= 23
    const ok = w.minute % 10 === 0 && w.second === 0 && w.hour >= 9 && w.hour <= 22 &&
      t.getTime() >= n.getTime() + 30 * 60_000 && offset >= (late ? 1 : 0) && offset <= (late ? 3 : 2)
    expect(isBookableTime(t, n)).toBe(ok)
    expect(bookingTimeRefusal(t, n)?.message).toBe(ok ? undefined : "请选择正确的预约时间")
  })

  it("refuses a missing time", () => {
    expect(bookingTimeRefusal(undefined, new Date())?.message).toBe("请选择正确的预约时间")
  })
})

describe("a plain sending's arrive time", () => {
  it("is today's evening door-service end, 23:00 unless the worksite says otherwise", () => {
    expect(plainSendingArriveTime(at("2026-11-23T02:00:00Z")).toISOString()).toBe("2026-11-23T15:00:00.000Z")
    expect(plainSendingArriveTime(at("2026-11-23T17:00:00Z"), "22:30").toISOString()).toBe("2026-11-24T14:30:00.000Z")
    expect(plainSendingArriveTime(at("2026-11-23T02:00:00Z"), "25:00").toISOString()).toBe("2026-11-23T15:00:00.000Z")
  })
})
