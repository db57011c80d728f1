import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Person } from "../parcel/parcel-store"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { UploadRecord } from "../upload/upload"
import { PostKind } from "./codes"
import { emptyCircle, provideCircle, type CircleState } from "./post-store.testkit"
import type { SocialPost } from "./social"
import { addSocialPost, latestSocial, publishSocialPost, socialPage, socialSexSplit } from "./social-use-cases"

const NOW = new Date("2026-12-01T04:00:00Z")
const SHANGHAI_MIDNIGHT = new Date("2026-11-30T16:00:00Z")

const person = (id: string, worksiteId: string | null, extra: Partial<Person> = {}) =>
  ({ id, openid: `o-${id}`, phoneMain: null, phoneVice: null, realname: null, nickname: `昵称${id}`, subscribe: true, worksiteId, ...extra })
const poster = actor({ userId: "u1", openid: "o-u1" })

const upload = (userId: string, hex: string, field: UploadRecord["field"] = "fileVal"): UploadRecord =>
  ({ id: hex, userId, field, dateFolder: "20261201", fileName: `${hex.repeat(32)}.png`, bytes: 1, ocr: null, createdAt: NOW })
const url = (hex: string) => `https://img.example/sign/20261201/${hex.repeat(32)}.png`
const path = (hex: string) => `/sign/20261201/${hex.repeat(32)}.png`

const setup = (over: Partial<CircleState> = {}) => {
  const state: CircleState = {
    ...emptyCircle(
      [person("u1", "w1"), person("u2", "w1"), person("u3", "w2"), person("u4", null)],
      [upload("u1", "a"), upload("u1", "b"), upload("u2", "c"), upload("u1", "d", "idCard")]
    ),
    ...over
  }
  const ports = recordingPorts(NOW, ["p1", "p2", "p3"])
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(provideCircle(state)(effect)) as Effect.Effect<A, E, never>)
  return { state, ports, run }
}

const teammate = { nickname: "阿强", sex: 1, wxNo: "aq_wx", motto: "好好学习", flags: ["爱笑", "会做饭"], header: url("a"), pics: [url("b")] }
const confession = { nickname: "小美", sex: 0, word: "我喜欢你", header: url("a"), pics: [] }
const message = { motto: "天天向上", word: "图书馆见" }

const stored = (over: Partial<SocialPost>): SocialPost => ({
  id: "x", kind: 20, ownerId: "u1", worksiteId: "w1", nickname: "阿强", sex: 1, wxNo: "wx", motto: "m", flags: [], header: "/h", word: null, pics: [],
  status: 1, zan: 0, cai: 0, calls: 0, interest: 0, flower: 0, createdAt: NOW, ...over
})

