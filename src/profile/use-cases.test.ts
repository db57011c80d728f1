import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { Employee } from "../staff/employee"
import { EmployeeStore } from "../staff/staff-store"
import type { UploadRecord } from "../upload/upload"
import { ImageFiles, Uploads } from "../upload/upload-store"
import type { WorksiteProfile } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import { CaptchaCodes, CaptchaStore, type StoredCaptcha } from "./captcha-store"
import type { IssuedCaptcha } from "./phone"
import type { UserProfile } from "./profile"
import { ProfileStore, type NewUser } from "./profile-store"
import {
  applyAuth, applyPaotui, completeProfile, completeRecorded, confirmPhoneRecorded, myAccount, pendingRunnerApplications, pendingVerifications, reviewAuth, reviewRunner, sendCaptcha,
  editRecorded, follow, signUp, teamOf, unfollow, unbindPhoneMain, unbindRecorded,
  unbindPhoneVice, unverifySelf, updateIdCardNo, updateNewPaotuiOrderRemind, updateNickname, updatePhone, updateRealname, updateSex,
  updateStudentCardUrl, updateWorksite
} from "./use-cases"

const now = new Date("2026-03-02T04:00:00Z")
const SECOND = 1000
const ID_NO = "11010519491231002X"

const profile = (over: Partial<UserProfile> = {}): UserProfile => ({
  id: "u1", openid: "o1", unionid: null, nickname: "小李", headimgBase64: null, motto: null, authStatus: -1, authSubmittedAt: null,
  idCardUrl: null, studentCardUrl: null, toAuthRealname: null, toAuthIdCardNo: null, realname: null, idCardNo: null, sex: 1,
  rejectComment: null, phoneMain: "13900139000", phoneVice: null, paotuiStatus: -1, isPaotuiLeader: false, paotuiLeader: null,
  invitation: null, isXYTAdmin: false, pickupAble: true, creditScore: 100, newPaotuiOrderRemind: false, subscribeTime: now,
  role: "student", worksiteId: "w1", ...over
})

const site = (id: string, over: Partial<WorksiteProfile> = {}): WorksiteProfile => ({
  id, siteCode: id, fullName: id, shortName: id, schoolCampus: "北校区", schoolCode: "S", servicePhone: "020", serviceBegin: "08:00",
  serviceEnd: "20:00", paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: false, location: null, smsCredit: 0, ...over
})

const upload = (id: string, field: UploadRecord["field"], ocr: UploadRecord["ocr"] = null, userId = "u1"): UploadRecord => ({
  id, userId, field, dateFolder: "20260302", fileName: `${id.repeat(32).slice(0, 32)}.jpg`, bytes: 10, ocr, createdAt: now
})

interface World {
  readonly users?: ReadonlyArray<UserProfile>
  readonly worksites?: ReadonlyArray<WorksiteProfile>
  readonly uploads?: ReadonlyArray<UploadRecord>
  readonly sent?: ReadonlyArray<Date>
  /** Codes sent to the phone for other accounts. */
  readonly sentForOthers?: ReadonlyArray<Date>
  readonly captchas?: ReadonlyArray<readonly [string, IssuedCaptcha]>
  readonly staffAt?: string
  /** Codes this account had sent by requests that held the account's lock while this one waited for it. */
  readonly sentWhileWaiting?: ReadonlyArray<Date>
  /** Someone else's request signed this person up between the sign-up's lookup and its insert (null: the insert is refused, yet no user has the openid). */
  readonly signedUpMeanwhile?: UserProfile | null
  /** Users (by id) who do not follow the official account; everyone else does. */
  readonly notFollowing?: ReadonlyArray<string>
}

/** Codes are "hashed" as `phone:code`; the code maker hands out 1234, 5678, … */
const world = (w: World = {}) => {
  const users = new Map((w.users ?? [profile()]).map((u) => [u.id, u]))
  const saves: Array<readonly [string, object]> = []
  const captchas: Array<StoredCaptcha & { readonly userId: string }> =
    (w.captchas ?? []).map(([userId, captcha], i) => ({ id: `c${i}`, userId, captcha }))
  const locked: Array<string> = []
  const following = new Map([...users.keys()].map((id) => [id, !(w.notFollowing ?? []).includes(id)]))
  const fresh = ["1234", "5678"]
  let clock = now
  const ports = recordingPorts(() => clock)
  const store = {
    account: (userId: string) => Effect.succeed(users.has(userId) ? { profile: users.get(userId)!, worksite: null, money: 10, activeScore: 2, isSiteAdmin: false } : undefined),
    find: (userId: string) => Effect.succeed(users.get(userId)),
    findByOpenid: (openid: string) => Effect.succeed([...users.values()].find((u) => u.openid === openid)),
    create: (u: NewUser) => Effect.sync(() => {
      if (w.signedUpMeanwhile !== undefined) {
        if (w.signedUpMeanwhile) {
          users.set(w.signedUpMeanwhile.id, w.signedUpMeanwhile)
          following.set(w.signedUpMeanwhile.id, !(w.notFollowing ?? []).includes(w.signedUpMeanwhile.id))
        }
        return false
      }
      if ([...users.values()].some((known) => known.openid === u.openid)) return false
      following.set(u.id, u.subscribe)
      users.set(u.id, profile({
        id: u.id, openid: u.openid, unionid: u.unionid, nickname: u.nickname, sex: u.sex as 0 | 1 | 2, subscribeTime: u.at, phoneMain: null,
        worksiteId: null, creditScore: 100
      }))
      return true
    }),
    lockFollower: (openid: string) => Effect.sync(() => {
      const u = [...users.values()].find((known) => known.openid === openid)
      return u && (locked.push(u.id), { id: u.id, following: following.get(u.id) ?? true })
    }),
    setFollowing: (userId: string, follows: boolean, at: Date) => Effect.sync(() => {
      following.set(userId, follows)
      if (follows) users.set(userId, { ...users.get(userId)!, subscribeTime: at })
    }),
    lock: (userId: string) => Effect.sync(() => (locked.push(userId), users.get(userId))),
    save: (userId: string, change: object) => Effect.sync(() => {
      saves.push([userId, change])
      users.set(userId, { ...users.get(userId)!, ...change })
    }),
    phoneTakenByOther: (phone: string, userId: string) =>
      Effect.succeed([...users.values()].some((u) => u.id !== userId && (u.phoneMain === phone || u.phoneVice === phone))),
    leaderByInvitation: (worksiteId: string, invitation: string) =>
      Effect.succeed([...users.values()].find((u) => u.isPaotuiLeader && u.worksiteId === worksiteId && u.invitation === invitation)?.id),
    team: (leaderId: string) => Effect.succeed([...users.values()].filter((u) => u.paotuiLeader === leaderId).map((u) => ({ id: u.id, realname: u.realname, phoneMain: u.phoneMain, openid: u.openid }))),
    underReview: (limit: number) => Effect.succeed([...users.values()].filter((u) => u.authStatus === 0).slice(0, limit)),
    runnersUnderReview: (limit: number) => Effect.succeed([...users.values()].filter((u) => u.paotuiStatus === 0).slice(0, limit))
  }
  const staff: Employee | undefined = w.staffAt === undefined ? undefined : {
    id: "e1", phone: "13800138000", nameZH: "张伟", openid: "staff-o", passwordHash: "h",
    worksite: { id: w.staffAt, siteCode: "", shortName: "", schoolCampus: "", nameZH: "", smsAble: false, serviceBegin: "", serviceEnd: "", servicePhone: "", expressCompanies: [], safekeeping: { freeHours: 48, feePerDayFen: 50, capFen: 300 }, smsCredit: 0 }
  }
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(ports.provide(effect).pipe(
      Effect.provideService(ProfileStore, store),
      Effect.provideService(Worksites, {
        all: () => Effect.succeed(w.worksites ?? [site("w1")]),
        find: (id) => Effect.succeed((w.worksites ?? [site("w1")]).find((s) => s.id === id))
      }),
      Effect.provideService(Uploads, {
        record: () => Effect.void,
        findOwn: (userId, dateFolder, fileName) =>
          Effect.succeed((w.uploads ?? []).find((u) => u.userId === userId && u.dateFolder === dateFolder && u.fileName === fileName))
      }),
      Effect.provideService(ImageFiles, { save: () => Effect.void, remove: () => Effect.void }),
      Effect.provideService(CaptchaStore, {
        lockSender: () => Effect.sync(() => {
          const account = w.sentWhileWaiting ?? []
          for (const at of account) if (at > clock) clock = at
          return { account, address: [] }
        }),
        lockPhone: (_phone, since) => Effect.succeed([
          ...(w.sent ?? []).map((at) => ({ userId: me.userId, at })), ...(w.sentForOthers ?? []).map((at, i) => ({ userId: `other-${i}`, at }))
        ].filter((sent) => sent.at >= since)),
        insert: (userId, captcha) => Effect.sync(() => void captchas.push({ id: `c${captchas.length}`, userId, captcha })),
        latest: (userId, phone) => Effect.succeed(captchas.filter((c) => c.userId === userId && c.captcha.phone === phone).at(-1)),
        update: (id, change) => Effect.sync(() => {
          const i = captchas.findIndex((c) => c.id === id)
          captchas[i] = { ...captchas[i]!, captcha: { ...captchas[i]!.captcha, ...change } }
        })
      }),
      Effect.provideService(CaptchaCodes, { next: Effect.sync(() => fresh.shift() ?? "0000"), hash: (phone, code) => Effect.succeed(`${phone}:${code}`) }),
      Effect.provideService(EmployeeStore, {
        findByOpenid: (openid) => Effect.succeed(openid === "staff-o" ? staff : undefined),
        findByPhone: () => Effect.succeed(undefined),
        bind: () => Effect.void
      })
    ) as Effect.Effect<A, E, never>)
  const user = (id = "u1") => users.get(id)!
  const setNow = (at: Date) => { clock = at }
  return { users, user, saves, captchas, locked, following, ports, run, setNow }
}

