import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Person } from "../parcel/parcel-store"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { askContact, callTeammate, deletePost, react, reportPost } from "./post-use-cases"
import { emptyCircle, provideCircle, type CircleState, type MemoryItem } from "./post-store.testkit"
import type { SocialPost } from "./social"
import { signedIn, type Viewer } from "./viewer"

const NOW = new Date("2026-12-01T04:00:00Z")
const SHANGHAI_MIDNIGHT = new Date("2026-11-30T16:00:00Z")

const person = (id: string, worksiteId: string | null): Person =>
  ({ id, openid: `o-${id}`, phoneMain: null, phoneVice: null, realname: null, nickname: id, subscribe: true, worksiteId })
const viewer = (id: string, visitor = false): Viewer => ({ ...signedIn(actor({ userId: id, openid: `o-${id}` })), visitor })
const owner = viewer("u1")
const reader = viewer("u2")
const elsewhere = viewer("u3")
const homeless = viewer("u4")

const social = (over: Partial<SocialPost>): SocialPost => ({
  id: "t1", kind: 20, ownerId: "u1", worksiteId: "w1", nickname: "阿强", sex: 1, wxNo: "aq_wx", motto: "m", flags: [], header: "/h", word: null, pics: [],
  status: 1, zan: 0, cai: 0, calls: 0, interest: 0, flower: 0, createdAt: NOW, ...over
})
const item = (over: Partial<MemoryItem> = {}): MemoryItem => ({
  id: "i1", ownerId: "u1", worksiteId: "w1", status: 1, statusBeforeHidden: null, hiddenReason: null, zan: 0, title: "高等数学", phone: "13812345678",
  wxNo: null, show: null, createdAt: NOW, ...over
})

const setup = (over: Partial<CircleState> = {}) => {
  const state: CircleState = {
    ...emptyCircle([person("u1", "w1"), person("u2", "w1"), person("u3", "w2"), person("u4", null), person("u5", "w1"), person("u6", "w1")]),
    ...over
  }
  state.social.set("t1", social({}))
  state.social.set("c1", social({ id: "c1", kind: 30 }))
  state.social.set("m1", social({ id: "m1", kind: 40 }))
  state.social.set("gone", social({ id: "gone", status: -1 }))
  state.items.set("i1", item())
  const ports = recordingPorts(NOW, ["n1", "n2", "n3", "n4", "n5", "n6"])
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(provideCircle(state)(effect)) as Effect.Effect<A, E, never>)
  return { state, ports, run }
}

