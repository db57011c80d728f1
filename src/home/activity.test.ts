import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import { shanghaiDate } from "../shared/time"
import { activityState, draftRefusal, endedAt, instantOf, isRunning, messages, newestFirst, TITLE_MAX, windowOf, type Announcement } from "./activity"

const at = (iso: string) => new Date(iso)
const HOUR = 3_600_000

/** Independent of the code under test: the calendar date as the platform's Asia/Shanghai zone shows it. */
const shanghaiCalendar = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })

/** Calendar days from 1992 (no daylight saving in the zone data since) to 2100. */
const days = fc.date({ min: at("1992-01-01T00:00:00Z"), max: at("2100-12-30T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))

describe("an announcement's window named by Asia/Shanghai days", () => {
  it("a day runs from its Shanghai midnight (16:00 UTC the day before) to the next", () => {
    expect(windowOf("2026-12-01", "2026-12-01")).toEqual({ timeBegin: at("2026-11-30T16:00:00.000Z"), timeEnd: at("2026-12-01T16:00:00.000Z") })
    expect(windowOf("2026-12-31", "2027-01-01")).toEqual({ timeBegin: at("2026-12-30T16:00:00.000Z"), timeEnd: at("2027-01-01T16:00:00.000Z") })
  })

  test.prop([days, fc.integer({ min: -36 * HOUR, max: 36 * HOUR })])(
    "a one-day window runs exactly while the Shanghai calendar shows that day, around both midnights",
    (day, offset) => {
      const window = windowOf(day, day)
      if (window instanceof RuleViolation) throw window
      const now = new Date(window.timeBegin.getTime() + offset)
      expect(isRunning(window, now)).toBe(shanghaiCalendar.format(now) === day)
      expect(activityState(window, now)).toBe(offset < 0 ? "upcoming" : offset < 24 * HOUR ? "running" : "ended")
    }
  )

  test.prop([days, fc.integer({ min: 0, max: 400 }), fc.integer({ min: -2 * HOUR, max: 2 * HOUR })])(
    "a window of days [from, to] ends at the Shanghai midnight after its last day: running before it, ended from it",
    (from, length, offset) => {
      const to = shanghaiDate(new Date(Date.parse(`${from}T12:00:00+08:00`) + length * 24 * HOUR))
      const window = windowOf(from, to)
      if (window instanceof RuleViolation) throw window
      const now = new Date(window.timeEnd.getTime() + offset)
      expect(activityState(window, now)).toBe(offset < 0 ? "running" : "ended")
      expect(shanghaiCalendar.format(new Date(window.timeEnd.getTime() - 1))).toBe(to)
    }
  )

  test.prop([fc.date({ min: at("2000-01-01T00:00:00Z"), max: at("2100-01-01T00:00:00Z"), noInvalidDate: true }), fc.integer({ min: 1, max: 1_000 * HOUR })])(
    "an ISO time with its zone is that instant: [begin, end) holds begin and not end",
    (begin, length) => {
      const end = new Date(begin.getTime() + length)
      const window = windowOf(begin.toISOString(), end.toISOString().replace("Z", "+00:00"))
      expect(window).not.toBeInstanceOf(RuleViolation)
      expect(window).toEqual({ timeBegin: begin, timeEnd: end })
      expect(isRunning({ timeBegin: begin, timeEnd: end }, begin)).toBe(true)
      expect(isRunning({ timeBegin: begin, timeEnd: end }, new Date(end.getTime() - 1))).toBe(true)
      expect(isRunning({ timeBegin: begin, timeEnd: end }, end)).toBe(false)
    }
  )

  it("reads a zoned time in any of its forms and refuses a time without a zone or a date that does not exist", () => {
    expect(instantOf("2026-12-01T08:00+08:00", "start")).toEqual(at("2026-12-01T00:00:00Z"))
    expect(instantOf("2026-12-01T08:00:00+0800", "end")).toEqual(at("2026-12-01T00:00:00Z"))
    for (const bad of ["2026-12-01T08:00", "2026-02-30", "2026-02-30T10:00:00Z", "2026-13-01", "tomorrow", "", "1733011200000"]) expect(instantOf(bad, "start"), bad).toBeUndefined()
  })

  it("refuses a bad start, a bad end and an end not after the start, in that order", () => {
    const refusal = (w: ReturnType<typeof windowOf>) => (w instanceof RuleViolation ? w.message : "accepted")
    expect(refusal(windowOf("2026-02-30", "x"))).toBe(messages.fromWrong)
    expect(refusal(windowOf("2026-12-01", "x"))).toBe(messages.toWrong)
    expect(refusal(windowOf("2026-12-02", "2026-12-01"))).toBe(messages.windowWrong)
    expect(refusal(windowOf("2026-12-01T10:00:00Z", "2026-12-01T10:00:00Z"))).toBe(messages.windowWrong)
  })
})

describe("a draft's title and content", () => {
  it("needs a title of at most the limit and some content", () => {
    const ok = { title: "开学通知", content: "<p>欢迎</p>" }
    expect(draftRefusal(ok)).toBeUndefined()
    expect(draftRefusal({ ...ok, title: "  " })).toBeInstanceOf(RuleViolation)
    expect(draftRefusal({ ...ok, title: "  " })?.message).toBe(messages.titleRequired)
    expect(draftRefusal({ ...ok, title: "字".repeat(TITLE_MAX) })).toBeUndefined()
    expect(draftRefusal({ ...ok, title: "字".repeat(TITLE_MAX + 1) })?.message).toBe(messages.titleTooLong)
    expect(draftRefusal({ ...ok, content: " \n" })?.message).toBe(messages.contentRequired)
  })
})

describe("ending and ordering", () => {
  const a = (id: string, begin: string): Announcement => ({ id, worksiteId: "w", title: id, content: "x", timeBegin: at(begin), timeEnd: at("2030-01-01T00:00:00Z") })

  it("ends a running one now, and one not begun at its begin (it never runs)", () => {
    expect(endedAt(a("x", "2026-01-01T00:00:00Z"), at("2026-06-01T00:00:00Z"))).toEqual(at("2026-06-01T00:00:00Z"))
    expect(endedAt(a("x", "2026-09-01T00:00:00Z"), at("2026-06-01T00:00:00Z"))).toEqual(at("2026-09-01T00:00:00Z"))
  })

  it("an announcement ended before it began is ended, not upcoming", () => {
    const never = { timeBegin: at("2026-09-01T00:00:00Z"), timeEnd: at("2026-09-01T00:00:00Z") }
    expect(activityState(never, at("2026-06-01T00:00:00Z"))).toBe("ended")
    expect(activityState(never, at("2026-09-01T00:00:00Z"))).toBe("ended")
  })

  it("puts the latest begin first, then orders by id", () => {
    const list = [a("b", "2026-01-01T00:00:00Z"), a("c", "2026-03-01T00:00:00Z"), a("a", "2026-01-01T00:00:00Z")]
    expect([...list].sort(newestFirst).map((x) => x.id)).toEqual(["c", "a", "b"])
  })
})
