import { describe, expect, it } from "vitest"
import { actor, refused } from "../shared/ports.testkit"
import { figuresOf, seenFigures, zeroFigures } from "./figures"
import { DY, employee, STATS_NOW, statisticsWorld, storedDay, XY } from "./statistics-store.testkit"
import {
  createReportLink, dailyStatistics, dayFiguresForOperator, dueStatisticsDays, figuresOfDays, reportLinks, revokeReportLink, setSiteAdmin,
  sitesForTongji, statisticsRecord, storeStatisticsDay, tongji, unbindCount, writeStatisticsDay
} from "./use-cases"

const headOffice = actor({ userId: "u-admin", openid: "o-admin", role: "admin" })
const siteAdmin = actor({ userId: "u-site", openid: "o-site", role: "staff" })
const student = actor()
const siteAdmins = { "o-site": "w1" }
const DAY_MS = 86_400_000

const value = <A>(r: { ok: true; value: A } | { ok: false }): A => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`)
  return r.value
}

describe("the worksites in view", () => {
  it("the head office sees every worksite, a site admin theirs, anyone else is refused", async () => {
    const w = statisticsWorld({ siteAdmins: { "o-site": "w2" } })
    expect(await w.run(sitesForTongji(headOffice))).toEqual({ ok: true, value: [XY, DY] })
    expect(await w.run(sitesForTongji(siteAdmin))).toEqual({ ok: true, value: [DY] })
    expect(await w.run(sitesForTongji(student))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
  })

  it("followers bound to no worksite: a number for the head office, null for a site admin, refused to anyone else", async () => {
    const w = statisticsWorld({ siteAdmins, unbound: 17 })
    expect(await w.run(unbindCount(headOffice))).toEqual({ ok: true, value: 17 })
    expect(await w.run(unbindCount(siteAdmin))).toEqual({ ok: true, value: null })
    expect(await w.run(unbindCount(student))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
  })
})

describe("/tongji", () => {
  const world = () => statisticsWorld({
    siteAdmins,
    stored: [
      storedDay("w1", "2026-11-26", { checkedIn: 9, handedOut: 2, newBindings: 1 }),
      storedDay("w1", "2026-11-25", { smsCount: 1 }),
      storedDay("w2", "2026-11-25", {}),
      storedDay("w1", "2026-11-21", { checkedIn: 100 })
    ],
    counted: [
      { worksiteId: "w1", day: "2026-11-28", counts: { lockerOut: 3, smsCount: 5, errandsPaid: 1 } },
      { worksiteId: "w2", day: "2026-11-27", counts: { checkedIn: 4, newBindings: 2 } },
      { worksiteId: "w1", day: "2026-11-26", counts: { checkedIn: 50 } }
    ],
    population: new Map([["w1", { bound: 10, unsubscribed: 2 }]])
  })
  const w1Row = { _id: "w1", name: "西园驿站", bindCount: 10, newBindCount: 1, unSubscribeCount: 2, liveOrderCount: 5, expessCount: 9, smsCount: 6, paotuiCount: 1 }
  const w2Row = { _id: "w2", name: "东园驿站", bindCount: 0, newBindCount: 2, unSubscribeCount: 0, liveOrderCount: 0, expessCount: 4, smsCount: 0, paotuiCount: 0 }

  it("no range is the last 7 days: stored days as stored, the rest counted, summed per worksite with who is bound now", async () => {
    const w = world()
    expect(await w.run(tongji(headOffice, undefined, undefined, undefined))).toEqual({ ok: true, value: [w1Row, w2Row] })
    expect(w.storedAsked).toEqual([["2026-11-22", "2026-11-28"]])
    // the 25th is stored for both worksites, so it is not counted again
    expect(w.asked).toEqual([["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-26", "2026-11-27", "2026-11-28"]])
    expect(w.askedSites).toEqual([["w1", "w2"]])
    expect(w.populationAsked).toEqual([["w1", "w2"]])
  })

  it("-1, blank or nothing is every worksite in view; a site admin sees theirs without new bindings", async () => {
    const w = world()
    for (const all of ["-1", " ", ""]) expect(await w.run(tongji(headOffice, all, undefined, undefined))).toEqual({ ok: true, value: [w1Row, w2Row] })
    expect(await w.run(tongji(siteAdmin, "-1", undefined, undefined))).toEqual({ ok: true, value: [{ ...w1Row, newBindCount: null }] })
    expect(await w.run(tongji(siteAdmin, "w1", undefined, undefined))).toEqual({ ok: true, value: [{ ...w1Row, newBindCount: null }] })
    expect(w.askedSites.at(-1)).toEqual(["w1"])
  })

  it("a range named is read as named, timeEnd exclusive", async () => {
    const w = world()
    expect(await w.run(tongji(headOffice, " w2 ", "2026-11-27", "2026-11-28"))).toEqual({ ok: true, value: [w2Row] })
    expect(await w.run(tongji(headOffice, "w1", "2026-11-21", "2026-11-22"))).toMatchObject({ ok: true, value: [{ _id: "w1", expessCount: 100, smsCount: 0 }] })
    expect(w.storedAsked).toEqual([["2026-11-27", "2026-11-28"], ["2026-11-21", "2026-11-22"]])
  })

  it("another worksite is refused to a site admin (403), an unknown one is 404 to the head office; a bad range 400", async () => {
    const w = world()
    expect(await w.run(tongji(siteAdmin, "w2", undefined, undefined))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
    expect(await w.run(tongji(siteAdmin, "w9", undefined, undefined))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
    expect(await w.run(tongji(headOffice, "w9", undefined, undefined))).toMatchObject(refused("NotFound", "获取统计数据失败"))
    expect(await w.run(tongji(headOffice, "-1", "2026-11-01", undefined))).toMatchObject(refused("RuleViolation", "统计日期范围不正确"))
    expect(await w.run(tongji(student, "-1", "2026-11-01", undefined))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
    expect(w.asked).toEqual([])
  })
})

describe("a day's figures", () => {
  it("asks the store nothing when there is no worksite, and counts no closed day every worksite has stored", async () => {
    const w = statisticsWorld({ stored: [storedDay("w1", "2026-11-20", {}), storedDay("w2", "2026-11-20", {})] })
    expect(await w.run(figuresOfDays([], ["2026-11-20", "2026-11-28"]))).toEqual({ ok: true, value: [] })
    expect(w.storedAsked).toEqual([])
    expect(w.asked).toEqual([])
    expect(value(await w.run(figuresOfDays(["w1", "w2"], ["2026-11-20", "2026-11-30"]))).map((d) => d.record)).toEqual(["r-w1-2026-11-20", "r-w2-2026-11-20", null, null])
    expect(w.storedAsked).toEqual([["2026-11-20", "2026-11-21"]])
    expect(w.asked).toEqual([])
    expect(value(await w.run(figuresOfDays(["w1"], ["2026-11-28"])))).toEqual([{ worksiteId: "w1", day: "2026-11-28", figures: zeroFigures, record: null, computedAt: STATS_NOW }])
    expect(w.storedAsked).toHaveLength(1)
    expect(w.spans).toEqual([{ day: "2026-11-28", from: new Date("2026-11-27T16:00:00Z"), end: STATS_NOW }])
  })

  it("a record: a stored one as stored, a worksite's id as today's figures counted now; no id is 404", async () => {
    const at = new Date("2026-11-27T18:00:00Z")
    const w = statisticsWorld({
      siteAdmins,
      stored: [storedDay("w2", "2026-11-26", { newFollowers: 4, checkedIn: 3 }, at)],
      counted: [{ worksiteId: "w2", day: "2026-11-28", counts: { smsCount: 2, runners: 1 } }]
    })
    expect(await w.run(statisticsRecord({ actor: headOffice }, "r-w2-2026-11-26"))).toEqual({ ok: true, value: {
      id: "r-w2-2026-11-26", site: DY, day: "2026-11-26", live: false, computedAt: at, figures: { ...zeroFigures, newFollowers: 4, checkedIn: 3 }
    } })
    expect(await w.run(statisticsRecord({ actor: headOffice }, "w2"))).toEqual({ ok: true, value: {
      id: "w2", site: DY, day: "2026-11-28", live: true, computedAt: STATS_NOW, figures: { ...zeroFigures, smsCount: 2, smsCost: 8, runners: 1 }
    } })
    expect(await w.run(statisticsRecord({ reportKey: { worksiteId: "w2" } }, "w2"))).toMatchObject({ ok: true, value: { figures: { smsCount: 2, runners: null } } })
    expect(await w.run(statisticsRecord({ actor: siteAdmin }, "w2"))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
    for (const id of [undefined, ""]) expect(await w.run(statisticsRecord({ actor: headOffice }, id))).toMatchObject(refused("NotFound", "获取统计数据失败"))
    expect(await w.run(statisticsRecord({ actor: student }, "w2"))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
  })
})

describe("the daily report", () => {
  const world = () => statisticsWorld({
    siteAdmins,
    stored: [storedDay("w1", "2026-11-26", { handedOut: 7, newBindings: 3 })],
    counted: [
      { worksiteId: "w1", day: "2026-11-28", counts: { handedOut: 3, newBindings: 2 } },
      { worksiteId: "w2", day: "2026-11-26", counts: { handedOut: 1 } }
    ]
  })
  const lines = (blocks: ReadonlyArray<{ type: number; detail: ReadonlyArray<{ worksite: string; count: number | null; _id: string | null }> }>, type: number) =>
    blocks.find((b) => b.type === type)!.detail.map((l) => [l.worksite, l.count, l._id])

  it("today: a line per worksite in view, linked to the worksite's live figures", async () => {
    const w = world()
    const today = value(await w.run(dailyStatistics({ actor: headOffice }, "2026-11-28")))
    expect(today.map((b) => b.type)).toEqual([1, 2, 3, 4, 5, 6])
    expect(lines(today, 1)).toEqual([["w1", 3, "w1"], ["w2", 0, "w2"]])
    expect(lines(today, 5)).toEqual([["w1", 2, "w1"], ["w2", 0, "w2"]])
    const mine = value(await w.run(dailyStatistics({ actor: siteAdmin }, " 2026-11-28 ")))
    expect(lines(mine, 1)).toEqual([["w1", 3, "w1"]])
    expect(lines(mine, 5)).toEqual([["w1", null, "w1"]])
  })

  it("a past day links a stored line to its record, a line never stored to nothing", async () => {
    const w = world()
    const past = value(await w.run(dailyStatistics({ reportKey: { worksiteId: null } }, "2026-11-26")))
    expect(lines(past, 1)).toEqual([["w1", 7, "r-w1-2026-11-26"], ["w2", 1, null]])
    expect(lines(past, 5)).toEqual([["w1", 3, "r-w1-2026-11-26"], ["w2", 0, null]])
    const key = value(await w.run(dailyStatistics({ reportKey: { worksiteId: "w2" } }, "2026-11-26")))
    expect(lines(key, 1)).toEqual([["w2", 1, null]])
  })

  it("a day after today or beyond 6 months is 400; anyone else 403", async () => {
    const w = world()
    for (const d of ["2026-11-29", "2026-05-27", undefined]) expect(await w.run(dailyStatistics({ actor: headOffice }, d))).toMatchObject(refused("RuleViolation", "统计日期范围不正确"))
    expect(await w.run(dailyStatistics({ actor: student }, "2026-11-28"))).toMatchObject(refused("NotAllowed", "获取统计数据失败"))
  })
})

describe("station stats", () => {
  it("a day's figures of every worksite, or one by id or site code, as the head office sees them", async () => {
    const w = statisticsWorld({ stored: [storedDay("w1", "2026-11-26", { newFollowers: 2 })], counted: [{ worksiteId: "w2", day: "2026-11-26", counts: { runners: 1 } }] })
    expect(await w.run(dayFiguresForOperator("2026-11-26"))).toEqual({ ok: true, value: [
      { site: XY, worksiteId: "w1", day: "2026-11-26", figures: { ...zeroFigures, newFollowers: 2 }, record: "r-w1-2026-11-26", computedAt: new Date(0) },
      { site: DY, worksiteId: "w2", day: "2026-11-26", figures: { ...zeroFigures, runners: 1 }, record: null, computedAt: STATS_NOW }
    ] })
    expect(value(await w.run(dayFiguresForOperator("2026-11-26", "DY01"))).map((d) => d.site)).toEqual([DY])
    expect(value(await w.run(dayFiguresForOperator("2026-11-26", "w1"))).map((d) => d.site)).toEqual([XY])
    expect(await w.run(dayFiguresForOperator("2026-11-26", "nope"))).toMatchObject(refused("NotFound", "网点不存在"))
    expect(await w.run(dayFiguresForOperator("2026-02-30"))).toMatchObject(refused("RuleViolation", "统计日期范围不正确"))
  })
})

describe("the daily-statistics job", () => {
  it("its items are each worksite's last two closed days", async () => {
    expect(await statisticsWorld().run(dueStatisticsDays())).toEqual({ ok: true, value: ["w1@2026-11-26", "w2@2026-11-26", "w1@2026-11-27", "w2@2026-11-27"] })
  })

  it("writing a day: inserted and updated are logged under the system actor with the figures, unchanged is not", async () => {
    const w = statisticsWorld()
    const f = figuresOf({ checkedIn: 2 }, 4)
    const g = figuresOf({ checkedIn: 3 }, 4)
    expect(await w.run(writeStatisticsDay("w1", "2026-11-27", f))).toEqual({ ok: true, value: { id: "new-1", outcome: "inserted" } })
    expect(await w.run(writeStatisticsDay("w1", "2026-11-27", f))).toEqual({ ok: true, value: { id: "new-1", outcome: "unchanged" } })
    expect(await w.run(writeStatisticsDay("w1", "2026-11-27", g))).toEqual({ ok: true, value: { id: "new-1", outcome: "updated" } })
    expect(w.stored).toEqual([{ id: "new-1", worksiteId: "w1", day: "2026-11-27", figures: g, computedAt: STATS_NOW }])
    expect(w.ports.ops).toEqual([
      { op: "storeDailyStatistics", actorOpenid: "station-system", at: STATS_NOW, input: { worksiteId: "w1", day: "2026-11-27", figures: f }, outcome: { id: "new-1", outcome: "inserted" } },
      { op: "storeDailyStatistics", actorOpenid: "station-system", at: STATS_NOW, input: { worksiteId: "w1", day: "2026-11-27", figures: g }, outcome: { id: "new-1", outcome: "updated" } }
    ])
  })

  it("an item counts its worksite's closed day over that Shanghai day, SMS cost included; a worksite id may hold '@'", async () => {
    const w = statisticsWorld({ counted: [{ worksiteId: "a@b", day: "2026-11-27", counts: { smsCount: 2, handedOut: 1 } }] })
    expect(await w.run(storeStatisticsDay("a@b@2026-11-27"))).toEqual({ ok: true, value: "stored" })
    expect(await w.run(storeStatisticsDay("w9@2026-11-26"))).toEqual({ ok: true, value: "stored" })
    expect(w.askedSites).toEqual([["a@b"], ["w9"]])
    expect(w.spans[0]).toEqual({ day: "2026-11-27", from: new Date("2026-11-26T16:00:00Z"), end: new Date("2026-11-27T16:00:00Z") })
    expect(w.stored.map((s) => [s.worksiteId, s.day, s.figures])).toEqual([
      ["a@b", "2026-11-27", figuresOf({ smsCount: 2, smsCost: 8, handedOut: 1 } as never, 4)], ["w9", "2026-11-26", zeroFigures]
    ])
    expect(w.stored[0]!.figures.smsCost).toBe(8)
    for (const item of ["w1@", "x@2026-11-27Z", "w1@2026-11-29"]) expect(await w.run(storeStatisticsDay(item))).toEqual({ ok: true, value: "skipped" })
    expect(w.askedSites).toHaveLength(2)
  })
})

describe("report links and site admins", () => {
  it("a global key lasts its days from now, its secret in the link to yesterday's report; a site's key names the site", async () => {
    const w = statisticsWorld()
    const key = { id: "new-1", worksiteId: null, createdBy: "station-operator", createdAt: STATS_NOW, expiresAt: new Date(STATS_NOW.getTime() + 30 * DAY_MS) }
    expect(await w.run(createReportLink(null, 30))).toEqual({ ok: true, value: {
      key: { ...key, revokedAt: null }, site: null, secret: "secret-new-1", path: "/dailyStatic/2026-11-27#key=secret-new-1"
    } })
    expect(await w.run(createReportLink("w2", 1))).toMatchObject({ ok: true, value: { site: DY, key: { id: "new-2", worksiteId: "w2", expiresAt: new Date(STATS_NOW.getTime() + DAY_MS) } } })
    expect(w.keys).toEqual([{ ...key, revokedAt: null }, expect.objectContaining({ id: "new-2", worksiteId: "w2" })])
    expect(w.ports.ops).toEqual([
      { op: "createReportLink", actorOpenid: "station-operator", at: STATS_NOW, input: { worksiteId: null, days: 30 }, outcome: { id: "new-1", expiresAt: "2026-12-28T04:00:00.000Z" } },
      { op: "createReportLink", actorOpenid: "station-operator", at: STATS_NOW, input: { worksiteId: "w2", days: 1 }, outcome: { id: "new-2", expiresAt: "2026-11-29T04:00:00.000Z" } }
    ])
    expect(await w.run(createReportLink("w1", 0))).toMatchObject(refused("RuleViolation", "报表链接有效天数须为1到365的整数"))
    expect(w.keys).toHaveLength(2)
    expect(w.ports.ops).toHaveLength(2)
  })

  it("the list gives each key its worksite (null for a global one or a worksite gone) and its state now", async () => {
    const base = { createdBy: "station-operator", createdAt: new Date(0), revokedAt: null }
    const w = statisticsWorld({ keys: [
      { ...base, id: "k1", worksiteId: "w1", expiresAt: new Date(STATS_NOW.getTime() + 1) },
      { ...base, id: "k2", worksiteId: null, expiresAt: STATS_NOW },
      { ...base, id: "k3", worksiteId: "gone", expiresAt: new Date(STATS_NOW.getTime() + DAY_MS), revokedAt: new Date(1) }
    ] })
    expect(value(await w.run(reportLinks())).map((k) => [k.id, k.site, k.state])).toEqual([["k1", XY, "active"], ["k2", null, "expired"], ["k3", null, "revoked"]])
  })

  it("a revoke answers the key as revoked now and logs it", async () => {
    const w = statisticsWorld({ keys: [{ id: "k1", worksiteId: null, createdBy: "station-operator", createdAt: new Date(0), expiresAt: new Date(STATS_NOW.getTime() + DAY_MS), revokedAt: null }] })
    expect(await w.run(revokeReportLink("k1"))).toMatchObject({ ok: true, value: { id: "k1", revokedAt: STATS_NOW } })
    expect(w.ports.ops).toEqual([{ op: "revokeReportLink", actorOpenid: "station-operator", at: STATS_NOW, input: { id: "k1" }, outcome: { id: "k1" } }])
  })

  it("a site admin switched on and off is logged each time it changes; a bound employee is said bound", async () => {
    const bound = employee({ id: "e2", phone: "13900000002", openid: "o-e2" })
    const w = statisticsWorld({ employees: [bound] })
    expect(await w.run(setSiteAdmin("13900000002", false))).toEqual({ ok: true, value: { employee: bound, siteAdmin: false, changed: false, bound: true } })
    expect(await w.run(setSiteAdmin("13900000002", true))).toEqual({ ok: true, value: { employee: bound, siteAdmin: true, changed: true, bound: true } })
    expect(await w.run(setSiteAdmin("13900000002", false))).toMatchObject({ ok: true, value: { siteAdmin: false, changed: true } })
    expect(w.admins.get("e2")).toBe(false)
    expect(w.ports.ops).toEqual([
      { op: "setSiteAdmin", actorOpenid: "station-operator", at: STATS_NOW, input: { phone: "13900000002", on: true }, outcome: { employeeId: "e2", siteAdmin: true } },
      { op: "setSiteAdmin", actorOpenid: "station-operator", at: STATS_NOW, input: { phone: "13900000002", on: false }, outcome: { employeeId: "e2", siteAdmin: false } }
    ])
  })
})

describe("the statistics views", () => {
  it("a /tongji site, a row and a daily block map field for field", async () => {
    const { tongjiSiteView, tongjiRowView, dailyBlockView, statisticsRecordView } = await import("./calls")
    expect(tongjiSiteView(XY)).toEqual({ _id: "w1", name: "西园驿站", fullName: "西园", siteCode: "XY01" })
    const row = { _id: "w1", name: "西园驿站", bindCount: 1, newBindCount: null, unSubscribeCount: 2, liveOrderCount: 3, expessCount: 4, smsCount: 5, paotuiCount: 6 }
    expect(tongjiRowView(row)).toEqual(row)
    const line = { name: "西园驿站", count: null, money: 8, worksite: "w1", _id: "r1" }
    const block = dailyBlockView({ type: 6, name: "短信量", detail: [line] })
    expect(block).toEqual({ type: 6, name: "短信量", detail: [line] })
    expect(block.detail[0]).not.toBe(line)
    // hidden figures stay null on the wire; every other figure is its number
    const seen = seenFigures(figuresOf({ newBindings: 3, runners: 2, checkedIn: 1 }, 4), false)
    const view = statisticsRecordView({ id: "w1", site: XY, day: "2026-11-28", live: true, computedAt: STATS_NOW, figures: seen })
    expect(view).toMatchObject({ _id: "w1", time: "2026-11-28", live: true, computedAt: STATS_NOW, worksite: tongjiSiteView(XY), expessCount: 1, newBindCount: null, paotuiVerifyCount: null, wxuserSubscribeCount: null, authVerifyCount: null, toSendCount: 0 })
    const nulls = statisticsRecordView({ id: "w1", site: XY, day: "2026-11-28", live: false, computedAt: STATS_NOW, figures: Object.fromEntries(Object.keys(seen).map((k) => [k, null])) as never })
    expect(Object.entries(nulls).filter(([, v]) => v === 0).map(([k]) => k).sort()).toEqual([
      "doorServiceTakeinCount", "doorServiceTosendCount", "expessCount", "lockerCount", "paotuiBizCount", "paotuiCount", "paotuiIncome", "returnCount",
      "sendedCount", "smsCost", "smsCount", "takeinCount", "takeinIncome", "toSendCount", "toSendDelayCount"
    ])
    expect(nulls.live).toBe(false)
  })
})
