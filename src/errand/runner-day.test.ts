/**
 * A runner's day over in-memory ports: today's accepted orders and the export link's life, the spreadsheet
 * of a runner's Shanghai day (or '暂无数据'), a worksite's areas and the recruiting card, each refused to
 * anyone who is not a joined runner.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Clock, Events, Ids } from "../shared/ports"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { WorksiteProfile } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import { ErrandStore, type BuildingRecord, type ErrandOrderRecord } from "./errand-store"
import { EXPORT_COLUMNS, exportRow, type ExportLine } from "./export"
import { areaById, EXPORT_LINK_TTL_MS, recruitCard, todayOrders, todaySheet } from "./runner-day"
import { TeamStore, type Member } from "./team-store"

/** 2026-11-23 12:00 in Shanghai; its day is [2026-11-22T16:00Z, 2026-11-23T16:00Z). */
const NOW = new Date("2026-11-23T04:00:00Z")
const DAY_START = new Date("2026-11-22T16:00:00Z")
const DAY_END = new Date("2026-11-23T16:00:00Z")

const member = (id: string, over: Partial<Member> = {}): Member => ({
  id, openid: `o-${id}`, paotuiStatus: 1, isPaotuiLeader: false, paotuiLeader: "lead", worksiteId: "ws", realname: `名${id}`, nickname: null,
  phoneMain: "13800000000", headimgBase64: null, invitation: null, ...over
})

const order = (id: string, acceptedAt: Date): ErrandOrderRecord => ({
  id, orderNo: `N${id}`, type: 1, status: 1, openid: "o-req", worksiteId: "ws", accept: { openid: "o-r", name: "名r", phone: "1" }, payFee: 400, paid: 400,
  refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: acceptedAt, requireArriveTime: acceptedAt, toComment: false, sexLimit: -1,
  goodsClass: 1, specialGoodId: null, buildingId: null, floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: null,
  fee: 400, activityId: null, prepayId: null, acceptedAt, finishedAt: null
})

const line = (o: ErrandOrderRecord): ExportLine => ({ order: o, parcel: null, buildingName: "东1栋", requesterName: "李明", requesterPhone: "13800000001" })

const building = (id: string, worksiteId: string, area: string): BuildingRecord => ({
  id, worksiteId, name: id, tag: id, area, isLift: false, fees: {}, specialGoods: [], managerId: null
})

const site: WorksiteProfile = {
  id: "ws", siteCode: "XY", fullName: "西园快递驿站", shortName: "西园", schoolCampus: "西校区", schoolCode: "S1", servicePhone: "021-1", serviceBegin: "09:00",
  serviceEnd: "21:00", paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: false, location: null, smsCredit: 0
}

/** People, the runner's lines by openid (answered only for the asked window), buildings and worksites. */
const world = (people: ReadonlyArray<Member>, lines: ReadonlyArray<ExportLine> = [], buildings: ReadonlyArray<BuildingRecord> = []) => {
  const asked: Array<{ openid: string; from: Date; to: Date }> = []
  const team = {
    byId: (id: string) => Effect.succeed(people.find((p) => p.id === id)),
    dayOrders: (openid: string, from: Date, to: Date) => Effect.sync(() => {
      asked.push({ openid, from, to })
      return lines.filter((l) => l.order.accept?.openid === openid && l.order.acceptedAt! >= from && l.order.acceptedAt! < to)
    })
  }
  const errands = { buildings: (worksiteId: string) => Effect.succeed(buildings.filter((b) => b.worksiteId === worksiteId)) }
  const worksites = { find: (id: string) => Effect.succeed(id === site.id ? site : undefined) }
  const ports = recordingPorts(NOW)
  const run = <A, E>(effect: Effect.Effect<A, E, TeamStore | ErrandStore | Worksites | Clock | Ids | Events>) =>
    outcome(ports.provide(effect.pipe(
      Effect.provideService(TeamStore, team as never),
      Effect.provideService(ErrandStore, errands as never),
      Effect.provideService(Worksites, worksites as never)
    )) as Effect.Effect<A, E, never>)
  return { run, asked }
}

const runner = member("r")
const me = actor({ userId: "r", openid: "o-r", role: "runner" })