const issued = (phone: string, code: string, over: Partial<IssuedCaptcha> = {}): IssuedCaptcha =>
  ({ phone, code: `${phone}:${code}`, issuedAt: new Date(now.getTime() - 60 * SECOND), attempts: 0, used: false, ...over })

const me = actor()

describe("plain profile edits", () => {
  it("the account page and each edit answer the spec's message for a missing user", async () => {
    const w = world()
    expect(await w.run(myAccount(me))).toMatchObject({ ok: true, value: { money: 10, activeScore: 2, profile: { id: "u1" } } })
    const ghost = actor({ userId: "u404" })
    const edits: ReadonlyArray<Effect.Effect<unknown, unknown, any>> = [
      myAccount(ghost), updateNickname(ghost, "x"), updateSex(ghost, 1), updateRealname(ghost, "x"), unbindPhoneMain(ghost)
    ]
    for (const edit of edits) {
      expect(await w.run(edit)).toMatchObject(refused("NotFound", "获取用户信息失败"))
    }
    expect(w.saves).toEqual([])
  })

  it("saves a trimmed nickname and real name, a sex of 1 or 2, and a normalised ID number", async () => {
    const w = world()
    expect(await w.run(updateNickname(me, "  阿明 "))).toEqual({ ok: true, value: undefined })
    await w.run(updateRealname(me, " 李明 "))
    await w.run(updateSex(me, 2))
    await w.run(updateIdCardNo(me, " 11010519491231002x "))
    expect(w.saves).toEqual([["u1", { nickname: "阿明" }], ["u1", { realname: "李明" }], ["u1", { sex: 2 }], ["u1", { idCardNo: ID_NO }]])
    expect(w.locked).toEqual(["u1", "u1", "u1", "u1"])
  })

  it.each([
    ["a blank nickname", updateNickname(me, "  "), "昵称不能为空"],
    ["a blank real name", updateRealname(me, ""), "真实姓名不能为空"],
    ["sex 0", updateSex(me, 0), "请选择性别"],
    ["an empty ID number", updateIdCardNo(me, ""), "身份证号码不能为空"],
    ["a wrong check character", updateIdCardNo(me, "110105194912310021"), "身份证号码不正确"],
    ["no reminder choice", updateNewPaotuiOrderRemind(me, undefined), "请选择是否提醒新跑腿单"]
  ])("refuses %s", async (_, edit, message) => {
    const w = world()
    expect(await w.run(edit)).toMatchObject(refused("RuleViolation", message))
    expect(w.saves).toEqual([])
  })

  it("the name and number are locked while under review or passed, editable again after a rejection", async () => {
    for (const authStatus of [0, 1] as const) {
      const w = world({ users: [profile({ authStatus })] })
      expect(await w.run(updateRealname(me, "李明"))).toMatchObject(refused("StateConflict", "实名信息已提交审核或已通过认证，不能修改"))
      expect(await w.run(updateIdCardNo(me, ID_NO))).toMatchObject(refused("StateConflict", "实名信息已提交审核或已通过认证，不能修改"))
      expect(w.saves).toEqual([])
    }
    const rejected = world({ users: [profile({ authStatus: 2 })] })
    expect(await rejected.run(updateRealname(me, "李明"))).toMatchObject({ ok: true })
    expect(await rejected.run(updateIdCardNo(me, ID_NO))).toMatchObject({ ok: true })
  })

  it("the reminder switch is saved either way", async () => {
    const w = world()
    await w.run(updateNewPaotuiOrderRemind(me, true))
    await w.run(updateNewPaotuiOrderRemind(me, false))
    expect(w.saves).toEqual([["u1", { newPaotuiOrderRemind: true }], ["u1", { newPaotuiOrderRemind: false }]])
  })

  it("the student card is an image this user uploaded", async () => {
    const card = upload("a", "studentCard")
    const w = world({ uploads: [card, upload("b", "studentCard", null, "u2")] })
    expect(await w.run(updateStudentCardUrl(me, `/sign/20260302/${card.fileName}`))).toEqual({ ok: true, value: `/sign/20260302/${card.fileName}` })
    expect(w.saves).toEqual([["u1", { studentCardUrl: `/sign/20260302/${card.fileName}` }]])
    expect(await w.run(updateStudentCardUrl(me, `/sign/20260302/${"b".repeat(32)}.jpg`))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(await w.run(updateStudentCardUrl(me, undefined))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(w.saves).toHaveLength(1)
  })

  it("the worksite must be named and exist", async () => {
    const w = world({ worksites: [site("w1"), site("w2")] })
    expect(await w.run(updateWorksite(me, " w2 "))).toMatchObject({ ok: true, value: { id: "w2" } })
    expect(w.saves).toEqual([["u1", { worksiteId: "w2", worksiteBoundAt: now }]])
    expect(await w.run(updateWorksite(me, "w2"))).toMatchObject({ ok: true })
    expect(w.saves[1]).toEqual(["u1", { worksiteId: "w2" }])
    w.saves.splice(1)
    expect(await w.run(updateWorksite(me, " "))).toMatchObject(refused("RuleViolation", "请选择您所在的网点"))
    expect(await w.run(updateWorksite(me, undefined))).toMatchObject(refused("RuleViolation", "请选择您所在的网点"))
    expect(await w.run(updateWorksite(me, "w9"))).toMatchObject(refused("NotFound", "获取网点信息失败"))
    expect(w.saves).toHaveLength(1)
  })
})

describe("SMS codes", () => {
  it("sends a fresh code by SMS, keeps only its hash, and never answers it", async () => {
    const w = world()
    expect(await w.run(sendCaptcha(me, " 13700137000 "))).toEqual({ ok: true, value: { resendSeconds: 60 } })
    expect(w.ports.outbox).toEqual([{ channel: "sms", to: "13700137000", template: "captcha", params: { code: "1234" } }])
    expect(w.captchas).toMatchObject([{ userId: "u1", captcha: { phone: "13700137000", code: "13700137000:1234", attempts: 0, used: false, issuedAt: now } }])
  })

  it("refuses a wrong number, a resend within 60 s and the 11th code of the day", async () => {
    expect(await world().run(sendCaptcha(me, "1370013700"))).toMatchObject(refused("RuleViolation", "请输入正确的手机号码"))
    expect(await world().run(sendCaptcha(me, undefined))).toMatchObject(refused("RuleViolation", "请输入正确的手机号码"))
    const soon = world({ sent: [new Date(now.getTime() - 20 * SECOND)] })
    expect(await soon.run(sendCaptcha(me, "13700137000"))).toMatchObject(refused("LimitReached", "请40秒后再获取验证码"))
    const busy = world({ sent: Array.from({ length: 10 }, (_, i) => new Date(now.getTime() - (i + 2) * 60 * SECOND)) })
    expect(await busy.run(sendCaptcha(me, "13700137000"))).toMatchObject(refused("LimitReached", "该手机号今天获取验证码次数过多，请明天再试"))
    const yesterday = world({ sent: [new Date(now.getTime() - 25 * 3_600_000)] })
    expect(await yesterday.run(sendCaptcha(me, "13700137000"))).toMatchObject({ ok: true })
    expect([soon.ports.outbox, busy.ports.outbox]).toEqual([[], []])
  })

  it("one phone gets 5 codes an hour whatever the accounts asking: many accounts cannot flood one number", async () => {
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60 * SECOND)
    const flooded = world({ sentForOthers: [2, 5, 9, 30, 59].map(minutesAgo) })
    expect(await flooded.run(sendCaptcha(me, "13700137000"))).toMatchObject(refused("LimitReached", "该手机号获取验证码过于频繁，请稍后再试"))
    expect(flooded.ports.outbox).toEqual([])
    // this account's own code counts towards the phone's too
    expect(await world({ sent: [minutesAgo(3)], sentForOthers: [2, 5, 9, 59].map(minutesAgo) }).run(sendCaptcha(me, "13700137000")))
      .toMatchObject(refused("LimitReached", "该手机号获取验证码过于频繁，请稍后再试"))
    // the oldest of five an hour ago has left the window; others' codes never count towards this account's day
    const spread = world({ sentForOthers: [...[2, 5, 9, 30, 60].map(minutesAgo), ...[70, 80, 90, 100, 110, 120].map(minutesAgo)] })
    expect(await spread.run(sendCaptcha(me, "13700137000"))).toMatchObject({ ok: true })
    expect(spread.ports.outbox).toHaveLength(1)
  })

  it("a request that waited for the account's lock counts the codes sent while it waited", async () => {
    // five requests went first, each a second after this one arrived; the sixth is the one too many
    const w = world({ sentWhileWaiting: Array.from({ length: 5 }, (_, i) => new Date(now.getTime() + (i + 1) * SECOND)) })
    expect(await w.run(sendCaptcha(me, "13700137000"))).toMatchObject(refused("LimitReached", "获取验证码过于频繁，请稍后再试"))
    expect(w.ports.outbox).toEqual([])
  })
})

describe("changing phones", () => {
  it("binds a new main or vice number with its code, and spends the code", async () => {
    const w = world({ captchas: [["u1", issued("13700137000", "4321")], ["u1", issued("13600136000", "1111")]] })
    expect(await w.run(updatePhone(me, "main", "13700137000", " 4321 "))).toEqual({ ok: true, value: { phoneMain: "13700137000", phoneVice: null } })
    expect(w.captchas[0]!.captcha).toMatchObject({ used: true, attempts: 1 })
    expect(await w.run(updatePhone(me, "vice", "13600136000", "1111"))).toEqual({ ok: true, value: { phoneMain: "13700137000", phoneVice: "13600136000" } })
    expect(w.user()).toMatchObject({ phoneMain: "13700137000", phoneVice: "13600136000" })
  })

  it("a wrong code is refused but counted; a spent, expired or someone else's code does not work", async () => {
    const w = world({ captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await w.run(updatePhone(me, "main", "13700137000", "0000"))).toMatchObject(refused("RuleViolation", "验证码不正确或已失效"))
    expect(w.captchas[0]!.captcha).toMatchObject({ used: false, attempts: 1 })
    expect(w.saves).toEqual([])
    const spent = world({ captchas: [["u1", issued("13700137000", "4321", { used: true })]] })
    expect(await spent.run(updatePhone(me, "main", "13700137000", "4321"))).toMatchObject(refused("RuleViolation", "验证码不正确或已失效"))
    const old = world({ captchas: [["u1", issued("13700137000", "4321", { issuedAt: new Date(now.getTime() - 301 * SECOND) })]] })
    expect(await old.run(updatePhone(me, "main", "13700137000", "4321"))).toMatchObject(refused("RuleViolation", "验证码不正确或已失效"))
    const theirs = world({ captchas: [["u2", issued("13700137000", "4321")]] })
    expect(await theirs.run(updatePhone(me, "main", "13700137000", "4321"))).toMatchObject(refused("RuleViolation", "验证码不正确或已失效"))
  })

  it("a number someone else has is refused and the code is kept for another try", async () => {
    const w = world({ users: [profile(), profile({ id: "u2", phoneMain: "13500135000", phoneVice: "13700137000" })], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await w.run(updatePhone(me, "vice", "13700137000", "4321"))).toMatchObject(refused("StateConflict", "该手机号码已被其他用户绑定"))
    expect(w.captchas[0]!.captcha.used).toBe(false)
    expect(w.saves).toEqual([])
  })

  it("checks the number and the code's form before any code", async () => {
    const w = world()
    expect(await w.run(updatePhone(me, "main", "13900139000", "1234"))).toMatchObject(refused("RuleViolation", "请输入一个新的手机号码"))
    expect(await w.run(updatePhone(me, "main", "13700137000", "12"))).toMatchObject(refused("RuleViolation", "请输入正确的验证码"))
  })

  it("unbinding the main phone promotes the vice; unbinding a missing vice is a conflict", async () => {
    const w = world({ users: [profile({ phoneVice: "13600136000" })] })
    expect(await w.run(unbindPhoneMain(me))).toEqual({ ok: true, value: "13600136000" })
    expect(w.user()).toMatchObject({ phoneMain: "13600136000", phoneVice: null })
    expect(await w.run(unbindPhoneVice(me))).toMatchObject(refused("StateConflict", "还没绑定副手机"))
    expect(await w.run(unbindPhoneMain(me))).toEqual({ ok: true, value: null })
    expect(w.user()).toMatchObject({ phoneMain: null, phoneVice: null })
    const both = world({ users: [profile({ phoneVice: "13600136000" })] })
    expect(await both.run(unbindPhoneVice(me))).toEqual({ ok: true, value: undefined })
    expect(both.saves).toEqual([["u1", { phoneVice: null }]])
  })
})

describe("completing the profile", () => {
  it("a new user gives the worksite and the main phone with its code", async () => {
    const w = world({ users: [profile({ phoneMain: null, worksiteId: null })], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "4321" })))
      .toMatchObject({ ok: true, value: { worksite: { id: "w1" }, phoneMain: "13700137000", phoneVice: null } })
    expect(w.saves).toEqual([["u1", { worksiteId: "w1", phoneMain: "13700137000", phoneVice: null, worksiteBoundAt: now }]])
    expect(w.captchas[0]!.captcha.used).toBe(true)
  })

  it("keeps the main phone without a code, and adds a vice phone with its code", async () => {
    const w = world({ users: [profile({ phoneVice: "13600136000" })], captchas: [["u1", issued("13500135000", "9999")]] })
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneMain: "13900139000" }))).toMatchObject({ ok: true, value: { phoneMain: "13900139000", phoneVice: "13600136000" } })
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneVice: "13500135000", phoneViceCaptcha: "9999" })))
      .toMatchObject({ ok: true, value: { phoneMain: "13900139000", phoneVice: "13500135000" } })
  })

  it("a vice phone that becomes the main one is dropped as vice", async () => {
    const w = world({ users: [profile({ phoneMain: null, phoneVice: "13700137000" })], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "4321" })))
      .toMatchObject({ ok: true, value: { phoneMain: "13700137000", phoneVice: null } })
  })

  it("refuses a missing worksite, a wrong code, a taken number, an unknown worksite", async () => {
    const fresh = () => profile({ phoneMain: null })
    expect(await world({ users: [fresh()] }).run(completeProfile(me, { phoneMain: "13700137000", phoneMainCaptcha: "4321" })))
      .toMatchObject(refused("RuleViolation", "请选择您所在的网点"))
    const wrong = world({ users: [fresh()], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await wrong.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "1111" }))).toMatchObject({ ok: false, error: { _tag: "RuleViolation" } })
    expect(wrong.captchas[0]!.captcha).toMatchObject({ attempts: 1, used: false })
    const taken = world({ users: [fresh(), profile({ id: "u2", phoneMain: "13700137000" })], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await taken.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "4321" })))
      .toMatchObject(refused("StateConflict", "该手机号码已被其他用户绑定"))
    const nowhere = world({ users: [fresh()], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await nowhere.run(completeProfile(me, { worksite: "w9", phoneMain: "13700137000", phoneMainCaptcha: "4321" })))
      .toMatchObject(refused("NotFound", "获取网点信息失败"))
    for (const w of [wrong, taken, nowhere]) expect(w.saves).toEqual([])
    expect(taken.captchas[0]!.captcha.used).toBe(false)
  })

  it("both codes must be right: a good main code is not spent when the vice code is wrong", async () => {
    const w = world({ users: [profile({ phoneMain: null })], captchas: [["u1", issued("13700137000", "4321")], ["u1", issued("13500135000", "9999")]] })
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "4321", phoneVice: "13500135000", phoneViceCaptcha: "0000" })))
      .toMatchObject({ ok: false })
    expect(w.captchas.map((c) => c.captcha.used)).toEqual([false, false])
    expect(w.captchas.map((c) => c.captcha.attempts)).toEqual([1, 1])
    const noCode = world({ users: [profile({ phoneMain: null })], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await noCode.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "4321", phoneVice: "13500135000", phoneViceCaptcha: "9999" })))
      .toMatchObject({ ok: false })
    expect(noCode.captchas[0]!.captcha.used).toBe(false)
  })
})

