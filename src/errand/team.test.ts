/**
 * The team and rating use cases over in-memory ports: rating once with the credit change retried when the
 * score moved meanwhile, the tip refused past the rating, transfers only inside the team and all or none,
 * building leaders only by a leader of the building's worksite.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Clock, Events, Ids } from "../shared/ports"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { CreditEntry, BuildingRecord, Comment, ErrandOrderRecord } from "./errand-store"
import { CreditStore, ErrandStore } from "./errand-store"
import { changeCredit, rateErrand } from "./reviews"
import { removeBuildingManager, setBuildingManager, transferOrders } from "./team"
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
    })
  }
  const team = {
    byId: (id: string) => Effect.succeed(byId.get(id)),
    byOpenid: (openid: string) => Effect.succeed(people.find((p) => p.openid === openid)),
    byPhone: (phone: string) => Effect.succeed(people.find((p) => p.phoneMain === phone)),
    paidTips: () => Effect.succeed(300)
  }
  const credits = {
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
  const run = <A, E>(effect: Effect.Effect<A, E, ErrandStore | TeamStore | CreditStore | Clock | Ids | Events>) =>
    outcome(ports.provide(effect.pipe(
      Effect.provideService(ErrandStore, errands as never),
      Effect.provideService(TeamStore, team as never),
      Effect.provideService(CreditStore, credits as never)
    )) as Effect.Effect<A, E, never>)
  return { run, ords, blds, scores, records, comments, events: ports.events, loseNextCreditChange: () => { moveCreditOnce = true } }
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
