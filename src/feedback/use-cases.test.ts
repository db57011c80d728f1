import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { People, type Person } from "../parcel/parcel-store"
import type { Actor } from "../shared/actor"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { EmployeeStore } from "../staff/staff-store"
import type { Worksite } from "../staff/worksite"
import { Uploads } from "../upload/upload-store"
import { recipientView, suggestionView, threadView } from "./calls"
import { FeedbackStore, type Suggestion } from "./feedback-store"
import { feedbackWorld, memoryFeedbackStore, type FeedbackWorld } from "./feedback-store.testkit"
import { SuggestionStatus } from "./suggestion"
import {
  ANSWERS_PER_HOUR, answerRecipient, answerUser, handleSuggestion, replySuggestion, roleIn, staffScope, submitSuggestion, suggestionDetail, suggestionInbox
} from "./use-cases"

const NOW = new Date("2026-11-28T04:00:00Z") // 12:00 in Shanghai
const SHANGHAI_MIDNIGHT = new Date("2026-11-27T16:00:00Z")
const HOUR_AGO = new Date("2026-11-28T03:00:00Z")

const student = actor({ userId: "u1", openid: "o1", role: "student" })
const otherStudent = actor({ userId: "u2", openid: "o2", role: "student" })
const staffW1 = actor({ userId: "u-staff", openid: "o-staff", role: "staff" })
const staffW2 = actor({ userId: "u-staff2", openid: "o-staff2", role: "staff" })
const headOffice = actor({ userId: "u-admin", openid: "o-admin", role: "admin" })

const person = (id: string, openid: string, worksiteId: string | null): Person =>
  ({ id, openid, phoneMain: null, phoneVice: null, realname: null, nickname: null, subscribe: true, worksiteId })
const PEOPLE = [person("u1", "o1", "w1"), person("u2", "o2", "w1"), person("u3", "o3", null)]
const employees: Record<string, string> = { "o-staff": "w1", "o-staff2": "w2" }

const PIC = `/sign/20261128/${"a".repeat(32)}.jpg`
const FOREIGN_PIC = `/sign/20261128/${"b".repeat(32)}.png`

const suggestion = (over: Partial<Suggestion> = {}): Suggestion => ({
  id: "s1", userId: "u1", worksiteId: "w1", type: 1, title: "标题", content: "内容", pics: [], status: SuggestionStatus.open,
  createdAt: new Date("2026-11-20T04:00:00Z"), updatedAt: new Date("2026-11-20T04:00:00Z"), ...over
})

type Needs = FeedbackStore | People | EmployeeStore | Uploads | import("../shared/ports").Clock | import("../shared/ports").Ids
  | import("../shared/ports").Events | import("../shared/ports").Outbox | import("../shared/ports").OpsLog

const setup = (over: Partial<FeedbackWorld> = {}) => {
  const w = feedbackWorld(over)
  const ports = recordingPorts(NOW, ["new-1", "new-2", "new-3"])
  const run = <A, E>(effect: Effect.Effect<A, E, Needs>) => outcome(ports.provide(effect).pipe(
    Effect.provideService(FeedbackStore, memoryFeedbackStore(w)),
    Effect.provideService(People, {
      findById: (id) => Effect.succeed(PEOPLE.find((p) => p.id === id)),
      findByPhone: () => Effect.die("not used"),
      byPhoneSuffix: () => Effect.die("not used")
    }),
    Effect.provideService(EmployeeStore, {
      findByOpenid: (openid) => Effect.succeed(employees[openid] === undefined ? undefined
        : { id: `e-${openid}`, phone: "13900000001", nameZH: "员工", openid, passwordHash: "", worksite: { id: employees[openid] } as Worksite }),
      findByPhone: () => Effect.die("not used"),
      bind: () => Effect.die("not used")
    }),
    Effect.provideService(Uploads, {
      record: () => Effect.die("not used"),
      findOwn: (userId, dateFolder, fileName) => Effect.succeed(userId === "u1" && `/sign/${dateFolder}/${fileName}` === PIC
        ? { id: "up", userId, field: 1 as never, dateFolder, fileName, bytes: 1, ocr: null, createdAt: NOW } : undefined)
    })
  ))
  return { w, ports, run }
}

const form = { type: 2, title: "  快递柜坏了 ", content: " 三号柜打不开 ", pics: [PIC] }