describe("reacting to a post", () => {
  it("counts a reaction once per person, answering the new count, then 0 with the toast; each counted reaction is logged", async () => {
    const { state, ports, run } = setup()
    expect(await run(react(reader, { id: "t1", bizType: 20, type: 40 }))).toEqual({ ok: true, value: { answer: 1, message: undefined } })
    expect(await run(react(owner, { id: "t1", bizType: 20, type: 40 }))).toEqual({ ok: true, value: { answer: 2, message: undefined } })
    expect(await run(react(reader, { id: "t1", bizType: 20, type: 40 }))).toEqual({ ok: true, value: { answer: 0, message: "您已呼过TA" } })
    expect(await run(react(reader, { id: "c1", bizType: 30, type: 50 }))).toEqual({ ok: true, value: { answer: 1, message: undefined } })
    expect(await run(react(reader, { id: "c1", bizType: 30, type: 50 }))).toEqual({ ok: true, value: { answer: 0, message: "您已送过花" } })
    expect(await run(react(reader, { id: "i1", bizType: 10, type: 20 }))).toEqual({ ok: true, value: { answer: 1, message: undefined } })
    expect(await run(react(reader, { id: "m1", bizType: 40, type: 30 }))).toEqual({ ok: true, value: { answer: 1, message: undefined } })
    expect([state.social.get("t1")!.calls, state.social.get("c1")!.flower, state.items.get("i1")!.zan, state.social.get("m1")!.cai]).toEqual([2, 1, 1, 1])
    expect(ports.ops.map((o) => [o.actorOpenid, o.input, o.outcome])).toEqual([
      ["o-u2", { id: "t1", kind: 20, type: 40, visitor: false }, { id: "t1", count: 1 }],
      ["o-u1", { id: "t1", kind: 20, type: 40, visitor: false }, { id: "t1", count: 2 }],
      ["o-u2", { id: "c1", kind: 30, type: 50, visitor: false }, { id: "c1", count: 1 }],
      ["o-u2", { id: "i1", kind: 10, type: 20, visitor: false }, { id: "i1", count: 1 }],
      ["o-u2", { id: "m1", kind: 40, type: 30, visitor: false }, { id: "m1", count: 1 }]
    ])
    expect(ports.ops.every((o) => o.op === "reactToPost" && o.at === NOW)).toBe(true)
  })

  it("refuses a reaction the kind does not take, or no reaction at all, with 400", async () => {
    const { state, run } = setup()
    for (const input of [{ bizType: 20, type: 50 }, { bizType: 10, type: 30 }, { bizType: 40, type: 40 }, { bizType: 20, type: 60 }, { bizType: 60, type: 20 }, {}]) {
      expect(await run(react(reader, { id: "t1", ...input }))).toMatchObject(refused("RuleViolation", "该内容不支持此操作"))
    }
    expect(state.reactions).toEqual([])
  })

  it("refuses a post the viewer does not see, or named with another kind, with 404 '获取详情失败'; a visitor sees any listed post", async () => {
    const { run } = setup()
    const unknown = viewer("u-unknown")
    for (const [who, id, bizType] of [[reader, "t1", 30], [reader, "nope", 20], [reader, "gone", 20], [elsewhere, "t1", 20], [homeless, "t1", 20], [unknown, "t1", 20]] as const) {
      expect(await run(react(who, { id, bizType, type: 20 }))).toMatchObject(refused("NotFound", "获取详情失败"))
    }
    const { ports, run: runAgain } = setup()
    expect(await runAgain(react(viewer("u3", true), { id: "t1", bizType: 20, type: 20 }))).toEqual({ ok: true, value: { answer: 1, message: undefined } })
    expect(ports.ops[0]?.input).toEqual({ id: "t1", kind: 20, type: 20, visitor: true })
  })
})

describe("hu: a teammate's chat account to whoever called TA", () => {
  it("is sent once after the call, as a template message to the caller; one more interested", async () => {
    const { state, ports, run } = setup()
    expect(await run(callTeammate(reader, "t1"))).toMatchObject(refused("StateConflict", "请先呼TA"))
    await run(react(reader, { id: "t1", bizType: 20, type: 40 }))
    expect(await run(callTeammate(reader, "t1"))).toEqual({ ok: true, value: 1 })
    expect(ports.outbox).toEqual([{ channel: "template", to: "o-u2", template: "circleTeammateContact", params: { nickname: "阿强", wxNo: "aq_wx" } }])
    expect(state.reactions.find((r) => r.type === 40)?.sentAt).toEqual(NOW)
    expect(await run(callTeammate(reader, "t1"))).toMatchObject(refused("StateConflict", "TA的微信号已发送给您，请查看公众号消息"))
    expect(ports.outbox).toHaveLength(1)
    expect(state.social.get("t1")!.interest).toBe(1)
    expect(ports.ops.at(-1)).toEqual({ op: "callTeammate", actorOpenid: "o-u2", at: NOW, input: { id: "t1" }, outcome: { id: "t1", interest: 1 } })
  })

  it("is refused when it was sent before, by a request at the same time too", async () => {
    const { state, ports, run } = setup({ reactions: [{ targetId: "t1", type: 40, openid: "o-u2", sentAt: NOW }] })
    expect(await run(callTeammate(reader, "t1"))).toMatchObject(refused("StateConflict", "TA的微信号已发送给您，请查看公众号消息"))
    expect(ports.outbox).toEqual([])
    expect(ports.ops).toEqual([])
    expect(state.social.get("t1")!.interest).toBe(0)
  })

  it("is 404 for a post that is no teammate or that the caller does not see", async () => {
    const { run } = setup()
    for (const [who, id] of [[reader, "c1"], [reader, "nope"], [elsewhere, "t1"], [reader, "gone"]] as const) {
      expect(await run(callTeammate(who, id))).toMatchObject(refused("NotFound", "获取详情失败"))
    }
  })
})

