/**
 * The team and rating use cases over in-memory ports: rating once with the credit change retried when the
 * score moved meanwhile, the tip refused past the rating, transfers only inside the team and all or none,
 * building leaders only by a leader of the building's worksite.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Clock, Events, Ids, OpsLog } from "../shared/ports"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { CreditEntry, BuildingRecord, Comment, ErrandOrderRecord } from "./errand-store"
import { CreditStore, ErrandStore } from "./errand-store"
import { changeCredit, creditRecords, rateErrand } from "./reviews"
import { buildingsForLeader, buildingStatus, findManager, removeBuildingManager, setBuildingManager, transferOrders } from "./team"
import { TeamStore, type Member } from "./team-store"
import type { Runner } from "./status-machine"

const NOW = new Date("2026-11-23T04:00:00Z")

const member = (id: string, over: Partial<Member> = {}): Member => ({
  id, openid: `o-${id}`, paotuiStatus: 1, isPaotuiLeader: false, paotuiLeader: "lead", worksiteId: "ws", realname: `名${id}`, nickname: null,
  phoneMain: `1380000${id.padStart(4, "0").slice(-4)}`, headimgBase64: null, invitation: null, ...over
})

const order = (id: string, over: Partial<ErrandOrderRecord> = {}): ErrandOrderRecord => ({
  id, orderNo: `N${id}`, type: 1, status: 1, openid: "o-req", worksiteId: "ws", accept: { openid: "o-a", name: "名a", phone: "1" }, payFee: 400, paid: 400,
  refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: NOW, requireArriveTime: NOW, toComment: false, sexLimit: -1,
  goodsClass: 1, specialGoodId: null, buildingId: null, floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: null,
  fee: 400, activityId: null, prepayId: null, acceptedAt: NOW, finishedAt: null, ...over
})

/** An in-memory world: people, orders, buildings, credit scores; `moveCreditOnce` makes the next `change` lose to a concurrent one. */
const world = (people: ReadonlyArray<Member>, orders: ReadonlyArray<ErrandOrderRecord>, buildings: ReadonlyArray<BuildingRecord> = []) => {
  const byId = new Map(people.map((p) => [p.id, p]))
  const ords = new Map(orders.map((o) => [o.id, o]))
  const blds = new Map(buildings.map((b) => [b.id, b]))
  const scores = new Map<string, number>(people.map((p) => [p.id, 90]))
  const records: Array<CreditEntry> = []
  const comments: Array<Comment> = []
  let moveCreditOnce = false
  let changeTries = 0
  const errands = {
    findById: (id: string) => Effect.succeed(ords.get(id)),
    findBuilding: (id: string) => Effect.succeed(blds.get(id)),
    buildings: (ws: string) => Effect.succeed([...blds.values()].filter((b) => b.worksiteId === ws)),
    setBuildingManager: (id: string, managerId: string | null) => Effect.sync(() => {
      const b = blds.get(id)
      if (b) blds.set(id, { ...b, managerId })
      return b !== undefined
    }),
    transfer: (ids: ReadonlyArray<string>, from: string, to: Runner) => Effect.sync(() => {
      if (!ids.every((id) => ords.get(id)?.status === 1 && ords.get(id)?.accept?.openid === from)) return false
      for (const id of ids) ords.set(id, { ...ords.get(id)!, accept: to })
      return true
    }),
    comment: (c: Comment) => Effect.sync(() => {
      const o = ords.get(c.orderId)
      if (!o?.toComment) return false
      ords.set(o.id, { ...o, toComment: false })
      comments.push(c)
      return true
    }),
    recordStep: () => Effect.void
  }
  const team = {
    byId: (id: string) => Effect.succeed(byId.get(id)),
    byOpenid: (openid: string) => Effect.succeed(people.find((p) => p.openid === openid)),
    byPhone: (phone: string) => Effect.succeed(people.find((p) => p.phoneMain === phone)),
    paidTips: () => Effect.succeed(300),
    buildingCounts: (worksiteId: string, from: Date, to: Date) => Effect.sync(() => {
      countsAsked.push([worksiteId, from, to])
      return [{ buildingId: "b1", counts: [1, 2] }]
    })
  }
  const countsAsked: Array<readonly [string, Date, Date]> = []
  const credits = {
    list: (id: string, page: number) => Effect.succeed(records.filter((r) => r.userId === id).map((r) => ({ ...r, page }))),
    score: (id: string) => Effect.sync(() => scores.get(id) ?? 100),
    change: (id: string, from: number, to: number, record: CreditEntry) => Effect.sync(() => {
      if (moveCreditOnce) {
        moveCreditOnce = false
        scores.set(id, (scores.get(id) ?? 100) - 2)
        return false
      }
      if (scores.get(id) !== from) return false
      scores.set(id, to)
      records.push(record)
      return true
    })
  }
  const ports = recordingPorts(NOW)
  const run = <A, E>(effect: Effect.Effect<A, E, ErrandStore | TeamStore | CreditStore | Clock | Ids | Events | OpsLog>) =>
    outcome(ports.provide(effect.pipe(
      Effect.provideService(ErrandStore, errands as never),
      Effect.provideService(TeamStore, team as never),
      Effect.provideService(CreditStore, credits as never)
    )) as Effect.Effect<A, E, never>)
  return {
    run, ords, blds, scores, records, comments, countsAsked, events: ports.events, ops: ports.ops,
    loseNextCreditChange: () => { moveCreditOnce = true },
    loseCreditChangesForever: () => { credits.change = () => Effect.sync(() => { changeTries++; return false }) },
    changeTries: () => changeTries,
    refuseBuildingWrites: () => { errands.setBuildingManager = () => Effect.succeed(false) },
    refuseComments: () => { errands.comment = () => Effect.succeed(false) }
  }
}