describe("submitting a suggestion", () => {
  it("stores it open at the author's worksite, trimmed, with their own pictures, and logs it", async () => {
    const { w, ports, run } = setup()
    expect(await run(submitSuggestion(student, form))).toEqual({ ok: true, value: "new-1" })
    expect(w.suggestions).toEqual([{
      id: "new-1", userId: "u1", worksiteId: "w1", type: 2, title: "快递柜坏了", content: "三号柜打不开", pics: [PIC],
      status: SuggestionStatus.open, createdAt: NOW, updatedAt: NOW
    }])
    expect(w.countedSince).toEqual([SHANGHAI_MIDNIGHT])
    expect(ports.ops).toEqual([{
      op: "submitSuggestion", actorOpenid: "o1", at: NOW, input: { type: 2, title: "快递柜坏了", content: "三号柜打不开", pics: [PIC] }, outcome: { id: "new-1" }
    }])
  })

  it("a user of no worksite (or unknown) keeps it at none; no pictures is an empty list", async () => {
    const { w, run } = setup()
    await run(submitSuggestion(actor({ userId: "u3", openid: "o3" }), { type: 1, title: "t", content: "c" }))
    await run(submitSuggestion(actor({ userId: "u9", openid: "o9" }), { type: 3, title: "t", content: "c" }))
    expect(w.suggestions.map((s) => [s.userId, s.worksiteId, s.pics])).toEqual([["u3", null, []], ["u9", null, []]])
  })

  it("answers the form's first problem, a picture not the author's, and nothing is stored or logged", async () => {
    const { w, ports, run } = setup()
    expect(await run(submitSuggestion(student, { ...form, type: 4 }))).toMatchObject(refused("RuleViolation", "请选择意见反馈类型"))
    expect(await run(submitSuggestion(student, { ...form, title: "  " }))).toMatchObject(refused("RuleViolation", "标题不能为空"))
    expect(await run(submitSuggestion(student, { ...form, pics: [PIC, FOREIGN_PIC] }))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(await run(submitSuggestion(otherStudent, form))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(w.suggestions).toEqual([])
    expect(ports.ops).toEqual([])
  })

  it("allows 10 a Shanghai day: the tenth is taken, the eleventh refused; yesterday's do not count", async () => {
    const today = Array.from({ length: 9 }, (_, i) => suggestion({ id: `t${i}`, createdAt: SHANGHAI_MIDNIGHT }))
    const yesterday = Array.from({ length: 5 }, (_, i) => suggestion({ id: `y${i}`, createdAt: new Date(SHANGHAI_MIDNIGHT.getTime() - 1) }))
    const { w, ports, run } = setup({ suggestions: [...yesterday, ...today] })
    expect(await run(submitSuggestion(student, form))).toEqual({ ok: true, value: "new-1" })
    expect(await run(submitSuggestion(student, form))).toMatchObject(refused("LimitReached", "今天提交的意见反馈太多了，请明天再来"))
    expect(w.suggestions).toHaveLength(15)
    expect(ports.ops).toHaveLength(1)
    // another user still may
    expect(await run(submitSuggestion(actor({ userId: "u3", openid: "o3" }), { type: 1, title: "t", content: "c" }))).toMatchObject({ ok: true })
  })
})

describe("who takes part in a suggestion", () => {
  it("the head office covers every site, staff their worksite, anyone else nothing", async () => {
    const { run } = setup()
    expect(await run(staffScope(headOffice))).toEqual({ ok: true, value: { everySite: true } })
    expect(await run(staffScope(staffW1))).toEqual({ ok: true, value: { worksiteId: "w1" } })
    expect(await run(staffScope(student))).toEqual({ ok: true, value: undefined })
  })

  it("the author first, then staff who cover its worksite, else other", () => {
    const s = { userId: "u-staff", worksiteId: "w1" }
    expect(roleIn(s, staffW1, { worksiteId: "w1" })).toBe("author")
    expect(roleIn({ userId: "u1", worksiteId: "w1" }, staffW1, { worksiteId: "w1" })).toBe("staff")
    expect(roleIn({ userId: "u1", worksiteId: "w1" }, staffW2, { worksiteId: "w2" })).toBe("other")
    expect(roleIn({ userId: "u1", worksiteId: null }, headOffice, { everySite: true })).toBe("staff")
    expect(roleIn({ userId: "u1", worksiteId: null }, staffW1, { worksiteId: "w1" })).toBe("other")
    expect(roleIn({ userId: "u1", worksiteId: "w1" }, otherStudent, undefined)).toBe("other")
  })
})

describe("reading a suggestion", () => {
  const world = () => setup({
    suggestions: [suggestion()],
    replies: [
      { id: "r1", suggestionId: "s1", authorId: "u-staff", byStaff: true, content: "已收到", createdAt: new Date("2026-11-21T04:00:00Z") },
      { id: "r2", suggestionId: "s1", authorId: "u1", byStaff: false, content: "谢谢", createdAt: new Date("2026-11-22T04:00:00Z") },
      { id: "r3", suggestionId: "s2", authorId: "u1", byStaff: false, content: "别的", createdAt: new Date("2026-11-22T04:00:00Z") }
    ],
    nicknames: { u1: "小明", "u-staff": "站长" }
  })

  it("its author, its worksite's staff and the head office read it with its thread and their part", async () => {
    const { run } = world()
    const mine = await run(suggestionDetail(student, "s1"))
    expect(mine).toMatchObject({ ok: true, value: { role: "author", suggestion: { id: "s1", authorNickname: "小明" } } })
    if (!mine.ok) throw new Error("refused")
    expect(mine.value.replies.map((r) => [r.id, r.authorNickname])).toEqual([["r1", "站长"], ["r2", "小明"]])
    expect(await run(suggestionDetail(staffW1, "s1"))).toMatchObject({ ok: true, value: { role: "staff" } })
    expect(await run(suggestionDetail(headOffice, "s1"))).toMatchObject({ ok: true, value: { role: "staff" } })
  })

  it("anyone else, and an unknown id, is 404 '获取意见反馈信息出错'", async () => {
    const { run } = world()
    for (const [who, id] of [[otherStudent, "s1"], [staffW2, "s1"], [student, "nope"], [headOffice, "nope"]] as Array<[Actor, string]>) {
      expect(await run(suggestionDetail(who, id))).toMatchObject(refused("NotFound", "获取意见反馈信息出错"))
    }
  })
})

describe("replying", () => {
  it("staff answer it (0 → 1): stored trimmed, a template message and a live event reach the author, logged", async () => {
    const { w, ports, run } = setup({ suggestions: [suggestion()] })
    const r = await run(replySuggestion(staffW1, "s1", "  已安排维修  "))
    expect(r).toEqual({ ok: true, value: {
      suggestion: { ...suggestion(), status: SuggestionStatus.answered, authorNickname: null },
      reply: { id: "new-1", suggestionId: "s1", authorId: "u-staff", byStaff: true, content: "已安排维修", createdAt: NOW }
    } })
    expect(w.suggestions[0]!.status).toBe(SuggestionStatus.answered)
    expect(w.replies).toHaveLength(1)
    expect(ports.outbox).toEqual([{ channel: "template", to: "o1", template: "suggestionReplied", params: { title: "标题", content: "已安排维修" } }])
    expect(ports.events).toEqual([{ room: { user: "u1" }, name: "suggestionReplied", payload: { _id: "s1", status: SuggestionStatus.answered } }])
    expect(ports.ops).toEqual([{ op: "replySuggestion", actorOpenid: "o-staff", at: NOW, input: { id: "s1", content: "已安排维修" }, outcome: { replyId: "new-1", status: 1 } }])
  })

  it("the author answering back opens it again (1 → 0), and nobody is messaged", async () => {
    const { w, ports, run } = setup({ suggestions: [suggestion({ status: SuggestionStatus.answered })] })
    expect(await run(replySuggestion(student, "s1", "还是不行"))).toMatchObject({ ok: true, value: { suggestion: { status: 0 }, reply: { byStaff: false, authorId: "u1" } } })
    expect(w.suggestions[0]!.status).toBe(SuggestionStatus.open)
    expect(ports.outbox).toEqual([])
    expect(ports.events).toEqual([])
    expect(ports.ops.map((o) => [o.op, o.outcome])).toEqual([["replySuggestion", { replyId: "new-1", status: 0 }]])
  })

  it("staff answering a suggestion of an author not found still publishes the live event, with no message", async () => {
    const { ports, run } = setup({ suggestions: [suggestion({ userId: "u-gone" })] })
    expect(await run(replySuggestion(headOffice, "s1", "收到"))).toMatchObject({ ok: true })
    expect(ports.outbox).toEqual([])
    expect(ports.events).toEqual([{ room: { user: "u-gone" }, name: "suggestionReplied", payload: { _id: "s1", status: 1 } }])
  })

  it("refuses one who may not read it (404), a bad reply, a handled one (409), and a status that moved meanwhile (409)", async () => {
    const { w, ports, run } = setup({ suggestions: [suggestion(), suggestion({ id: "s-done", status: SuggestionStatus.handled })] })
    expect(await run(replySuggestion(otherStudent, "s1", "你好啊"))).toMatchObject(refused("NotFound", "获取意见反馈信息出错"))
    expect(await run(replySuggestion(otherStudent, "s1", "x"))).toMatchObject(refused("NotFound", "获取意见反馈信息出错"))
    expect(await run(replySuggestion(staffW1, "s1", " x "))).toMatchObject(refused("RuleViolation", "回复内容不能少于2个字"))
    expect(await run(replySuggestion(staffW1, "s1", undefined))).toMatchObject(refused("RuleViolation", "回复内容不能少于2个字"))
    expect(await run(replySuggestion(staffW1, "s1", "长".repeat(257)))).toMatchObject(refused("RuleViolation", "回复内容不能超过256个字"))
    expect(await run(replySuggestion(staffW1, "s-done", "长".repeat(256)))).toMatchObject(refused("StateConflict", "该反馈已处理"))
    expect(await run(replySuggestion(staffW1, "s-done", "你好"))).toMatchObject(refused("StateConflict", "该反馈已处理"))
    expect(w.replies).toEqual([])
    expect(ports.ops).toEqual([])
  })

  it("a reply whose status moved under it is a conflict: nothing sent, nothing logged", async () => {
    const { w, ports, run } = setup({ suggestions: [suggestion()] })
    const raced = memoryFeedbackStore(w)
    const store = FeedbackStore.of({ ...raced, reply: () => Effect.succeed(false) })
    const r = await outcome(ports.provide(replySuggestion(staffW1, "s1", "你好")).pipe(
      Effect.provideService(FeedbackStore, store),
      Effect.provideService(People, { findById: () => Effect.die("not used"), findByPhone: () => Effect.die("not used"), byPhoneSuffix: () => Effect.die("not used") }),
      Effect.provideService(EmployeeStore, {
        findByOpenid: () => Effect.succeed({ id: "e", phone: "", nameZH: "", openid: "o-staff", passwordHash: "", worksite: { id: "w1" } as Worksite }),
        findByPhone: () => Effect.die("not used"), bind: () => Effect.die("not used")
      })
    ))
    expect(r).toMatchObject(refused("StateConflict", "该反馈已处理"))
    expect(ports.outbox).toEqual([])
    expect(ports.events).toEqual([])
    expect(ports.ops).toEqual([])
  })
})

describe("closing as handled", () => {
  it("staff close it once: stored by whom and when, logged; a second time 409", async () => {
    const { w, ports, run } = setup({ suggestions: [suggestion({ status: SuggestionStatus.answered })] })
    expect(await run(handleSuggestion(staffW1, "s1"))).toEqual({ ok: true, value: { ...suggestion({ status: SuggestionStatus.handled }), authorNickname: null } })
    expect(w.handled).toEqual([{ id: "s1", byUserId: "u-staff", at: NOW }])
    expect(ports.ops).toEqual([{ op: "handleSuggestion", actorOpenid: "o-staff", at: NOW, input: { id: "s1" }, outcome: { id: "s1", status: 100 } }])
    expect(await run(handleSuggestion(headOffice, "s1"))).toMatchObject(refused("StateConflict", "该反馈已处理"))
    expect(ports.ops).toHaveLength(1)
  })

  it("its author may not (403 '处理失败'); someone else does not even see it (404)", async () => {
    const { w, ports, run } = setup({ suggestions: [suggestion()] })
    expect(await run(handleSuggestion(student, "s1"))).toMatchObject(refused("NotAllowed", "处理失败"))
    expect(await run(handleSuggestion(staffW2, "s1"))).toMatchObject(refused("NotFound", "获取意见反馈信息出错"))
    expect(w.handled).toEqual([])
    expect(ports.ops).toEqual([])
  })

  it("a close that lost the race to another is a conflict and is not logged", async () => {
    const { w, ports } = setup({ suggestions: [suggestion()] })
    const store = FeedbackStore.of({ ...memoryFeedbackStore(w), handle: () => Effect.succeed(false) })
    const r = await outcome(ports.provide(handleSuggestion(headOffice, "s1")).pipe(
      Effect.provideService(FeedbackStore, store),
      Effect.provideService(EmployeeStore, { findByOpenid: () => Effect.die("not used"), findByPhone: () => Effect.die("not used"), bind: () => Effect.die("not used") })
    ))
    expect(r).toMatchObject(refused("StateConflict", "该反馈已处理"))
    expect(ports.ops).toEqual([])
  })
})

describe("the staff's inbox", () => {
  const world = () => setup({
    suggestions: [
      suggestion({ id: "a", worksiteId: "w1", status: 0, updatedAt: new Date("2026-11-21T00:00:00Z") }),
      suggestion({ id: "b", worksiteId: "w2", status: 1, updatedAt: new Date("2026-11-22T00:00:00Z") }),
      suggestion({ id: "c", worksiteId: "w1", status: 100, updatedAt: new Date("2026-11-23T00:00:00Z") }),
      suggestion({ id: "d", worksiteId: "w1", status: 1, updatedAt: new Date("2026-11-24T00:00:00Z") })
    ]
  })
  const ids = (r: Awaited<ReturnType<ReturnType<typeof world>["run"]>>) => r.ok ? (r.value as { results: ReadonlyArray<{ id: string }> }).results.map((s) => s.id) : r

  it("staff see their worksite's, the head office every site's, newest change first, by a known status or all", async () => {
    const { w, run } = world()
    expect(ids(await run(suggestionInbox(staffW1, undefined, 1)))).toEqual(["d", "c", "a"])
    expect(ids(await run(suggestionInbox(staffW1, 1, 1)))).toEqual(["d"])
    expect(ids(await run(suggestionInbox(staffW1, 0, 1)))).toEqual(["a"])
    expect(ids(await run(suggestionInbox(staffW1, 100, 2)))).toEqual([])
    expect(ids(await run(suggestionInbox(headOffice, 1, 1)))).toEqual(["d", "b"])
    expect(ids(await run(suggestionInbox(headOffice, 7, 1)))).toEqual(["d", "c", "b", "a"])
    expect(w.listed).toEqual([
      { worksiteId: "w1", statuses: undefined, page: 1 }, { worksiteId: "w1", statuses: [1], page: 1 }, { worksiteId: "w1", statuses: [0], page: 1 },
      { worksiteId: "w1", statuses: [100], page: 2 }, { worksiteId: null, statuses: [1], page: 1 }, { worksiteId: null, statuses: undefined, page: 1 }
    ])
  })

  it("a student has none: 403", async () => {
    const { w, run } = world()
    expect(await run(suggestionInbox(student, undefined, 1))).toMatchObject(refused("NotAllowed", "获取意见反馈信息出错"))
    expect(w.listed).toEqual([])
  })
})

describe("writing to a user", () => {
  const recipients = [
    { id: "u1", openid: "o1", worksiteId: "w1", nickname: "小明", phoneMain: "13812345678" },
    { id: "u3", openid: "o3", worksiteId: null, nickname: null, phoneMain: null }
  ]

  it("staff of the user's worksite and the head office may; others 403 '回复失败'", async () => {
    const { run } = setup({ recipients })
    expect(await run(answerRecipient(staffW1, "o1"))).toEqual({ ok: true, value: recipients[0] })
    expect(await run(answerRecipient(headOffice, "o3"))).toEqual({ ok: true, value: recipients[1] })
    expect(await run(answerRecipient(staffW2, "o1"))).toMatchObject(refused("NotAllowed", "回复失败"))
    expect(await run(answerRecipient(staffW1, "o3"))).toMatchObject(refused("NotAllowed", "回复失败"))
    expect(await run(answerRecipient(student, "o1"))).toMatchObject(refused("NotAllowed", "回复失败"))
    expect(await run(answerRecipient(headOffice, "o-unknown"))).toMatchObject(refused("NotAllowed", "回复失败"))
  })

  it("a note is kept trimmed, sent as a template message, and logged", async () => {
    const { w, ports, run } = setup({ recipients })
    const answer = { id: "new-1", fromUserId: "u-staff", toUserId: "u1", content: "您的包裹到了", createdAt: NOW }
    expect(await run(answerUser(staffW1, "o1", " 您的包裹到了 "))).toEqual({ ok: true, value: answer })
    expect(w.answers).toEqual([answer])
    expect(w.countedSince).toEqual([HOUR_AGO])
    expect(ports.outbox).toEqual([{ channel: "template", to: "o1", template: "userAnswer", params: { content: "您的包裹到了" } }])
    expect(ports.ops).toEqual([{ op: "answerUser", actorOpenid: "o-staff", at: NOW, input: { openid: "o1", content: "您的包裹到了" }, outcome: { id: "new-1" } }])
  })

  it("refuses no recipient, a bad note, and the 31st note within the hour; nothing sent", async () => {
    const sent = (n: number, at: Date) => Array.from({ length: n }, (_, i) => ({ id: `a${at.getTime()}-${i}`, fromUserId: "u-staff", toUserId: "u1", content: "x", createdAt: at }))
    const { w, ports, run } = setup({ recipients, answers: [...sent(ANSWERS_PER_HOUR - 1, HOUR_AGO), ...sent(5, new Date(HOUR_AGO.getTime() - 1))] })
    expect(await run(answerUser(staffW1, undefined, "你好"))).toMatchObject(refused("NotAllowed", "回复失败"))
    expect(await run(answerUser(staffW1, "o1", "x"))).toMatchObject(refused("RuleViolation", "回复内容不能少于2个字"))
    expect(await run(answerUser(staffW1, "o1", "第三十条"))).toMatchObject({ ok: true })
    expect(await run(answerUser(staffW1, "o1", "第三十一条"))).toMatchObject(refused("LimitReached", "回复失败"))
    expect(w.answers).toHaveLength(ANSWERS_PER_HOUR + 5)
    expect(ports.outbox).toHaveLength(1)
    expect(ports.ops).toHaveLength(1)
    // another sender still may
    expect(await run(answerUser(headOffice, "o1", "你好"))).toMatchObject({ ok: true })
  })
})

describe("the feedback views", () => {
  const listed = { ...suggestion({ type: 3, pics: [PIC], status: 1 }), authorNickname: "小明" }

  it("a suggestion with its type's name and its author's nickname", () => {
    const view = suggestionView(listed)
    expect(view).toEqual({
      _id: "s1", type: 3, typeName: "服务投诉", title: "标题", content: "内容", pics: [PIC], status: 1,
      createdAt: listed.createdAt, updatedAt: listed.updatedAt, user: { nickname: "小明" }
    })
    expect(view.pics).not.toBe(listed.pics)
  })

  it("a thread: staff replies without a nickname, the caller's own marked mine, and whether the caller is staff", () => {
    const at = new Date("2026-11-21T00:00:00Z")
    const replies = [
      { id: "r1", suggestionId: "s1", authorId: "u-staff", byStaff: true, content: "收到", createdAt: at, authorNickname: "站长" },
      { id: "r2", suggestionId: "s1", authorId: "u1", byStaff: false, content: "谢谢", createdAt: at, authorNickname: "小明" }
    ]
    const mine = threadView({ suggestion: listed, replies, role: "author" }, "u1")
    expect(mine).toEqual({
      ...suggestionView(listed), staff: false, replies: [
        { _id: "r1", content: "收到", byStaff: true, nickname: null, mine: false, createdAt: at },
        { _id: "r2", content: "谢谢", byStaff: false, nickname: "小明", mine: true, createdAt: at }
      ]
    })
    const staffs = threadView({ suggestion: listed, replies, role: "staff" }, "u-staff")
    expect(staffs.staff).toBe(true)
    expect(staffs.replies.map((r) => r.mine)).toEqual([true, false])
  })

  it("a recipient: nickname and the phone masked, or null", () => {
    expect(recipientView({ id: "u1", openid: "o1", worksiteId: "w1", nickname: "小明", phoneMain: "13812345678" })).toEqual({ nickname: "小明", phone: "138****5678" })
    expect(recipientView({ id: "u3", openid: "o3", worksiteId: null, nickname: null, phoneMain: null })).toEqual({ nickname: null, phone: null })
  })
})
