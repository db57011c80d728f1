import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Person } from "../parcel/parcel-store"
import { outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { circleReports, hidePost, REASON_MAX, restorePost, showPost } from "./moderation"
import { emptyCircle, provideCircle, type CircleState, type MemoryItem } from "./post-store.testkit"
import type { SocialPost } from "./social"

const NOW = new Date("2026-12-01T04:00:00Z")
const EARLIER = new Date("2026-12-01T03:00:00Z")
const LATER = new Date("2026-12-01T05:00:00Z")

const person = (id: string): Person => ({ id, openid: `o-${id}`, phoneMain: null, phoneVice: null, realname: null, nickname: id, subscribe: true, worksiteId: "w1" })
const social = (over: Partial<SocialPost>): SocialPost => ({
  id: "m1", kind: 40, ownerId: "u1", worksiteId: "w1", nickname: null, sex: null, wxNo: null, motto: "m", flags: [], header: null, word: "可疑的留言", pics: [],
  status: 1, zan: 0, cai: 0, calls: 0, interest: 0, flower: 0, createdAt: EARLIER, ...over
})
const item: MemoryItem = {
  id: "i1", ownerId: "u1", worksiteId: "w1", status: 0, statusBeforeHidden: null, hiddenReason: null, zan: 0, title: "高等数学", phone: null, wxNo: "x",
  show: null, createdAt: EARLIER
}

const setup = (over: Partial<CircleState> = {}) => {
  const state: CircleState = { ...emptyCircle([person("u1"), person("u2")]), ...over }
  state.social.set("m1", social({}))
  state.social.set("gone", social({ id: "gone", status: -1 }))
  state.items.set("i1", { ...item })
  const ports = recordingPorts(NOW)
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(provideCircle(state)(effect)) as Effect.Effect<A, E, never>)
  return { state, ports, run }
}

describe("the operator's moderation", () => {
  it("hides a listed or delisted post with its reason, and restores it to the status it had before; both logged under the operator", async () => {
    const { state, ports, run } = setup()
    expect(await run(hidePost("i1", "  虚假信息  "))).toEqual({ ok: true, value: { id: "i1", status: 2 } })
    expect(state.items.get("i1")).toMatchObject({ status: 2, statusBeforeHidden: 0, hiddenReason: "虚假信息" })
    expect(state.decisions).toEqual([{ targetId: "i1", action: "hide", reason: "虚假信息", at: NOW }])
    expect(await run(restorePost("i1"))).toEqual({ ok: true, value: { id: "i1", status: 0 } })
    expect(state.items.get("i1")).toMatchObject({ status: 0, statusBeforeHidden: null, hiddenReason: null })
    expect(ports.ops).toEqual([
      { op: "hidePost", actorOpenid: "station-operator", at: NOW, input: { id: "i1", reason: "  虚假信息  " }, outcome: { id: "i1", status: 2 } },
      { op: "restorePost", actorOpenid: "station-operator", at: NOW, input: { id: "i1" }, outcome: { id: "i1", status: 0 } }
    ])
  })

  it("keeps at most 200 characters of a reason, and refuses a blank one", async () => {
    const { state, run } = setup()
    expect(await run(hidePost("m1", "  "))).toMatchObject(refused("RuleViolation", "请填写屏蔽原因"))
    expect(await run(hidePost("m1", "😀".repeat(REASON_MAX + 5)))).toMatchObject({ ok: true })
    expect(state.social.get("m1")!.hiddenReason).toBe("😀".repeat(200))
  })

  it("refuses what the post's status does not allow, and an unknown post", async () => {
    const { state, ports, run } = setup()
    expect(await run(restorePost("m1"))).toMatchObject(refused("StateConflict", "这条内容没有被屏蔽"))
    expect(await run(hidePost("gone", "广告"))).toMatchObject(refused("StateConflict", "只能屏蔽上架或下架的内容"))
    expect(await run(hidePost("nope", "广告"))).toMatchObject(refused("NotFound", "没有这条内容"))
    expect(await run(restorePost("nope"))).toMatchObject(refused("NotFound", "没有这条内容"))
    expect(await run(showPost("nope"))).toMatchObject(refused("NotFound", "没有这条内容"))
    expect(state.decisions).toEqual([])
    expect(ports.ops).toEqual([])
  })

  it("lists reported posts, the open ones reported since the operator last decided and not deleted; shows one with its reports and decisions", async () => {
    const reports = [
      { id: "r1", targetId: "m1", reporterOpenid: "o-u2", complain: 20 as const, at: EARLIER },
      { id: "r2", targetId: "i1", reporterOpenid: "o-u2", complain: 10 as const, at: NOW },
      { id: "r3", targetId: "gone", reporterOpenid: "o-u2", complain: 0 as const, at: LATER }
    ]
    const { run } = setup({ reports, decisions: [{ targetId: "m1", action: "restore", reason: null, at: NOW }] })
    const all = await run(circleReports({ open: false }))
    expect(all).toMatchObject({ ok: true, value: [
      { id: "gone", open: false, reports: 1, lastReportAt: LATER },
      { id: "i1", kind: 10, status: 0, headline: "高等数学", open: true, ownerOpenid: "o-u1" },
      { id: "m1", kind: 40, headline: "可疑的留言", open: false }
    ] })
    expect(await run(circleReports({ open: true }))).toMatchObject({ ok: true, value: [{ id: "i1" }] })
    expect(await run(showPost("m1"))).toEqual({ ok: true, value: {
      post: { id: "m1", kind: 40, status: 1, worksiteId: "w1", ownerOpenid: "o-u1", headline: "可疑的留言", hiddenReason: null, createdAt: EARLIER },
      reports: [reports[0]],
      decisions: [{ action: "restore", reason: null, at: NOW }]
    } })
  })
})