describe("rating", () => {
  const runner = member("r", { openid: "o-r" })
  const requester = actor({ userId: "u-req", openid: "o-req" })
  const done = order("o1", { status: 100, toComment: true, accept: { openid: "o-r", name: "r", phone: "1" } })

  it("keeps the paid tips, moves the credit score by the stars with its record, and refuses a second rating", async () => {
    const w = world([runner], [done])
    const first = await w.run(rateErrand(requester, { paotuiId: "o1", acceptOpenid: "o-r", score: 1, tags: [2, 4] }))
    expect(first).toMatchObject({ ok: true, value: { rewardMoney: 300, creditScore: 87 } })
    expect(w.comments).toEqual([expect.objectContaining({ orderId: "o1", score: 1, tags: [2, 4], rewardMoney: 300 })])
    expect(w.records).toEqual([expect.objectContaining({ userId: "r", orderId: "o1", type: 2, score: -3 })])
    expect(await w.run(rateErrand(requester, { paotuiId: "o1", acceptOpenid: "o-r", score: 5, tags: [1] }))).toMatchObject(refused("StateConflict", "该跑腿单已评价过了"))
    expect(w.scores.get("r")).toBe(87)
  })

  it("checks stars and tags before anything, and only the requester naming the order's runner may rate", async () => {
    const w = world([runner], [done])
    expect(await w.run(rateErrand(requester, { paotuiId: "o1", acceptOpenid: "o-r", score: 6, tags: [1] }))).toMatchObject(refused("RuleViolation", "请为本次跑腿打分，一颗星起步哦"))
    expect(await w.run(rateErrand(requester, { paotuiId: "o1", acceptOpenid: "o-r", score: 3, tags: [3, 4] }))).toMatchObject(refused("RuleViolation", "请选择本次服务标签"))
    expect(await w.run(rateErrand(actor({ openid: "o-other" }), { paotuiId: "o1", acceptOpenid: "o-r", score: 3, tags: [3] }))).toMatchObject({ ok: false, error: { _tag: "NotAllowed" } })
    expect(await w.run(rateErrand(requester, { paotuiId: "o1", acceptOpenid: "o-x", score: 3, tags: [3] }))).toMatchObject({ ok: false, error: { _tag: "NotAllowed" } })
    expect(await w.run(rateErrand(requester, { paotuiId: "nope", acceptOpenid: "o-r", score: 3, tags: [3] }))).toMatchObject({ ok: false, error: { _tag: "NotFound" } })
    expect(w.comments).toEqual([])
  })

  it("a credit change that lost to a concurrent one is applied again on the new score, never lost", async () => {
    const w = world([runner], [])
    w.loseNextCreditChange()
    expect(await w.run(changeCredit("r", { kind: "rated", stars: 5 }, null))).toEqual({ ok: true, value: 90 })
    expect(w.scores.get("r")).toBe(90)
    expect(w.records).toEqual([expect.objectContaining({ type: 1, score: 2 })])
  })
})