describe("contact: a market item's contact to the asker", () => {
  it("is sent as a template message and logged; 20 a Shanghai day", async () => {
    const contacts = Array.from({ length: 19 }, (_, i) => ({ id: `k${i}`, targetId: "i1", requesterId: "u2", at: SHANGHAI_MIDNIGHT }))
    contacts.push({ id: "yesterday", targetId: "i1", requesterId: "u2", at: new Date(SHANGHAI_MIDNIGHT.getTime() - 1) }, { id: "other", targetId: "i1", requesterId: "u5", at: NOW })
    const { state, ports, run } = setup({ contacts })
    expect(await run(askContact(reader, "i1"))).toEqual({ ok: true, value: undefined })
    expect(ports.outbox).toEqual([{ channel: "template", to: "o-u2", template: "circleItemContact", params: { title: "高等数学", contact: "手机号：13812345678" } }])
    expect(state.contacts.at(-1)).toEqual({ id: "n1", targetId: "i1", requesterId: "u2", at: NOW })
    expect(ports.ops).toEqual([{ op: "askContact", actorOpenid: "o-u2", at: NOW, input: { id: "i1" }, outcome: { id: "i1" } }])
    expect(await run(askContact(reader, "i1"))).toMatchObject(refused("LimitReached", "今天获取联系方式次数已达上限，请明天再来"))
    expect(ports.outbox).toHaveLength(1)
  })

  it("is refused to a visitor (follow first), for a post that is no item or unseen, and for an item with no contact", async () => {
    const { state, run } = setup()
    expect(await run(askContact(viewer("u2", true), "i1"))).toMatchObject(refused("NotAllowed", "请先关注公众号"))
    for (const [who, id] of [[reader, "t1"], [reader, "nope"], [elsewhere, "i1"]] as const) {
      expect(await run(askContact(who, id))).toMatchObject(refused("NotFound", "获取联系方式失败，请联系平台客服"))
    }
    state.items.set("i2", item({ id: "i2", phone: null, show: 2 }))
    expect(await run(askContact(reader, "i2"))).toMatchObject(refused("StateConflict", "获取联系方式失败，请联系平台客服"))
    expect(state.contacts).toEqual([])
  })
})

