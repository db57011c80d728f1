import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { shanghaiDate, shanghaiDay } from "../shared/time"
import { actor, refused } from "../shared/ports.testkit"
import { covers, dailyDate, earliestDay, HEAD_OFFICE, tongjiRange, viewerOfKey } from "./access"
import { StatisticsRecordView, statisticsRecordView } from "./calls"
import { addDays, addMonths, datesBetween, daysToStore, isClosed, spanOf, todayAt } from "./days"
import {
  COUNT_KEYS, DAILY_TYPES, dailyBlocks, FIGURE_KEYS, FIGURES, figuresOf, seenFigures, sumFigures, tongjiRow, zeroCounts, type Counts, type Figures
} from "./figures"
import { keyDaysRefusal, reportKeyState, reportLinkPath } from "./report-key"
import { STATS_NOW, statisticsWorld, storedDay } from "./statistics-store.testkit"
import { createReportLink, figuresOfDays, revokeReportLink, setSiteAdmin, statisticsRecord, storeStatisticsDay, viewerOf } from "./use-cases"

const date = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true }).map(shanghaiDate)

describe("the statistics' days", () => {
  it("moving by days follows the calendar and comes back", () => {
    fc.assert(fc.property(date, fc.integer({ min: -400, max: 400 }), (d, n) => {
      const moved = addDays(d, n)
      expect(shanghaiDay(moved)).toBeDefined()
      expect(addDays(moved, -n)).toBe(d)
      expect(datesBetween(d, moved)).toHaveLength(Math.max(0, n))
    }))
  })

  it("moving by months keeps the day of the month, or takes the month's last", () => {
    expect(addMonths("2026-08-31", -6)).toBe("2026-02-28")
    expect(addMonths("2028-08-31", -6)).toBe("2028-02-29")
    expect(addMonths("2026-11-28", -6)).toBe("2026-05-28")
    expect(addMonths("2026-03-15", -6)).toBe("2025-09-15")
    fc.assert(fc.property(date, fc.integer({ min: -24, max: 24 }), (d, n) => {
      const moved = addMonths(d, n)
      expect(shanghaiDay(moved)).toBeDefined()
      expect(Number(moved.slice(8))).toBeLessThanOrEqual(Number(d.slice(8)))
    }))
  })

  it("today's span ends now, a closed day's at its Shanghai midnight; the job stores yesterday and the day before", () => {
    const now = new Date("2026-11-28T15:59:59.999Z") // 23:59:59.999 in Shanghai
    expect(todayAt(now)).toBe("2026-11-28")
    expect(spanOf("2026-11-28", now)).toEqual({ day: "2026-11-28", from: new Date("2026-11-27T16:00:00Z"), end: now })
    expect(spanOf("2026-11-27", now).end).toEqual(new Date("2026-11-27T16:00:00Z"))
    expect(isClosed("2026-11-27", now)).toBe(true)
    expect(isClosed("2026-11-28", now)).toBe(false)
    expect(daysToStore(now)).toEqual(["2026-11-26", "2026-11-27"])
    expect(daysToStore(new Date("2026-11-28T16:00:00Z"))).toEqual(["2026-11-27", "2026-11-28"])
  })
})