describe("transfers", () => {
  const lead = member("lead", { isPaotuiLeader: true, paotuiLeader: null })
  const a = member("a", { openid: "o-a" })
  const b = member("b")
  const out = member("x", { paotuiLeader: "other" })
  const left = member("q", { paotuiStatus: 2 })
  const me = actor({ userId: "a", openid: "o-a", role: "runner" })

  it("hands orders at status 1 to a teammate, reading their name and phone here, and tells requester and teammate", async () => {
    const w = world([lead, a, b, { ...member("req"), openid: "o-req", paotuiStatus: -1, paotuiLeader: null }], [order("1"), order("2")])
    const r = await w.run(transferOrders(me, { ids: ["1", "2", "1"], acceptUserId: "b", acceptOpenid: "o-b" }))
    expect(r).toMatchObject({ ok: true, value: { moved: 2, to: { openid: "o-b", name: "名b", phone: b.phoneMain } } })
    expect(w.ords.get("1")!.accept).toEqual({ openid: "o-b", name: "名b", phone: b.phoneMain })
    expect(w.events.map((e) => [e.room, e.name])).toEqual([
      [{ user: "req" }, "paotuiOrderRobbinged"], [{ user: "b" }, "paotuiOrderRobbinged"], [{ user: "req" }, "paotuiOrderRobbinged"], [{ user: "b" }, "paotuiOrderRobbinged"]
    ])
  })

  it("refuses an empty batch, a runner of another team or one who left, a mismatched openid, another status — and moves nothing", async () => {
    const w = world([lead, a, b, out, left], [order("1"), order("2", { status: 2 })])
    expect(await w.run(transferOrders(me, { ids: [], acceptUserId: "b" }))).toMatchObject(refused("RuleViolation", "请选择您想转的跑腿单"))
    expect(await w.run(transferOrders(me, { ids: ["1"], acceptUserId: "x" }))).toMatchObject(refused("NotAllowed", "转单失败"))
    expect(await w.run(transferOrders(me, { ids: ["1"], acceptUserId: "q" }))).toMatchObject(refused("NotAllowed", "转单失败"))
    expect(await w.run(transferOrders(me, { ids: ["1"], acceptUserId: "b", acceptOpenid: "o-x" }))).toMatchObject(refused("NotAllowed", "转单失败"))
    expect(await w.run(transferOrders(me, { ids: ["1", "2"], acceptUserId: "b" }))).toMatchObject(refused("StateConflict", "转单失败"))
    expect(await w.run(transferOrders(actor({ userId: "b", openid: "o-b" }), { ids: ["1"], acceptUserId: "a" }))).toMatchObject(refused("NotAllowed", "转单失败"))
    expect(w.ords.get("1")!.accept?.openid).toBe("o-a")
    expect(w.events).toEqual([])
  })
})

describe("building leaders", () => {
  const building = (id: string, worksiteId: string): BuildingRecord => ({
    id, worksiteId, name: id, tag: "", area: "", isLift: false, fees: {}, specialGoods: [], managerId: null
  })
  const lead = member("lead", { isPaotuiLeader: true, paotuiLeader: null })
  const a = member("a")
  const far = member("far", { worksiteId: "ws2" })

  it("only a leader of the building's worksite sets a joined runner of it, and removes them", async () => {
    const w = world([lead, a, far], [], [building("b1", "ws"), building("b2", "ws2")])
    const asLead = actor({ userId: "lead" })
    expect(await w.run(setBuildingManager(actor({ userId: "a" }), "b1", "a"))).toMatchObject({ ok: false, error: { _tag: "NotAllowed" } })
    expect(await w.run(setBuildingManager(asLead, "b2", "a"))).toMatchObject(refused("NotAllowed", "设置失败"))
    expect(await w.run(setBuildingManager(asLead, "b1", "far"))).toMatchObject(refused("RuleViolation", "TA不是本网点用户"))
    expect(await w.run(setBuildingManager(asLead, "b1", ""))).toMatchObject(refused("RuleViolation", "请先查找楼长"))
    expect(await w.run(setBuildingManager(asLead, "b1", "a"))).toMatchObject({ ok: true, value: { manager: { _id: "a" } } })
    expect(w.blds.get("b1")!.managerId).toBe("a")
    expect(await w.run(removeBuildingManager(actor({ userId: "a" }), "b1"))).toMatchObject({ ok: false, error: { _tag: "NotAllowed" } })
    expect(await w.run(removeBuildingManager(asLead, "b1"))).toMatchObject({ ok: true })
    expect(w.blds.get("b1")!.managerId).toBeNull()
  })
})