describe("reporting a post", () => {
  it("records one report per reporter; the third distinct reporter hides the post; later ones are still recorded", async () => {
    const { state, ports, run } = setup()
    expect(await run(reportPost(reader, "c1", 10))).toMatchObject({ ok: true, value: { status: 1, reporters: ["o-u2"] } })
    expect(await run(reportPost(reader, "c1", 20))).toMatchObject({ ok: true, value: { status: 1, reporters: ["o-u2"] } })
    expect(await run(reportPost(viewer("u5"), "c1", 0))).toMatchObject({ ok: true, value: { status: 1 } })
    expect(state.social.get("c1")!.status).toBe(1)
    expect(await run(reportPost(viewer("u3", true), "c1", 40))).toMatchObject({ ok: true, value: { status: 2, statusBeforeHidden: 1 } })
    expect(state.social.get("c1")).toMatchObject({ status: 2, statusBeforeHidden: 1, hiddenReason: null })
    expect(await run(reportPost(viewer("u6"), "c1", 30))).toMatchObject({ ok: true, value: { status: 2 } })
    expect(state.reports.map((r) => [r.id, r.reporterOpenid, r.complain, r.at])).toEqual([
      ["n1", "o-u2", 10, NOW], ["n2", "o-u5", 0, NOW], ["n3", "o-u3", 40, NOW], ["n4", "o-u6", 30, NOW]
    ])
    expect(ports.ops.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([
      ["reportPost", "o-u2", { id: "c1", complain: 10, visitor: false }, { id: "c1", status: 1 }],
      ["reportPost", "o-u5", { id: "c1", complain: 0, visitor: false }, { id: "c1", status: 1 }],
      ["reportPost", "o-u3", { id: "c1", complain: 40, visitor: true }, { id: "c1", status: 2 }],
      ["reportPost", "o-u6", { id: "c1", complain: 30, visitor: false }, { id: "c1", status: 2 }]
    ])
  })

  it("refuses an unknown complaint type with 400, and a post the reporter does not see with 404", async () => {
    const { state, run } = setup()
    for (const complain of [undefined, 5, 50]) expect(await run(reportPost(reader, "c1", complain))).toMatchObject(refused("RuleViolation", "提交失败，请联系平台客服"))
    for (const [who, id] of [[reader, "nope"], [elsewhere, "c1"], [homeless, "c1"]] as const) {
      expect(await run(reportPost(who, id, 10))).toMatchObject(refused("NotFound", "提交失败，请联系平台客服"))
    }
    expect(await run(reportPost(reader, "gone", 10))).toMatchObject(refused("StateConflict", "提交失败，请联系平台客服"))
    expect(state.reports).toEqual([])
  })

  it("takes a report on a post delisted or hidden since the reporter saw it, leaving its status and the operator's reason", async () => {
    const { state, run } = setup()
    state.items.set("i2", item({ id: "i2", status: 0 }))
    state.social.set("h1", { ...social({ id: "h1", status: 2 }), statusBeforeHidden: 1, hiddenReason: "广告" })
    state.reports.push({ id: "r0", targetId: "h1", reporterOpenid: "o-u5", complain: 0, at: NOW }, { id: "r1", targetId: "h1", reporterOpenid: "o-u6", complain: 0, at: NOW })
    expect(await run(reportPost(reader, "i2", 10))).toMatchObject({ ok: true, value: { status: 0 } })
    expect(await run(reportPost(reader, "h1", 10))).toMatchObject({ ok: true, value: { status: 2, reporters: ["o-u5", "o-u6", "o-u2"] } })
    expect(state.social.get("h1")).toMatchObject({ status: 2, statusBeforeHidden: 1, hiddenReason: "广告" })
    expect(state.items.get("i2")!.status).toBe(0)
  })
})

describe("deleting a post", () => {
  it("deletes the owner's own post of any kind for good, also when hidden, and logs it", async () => {
    const { state, ports, run } = setup()
    state.social.set("h1", { ...social({ id: "h1", status: 2 }), statusBeforeHidden: 1 })
    for (const id of ["t1", "i1", "h1"]) expect(await run(deletePost(owner, id))).toMatchObject({ ok: true, value: { id, status: -1, statusBeforeHidden: null } })
    expect([state.social.get("t1")!.status, state.items.get("i1")!.status, state.social.get("h1")!.status]).toEqual([-1, -1, -1])
    expect(state.social.get("h1")!.statusBeforeHidden).toBeNull()
    expect(ports.ops.map((o) => [o.op, o.input, o.outcome])).toEqual([
      ["deletePost", { id: "t1" }, { id: "t1", status: -1 }], ["deletePost", { id: "i1" }, { id: "i1", status: -1 }], ["deletePost", { id: "h1" }, { id: "h1", status: -1 }]
    ])
    expect(await run(deletePost(owner, "t1"))).toMatchObject(refused("StateConflict", "操作失败"))
  })

  it("refuses another's post with 403 and an unknown one with 404, '操作失败' both", async () => {
    const { state, run } = setup()
    expect(await run(deletePost(reader, "t1"))).toMatchObject(refused("NotAllowed", "操作失败"))
    expect(await run(deletePost(reader, "i1"))).toMatchObject(refused("NotAllowed", "操作失败"))
    expect(await run(deletePost(owner, "nope"))).toMatchObject(refused("NotFound", "操作失败"))
    expect([state.social.get("t1")!.status, state.items.get("i1")!.status]).toEqual([1, 1])
  })
})