describe("who sees which days", () => {
  const now = new Date("2026-11-28T04:00:00Z")

  it("a range starts within the last 6 months and ends by tomorrow, timeEnd exclusive; nothing named is the last 7 days", () => {
    expect(tongjiRange("2026-05-28", "2026-11-29", now)).toEqual({ from: "2026-05-28", to: "2026-11-29" })
    expect(tongjiRange(undefined, undefined, now)).toEqual({ from: "2026-11-22", to: "2026-11-29" })
    expect(tongjiRange(" 2026-11-01 ", " 2026-11-02 ", now)).toEqual({ from: "2026-11-01", to: "2026-11-02" })
    for (const [b, e] of [["2026-05-27", "2026-11-29"], ["2026-11-01", "2026-11-30"], ["2026-11-02", "2026-11-02"], ["2026-11-03", "2026-11-02"],
      ["2026-02-30", "2026-11-01"], ["2026-11-01", undefined], [undefined, "2026-11-01"], ["2026/11/01", "2026-11-02"], ["", ""],
      // each malformed where every other check would pass
      ["2026-11-0x", "2026-11-10"], ["2026-09-31", "2026-10-02"], ["2026-11-01", "2026-11-0x"], ["2026-09-01", "2026-09-31"]] as const) {
      expect(tongjiRange(b, e, now)).toMatchObject({ _tag: "RuleViolation", message: "统计日期范围不正确" })
    }
    fc.assert(fc.property(date, date, (b, e) => {
      const r = tongjiRange(b, e, now)
      const ok = b < e && b >= earliestDay(now) && e <= "2026-11-29"
      expect("from" in r).toBe(ok)
    }))
  })

  it("the daily report's date runs from 6 months back to today", () => {
    expect(dailyDate("2026-11-28", now)).toBe("2026-11-28")
    expect(dailyDate("2026-05-28", now)).toBe("2026-05-28")
    for (const d of ["2026-11-29", "2026-05-27", "2026-13-01", "x", undefined]) expect(dailyDate(d, now)).toMatchObject({ _tag: "RuleViolation" })
  })

  it("a global key is the head office's view, a worksite's key that worksite's", () => {
    expect(viewerOfKey({ worksiteId: null })).toEqual(HEAD_OFFICE)
    expect(viewerOfKey({ worksiteId: "w1" })).toEqual({ worksiteId: "w1" })
    expect(covers(HEAD_OFFICE, "w9")).toBe(true)
    expect(covers({ worksiteId: "w1" }, "w1")).toBe(true)
    expect(covers({ worksiteId: "w1" }, "w2")).toBe(false)
  })

  it("a key lasts 1 to 365 whole days; revoked beats expired", () => {
    for (const d of [1, 30, 365]) expect(keyDaysRefusal(d)).toBeUndefined()
    for (const d of [0, 366, 1.5, -1, Number.NaN]) expect(keyDaysRefusal(d)).toMatchObject({ _tag: "RuleViolation" })
    const at = new Date("2026-11-28T00:00:00Z")
    expect(reportKeyState({ expiresAt: new Date(at.getTime() + 1), revokedAt: null }, at)).toBe("active")
    expect(reportKeyState({ expiresAt: at, revokedAt: null }, at)).toBe("expired")
    expect(reportKeyState({ expiresAt: new Date(0), revokedAt: at }, at)).toBe("revoked")
    expect(reportLinkPath("2026-11-27", "a_b-c")).toBe("/dailyStatic/2026-11-27#key=a_b-c")
  })
})

const counts = fc.record(Object.fromEntries(COUNT_KEYS.map((k) => [k, fc.nat({ max: 10_000 })])) as { [K in keyof Counts]: fc.Arbitrary<number> })
const site = { id: "w1", name: "西园驿站", siteCode: "XY01", fullName: "西园" }