describe("rating, the rest of its refusals", () => {
  const runner = member("r", { openid: "o-r" })
  const requester = actor({ userId: "u-req", openid: "o-req" })
  const rate = { paotuiId: "o1", acceptOpenid: "o-r", score: 4, tags: [1] }

  it("an order still on its way is not rated: '评价失败'-type conflict, nothing stored", async () => {
    const w = world([runner], [order("o1", { status: 2, toComment: true, accept: { openid: "o-r", name: "r", phone: "1" } })])
    const r = await w.run(rateErrand(requester, rate))
    expect(r).toMatchObject({ ok: false, error: { _tag: "StateConflict" } })
    expect(r).not.toMatchObject(refused("StateConflict", "该跑腿单已评价过了"))
    expect(w.comments).toEqual([])
  })

  it("a runner who is no member any more is 404 '获取跑腿单信息失败'; a comment the store refuses is '该跑腿单已评价过了' and moves no credit", async () => {
    const done = order("o1", { status: 100, toComment: true, accept: { openid: "o-r", name: "r", phone: "1" } })
    expect(await world([], [done]).run(rateErrand(requester, rate))).toMatchObject(refused("NotFound", "获取跑腿单信息失败"))
    const w = world([runner], [done])
    w.refuseComments()
    expect(await w.run(rateErrand(requester, rate))).toMatchObject(refused("StateConflict", "该跑腿单已评价过了"))
    expect(w.records).toEqual([])
    expect(w.scores.get("r")).toBe(90)
  })

  it("a credit score that keeps moving is a defect after five tries, not a silent rating", async () => {
    const w = world([runner], [order("o1", { status: 100, toComment: true, accept: { openid: "o-r", name: "r", phone: "1" } })])
    w.loseCreditChangesForever()
    await expect(w.run(rateErrand(requester, { ...rate, score: 5 }))).rejects.toThrow("credit score of r kept moving")
    expect(w.changeTries()).toBe(5)
  })

  it("a cause that moves nothing writes no record and answers the score as it was", async () => {
    const w = world([runner], [])
    expect(await w.run(changeCredit("r", { kind: "rated", stars: 3 }, null))).toEqual({ ok: true, value: 90 })
    expect(w.records).toEqual([])
  })

  it("the caller's credit records come with their score", async () => {
    const w = world([runner], [])
    await w.run(changeCredit("r", { kind: "rated", stars: 5 }, "o9"))
    expect(await w.run(creditRecords(actor({ userId: "r" }), 2))).toMatchObject({
      ok: true, value: { score: 92, records: [{ userId: "r", orderId: "o9", score: 2, page: 2 }] }
    })
  })
})

describe("transfers, the rest", () => {
  const lead = member("lead", { isPaotuiLeader: true, paotuiLeader: null })
  const a = member("a", { openid: "o-a" })
  const b = member("b", { phoneMain: null, realname: null, nickname: "小b" })
  const me = actor({ userId: "a", openid: "o-a", role: "runner" })

  it("drops empty ids; tells only the teammate when the requester is unknown; a phone-less teammate is told as ''", async () => {
    const w = world([lead, a, b], [order("1")])
    expect(await w.run(transferOrders(me, { ids: [""], acceptUserId: "b" }))).toMatchObject(refused("RuleViolation", "请选择您想转的跑腿单"))
    const r = await w.run(transferOrders(me, { ids: ["", "1"], acceptUserId: "b", acceptOpenid: "" }))
    expect(r).toMatchObject({ ok: true, value: { moved: 1, to: { openid: "o-b", name: "小b", phone: "" } } })
    expect(w.events).toEqual([{
      room: { user: "b" }, name: "paotuiOrderRobbinged",
      payload: { _id: "1", orderNo: "N1", status: 1, acceptOpenid: "o-b", acceptUser: "小b", acceptUserPhone: "" }
    }])
  })

  it("an unknown order is 404 '转单失败'; a caller who is no member is 404; an unknown teammate 403", async () => {
    const w = world([lead, a, b], [order("1")])
    expect(await w.run(transferOrders(me, { ids: ["1", "nope"], acceptUserId: "b" }))).toMatchObject(refused("NotFound", "转单失败"))
    expect(await w.run(transferOrders(actor({ userId: "ghost" }), { ids: ["1"], acceptUserId: "b" }))).toMatchObject(refused("NotFound", "获取团队成员列表失败"))
    expect(await w.run(transferOrders(me, { ids: ["1"], acceptUserId: "ghost" }))).toMatchObject(refused("NotAllowed", "转单失败"))
    expect(w.ords.get("1")!.accept?.openid).toBe("o-a")
  })
})