describe("real-name verification", () => {
  const idPhoto = upload("a", "idCard", { realname: "李明", idCardNo: "11010519491231002x", sex: 2 })
  const studentPhoto = upload("b", "studentCard")
  const idUrl = `https://cdn.example.com/sign/20260302/${idPhoto.fileName}`
  const studentUrl = `/sign/20260302/${studentPhoto.fileName}`

  it("submits one's own photos with what recognition read, for review", async () => {
    const w = world({ uploads: [idPhoto, studentPhoto] })
    const answer = await w.run(applyAuth(me, { type: "1", idCardUrl: idUrl, studentCardUrl: studentUrl, realname: "冒名" } as never))
    expect(answer).toMatchObject({
      ok: true,
      value: { authStatus: 0, toAuthRealname: "李明", toAuthIdCardNo: ID_NO, sex: 2, idCardUrl: `/sign/20260302/${idPhoto.fileName}`, studentCardUrl: studentUrl }
    })
    expect(w.user()).toMatchObject({ authStatus: 0, authSubmittedAt: now })
  })

  it("refuses photos that are not one's own ID card upload, and an errand submission without a student card", async () => {
    const asStudentCard = { ...idPhoto, field: "studentCard" as const }
    expect(await world({ uploads: [asStudentCard] }).run(applyAuth(me, { type: 0, idCardUrl: idUrl }))).toMatchObject(refused("RuleViolation", "请上传真实的身份证"))
    expect(await world({ uploads: [{ ...idPhoto, userId: "u2" }] }).run(applyAuth(me, { type: 0, idCardUrl: idUrl })))
      .toMatchObject(refused("RuleViolation", "请上传身份证/学生证照片"))
    expect(await world({ uploads: [idPhoto] }).run(applyAuth(me, { type: 1, idCardUrl: idUrl }))).toMatchObject(refused("RuleViolation", "跑腿实名认证须上传学生证"))
    expect(await world({ uploads: [idPhoto] }).run(applyAuth(me, { type: 2, idCardUrl: idUrl }))).toMatchObject({ ok: true, value: { authStatus: 0 } })
    const reviewing = world({ uploads: [idPhoto], users: [profile({ authStatus: 0 })] })
    expect(await reviewing.run(applyAuth(me, { idCardUrl: idUrl }))).toMatchObject(refused("StateConflict", "您的实名认证正在审核中，请耐心等待"))
    expect(reviewing.saves).toEqual([])
  })

  it("cancelling forgets both photos", async () => {
    const w = world({ users: [profile({ authStatus: 0, idCardUrl: "/sign/x", studentCardUrl: "/sign/y" })] })
    expect(await w.run(unverifySelf(me))).toMatchObject({ ok: true, value: { authStatus: -1, idCardUrl: null, studentCardUrl: null } })
    expect(w.saves).toEqual([["u1", { authStatus: -1, idCardUrl: null, studentCardUrl: null }]])
  })

  const pending = () => profile({ id: "u2", openid: "o2", authStatus: 0, toAuthRealname: "李明", toAuthIdCardNo: ID_NO, worksiteId: "w1" })

  it("a reviewer passes a submission: the name and number become the user's, and the user hears of it", async () => {
    const w = world({ users: [pending()] })
    expect(await w.run(reviewAuth("operator", "u2", 1, undefined))).toMatchObject({ ok: true, value: { id: "u2", authStatus: 1, realname: "李明", idCardNo: ID_NO } })
    expect(w.ports.events).toEqual([{ room: { user: "u2" }, name: "authStatusChanged", payload: { authStatus: 1, rejectComment: null } }])
    expect(w.saves).toEqual([["u2", expect.objectContaining({ authStatus: 1, authPassedAt: now })]])
    const admin = world({ users: [pending()] })
    expect(await admin.run(reviewAuth(actor({ role: "admin" }), "u2", 2, " 照片模糊 "))).toMatchObject({ ok: true, value: { authStatus: 2, rejectComment: "照片模糊" } })
    expect(admin.user("u2")).toMatchObject({ authStatus: 2, rejectComment: "照片模糊" })
    expect(admin.saves[0]![1]).not.toHaveProperty("authPassedAt")
  })

  it("staff review only their own worksite's users; students never", async () => {
    const clerk = actor({ userId: "su", openid: "staff-o", role: "staff" })
    expect(await world({ users: [pending()], staffAt: "w1" }).run(reviewAuth(clerk, "u2", 1, ""))).toMatchObject({ ok: true })
    const elsewhere = world({ users: [pending()], staffAt: "w2" })
    expect(await elsewhere.run(reviewAuth(clerk, "u2", 1, ""))).toMatchObject(refused("NotAllowed", "只能审核本网点用户的实名认证"))
    expect(await world({ users: [pending()] }).run(reviewAuth(clerk, "u2", 1, ""))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
    const student = world({ users: [pending()] })
    expect(await student.run(reviewAuth(me, "u2", 1, ""))).toMatchObject(refused("NotAllowed", "只有网点工作人员或管理员可以审核实名认证"))
    expect(await student.run(reviewAuth(actor({ role: "runner" }), "u2", 1, ""))).toMatchObject({ ok: false, error: { _tag: "NotAllowed" } })
    for (const w of [elsewhere, student]) expect([w.saves, w.ports.events]).toEqual([[], []])
  })

  it("refuses a decision other than 1 or 2, an over-long comment, an unknown user and a decided submission", async () => {
    const w = world({ users: [pending(), profile({ id: "u3", authStatus: 1 })] })
    for (const decision of [0, -1, 3, undefined]) {
      expect(await w.run(reviewAuth("operator", "u2", decision, ""))).toMatchObject(refused("RuleViolation", "审核结果只能是通过(1)或不通过(2)"))
    }
    expect(await w.run(reviewAuth("operator", "u2", 2, "字".repeat(201)))).toMatchObject(refused("RuleViolation", "审核意见不能超过200个字"))
    expect(await w.run(reviewAuth("operator", "u2", 2, ` ${"字".repeat(200)} `))).toMatchObject({ ok: true })
    expect(await w.run(reviewAuth("operator", "u404", 1, ""))).toMatchObject(refused("NotFound", "获取用户信息失败"))
    expect(await w.run(reviewAuth("operator", "u3", 1, ""))).toMatchObject(refused("StateConflict", "该实名认证已处理"))
  })

  it("lists submissions waiting for review", async () => {
    const w = world({ users: [pending(), profile(), profile({ id: "u3", authStatus: 0 })] })
    const answer = await w.run(pendingVerifications(1))
    expect(answer.ok && answer.value.map((u) => u.id)).toEqual(["u2"])
  })
})

describe("runner applications and teams", () => {
  const ready = (over: Partial<UserProfile> = {}) => profile({ authStatus: 1, studentCardUrl: "/sign/x", ...over })
  const leader = profile({ id: "lead", isPaotuiLeader: true, invitation: "INV1", worksiteId: "w1" })

  it("applies with an invitation code, joining that leader's team", async () => {
    const w = world({ users: [ready(), leader], worksites: [site("w1", { paotuiApplyNeedInvitation: true })] })
    expect(await w.run(applyPaotui(me, { invitation: " INV1 ", agree: true }))).toEqual({ ok: true, value: { paotuiStatus: 0, paotuiLeader: "lead" } })
    expect(w.saves).toEqual([["u1", { paotuiStatus: 0, paotuiLeader: "lead" }]])
  })

  it("refuses a wrong code, one's own code, no worksite, an unknown worksite and a pending application", async () => {
    const needs = [site("w1", { paotuiApplyNeedInvitation: true })]
    expect(await world({ users: [ready(), leader], worksites: needs }).run(applyPaotui(me, { invitation: "NOPE", agree: true })))
      .toMatchObject(refused("RuleViolation", "跑腿邀请码不正确"))
    const self = ready({ isPaotuiLeader: true, invitation: "MINE" })
    expect(await world({ users: [self], worksites: needs }).run(applyPaotui(me, { invitation: "MINE", agree: true })))
      .toMatchObject(refused("RuleViolation", "跑腿邀请码不正确"))
    expect(await world({ users: [ready({ worksiteId: null })] }).run(applyPaotui(me, { agree: true }))).toMatchObject(refused("RuleViolation", "请选择您所在的网点"))
    expect(await world({ users: [ready({ worksiteId: "w9" })] }).run(applyPaotui(me, { agree: true }))).toMatchObject(refused("NotFound", "获取网点信息失败"))
    expect(await world({ users: [ready({ paotuiStatus: 0 })] }).run(applyPaotui(me, { agree: true })))
      .toMatchObject(refused("StateConflict", "您的跑腿申请正在审核中，请耐心等待"))
    expect(await world({ users: [ready()] }).run(applyPaotui(me, { agree: false }))).toMatchObject(refused("RuleViolation", "请先阅读并同意《校园跑腿服务协议》"))
    expect(await world({ users: [ready()] }).run(applyPaotui(me, { agree: true }))).toEqual({ ok: true, value: { paotuiStatus: 0, paotuiLeader: null } })
  })

  it("lists runner applications waiting for review, up to the limit", async () => {
    const w = world({ users: [profile({ id: "u2", paotuiStatus: 0 }), profile({ paotuiStatus: 1 }), profile({ id: "u3", paotuiStatus: 0 })] })
    const answer = await w.run(pendingRunnerApplications(1))
    expect(answer.ok && answer.value.map((u) => u.id)).toEqual(["u2"])
  })

  it("a team is listed to its leader, its runners and admins only", async () => {
    const w = world({ users: [leader, profile({ id: "r1", paotuiLeader: "lead", realname: "王五" }), profile({ id: "x" }), profile({ id: "adm", role: "admin" })] })
    const team = [{ id: "r1", realname: "王五", phoneMain: "13900139000", openid: "o1" }]
    expect(await w.run(teamOf(actor({ userId: "lead" }), "lead"))).toEqual({ ok: true, value: team })
    expect(await w.run(teamOf(actor({ userId: "r1" }), "lead"))).toEqual({ ok: true, value: team })
    expect(await w.run(teamOf(actor({ userId: "adm" }), "lead"))).toEqual({ ok: true, value: team })
    expect(await w.run(teamOf(actor({ userId: "x" }), "lead"))).toMatchObject(refused("NotAllowed", "只能查看自己团队的跑腿成员"))
    expect(await w.run(teamOf(actor({ userId: "u404" }), "lead"))).toMatchObject(refused("NotFound", "获取用户信息失败"))
  })
})

describe("the operations log of the account", () => {
  const ops = (w: ReturnType<typeof world>) => w.ports.ops.map((o) => ({ op: o.op, actorOpenid: o.actorOpenid, input: o.input, outcome: o.outcome }))

  it("the first arrival signs the person up under a new id and logs it; a known openid and a blank one log nothing", async () => {
    const w = world()
    const arrival = { openid: " o-new ", unionid: null, nickname: "新同学", sex: 7, subscribe: true }
    expect(await w.run(signUp(arrival))).toEqual({ ok: true, value: { id: "id-1", signedUp: true } })
    expect(w.user("id-1")).toMatchObject({ openid: "o-new", nickname: "新同学", sex: 0, subscribeTime: now })
    expect(w.ports.ops).toEqual([{
      op: "signUp", actorOpenid: "o-new", at: now, input: { openid: "o-new", unionid: null, nickname: "新同学", sex: 0, subscribe: true }, outcome: { id: "id-1" }
    }])
    expect(await w.run(signUp({ ...arrival, openid: "o-new" }))).toEqual({ ok: true, value: { id: "id-1", signedUp: false } })
    expect(await w.run(signUp({ ...arrival, openid: "o1" }))).toEqual({ ok: true, value: { id: "u1", signedUp: false } })
    expect(await w.run(signUp({ ...arrival, openid: " " }))).toMatchObject(refused("RuleViolation", "获取用户信息失败"))
    expect(w.ports.ops).toHaveLength(1)
  })

  it("a sign-up keeps the sex 1 or 2 the messaging app gave, stored and logged; a known openid makes no user and draws no id", async () => {
    const w = world()
    const arrival = { unionid: "un-1", nickname: null, subscribe: false }
    expect(await w.run(signUp({ ...arrival, openid: "o1", sex: 2 }))).toEqual({ ok: true, value: { id: "u1", signedUp: false } })
    expect([w.ports.ops, w.users.size]).toEqual([[], 1])
    expect(await w.run(signUp({ ...arrival, openid: "o-a", sex: 1 }))).toEqual({ ok: true, value: { id: "id-1", signedUp: true } })
    expect(await w.run(signUp({ ...arrival, openid: "o-b", sex: 2 }))).toEqual({ ok: true, value: { id: "id-2", signedUp: true } })
    expect([w.user("id-1").sex, w.user("id-2").sex]).toEqual([1, 2])
    expect(ops(w).map((o) => o.input)).toEqual([{ ...arrival, openid: "o-a", sex: 1 }, { ...arrival, openid: "o-b", sex: 2 }])
  })

  it("a sign-up raced by another request for the same person answers the user that request made, and logs nothing", async () => {
    const theirs = profile({ id: "u9", openid: "o-new" })
    const w = world({ signedUpMeanwhile: theirs })
    expect(await w.run(signUp({ openid: "o-new", unionid: null, nickname: null, sex: 1, subscribe: true })))
      .toEqual({ ok: true, value: { id: "u9", signedUp: false } })
    expect(w.ports.ops).toEqual([])
    const vanished = world({ signedUpMeanwhile: null })
    expect(await vanished.run(signUp({ openid: "o-new", unionid: null, nickname: null, sex: 1, subscribe: true })))
      .toMatchObject(refused("NotFound", "获取用户信息失败"))
    expect(vanished.ports.ops).toEqual([])
  })

  it("a first follow signs the person up as following; a repeat of the event changes and logs nothing", async () => {
    const w = world()
    const arrival = { openid: " o-new ", unionid: "un-7", nickname: null, sex: 2 }
    expect(await w.run(follow(arrival))).toEqual({ ok: true, value: { id: "id-1", changed: true } })
    expect([w.user("id-1").unionid, w.following.get("id-1")]).toEqual(["un-7", true])
    expect(await w.run(follow(arrival))).toEqual({ ok: true, value: { id: "id-1", changed: false } })
    expect(ops(w)).toEqual([{ op: "signUp", actorOpenid: "o-new", input: { openid: "o-new", unionid: "un-7", nickname: null, sex: 2, subscribe: true }, outcome: { id: "id-1" } }])
    expect(await w.run(follow({ ...arrival, openid: "  " }))).toMatchObject(refused("RuleViolation", "获取用户信息失败"))
    expect(w.users.size).toBe(2)
  })

  it("someone who stopped following follows again from the event's time; an unfollow ends it once, and is logged", async () => {
    const w = world({ notFollowing: ["u1"] })
    const later = new Date(now.getTime() + 3_600_000)
    w.setNow(later)
    expect(await w.run(follow({ openid: "o1", unionid: null, nickname: null, sex: 0 }))).toEqual({ ok: true, value: { id: "u1", changed: true } })
    expect([w.following.get("u1"), w.user().subscribeTime]).toEqual([true, later])
    expect(await w.run(unfollow({ openid: "o1" }))).toEqual({ ok: true, value: { id: "u1", changed: true } })
    expect(await w.run(unfollow({ openid: "o1" }))).toEqual({ ok: true, value: { id: "u1", changed: false } })
    expect(w.following.get("u1")).toBe(false)
    expect(w.user().subscribeTime).toEqual(later)
    expect(ops(w)).toEqual([
      { op: "follow", actorOpenid: "o1", input: { openid: "o1" }, outcome: { id: "u1" } },
      { op: "unfollow", actorOpenid: "o1", input: { openid: "o1" }, outcome: { id: "u1" } }
    ])
  })

  it("an unfollow of someone unknown or blank changes nothing and logs nothing", async () => {
    const w = world()
    expect(await w.run(unfollow({ openid: "o-nobody" }))).toEqual({ ok: true, value: { id: null, changed: false } })
    expect(await w.run(unfollow({ openid: " " }))).toEqual({ ok: true, value: { id: null, changed: false } })
    expect([w.ports.ops, w.following.get("u1")]).toEqual([[], true])
  })

  it("a follow raced by a sign-up as not following goes on with the user that sign-up made", async () => {
    const theirs = profile({ id: "u9", openid: "o-new" })
    const w = world({ signedUpMeanwhile: theirs, notFollowing: ["u9"] })
    expect(await w.run(follow({ openid: "o-new", unionid: null, nickname: null, sex: 0 }))).toEqual({ ok: true, value: { id: "u9", changed: true } })
    expect(ops(w).map((o) => o.op)).toEqual(["follow"])
    const vanished = world({ signedUpMeanwhile: null })
    expect(await vanished.run(follow({ openid: "o-new", unionid: null, nickname: null, sex: 0 }))).toMatchObject(refused("NotFound", "获取用户信息失败"))
  })

  it("an edit logs the field and the value saved; a refused one logs nothing", async () => {
    const w = world()
    expect(await w.run(updateNickname(me, ""))).toMatchObject({ ok: false })
    expect(await w.run(updateSex(me, 3))).toMatchObject({ ok: false })
    expect(w.ports.ops).toEqual([])
    await w.run(updateNickname(me, " 阿新 "))
    await w.run(updateIdCardNo(me, ID_NO.toLowerCase()))
    await w.run(updateNewPaotuiOrderRemind(me, true))
    expect(ops(w)).toEqual([
      { op: "editProfile", actorOpenid: "o1", input: { field: "nickname", value: "阿新" }, outcome: { field: "nickname", value: "阿新" } },
      { op: "editProfile", actorOpenid: "o1", input: { field: "idCardNo", value: ID_NO }, outcome: { field: "idCardNo", value: ID_NO } },
      { op: "editProfile", actorOpenid: "o1", input: { field: "newPaotuiOrderRemind", value: true }, outcome: { field: "newPaotuiOrderRemind", value: true } }
    ])
  })

  it("a phone bound with its code is logged as confirmed, never with the code; a wrong code logs nothing", async () => {
    const w = world({ captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await w.run(updatePhone(me, "vice", "13700137000", "0000"))).toMatchObject({ ok: false })
    expect(w.ports.ops).toEqual([])
    expect(await w.run(updatePhone(me, "vice", "13700137000", "4321"))).toMatchObject({ ok: true })
    expect(ops(w)).toEqual([{
      op: "confirmPhone", actorOpenid: "o1", input: { type: "vice", phone: "13700137000", captcha: "confirmed" },
      outcome: { phoneMain: "13900139000", phoneVice: "13700137000" }
    }])
    expect(JSON.stringify(w.ports.ops)).not.toContain("4321")
    // replayed without a code: the same phones; a number someone else has meanwhile is still refused
    const again = world()
    expect(await again.run(confirmPhoneRecorded(me, "vice", "13700137000"))).toEqual({ ok: true, value: { phoneMain: "13900139000", phoneVice: "13700137000" } })
    const taken = world({ users: [profile(), profile({ id: "u2", openid: "o2", phoneMain: "13700137000" })] })
    expect(await taken.run(confirmPhoneRecorded(me, "vice", "13700137000"))).toMatchObject(refused("StateConflict", "该手机号码已被其他用户绑定"))
    expect(taken.ports.ops).toEqual([])
  })

  it("a logged edit replays through its own field's use case, saving and logging the value as recorded", async () => {
    const w = world()
    const edits = [
      { field: "realname", value: "李明" }, { field: "nickname", value: "阿新" }, { field: "sex", value: 2 }, { field: "idCardNo", value: ID_NO },
      { field: "studentCardUrl", value: "/sign/20260302/0123456789abcdef0123456789abcdef.png" }, { field: "newPaotuiOrderRemind", value: true }
    ] as const
    for (const edit of edits) expect(await w.run(editRecorded(me, edit))).toEqual({ ok: true, value: edit })
    expect(w.saves).toEqual(edits.map((e) => ["u1", { [e.field]: e.value }]))
    expect(ops(w).map((o) => o.input)).toEqual(edits)
    // a value the field's rule refuses is refused on replay too
    expect(await w.run(editRecorded(me, { field: "sex", value: 3 }))).toMatchObject({ ok: false })
    expect(await w.run(editRecorded(me, { field: "newPaotuiOrderRemind", value: "yes" }))).toEqual({ ok: true, value: { field: "newPaotuiOrderRemind", value: "yes" } })
    expect(w.saves.at(-1)).toEqual(["u1", { newPaotuiOrderRemind: false }])
  })

  it("a logged unbinding replays the main or the vice phone's, answering the phones left", async () => {
    const main = world({ users: [profile({ phoneVice: "13600136000" })] })
    expect(await main.run(unbindRecorded(me, "main"))).toEqual({ ok: true, value: { phoneMain: "13600136000", phoneVice: null } })
    const vice = world({ users: [profile({ phoneVice: "13600136000" })] })
    expect(await vice.run(unbindRecorded(me, "vice"))).toEqual({ ok: true, value: { phoneMain: "13900139000", phoneVice: null } })
    expect(ops(vice)).toEqual([{ op: "unbindPhone", actorOpenid: "o1", input: { type: "vice" }, outcome: { phoneMain: "13900139000", phoneVice: null } }])
  })

  it("an unbinding logs which phone and the phones left; nothing to unbind logs nothing", async () => {
    const w = world({ users: [profile({ phoneVice: "13600136000" })] })
    expect(await w.run(unbindPhoneMain(me))).toEqual({ ok: true, value: "13600136000" })
    expect(await w.run(unbindPhoneVice(me))).toMatchObject(refused("StateConflict", "还没绑定副手机"))
    expect(ops(w)).toEqual([{ op: "unbindPhone", actorOpenid: "o1", input: { type: "main" }, outcome: { phoneMain: "13600136000", phoneVice: null } }])
  })

  it("a completed profile logs the worksite, the phones and which were confirmed; the worksite bound at the line's time", async () => {
    const w = world({ users: [profile({ phoneMain: null, worksiteId: null })], captchas: [["u1", issued("13700137000", "4321")]] })
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "1111" }))).toMatchObject({ ok: false })
    expect(w.ports.ops).toEqual([])
    expect(await w.run(completeProfile(me, { worksite: "w1", phoneMain: "13700137000", phoneMainCaptcha: "4321" }))).toMatchObject({ ok: true })
    const input = { worksiteId: "w1", phoneMain: "13700137000", phoneVice: null, confirmed: ["13700137000"], captcha: "confirmed" }
    expect(ops(w)).toEqual([{ op: "completeProfile", actorOpenid: "o1", input, outcome: { worksiteId: "w1", phoneMain: "13700137000", phoneVice: null } }])
    expect(w.saves.at(-1)![1]).toMatchObject({ worksiteBoundAt: w.ports.ops[0]!.at })
    const replayed = world({ users: [profile({ phoneMain: null, worksiteId: null })] })
    expect(await replayed.run(completeRecorded(me, input as never))).toEqual({ ok: true, value: { worksiteId: "w1", phoneMain: "13700137000", phoneVice: null } })
    expect(replayed.user()).toMatchObject({ phoneMain: "13700137000", worksiteId: "w1" })
  })

  it("a worksite change logs the worksite; an unknown one logs nothing", async () => {
    const w = world({ worksites: [site("w1"), site("w2")] })
    expect(await w.run(updateWorksite(me, "w9"))).toMatchObject({ ok: false })
    await w.run(updateWorksite(me, "w2"))
    expect(ops(w)).toEqual([{ op: "changeWorksite", actorOpenid: "o1", input: { worksiteId: "w2" }, outcome: { worksiteId: "w2" } }])
    expect(w.saves.at(-1)![1]).toEqual({ worksiteId: "w2", worksiteBoundAt: w.ports.ops[0]!.at })
  })

  it("a runner application is logged; an approval sets when the runner joined; a second review or a student's logs nothing", async () => {
    const applicant = profile({ authStatus: 1, studentCardUrl: "/sign/x.jpg" })
    const w = world({ users: [applicant] })
    expect(await w.run(applyPaotui(me, { agree: false }))).toMatchObject({ ok: false })
    expect(w.ports.ops).toEqual([])
    expect(await w.run(applyPaotui(me, { agree: true }))).toEqual({ ok: true, value: { paotuiStatus: 0, paotuiLeader: null } })
    expect(await w.run(reviewRunner(me, "u1", 1))).toMatchObject(refused("NotAllowed", "只有网点工作人员或管理员可以审核实名认证"))
    expect(await w.run(reviewRunner("operator", "u1", 3))).toMatchObject(refused("RuleViolation", "审核结果只能是通过(1)或不通过(2)"))
    expect(await w.run(reviewRunner("operator", "u1", 1))).toMatchObject({ ok: true, value: { id: "u1", paotuiStatus: 1 } })
    expect(await w.run(reviewRunner("operator", "u1", 2))).toMatchObject(refused("StateConflict", "该跑腿申请已处理"))
    expect(ops(w)).toEqual([
      { op: "applyRunner", actorOpenid: "o1", input: { invitation: "", agree: true }, outcome: { paotuiStatus: 0, paotuiLeader: null } },
      { op: "reviewRunner", actorOpenid: "station-operator", input: { userId: "u1", decision: 1 }, outcome: { userId: "u1", paotuiStatus: 1 } }
    ])
    expect(w.saves.at(-1)![1]).toEqual({ paotuiStatus: 1, paotuiJoinedAt: w.ports.ops[1]!.at })
  })

  it("a rejection keeps no join time; staff review only their own worksite's applicants", async () => {
    const w = world({ users: [profile({ paotuiStatus: 0 })], staffAt: "w2" })
    const staff = actor({ userId: "s1", openid: "staff-o", role: "staff" })
    expect(await w.run(reviewRunner(staff, "u1", 2))).toMatchObject(refused("NotAllowed", "只能审核本网点用户的实名认证"))
    expect(await w.run(reviewRunner(actor({ userId: "a1", openid: "admin-o", role: "admin" }), "u1", 2))).toMatchObject({ ok: true, value: { paotuiStatus: 2 } })
    expect(w.saves.at(-1)![1]).toEqual({ paotuiStatus: 2 })
    expect(ops(w)).toEqual([{ op: "reviewRunner", actorOpenid: "admin-o", input: { userId: "u1", decision: 2 }, outcome: { userId: "u1", paotuiStatus: 2 } }])
  })

  it("staff approve an applicant of their own worksite, logged under the staff member; an unknown user or no decision is refused and logs nothing", async () => {
    const w = world({ users: [profile({ paotuiStatus: 0 })], staffAt: "w1" })
    const staff = actor({ userId: "s1", openid: "staff-o", role: "staff" })
    expect(await w.run(reviewRunner(staff, "u404", 1))).toMatchObject(refused("NotFound", "获取用户信息失败"))
    expect(await w.run(reviewRunner("operator", "u1", undefined))).toMatchObject(refused("RuleViolation", "审核结果只能是通过(1)或不通过(2)"))
    expect([w.saves, w.ports.ops]).toEqual([[], []])
    expect(await w.run(reviewRunner(staff, "u1", 1))).toMatchObject({ ok: true, value: { id: "u1", paotuiStatus: 1 } })
    expect(w.saves).toEqual([["u1", { paotuiStatus: 1, paotuiJoinedAt: now }]])
    expect(ops(w)).toEqual([{ op: "reviewRunner", actorOpenid: "staff-o", input: { userId: "u1", decision: 1 }, outcome: { userId: "u1", paotuiStatus: 1 } }])
  })

  it("a verification's submission, cancellation and review log their outcome; a review its reviewer, decision and comment", async () => {
    const w = world({ users: [profile({ authStatus: 0 }), profile({ id: "u2", openid: "o2", authStatus: 0, toAuthRealname: "李明", toAuthIdCardNo: ID_NO })] })
    await w.run(unverifySelf(me))
    await w.run(reviewAuth("operator", "u2", 1, undefined))
    const admin = world({ users: [profile({ id: "u2", openid: "o2", authStatus: 0 })] })
    await admin.run(reviewAuth(actor({ openid: "admin-o", role: "admin" }), "u2", 2, "照片模糊"))
    expect([...ops(w), ...ops(admin)]).toEqual([
      { op: "cancelVerification", actorOpenid: "o1", input: {}, outcome: { authStatus: -1 } },
      { op: "reviewVerification", actorOpenid: "station-operator", input: { userId: "u2", decision: 1, comment: null }, outcome: { userId: "u2", authStatus: 1 } },
      { op: "reviewVerification", actorOpenid: "admin-o", input: { userId: "u2", decision: 2, comment: "照片模糊" }, outcome: { userId: "u2", authStatus: 2 } }
    ])
  })

  it("a runner application with a leader's code logs the code as trimmed and the leader joined", async () => {
    const leader = profile({ id: "lead", openid: "o-lead", isPaotuiLeader: true, invitation: "INV1" })
    const w = world({ users: [profile({ authStatus: 1, studentCardUrl: "/sign/x.jpg" }), leader], worksites: [site("w1", { paotuiApplyNeedInvitation: true })] })
    expect(await w.run(applyPaotui(me, { invitation: " INV1 ", agree: true }))).toMatchObject({ ok: true })
    expect(ops(w)).toEqual([{ op: "applyRunner", actorOpenid: "o1", input: { invitation: "INV1", agree: true }, outcome: { paotuiStatus: 0, paotuiLeader: "lead" } }])
  })
})