describe("the figures", () => {
  it("the SMS cost is the SMS sent times the unit cost; sums add every figure", () => {
    fc.assert(fc.property(fc.array(counts, { maxLength: 5 }), fc.nat({ max: 50 }), (days, unit) => {
      const figures = days.map((c) => figuresOf(c, unit))
      figures.forEach((f, i) => expect(f.smsCost).toBe(days[i]!.smsCount * unit))
      const sum = sumFigures(figures)
      for (const k of FIGURE_KEYS) expect(sum[k]).toBe(figures.reduce((s, f) => s + f[k], 0))
    }))
    expect(figuresOf({}, 4)).toEqual({ ...zeroCounts, smsCost: 0 })
  })

  it("the head office's figures are null for anyone else, never 0; every other figure is seen as it is", () => {
    fc.assert(fc.property(counts, (c) => {
      const f = figuresOf(c, 4)
      expect(seenFigures(f, true)).toEqual(f)
      const seen = seenFigures(f, false)
      for (const k of FIGURE_KEYS) expect(seen[k]).toBe(FIGURES[k].headOffice ? null : f[k])
    }))
    expect(FIGURE_KEYS.filter((k) => FIGURES[k].headOffice)).toEqual(["newFollowers", "newBindings", "verifications", "runners"])
  })

  it("a /tongji row: taken away = handed out + from lockers, checked in, SMS, errands paid; new bindings only for the head office", () => {
    fc.assert(fc.property(counts, fc.nat(), fc.nat(), fc.boolean(), (c, bound, unsubscribed, headOffice) => {
      const f = figuresOf(c, 4)
      expect(tongjiRow(site, { bound, unsubscribed }, f, headOffice)).toEqual({
        _id: "w1", name: "西园驿站", bindCount: bound, newBindCount: headOffice ? c.newBindings : null, unSubscribeCount: unsubscribed,
        liveOrderCount: c.handedOut + c.lockerOut, expessCount: c.checkedIn, smsCount: c.smsCount, paotuiCount: c.errandsPaid
      })
    }))
  })

  it("the daily report has the spec's six types in order, a line per worksite", () => {
    const f = seenFigures(figuresOf({ handedOut: 3, checkedIn: 5, lockerOut: 1, errandsCompleted: 2, errandIncome: 480, newBindings: 7, smsCount: 9 }, 4), false)
    const blocks = dailyBlocks([{ site, figures: f, link: "r1" }, { site: { ...site, id: "w2", name: "东园驿站" }, figures: f, link: null }])
    expect(blocks.map((b) => b.type)).toEqual([1, 2, 3, 4, 5, 6])
    expect(DAILY_TYPES.map((t) => t.name)).toEqual(["取件量", "包裹量", "快递柜取件量", "跑腿量", "绑定量", "短信量"])
    expect(blocks.map((b) => [b.detail[0]!.count, b.detail[0]!.money])).toEqual([[3, null], [5, null], [1, null], [2, 480], [null, null], [9, 36]])
    expect(blocks[0]!.detail.map((l) => [l.name, l.worksite, l._id])).toEqual([["西园驿站", "w1", "r1"], ["东园驿站", "w2", null]])
  })

  it("a record carries every figure under the spec's name", () => {
    const f = figuresOf(Object.fromEntries(COUNT_KEYS.map((k, i) => [k, i + 1])), 4)
    const view = statisticsRecordView({ id: "r1", site, day: "2026-11-27", live: false, computedAt: new Date(0), figures: seenFigures(f, true) })
    for (const k of FIGURE_KEYS) expect(view[FIGURES[k].wire as keyof typeof view]).toBe(f[k])
    expect(Object.keys(StatisticsRecordView.fields).sort()).toEqual(
      [...FIGURE_KEYS.map((k) => FIGURES[k].wire), "_id", "time", "live", "computedAt", "worksite"].sort())
  })
})

// --- the use cases over a store double ---------------------------------------------------------------

const NOW = STATS_NOW
const world = statisticsWorld