describe("a leader's buildings, lookup and day", () => {
  const building = (id: string, worksiteId: string, managerId: string | null = null): BuildingRecord => ({
    id, worksiteId, name: id, tag: "", area: "", isLift: false, fees: {}, specialGoods: [], managerId
  })
  const lead = member("lead", { isPaotuiLeader: true, paotuiLeader: null, headimgBase64: "img" })
  const a = member("a", { phoneMain: "13800000011" })
  const far = member("far", { worksiteId: "ws2", phoneMain: "13800000022" })
  const asLead = actor({ userId: "lead" })

  it("lists the leader's worksite's buildings with their leaders", async () => {
    const w = world([lead, a, far], [], [building("b1", "ws", "a"), building("b2", "ws"), building("b3", "ws2", "far")])
    expect(await w.run(buildingsForLeader(asLead, "ws"))).toEqual({
      ok: true,
      value: [
        { building: expect.objectContaining({ id: "b1" }), manager: { _id: "a", realname: "名a", phoneMain: "13800000011", headimgBase64: null } },
        { building: expect.objectContaining({ id: "b2" }), manager: null }
      ]
    })
  })

  it.each([
    ["a runner who leads nothing", member("x"), "ws"],
    ["a leader who left the runners", member("x", { isPaotuiLeader: true, paotuiStatus: 2 }), "ws"],
    ["a leader without a worksite", member("x", { isPaotuiLeader: true, worksiteId: null }), "ws"],
    ["a leader asking for another worksite", member("x", { isPaotuiLeader: true }), "ws2"]
  ])("refuses %s: '只有跑腿队长可以设置楼长'", async (_, who, worksiteId) => {
    const w = world([who], [], [building("b1", "ws")])
    expect(await w.run(buildingsForLeader(actor({ userId: "x" }), worksiteId))).toMatchObject(refused("NotAllowed", "只有跑腿队长可以设置楼长"))
  })

  it("an unknown caller is '获取团队成员列表失败'", async () => {
    expect(await world([], []).run(buildingsForLeader(actor({ userId: "ghost" }), "ws"))).toMatchObject(refused("NotFound", "获取团队成员列表失败"))
  })

  it("finds a joined runner of the worksite by a trimmed 11-digit phone, with the spec's three messages otherwise", async () => {
    const w = world([lead, a, far], [])
    expect(await w.run(findManager(asLead, " 13800000011 "))).toEqual({ ok: true, value: { _id: "a", realname: "名a", phoneMain: "13800000011", headimgBase64: null } })
    expect(await w.run(findManager(asLead, "1380000001"))).toMatchObject(refused("RuleViolation", "请输入正确的手机号码"))
    expect(await w.run(findManager(asLead, "x13800000011"))).toMatchObject(refused("RuleViolation", "请输入正确的手机号码"))
    expect(await w.run(findManager(asLead, "13999999999"))).toMatchObject(refused("RuleViolation", "该用户暂无跑腿资格"))
    expect(await w.run(findManager(asLead, "13800000022"))).toMatchObject({ ok: false, error: { message: "TA不是本网点用户" } })
    expect(await w.run(findManager(actor({ userId: "a" }), "13800000011"))).toMatchObject(refused("NotAllowed", "只有跑腿队长可以设置楼长"))
  })

  it("an unknown building is '获取大楼列表失败'; a store that writes nothing is a conflict; removing elsewhere is '删除楼长失败'", async () => {
    const w = world([lead, a], [], [building("b1", "ws", "a"), building("b2", "ws2"), building("b3", "ws")])
    expect(await w.run(setBuildingManager(asLead, "nope", "a"))).toMatchObject(refused("NotFound", "获取大楼列表失败"))
    expect(await w.run(removeBuildingManager(asLead, "b2"))).toMatchObject(refused("NotAllowed", "删除楼长失败"))
    w.refuseBuildingWrites()
    expect(await w.run(setBuildingManager(asLead, "b3", "a"))).toMatchObject(refused("StateConflict", "设置失败"))
    expect(await w.run(removeBuildingManager(asLead, "b1"))).toMatchObject(refused("StateConflict", "删除楼长失败"))
    expect(w.ops).toEqual([])
  })

  it("setting the building's own leader again, or removing a leader from a building without one, changes nothing and logs nothing", async () => {
    const w = world([lead, a], [], [building("b1", "ws", "a"), building("b2", "ws")])
    w.refuseBuildingWrites()
    expect(await w.run(setBuildingManager(asLead, "b1", "a"))).toMatchObject({ ok: true, value: { manager: { _id: "a" } } })
    expect(await w.run(removeBuildingManager(asLead, "b2"))).toMatchObject({ ok: true })
    expect(w.ops).toEqual([])
  })

  it("answers the building counts of the leader's worksite for today, Shanghai time", async () => {
    const w = world([lead], [])
    expect(await w.run(buildingStatus(asLead))).toEqual({ ok: true, value: [{ buildingId: "b1", counts: [1, 2] }] })
    expect(w.countsAsked).toEqual([["ws", new Date("2026-11-22T16:00:00Z"), new Date("2026-11-23T16:00:00Z")]])
  })
})