describe("posting a teammate, a confession or a message", () => {
  it("keeps a teammate at the poster's worksite with the poster's own image paths, and logs it", async () => {
    const { state, ports, run } = setup()
    const done = await run(addSocialPost(poster, PostKind.teammate, teammate))
    expect(done).toMatchObject({ ok: true, value: { id: "p1", kind: 20, ownerId: "u1", worksiteId: "w1", status: 1, header: path("a"), pics: [path("b")], createdAt: NOW } })
    expect(state.social.get("p1")).toMatchObject({ zan: 0, cai: 0, calls: 0, interest: 0, flower: 0, wxNo: "aq_wx" })
    const draft = { kind: 20, nickname: "阿强", sex: 1, wxNo: "aq_wx", motto: "好好学习", flags: ["爱笑", "会做饭"], header: path("a"), word: null, pics: [path("b")] }
    expect(ports.ops).toEqual([{ op: "addSocialPost", actorOpenid: "o-u1", at: NOW, input: draft, outcome: { id: "p1", worksiteId: "w1" } }])
    expect(state.people[0]!.motto).toBeUndefined()
  })

  it("keeps a message's motto as the poster's, and takes no header", async () => {
    const { state, run } = setup()
    expect(await run(addSocialPost(poster, PostKind.message, { ...message, motto: " 天天向上 ", header: "whatever" }))).toMatchObject({ ok: true, value: { header: null, motto: "天天向上" } })
    expect(state.people[0]!.motto).toBe("天天向上")
  })

  it("answers the form's first problem before anything else", async () => {
    const { state, run } = setup()
    expect(await run(addSocialPost(poster, PostKind.teammate, { ...teammate, nickname: "" }))).toMatchObject(refused("RuleViolation", "TA的昵称不能为空"))
    expect(await run(addSocialPost(poster, PostKind.confession, { ...confession, sex: -1 }))).toMatchObject(refused("RuleViolation", "请选择TA的性别"))
    expect(await run(addSocialPost(poster, PostKind.message, { ...message, word: "见" }))).toMatchObject(refused("RuleViolation", "留言长度不能小于2"))
    expect(await run(addSocialPost(actor({ userId: "u4" }), PostKind.message, { motto: "" }))).toMatchObject(refused("RuleViolation", "座右铭长度不能小于2"))
    expect(state.social.size).toBe(0)
  })

  it("takes only the poster's own uploads through the ordinary field", async () => {
    const { state, run } = setup()
    expect(await run(addSocialPost(poster, PostKind.confession, { ...confession, header: url("c") }))).toMatchObject(refused("RuleViolation", "请上传TA的头像"))
    expect(await run(addSocialPost(poster, PostKind.confession, { ...confession, header: url("d") }))).toMatchObject(refused("RuleViolation", "请上传TA的头像"))
    expect(await run(addSocialPost(poster, PostKind.teammate, { ...teammate, pics: [url("b"), url("c")] }))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(await run(addSocialPost(poster, PostKind.message, { ...message, pics: ["javascript:alert(1)"] }))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(state.social.size).toBe(0)
  })

  it("refuses a poster without a worksite", async () => {
    const { run } = setup()
    expect(await run(addSocialPost(actor({ userId: "u4" }), PostKind.message, message))).toMatchObject(refused("StateConflict", "请选择您所在的网点"))
    expect(await run(addSocialPost(actor({ userId: "nobody" }), PostKind.message, message))).toMatchObject(refused("StateConflict", "请选择您所在的网点"))
  })

  it("takes 20 posts of a kind a Shanghai day: yesterday's and other kinds do not count", async () => {
    const social = new Map<string, SocialPost>()
    for (let i = 0; i < 19; i++) social.set(`m${i}`, stored({ id: `m${i}`, kind: 40, createdAt: SHANGHAI_MIDNIGHT }))
    social.set("late", stored({ id: "late", kind: 40, createdAt: new Date(SHANGHAI_MIDNIGHT.getTime() - 1) }))
    social.set("other", stored({ id: "other", kind: 30 }))
    social.set("another", stored({ id: "another", kind: 40, ownerId: "u2" }))
    const { run } = setup({ social })
    expect(await run(addSocialPost(poster, PostKind.message, message))).toMatchObject({ ok: true })
    expect(await run(addSocialPost(poster, PostKind.message, message))).toMatchObject(refused("LimitReached", "今天发布太多了，请明天再来"))
    expect(await run(publishSocialPost(poster, { kind: 30, nickname: "小美", sex: 0, wxNo: null, motto: null, flags: [], header: "/h", word: "爱你", pics: [] })))
      .toMatchObject({ ok: true })
  })
})

describe("the social lists", () => {
  const social = () => new Map<string, SocialPost>([
    ["old", stored({ id: "old", createdAt: new Date(NOW.getTime() - 2000), sex: 0 })],
    ["new", stored({ id: "new", ownerId: "u2", createdAt: new Date(NOW.getTime() - 1000) })],
    ["hidden", stored({ id: "hidden", status: 2 })],
    ["elsewhere", stored({ id: "elsewhere", worksiteId: "w2" })],
    ["confession", stored({ id: "confession", kind: 30 })],
    ["message", stored({ id: "message", kind: 40, ownerId: "u2" })]
  ])

  it("page the viewer's worksite's listed posts of the kind, newest first, each with the viewer's reactions and whether it is theirs", async () => {
    const { run } = setup({ social: social(), reactions: [{ targetId: "new", type: 20, openid: "o-u1", sentAt: null }, { targetId: "new", type: 20, openid: "o-u2", sentAt: null }] })
    const page = await run(socialPage(poster, PostKind.teammate, 1))
    expect(page).toMatchObject({ ok: true, value: { pageNumber: 1, pageCount: 1, recordCount: 2 } })
    const results = (page as { value: { results: ReadonlyArray<{ post: SocialPost; myReactions: ReadonlyArray<number>; mine: boolean }> } }).value.results
    expect(results.map((c) => [c.post.id, c.myReactions, c.mine])).toEqual([["new", [20], false], ["old", [], true]])
    expect(await run(socialPage(poster, PostKind.teammate, 2))).toMatchObject({ ok: true, value: { pageNumber: 2, results: [] } })
  })

  it("give the latest posts with their poster, and refuse a viewer without a worksite", async () => {
    const { run } = setup({ social: social() })
    const latest = await run(latestSocial(poster, PostKind.message, 3))
    expect(latest).toMatchObject({ ok: true, value: [{ post: { id: "message" }, poster: { nickname: "昵称u2" }, mine: false, myReactions: [] }] })
    expect(await run(latestSocial(actor({ userId: "u3" }), PostKind.message, 3))).toEqual({ ok: true, value: [] })
    expect(await run(latestSocial(actor({ userId: "u4" }), PostKind.message, 3))).toMatchObject(refused("StateConflict", "请选择您所在的网点"))
    expect(await run(socialPage(actor({ userId: "u4" }), PostKind.message, 1))).toMatchObject(refused("StateConflict", "请选择您所在的网点"))
  })

  it("split the worksite's listed posts of the kind by sex", async () => {
    const { run } = setup({ social: social() })
    expect(await run(socialSexSplit(poster, PostKind.teammate))).toEqual({ ok: true, value: { nanSum: 1, nvSum: 1, nanPercent: 50, nvPercent: 50 } })
    expect(await run(socialSexSplit(actor({ userId: "u3" }), PostKind.confession))).toEqual({ ok: true, value: { nanSum: 0, nvSum: 0, nanPercent: 0, nvPercent: 0 } })
    expect(await run(socialSexSplit(actor({ userId: "u4" }), PostKind.confession))).toMatchObject(refused("StateConflict", "请选择您所在的网点"))
  })
})