describe("the statistics' use cases", () => {
  it("the head office is role admin, a site admin their worksite; anyone else is refused", async () => {
    const w = world({ siteAdmins: { "o-site": "w2" } })
    expect(await w.run(viewerOf({ actor: actor({ role: "admin" }) }))).toEqual({ ok: true, value: HEAD_OFFICE })
    expect(await w.run(viewerOf({ actor: actor({ openid: "o-site", role: "staff" }) }))).toEqual({ ok: true, value: { worksiteId: "w2" } })
    for (const role of ["student", "runner", "staff"] as const) {
      expect(await w.run(viewerOf({ actor: actor({ role }) }))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
    }
  })

  it("a closed day stored is read as stored; other days are counted, today up to now, a day after today is all zeros", async () => {
    const w = world({
      stored: [storedDay("w1", "2026-11-26", { checkedIn: 9 })],
      counted: [
        { worksiteId: "w1", day: "2026-11-26", counts: { checkedIn: 1 } }, { worksiteId: "w2", day: "2026-11-26", counts: { checkedIn: 2 } },
        { worksiteId: "w1", day: "2026-11-28", counts: { smsCount: 3 } }
      ]
    })
    const r = await w.run(figuresOfDays(["w1", "w2"], ["2026-11-26", "2026-11-28", "2026-11-29"]))
    if (!r.ok) throw new Error("failed")
    expect(r.value.map((d) => [d.worksiteId, d.day, d.figures.checkedIn, d.figures.smsCost, d.record])).toEqual([
      ["w1", "2026-11-26", 9, 0, "r-w1-2026-11-26"], ["w2", "2026-11-26", 2, 0, null],
      ["w1", "2026-11-28", 0, 12, null], ["w2", "2026-11-28", 0, 0, null],
      ["w1", "2026-11-29", 0, 0, null], ["w2", "2026-11-29", 0, 0, null]
    ])
    expect(w.asked).toEqual([["2026-11-26", "2026-11-28"]])
  })

  it("a record: another worksite's is refused to a site admin, an unknown id is 404, a worksite's id is today's live figures", async () => {
    const w = world({ stored: [storedDay("w2", "2026-11-26", { newFollowers: 4 })], siteAdmins: { "o-site": "w1" } })
    const siteAdmin = { actor: actor({ openid: "o-site", role: "staff" }) }
    expect(await w.run(statisticsRecord(siteAdmin, "r-w2-2026-11-26"))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
    expect(await w.run(statisticsRecord(siteAdmin, "nothing"))).toMatchObject(refused("NotFound", "获取统计数据失败"))
    expect(await w.run(statisticsRecord({ reportKey: { worksiteId: null } }, "r-w2-2026-11-26")))
      .toMatchObject({ ok: true, value: { live: false, day: "2026-11-26", figures: { newFollowers: 4 } } })
    expect(await w.run(statisticsRecord({ reportKey: { worksiteId: "w2" } }, "r-w2-2026-11-26")))
      .toMatchObject({ ok: true, value: { live: false, figures: { newFollowers: null } } })
    expect(await w.run(statisticsRecord(siteAdmin, "w1"))).toMatchObject({ ok: true, value: { id: "w1", live: true, day: "2026-11-28", figures: { newFollowers: null } } })
  })

  it("the job stores a closed day once, logs only a change under the system actor, and skips today and junk", async () => {
    const w = world({ counted: [{ worksiteId: "w1", day: "2026-11-27", counts: { handedOut: 2 } }] })
    expect(await w.run(storeStatisticsDay("w1@2026-11-27"))).toEqual({ ok: true, value: "stored" })
    expect(await w.run(storeStatisticsDay("w1@2026-11-27"))).toEqual({ ok: true, value: "unchanged" })
    for (const item of ["w1@2026-11-28", "w1@2026-02-30", "w1", "@2026-11-27"]) expect(await w.run(storeStatisticsDay(item))).toEqual({ ok: true, value: "skipped" })
    expect(w.stored).toHaveLength(1)
    expect(w.ports.ops.map((o) => [o.op, o.actorOpenid, o.outcome])).toEqual([["storeDailyStatistics", "station-system", { id: "new-1", outcome: "inserted" }]])
  })

  it("report links and site admins: made, revoked once, switched, each change logged under the operator", async () => {
    const w = world()
    const made = await w.run(createReportLink("XY01", 30))
    expect(made).toMatchObject({ ok: true, value: { secret: "secret-new-1", path: "/dailyStatic/2026-11-27#key=secret-new-1", key: { worksiteId: "w1" } } })
    expect(await w.run(createReportLink("NOPE", 30))).toMatchObject(refused("NotFound", "网点不存在"))
    expect(await w.run(createReportLink(null, 400))).toMatchObject(refused("RuleViolation", "报表链接有效天数须为1到365的整数"))
    expect(await w.run(revokeReportLink("new-1"))).toMatchObject({ ok: true, value: { revokedAt: NOW } })
    expect(await w.run(revokeReportLink("new-1"))).toMatchObject(refused("StateConflict", "报表链接已撤销"))
    expect(await w.run(revokeReportLink("x"))).toMatchObject(refused("NotFound", "报表链接不存在"))
    expect(await w.run(setSiteAdmin(" 13900000001 ", true))).toMatchObject({ ok: true, value: { changed: true, siteAdmin: true, bound: false } })
    expect(await w.run(setSiteAdmin("13900000001", true))).toMatchObject({ ok: true, value: { changed: false } })
    expect(await w.run(setSiteAdmin("13900000009", true))).toMatchObject(refused("NotFound", "该手机号没有后台账号"))
    expect(w.ports.ops.map((o) => [o.op, o.actorOpenid, o.input])).toEqual([
      ["createReportLink", "station-operator", { worksiteId: "w1", days: 30 }], ["revokeReportLink", "station-operator", { id: "new-1" }],
      ["setSiteAdmin", "station-operator", { phone: "13900000001", on: true }]
    ])
  })
})