describe("the operations log", () => {
  /**
   * Every call of a team use case that changes an order or a building writes exactly one operation under its caller at the
   * clock's time, naming what it changed; a refused call writes none. A team use case that writes without logging fails here.
   */
  it("holds one line for each hand-over and each building leader set or removed, none for a refusal", async () => {
    const lead = member("lead", { isPaotuiLeader: true, paotuiLeader: null })
    const a = member("a", { openid: "o-a" })
    const b = member("b")
    const far = member("far", { worksiteId: "ws2" })
    const building = (id: string, worksiteId: string): BuildingRecord => ({
      id, worksiteId, name: id, tag: "", area: "", isLift: false, fees: {}, specialGoods: [], managerId: null
    })
    const w = world([lead, a, b, far], [order("1"), order("2"), order("3", { status: 2 })], [building("b1", "ws"), building("b2", "ws2")])
    const asA = actor({ userId: "a", openid: "o-a", role: "runner" })
    const asB = actor({ userId: "b", openid: "o-b", role: "runner" })
    const asLead = actor({ userId: "lead", openid: "o-lead", role: "runner" })
    const state = () => JSON.stringify([[...w.ords.values()], [...w.blds.values()]])
    const steps: ReadonlyArray<readonly [string, () => Effect.Effect<unknown, unknown, any>]> = [
      ["transferErrands", () => transferOrders(asA, { ids: ["1", "3"], acceptUserId: "b" })],
      ["transferErrands", () => transferOrders(asA, { ids: ["1", "2", "1"], acceptUserId: "b", acceptOpenid: "o-b" })],
      ["transferErrands", () => transferOrders(asA, { ids: ["1"], acceptUserId: "b" })],
      ["transferErrands", () => transferOrders(asB, { ids: ["2"], acceptUserId: "a" })],
      ["setBuildingManager", () => setBuildingManager(asA, "b1", "b")],
      ["setBuildingManager", () => setBuildingManager(asLead, "b1", "far")],
      ["setBuildingManager", () => setBuildingManager(asLead, "b1", "b")],
      ["setBuildingManager", () => setBuildingManager(asLead, "b1", "a")],
      ["removeBuildingManager", () => removeBuildingManager(asLead, "b2")],
      ["removeBuildingManager", () => removeBuildingManager(asLead, "b1")]
    ]
    for (const [op, step] of steps) {
      const before = state()
      const lines = w.ops.length
      const result = await w.run(step())
      const written = w.ops.slice(lines)
      if (state() === before) expect({ op, result: result.ok, written }).toEqual({ op, result: false, written: [] })
      else expect(written).toEqual([expect.objectContaining({ op, at: NOW })])
    }
    expect(w.ops.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([
      ["transferErrands", "o-a", { ids: ["1", "2"], acceptUserId: "b" }, { ids: ["1", "2"], acceptOpenid: "o-b" }],
      ["transferErrands", "o-b", { ids: ["2"], acceptUserId: "a" }, { ids: ["2"], acceptOpenid: "o-a" }],
      ["setBuildingManager", "o-lead", { buildingId: "b1", userId: "b" }, { buildingId: "b1", managerId: "b" }],
      ["setBuildingManager", "o-lead", { buildingId: "b1", userId: "a" }, { buildingId: "b1", managerId: "a" }],
      ["removeBuildingManager", "o-lead", { buildingId: "b1" }, { buildingId: "b1", managerId: null }]
    ])
  })
})