describe("today's orders", () => {
  it("are the runner's lines of the Shanghai day, with an export link good for 10 minutes", async () => {
    const today = line(order("1", new Date("2026-11-23T01:00:00Z")))
    const yesterday = line(order("2", new Date("2026-11-22T15:59:59Z")))
    const w = world([runner], [today, yesterday])
    expect(await w.run(todayOrders(me))).toEqual({ ok: true, value: { runner, lines: [today], linkExpiresAt: new Date(NOW.getTime() + 10 * 60_000) } })
    expect(EXPORT_LINK_TTL_MS).toBe(600_000)
    expect(w.asked).toEqual([{ openid: "o-r", from: DAY_START, to: DAY_END }])
  })

  it.each([
    ["nobody", [] as ReadonlyArray<Member>],
    ["an applicant under review", [member("r", { paotuiStatus: 0 })]],
    ["a runner who left", [member("r", { paotuiStatus: 2 })]]
  ])("are refused to %s", async (_who, people) => {
    const w = world(people)
    expect(await w.run(todayOrders(me))).toMatchObject(refused("NotAllowed", "您还不是跑腿员"))
    expect(w.asked).toEqual([])
  })
})

describe("the day's spreadsheet", () => {
  it("has the header and one row per order of that runner's day", async () => {
    const a = line(order("1", new Date("2026-11-23T01:00:00Z")))
    const b = line(order("2", new Date("2026-11-23T15:00:00Z")))
    const w = world([runner], [a, b])
    expect(await w.run(todaySheet("r"))).toEqual({ ok: true, value: { rows: [EXPORT_COLUMNS, exportRow(a), exportRow(b)], now: NOW } })
  })

  it("says '暂无数据' for a day without orders, and is refused for one who is not a runner", async () => {
    expect(await world([runner]).run(todaySheet("r"))).toMatchObject(refused("NotFound", "暂无数据"))
    expect(await world([member("r", { paotuiStatus: -1 })]).run(todaySheet("r"))).toMatchObject(refused("NotAllowed", "您还不是跑腿员"))
    expect(await world([]).run(todaySheet("r"))).toMatchObject(refused("NotAllowed", "您还不是跑腿员"))
  })
})

describe("a worksite's area", () => {
  it("names the worksite, its buildings' areas once each (none empty) and counts its buildings", async () => {
    const w = world([], [], [building("b1", "ws", "东区"), building("b2", "ws", "东区"), building("b3", "ws", ""), building("b4", "ws", "西区"), building("x", "other", "北区")])
    expect(await w.run(areaById("ws"))).toEqual({ ok: true, value: { site, areas: ["东区", "西区"], buildingCount: 4 } })
  })

  it("is '获取网点信息失败' for an unknown worksite", async () => {
    expect(await world([]).run(areaById("nope"))).toMatchObject(refused("NotFound", "获取网点信息失败"))
  })
})

describe("the recruiting card", () => {
  const lead = member("lead", { isPaotuiLeader: true, paotuiLeader: null, invitation: "INV1" })

  it("of a leader is their own team and invitation", async () => {
    const w = world([lead])
    expect(await w.run(recruitCard(actor({ userId: "lead" })))).toEqual({ ok: true, value: { me: lead, leader: lead, invitation: "INV1" } })
  })

  it("of a team member is their leader's invitation", async () => {
    expect(await world([lead, runner]).run(recruitCard(me))).toEqual({ ok: true, value: { me: runner, leader: lead, invitation: "INV1" } })
  })

  it("of a runner in no team, or whose leader is gone, has no leader and no invitation", async () => {
    const alone = member("r", { paotuiLeader: null })
    expect(await world([alone]).run(recruitCard(me))).toEqual({ ok: true, value: { me: alone, leader: null, invitation: null } })
    expect(await world([runner]).run(recruitCard(me))).toEqual({ ok: true, value: { me: runner, leader: null, invitation: null } })
  })

  it("is refused to one who is not a runner", async () => {
    expect(await world([member("r", { paotuiStatus: 0 })]).run(recruitCard(me))).toMatchObject(refused("NotAllowed", "您还不是跑腿员"))
  })
})
