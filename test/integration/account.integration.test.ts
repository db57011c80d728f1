/**
 * The student's account over HTTP: user info, profile edits, SMS codes (read from the outbox),
 * phones, complete profile, real-name verification and its review (HTTP and CLI use case), the
 * runner application, a leader's team and the worksite chooser. Runs on PGlite, and on real
 * Postgres when TEST_DATABASE_URL is set.
 */
import { fc } from "@fast-check/vitest"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createWorksite } from "#adapters/postgres/seed"
import { pendingVerifications, reviewAuth, updatePhone } from "#src/profile/use-cases"
import { distanceMetres, PLATFORM_SERVICE_PHONE } from "#src/worksite/directory"
import { servicePhoneNow } from "#src/worksite/use-cases"
import { captchaFor, captchaRows, checkDigit, idCardImage, ocrDownImage, plainPng, upload, uploaded } from "../support/account-kit"
import { backends, failureOf, newUser, shanghaiNoonClock, startTestApp, uniquePhone, valueOf, type ApiAnswer, type TestApp } from "../support/test-app"

const M = {
  userMissing: "获取用户信息失败",
  realnameRequired: "真实姓名不能为空",
  nicknameRequired: "昵称不能为空",
  sexRequired: "请选择性别",
  idRequired: "身份证号码不能为空",
  idInvalid: "身份证号码不正确",
  identityLocked: "实名信息已提交审核或已通过认证，不能修改",
  imageRequired: "请上传图片",
  worksiteRequired: "请选择您所在的网点",
  worksiteNotFound: "获取网点信息失败",
  worksiteChanged: "网点变更成功",
  phoneWrong: "请输入正确的手机号码",
  phoneMissing: "请绑定您正确的手机号",
  phoneNotNew: "请输入一个新的手机号码",
  captchaWrong: "请输入正确的验证码",
  captchaInvalid: "验证码不正确或已失效",
  captchaSent: "验证码已发送",
  phoneTaken: "该手机号码已被其他用户绑定",
  noVice: "还没绑定副手机",
  viceWrong: "请输入正确的副手机号",
  viceCaptchaWrong: "请输入正确的副号验证码",
  photoRequired: "请上传身份证/学生证照片",
  realIdCard: "请上传真实的身份证",
  studentCardRequired: "跑腿实名认证须上传学生证",
  underReview: "您的实名认证正在审核中，请耐心等待",
  alreadyPassed: "您已通过实名认证",
  alreadyReviewed: "该实名认证已处理",
  notReviewer: "只有网点工作人员或管理员可以审核实名认证",
  otherWorksiteUser: "只能审核本网点用户的实名认证",
  notBound: "请先绑定后台操作用户",
  reviewDecision: "审核结果只能是通过(1)或不通过(2)",
  invitationRequired: "请填入跑腿邀请码",
  invitationWrong: "跑腿邀请码不正确",
  agreement: "请先阅读并同意《校园跑腿服务协议》",
  sexUnset: "请先到个人中心登记您的性别",
  errandsClosed: "本网点暂未开通跑腿业务",
  applicationsClosed: "线上跑腿申请已被关闭，如有疑问请咨询平台客服。",
  notVerifiedRunner: "请先完成跑腿实名认证（须上传身份证和学生证）",
  runnerReviewing: "您的跑腿申请正在审核中，请耐心等待",
  notYourTeam: "只能查看自己团队的跑腿成员",
  locationWrong: "获取地理位置出错"
}

/** A valid ID number for a made-up person born 2004-05-06 with this 3-digit sequence (odd: male). */
const idNo = (seq: string, area = "440106") => {
  const first17 = `${area}20040506${seq}`
  return first17 + checkDigit(first17)
}

const shanghai = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(Date.UTC(y, mo - 1, d, h - 8, mi))

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

for (const backend of backends) {
  describe(`student account over HTTP [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    let admin: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy, admin] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy"), t.token("demo-admin")])
    })
    afterAll(async () => {
      await t?.close()
    })

    const student = async (user: Parameters<typeof newUser>[2] = {}) => {
      const u = await newUser(t.db, {}, user)
      return { ...u, token: await t.token(u.openid) }
    }
    const userRow = (id: string) => t.db.selectFrom("app_user").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    const info = async (token: string) => (await t.api("GET", "/api/user/wxuserInfo", token)).body.data
    const askCode = async (token: string, phone: string) => {
      const r = await t.api("GET", `/api/user/phoneCaptcha/${phone}`, token)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const code = await captchaFor(t.db, phone)
      expect(code).toMatch(/^\d{4}$/)
      return code!
    }
    /** Lets the resend gap of a phone pass, by moving its earlier codes a minute back. */
    /** Past the 60 s resend gap, and far enough apart that an account's 5 codes per 10 minutes are not reached. */
    const ageCodes = (phone: string, seconds = 121) =>
      t.db.updateTable("captcha").set({ issued_at: sql<Date>`issued_at - make_interval(secs => ${seconds})` }).where("phone", "=", phone).execute()

    describe("GET /api/user/wxuserInfo", () => {
      it("answers the whole user of the contract, with money, points, role and the worksite", async () => {
        const token = await t.token("demo-student")
        const r = await t.api("GET", "/api/user/wxuserInfo", token)
        expect(r.status).toBe(200)
        expect(r.body.data).toEqual({
          _id: "u-student", openid: "demo-student", unionid: null, nickname: "李明", realname: "李明", sex: 1, headimgBase64: null, motto: null,
          phoneMain: "13800000001", phoneVice: null, idCardNo: null, idCardUrl: null, studentCardUrl: null, authStatus: -1,
          rejectComment: null, paotuiStatus: -1, isPaotuiLeader: false, paotuiLeader: null, invitation: null, isXYTAdmin: false,
          pickupAble: false, creditScore: 95, activeScore: 235, money: 50_000, newPaotuiOrderRemind: true,
          subscribeTime: expect.any(String), role: "student", isSiteAdmin: false, canSeeStatistics: false,
          worksite: {
            _id: "ws-xiyuan", fullName: "示范大学南校区西园快递驿站", shortName: "西园驿站", schoolCampus: "南校区", schoolCode: "SFDX",
            siteCode: "XY01", servicePhone: "020-84110001", paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: true,
            expressSendCompanies: ["ec-sf", "ec-zto", "ec-yto"],
            majors: ["计算机科学与工程学院", "经济与管理学院", "外国语学院", "数学学院", "化学学院"]
          }
        })
      })

      it("the worksite's carriers for sending follow its order; a worksite sending with none and listing no departments has []", async () => {
        const site = `ws-${Date.now().toString(36)}`
        await t.db.insertInto("worksite").values({
          id: site, site_code: site, short_name: "测试站", school_campus: "测试校区", name_zh: "测试站", sms_able: false, service_begin: "08:00",
          service_end: "20:00", service_phone: "020-1", express_companies: []
        }).execute()
        const u = await student({ worksite: site })
        expect((await info(u.token)).worksite).toMatchObject({ _id: site, expressSendCompanies: [], majors: [] })
        await t.db.insertInto("send_company").values([
          { worksite_id: site, company_id: "ec-jd", code: "JD", sort: 2 }, { worksite_id: site, company_id: "ec-ems", code: "EMS", sort: 1 }
        ]).execute()
        await t.db.updateTable("worksite").set({ majors: ["物理学院", "化学学院"] }).where("id", "=", site).execute()
        expect((await info(u.token)).worksite).toMatchObject({ expressSendCompanies: ["ec-ems", "ec-jd"], majors: ["物理学院", "化学学院"] })
      })

      it("masks the ID number: the first 6 and the last 4 characters", async () => {
        const runner = await info(await t.token("demo-runner"))
        expect(runner).toMatchObject({ idCardNo: "110105********1239", authStatus: 1, paotuiStatus: 1, isPaotuiLeader: true, invitation: "XY2026", creditScore: 88 })
        expect((await info(admin)).isXYTAdmin).toBe(true)
      })

      it("a user without a worksite has worksite null; no token is 401", async () => {
        const u = await student({ worksite: null })
        expect((await info(u.token)).worksite).toBeNull()
        expect((await t.api("GET", "/api/user/wxuserInfo")).status).toBe(401)
      })
    })

    describe("profile edits", () => {
      it("real name, nickname and sex: the spec's messages, then saved", async () => {
        const u = await student()
        for (const body of [{}, { realname: "" }, { realname: "  " }, { realname: null }, { realname: ["李"] }]) {
          expectFailure(await t.api("PUT", "/api/user/updateRealname", u.token, body), 400, M.realnameRequired)
        }
        for (const body of [{}, { nickname: "" }, { nickname: {} }]) {
          expectFailure(await t.api("PUT", "/api/user/updateNickname", u.token, body), 400, M.nicknameRequired)
        }
        for (const body of [{}, { sex: 0 }, { sex: 3 }, { sex: "x" }, { sex: 1.5 }, { sex: true }]) {
          expectFailure(await t.api("PUT", "/api/user/updateSex", u.token, body), 400, M.sexRequired)
        }
        expectFailure(await t.api("PUT", "/api/user/updateRealname", u.token, { realname: "字".repeat(200) }), 400, "请求不正确")
        expect((await t.api("PUT", "/api/user/updateRealname", u.token, { realname: " 赵六 " })).body).toEqual({ success: true, message: "保存成功" })
        expect((await t.api("PUT", "/api/user/updateNickname", u.token, { nickname: "小六" })).status).toBe(200)
        expect((await t.api("PUT", "/api/user/updateSex", u.token, { sex: "2" })).status).toBe(200)
        expect(await info(u.token)).toMatchObject({ realname: "赵六", nickname: "小六", sex: 2 })
      })

      it("ID number: required, 15 or 18 with the national checksum; stored upper-case, shown masked", async () => {
        const u = await student()
        expectFailure(await t.api("PUT", "/api/user/updateIdCardNo", u.token, {}), 400, M.idRequired)
        const good = idNo("123")
        const wrongCheck = good.slice(0, 17) + (good[17] === "0" ? "1" : "0")
        for (const idCardNo of ["1234", wrongCheck, "44010620040506123", "4401062004050612345", "990106200405061230", "440106200413061238"]) {
          expectFailure(await t.api("PUT", "/api/user/updateIdCardNo", u.token, { idCardNo }), 400, M.idInvalid)
        }
        const withX = "11010519491231002x"
        expect((await t.api("PUT", "/api/user/updateIdCardNo", u.token, { idCardNo: withX })).status).toBe(200)
        expect((await userRow(u.id)).id_card_no).toBe("11010519491231002X")
        expect((await info(u.token)).idCardNo).toBe("110105********002X")
        expect((await t.api("PUT", "/api/user/updateIdCardNo", u.token, { idCardNo: "110105491231002" })).status).toBe(200)
      })

      it("a verified or pending identity cannot be edited (409), a rejected one can", async () => {
        const u = await student()
        await t.db.updateTable("app_user").set({ auth_status: 1 }).where("id", "=", u.id).execute()
        expectFailure(await t.api("PUT", "/api/user/updateRealname", u.token, { realname: "别人" }), 409, M.identityLocked)
        expectFailure(await t.api("PUT", "/api/user/updateIdCardNo", u.token, { idCardNo: idNo("123") }), 409, M.identityLocked)
        await t.db.updateTable("app_user").set({ auth_status: 0 }).where("id", "=", u.id).execute()
        expectFailure(await t.api("PUT", "/api/user/updateRealname", u.token, { realname: "别人" }), 409, M.identityLocked)
        await t.db.updateTable("app_user").set({ auth_status: 2 }).where("id", "=", u.id).execute()
        expect((await t.api("PUT", "/api/user/updateRealname", u.token, { realname: "别人" })).status).toBe(200)
        // the nickname is not part of the identity
        await t.db.updateTable("app_user").set({ auth_status: 1 }).where("id", "=", u.id).execute()
        expect((await t.api("PUT", "/api/user/updateNickname", u.token, { nickname: "随便" })).status).toBe(200)
      })

      it("worksite: required, must exist (404), then saved with the spec's toast", async () => {
        const u = await student({ worksite: null })
        expectFailure(await t.api("PUT", "/api/user/updateWorksite", u.token, {}), 400, M.worksiteRequired)
        expectFailure(await t.api("PUT", "/api/user/updateWorksite", u.token, { worksite: "ws-nowhere" }), 404, M.worksiteNotFound)
        const r = await t.api("PUT", "/api/user/updateWorksite", u.token, { worksite: "ws-dongyuan" })
        expect(r.body).toMatchObject({ success: true, message: M.worksiteChanged, data: { _id: "ws-dongyuan", shortName: "东园驿站" } })
        expect((await info(u.token)).worksite._id).toBe("ws-dongyuan")
      })

      it("student card: only an image this user uploaded", async () => {
        const u = await student()
        const other = await student()
        expectFailure(await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, {}), 400, M.imageRequired)
        expectFailure(await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, { studentCardUrl: "/sign/20260101/x.png" }), 400, M.imageRequired)
        const theirs = await uploaded(t, other.token, "studentCard", plainPng())
        expectFailure(await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, { studentCardUrl: theirs.url }), 400, M.imageRequired)
        const mine = await uploaded(t, u.token, "studentCard", plainPng())
        const r = await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, { studentCardUrl: `https://cdn.example.com/preview${mine.url}` })
        expect(r.body).toMatchObject({ success: true, data: mine.url })
        expect((await info(u.token)).studentCardUrl).toBe(mine.url)
      })

      it("the new-order reminder switch", async () => {
        const u = await student()
        expectFailure(await t.api("PUT", "/api/user/updateNewPaotuiOrderRemind", u.token, { newPaotuiOrderRemind: "maybe" }), 400, "请选择是否提醒新跑腿单")
        expect((await t.api("PUT", "/api/user/updateNewPaotuiOrderRemind", u.token, { newPaotuiOrderRemind: false })).status).toBe(200)
        expect((await info(u.token)).newPaotuiOrderRemind).toBe(false)
      })
    })

    describe("SMS codes", () => {
      it("4 digits sent through the SMS outbox, never in the answer, stored only as a hash", async () => {
        const u = await student()
        const phone = uniquePhone()
        const r = await t.api("GET", `/api/user/phoneCaptcha/${phone}`, u.token)
        expect(r.status).toBe(200)
        expect(r.body).toEqual({ success: true, message: M.captchaSent, data: { resendSeconds: 60 } })
        const [sms] = await captchaRows(t.db, phone)
        expect(sms).toMatchObject({ channel: "sms", recipient: phone, template: "captcha" })
        const code = sms!.params.code!
        expect(code).toMatch(/^\d{4}$/)
        const stored = await t.db.selectFrom("captcha").selectAll().where("phone", "=", phone).execute()
        expect(stored).toHaveLength(1)
        expect(stored[0]!.code_hash).not.toContain(code)
        expect(stored[0]!.code_hash.length).toBeGreaterThan(20)
      })

      it("a wrong number is refused and nothing is sent", async () => {
        const u = await student()
        for (const phone of ["123", "1380000000", "23800000000", "138000000001", "abcdefghijk", "%20"]) {
          expectFailure(await t.api("GET", `/api/user/phoneCaptcha/${phone}`, u.token), 400, M.phoneWrong)
        }
        expect(await t.db.selectFrom("outbox").select("id").where("recipient", "=", "1380000000").execute()).toHaveLength(0)
      })

      it("one code a minute per phone and account (429); another phone, or another account asking, is not held up", async () => {
        const [a, b] = [await student(), await student()]
        const phone = uniquePhone()
        await askCode(a.token, phone)
        const again = await t.api("GET", `/api/user/phoneCaptcha/${phone}`, a.token)
        expect(again.status).toBe(429)
        expect(again.body.message).toMatch(/^请\d+秒后再获取验证码$/)
        expect(await captchaRows(t.db, phone)).toHaveLength(1)
        await askCode(a.token, uniquePhone())
        await askCode(b.token, phone)
        await ageCodes(phone)
        await askCode(a.token, phone)
        expect(await captchaRows(t.db, phone)).toHaveLength(3)
      })

      it("at most 10 codes a Shanghai day per phone and account", async () => {
        // counted per Shanghai day: on an app whose clock reads that day's noon, so that a run just after
        // midnight has the morning behind it too
        const shared = t
        t = await startTestApp(backend, { clock: shanghaiNoonClock() })
        try {
          const u = await student()
          const phone = uniquePhone()
          // each code 12.5 minutes before the next: the phone's 5 an hour are never reached, the morning holds all ten
          for (let i = 0; i < 10; i++) {
            await askCode(u.token, phone)
            await ageCodes(phone, 750)
          }
          const r = await t.api("GET", `/api/user/phoneCaptcha/${phone}`, u.token)
          expect(r.status).toBe(429)
          expect(r.body.message).toBe("该手机号今天获取验证码次数过多，请明天再试")
        } finally {
          await t.close()
          t = shared
        }
      })
    })

    describe("main and vice phone", () => {
      it("checks in the spec's order: a valid number, a new number, then a 4-digit code", async () => {
        const u = await student()
        const cases: Array<[Record<string, unknown>, string]> = [
          [{}, M.phoneMissing],
          [{ phoneMain: "138", phoneMainCaptcha: "1234" }, M.phoneWrong],
          [{ phoneMain: u.phone, phoneMainCaptcha: "1234" }, M.phoneNotNew],
          [{ phoneMain: uniquePhone() }, M.captchaWrong],
          [{ phoneMain: uniquePhone(), phoneMainCaptcha: "12345" }, M.captchaWrong],
          [{ phoneMain: uniquePhone(), phoneMainCaptcha: 12 }, M.captchaWrong]
        ]
        for (const [body, message] of cases) expectFailure(await t.api("PUT", "/api/user/updatePhoneMain", u.token, body), 400, message)
        expect((await userRow(u.id)).phone_main).toBe(u.phone)
      })

      it("binds a new main phone with the code from the SMS; the code is good once", async () => {
        const u = await student()
        const phone = uniquePhone()
        expectFailure(await t.api("PUT", "/api/user/updatePhoneMain", u.token, { phoneMain: phone, phoneMainCaptcha: "1234" }), 400, M.captchaInvalid)
        const code = await askCode(u.token, phone)
        const wrong = code === "0000" ? "0001" : "0000"
        expectFailure(await t.api("PUT", "/api/user/updatePhoneMain", u.token, { phoneMain: phone, phoneMainCaptcha: wrong }), 400, M.captchaInvalid)
        const r = await t.api("PUT", "/api/user/updatePhoneMain", u.token, { phoneMain: phone, phoneMainCaptcha: code })
        expect(r.body).toEqual({ success: true, message: "保存成功", data: { phoneMain: phone, phoneVice: null } })
        expect((await info(u.token)).phoneMain).toBe(phone)
        const back = u.phone
        expectFailure(await t.api("PUT", "/api/user/updatePhoneMain", u.token, { phoneMain: back, phoneMainCaptcha: code }), 400, M.captchaInvalid)
        const attempts = await t.db.selectFrom("captcha").select(["attempts", "used"]).where("phone", "=", phone).executeTakeFirstOrThrow()
        expect(attempts).toEqual({ attempts: 2, used: true })
      })

      it("five wrong tries spend the code; an expired code (5 min) is refused", async () => {
        const u = await student()
        const phone = uniquePhone()
        const code = await askCode(u.token, phone)
        const wrong = code === "0000" ? "0001" : "0000"
        for (let i = 0; i < 5; i++) expectFailure(await t.api("PUT", "/api/user/updatePhoneVice", u.token, { phoneVice: phone, phoneViceCaptcha: wrong }), 400, M.captchaInvalid)
        expectFailure(await t.api("PUT", "/api/user/updatePhoneVice", u.token, { phoneVice: phone, phoneViceCaptcha: code }), 400, M.captchaInvalid)

        const v = await student()
        const phone2 = uniquePhone()
        const code2 = await askCode(v.token, phone2)
        const late = new Date(Date.now() + 5 * 60_000 + 5_000)
        expect(failureOf(await t.runtime.run(updatePhone(v.actor, "vice", phone2, code2), { now: late }))).toMatchObject({ message: M.captchaInvalid })
        valueOf(await t.runtime.run(updatePhone(v.actor, "vice", phone2, code2), { now: new Date(Date.now() + 4 * 60_000) }))
      })

      it("a code asked for by another user does not bind the phone to this one", async () => {
        const [a, b] = [await student(), await student()]
        const phone = uniquePhone()
        const code = await askCode(a.token, phone)
        expectFailure(await t.api("PUT", "/api/user/updatePhoneMain", b.token, { phoneMain: phone, phoneMainCaptcha: code }), 400, M.captchaInvalid)
        expect((await t.api("PUT", "/api/user/updatePhoneMain", a.token, { phoneMain: phone, phoneMainCaptcha: code })).status).toBe(200)
      })

      it("a number another user has bound is refused (409), and the code is not spent", async () => {
        const [a, b] = [await student(), await student()]
        const code = await askCode(b.token, a.phone)
        expectFailure(await t.api("PUT", "/api/user/updatePhoneVice", b.token, { phoneVice: a.phone, phoneViceCaptcha: code }), 409, M.phoneTaken)
        expect(await t.db.selectFrom("captcha").select("used").where("phone", "=", a.phone).executeTakeFirstOrThrow()).toEqual({ used: false })
        expect((await userRow(b.id)).phone_vice).toBeNull()
      })

      it("vice phone, unbinding the vice (none → 409), unbinding the main (the vice becomes main; none → null)", async () => {
        const u = await student()
        expectFailure(await t.api("PUT", "/api/user/unbindPhoneVice", u.token), 409, M.noVice)
        const vice = uniquePhone()
        const code = await askCode(u.token, vice)
        expect((await t.api("PUT", "/api/user/updatePhoneVice", u.token, { phoneVice: vice, phoneViceCaptcha: code })).status).toBe(200)
        expect(await info(u.token)).toMatchObject({ phoneMain: u.phone, phoneVice: vice })
        // the vice must be new too
        expectFailure(await t.api("PUT", "/api/user/updatePhoneMain", u.token, { phoneMain: vice, phoneMainCaptcha: "1234" }), 400, M.phoneNotNew)

        const unbound = await t.api("PUT", "/api/user/unbindPhoneMain", u.token)
        expect(unbound.body).toEqual({ success: true, message: "操作成功", data: vice })
        expect(await info(u.token)).toMatchObject({ phoneMain: vice, phoneVice: null })
        const none = await t.api("PUT", "/api/user/unbindPhoneMain", u.token)
        expect(none.body).toEqual({ success: true, message: "操作成功", data: null })
        expect(await info(u.token)).toMatchObject({ phoneMain: null, phoneVice: null })

        const w = await student()
        const vice2 = uniquePhone()
        const code2 = await askCode(w.token, vice2)
        await t.api("PUT", "/api/user/updatePhoneVice", w.token, { phoneVice: vice2, phoneViceCaptcha: code2 })
        expect((await t.api("PUT", "/api/user/unbindPhoneVice", w.token)).status).toBe(200)
        expect(await info(w.token)).toMatchObject({ phoneMain: w.phone, phoneVice: null })
      })
    })

    describe("PUT /api/user/complete", () => {
      it("worksite first, then the main phone and its code, then the vice and its code", async () => {
        const u = await student({ worksite: null })
        await t.db.updateTable("app_user").set({ phone_main: null }).where("id", "=", u.id).execute()
        const main = uniquePhone()
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ phoneMain: main, phoneMainCaptcha: "1234" }, M.worksiteRequired],
          [{ worksite: "ws-xiyuan" }, M.phoneMissing],
          [{ worksite: "ws-xiyuan", phoneMain: "1380", phoneMainCaptcha: "1234" }, M.phoneWrong],
          [{ worksite: "ws-xiyuan", phoneMain: main, phoneMainCaptcha: "12" }, M.captchaWrong],
          [{ worksite: "ws-xiyuan", phoneMain: main, phoneMainCaptcha: "1234", phoneVice: "139" }, M.viceWrong],
          [{ worksite: "ws-xiyuan", phoneMain: main, phoneMainCaptcha: "1234", phoneVice: main, phoneViceCaptcha: "1234" }, M.phoneNotNew],
          [{ worksite: "ws-xiyuan", phoneMain: main, phoneMainCaptcha: "1234", phoneVice: uniquePhone() }, M.viceCaptchaWrong]
        ]
        for (const [body, message] of cases) expectFailure(await t.api("PUT", "/api/user/complete", u.token, body), 400, message)
        expectFailure(await t.api("PUT", "/api/user/complete", u.token, { worksite: "ws-nowhere", phoneMain: main, phoneMainCaptcha: "1234" }), 404, M.worksiteNotFound)
        expectFailure(await t.api("PUT", "/api/user/complete", u.token, { worksite: "ws-xiyuan", phoneMain: main, phoneMainCaptcha: "1234" }), 400, M.captchaInvalid)
        expect(await userRow(u.id)).toMatchObject({ worksite_id: null, phone_main: null })
      })

      it("saves the worksite, the main phone and the vice phone with both codes", async () => {
        const u = await student({ worksite: null })
        await t.db.updateTable("app_user").set({ phone_main: null }).where("id", "=", u.id).execute()
        const [main, vice] = [uniquePhone(), uniquePhone()]
        const [mainCode, viceCode] = [await askCode(u.token, main), await askCode(u.token, vice)]
        const wrongVice = viceCode === "0000" ? "0001" : "0000"
        // a wrong vice code spends neither code
        expectFailure(await t.api("PUT", "/api/user/complete", u.token, {
          worksite: "ws-dongyuan", phoneMain: main, phoneMainCaptcha: mainCode, phoneVice: vice, phoneViceCaptcha: wrongVice
        }), 400, M.captchaInvalid)
        const r = await t.api("PUT", "/api/user/complete", u.token, {
          worksite: "ws-dongyuan", phoneMain: main, phoneMainCaptcha: mainCode, phoneVice: vice, phoneViceCaptcha: viceCode
        })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ success: true, message: "保存成功", data: { worksite: { _id: "ws-dongyuan" }, phoneMain: main, phoneVice: vice } })
        expect(await info(u.token)).toMatchObject({ phoneMain: main, phoneVice: vice, worksite: { _id: "ws-dongyuan" } })
      })

      it("a user who keeps the main phone needs only the worksite", async () => {
        const u = await student({ worksite: null })
        for (const body of [{ worksite: "ws-xiyuan" }, { worksite: "ws-xiyuan", phoneMain: u.phone }]) {
          const r = await t.api("PUT", "/api/user/complete", u.token, body)
          expect(r.status, JSON.stringify(r.body)).toBe(200)
        }
        expect(await info(u.token)).toMatchObject({ phoneMain: u.phone, worksite: { _id: "ws-xiyuan" } })
      })
    })

    describe("real-name verification", () => {
      it("the submission checks, in the spec's order", async () => {
        const u = await student()
        const other = await student()
        const unrecognised = await uploaded(t, u.token, "idCard", plainPng())
        const card = await uploaded(t, u.token, "studentCard", plainPng())
        const id = await uploaded(t, u.token, "idCard", idCardImage("钱七", idNo("135")))
        const theirs = await uploaded(t, other.token, "idCard", idCardImage("孙八", idNo("137")))
        const cases: Array<[Record<string, unknown>, string]> = [
          [{}, M.photoRequired],
          [{ idCardUrl: "/sign/20260101/0123456789abcdef0123456789abcdef.png" }, M.photoRequired],
          [{ idCardUrl: theirs.url }, M.photoRequired],
          [{ idCardUrl: unrecognised.url }, M.realIdCard],
          [{ studentCardUrl: card.url }, M.realIdCard],
          [{ idCardUrl: card.url, realname: "钱七", idCardNo: idNo("135") }, M.realIdCard],
          [{ idCardUrl: id.url, type: 1 }, M.studentCardRequired],
          [{ idCardUrl: id.url, type: "1", studentCardUrl: theirs.url }, M.studentCardRequired]
        ]
        for (const [body, message] of cases) expectFailure(await t.api("PUT", "/api/user/applyAuth", u.token, body), 400, message)
        expect((await userRow(u.id)).auth_status).toBe(-1)
      })

      it("submit → 0 with the recognised name and number; reject with a comment → 2; resubmit; pass → 1; cancel → −1", async () => {
        const u = await student()
        const number = idNo("246")
        const up = await upload(t, u.token, [{ field: "idCard", bytes: idCardImage("周九", number) }])
        expect(up.status).toBe(201)
        expect(up.body.data.ocrResult).toEqual({ realname: "周九", idCardNo: number, sex: 2 })
        const card = await uploaded(t, u.token, "studentCard", plainPng())

        const r = await t.api("PUT", "/api/user/applyAuth", u.token, {
          idCardUrl: up.body.data.url, studentCardUrl: card.url, type: 1, realname: "冒名", idCardNo: idNo("111"), sex: 1
        })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ success: true, message: "提交成功", data: { authStatus: 0, realname: "周九", sex: 2 } })
        expect(await userRow(u.id)).toMatchObject({
          auth_status: 0, to_auth_realname: "周九", to_auth_id_card_no: number, id_card_url: up.body.data.url, student_card_url: card.url, sex: 2
        })
        expectFailure(await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: up.body.data.url }), 409, M.underReview)

        const pending = valueOf(await t.runtime.read(pendingVerifications(1000)))
        expect(pending.map((p) => p.id)).toContain(u.id)

        const rejected = await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: 2, rejectComment: "照片模糊" })
        expect(rejected.body).toMatchObject({ success: true, data: { authStatus: 2, rejectComment: "照片模糊" } })
        expect(await info(u.token)).toMatchObject({ authStatus: 2, rejectComment: "照片模糊" })
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: 1 }), 409, M.alreadyReviewed)

        expect((await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: up.body.data.url })).status).toBe(200)
        expect((await info(u.token)).rejectComment).toBeNull()
        const passed = await t.api("PUT", `/api/user/verifyauth/${u.id}`, admin, { authStatus: "1" })
        expect(passed.body).toMatchObject({ success: true, data: { authStatus: 1 } })
        expect(await info(u.token)).toMatchObject({ authStatus: 1, realname: "周九", idCardNo: `${number.slice(0, 6)}********${number.slice(-4)}` })
        expectFailure(await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: up.body.data.url }), 409, M.alreadyPassed)

        const cancelled = await t.api("PUT", "/api/user/unverifySelf", u.token)
        expect(cancelled.body).toEqual({ success: true, message: "操作成功", data: { authStatus: -1 } })
        expect(await info(u.token)).toMatchObject({ authStatus: -1, idCardUrl: null, studentCardUrl: null })
      })

      it("only staff of the user's worksite and admins review (403); decisions are 1 or 2; unknown user 404", async () => {
        const u = await student()
        const id = await uploaded(t, u.token, "idCard", idCardImage("吴十", idNo("357")))
        expect((await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: id.url })).status).toBe(200)
        const peer = await student()
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, peer.token, { authStatus: 1 }), 403, M.notReviewer)
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, u.token, { authStatus: 1 }), 403, M.notReviewer)
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, await t.token("demo-runner"), { authStatus: 1 }), 403, M.notReviewer)
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, staffDy, { authStatus: 1 }), 403, M.otherWorksiteUser)
        const unboundStaff = await student({ role: "staff" })
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, unboundStaff.token, { authStatus: 1 }), 403, M.notBound)
        for (const authStatus of [undefined, 0, -1, 3, "x", 1.5]) {
          expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus }), 400, M.reviewDecision)
        }
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: 2, rejectComment: "长".repeat(201) }), 400, "审核意见不能超过200个字")
        expectFailure(await t.api("PUT", "/api/user/verifyauth/u-nobody", staff, { authStatus: 1 }), 404, M.userMissing)
        expect((await userRow(u.id)).auth_status).toBe(0)
        expect((await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: 1 })).status).toBe(200)
      })

      it("the operator's review (the CLI's use case) needs no role, and the approval reaches the user's socket room", async () => {
        const u = await student()
        const id = await uploaded(t, u.token, "idCard", idCardImage("郑一", idNo("579")))
        await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: id.url })
        const published: Array<{ room: unknown; name: string; payload: unknown }> = []
        const before = t.runtime.publish
        t.runtime.publish = (e) => { published.push(e); before(e) }
        try {
          const done = valueOf(await t.runtime.run(reviewAuth("operator", u.id, 1, undefined)))
          expect(done).toMatchObject({ id: u.id, authStatus: 1, realname: "郑一" })
        } finally {
          t.runtime.publish = before
        }
        expect(published).toEqual([{ room: { user: u.id }, name: "authStatusChanged", payload: { authStatus: 1, rejectComment: null } }])
        expect(failureOf(await t.runtime.run(reviewAuth("operator", u.id, 2, "x")))).toMatchObject({ _tag: "StateConflict" })
      })
    })

    describe("runner application", () => {
      /** A verified student with a student card and sex set, at the given worksite. */
      const verified = async (worksite = "ws-xiyuan") => {
        const u = await student({ worksite })
        await t.db.updateTable("app_user").set({ auth_status: 1, sex: 1, student_card_url: "/sign/20260101/0123456789abcdef0123456789abcdef.png" }).where("id", "=", u.id).execute()
        return u
      }

      it("the checks in order: invitation code, agreement, sex, errands open, applications open, errand verification", async () => {
        const u = await student()
        const apply = (body: Record<string, unknown>) => t.api("PUT", "/api/user/applypaotui", u.token, body)
        expectFailure(await apply({ agree: true }), 400, M.invitationRequired)
        expectFailure(await apply({ agree: true, invitation: "NOPE" }), 400, M.invitationWrong)
        expectFailure(await apply({ invitation: "XY2026" }), 400, M.agreement)
        expectFailure(await apply({ invitation: "XY2026", agree: "yes" }), 400, M.agreement)
        expectFailure(await apply({ invitation: "XY2026", agree: true }), 400, M.sexUnset)
        await t.db.updateTable("app_user").set({ sex: 2 }).where("id", "=", u.id).execute()
        expectFailure(await apply({ invitation: "XY2026", agree: true }), 400, M.notVerifiedRunner)
        await t.db.updateTable("app_user").set({ auth_status: 1 }).where("id", "=", u.id).execute()
        expectFailure(await apply({ invitation: "XY2026", agree: true }), 400, M.notVerifiedRunner)
        expect((await userRow(u.id)).paotui_status).toBe(-1)

        const closed = await verified("ws-dongyuan")
        expectFailure(await t.api("PUT", "/api/user/applypaotui", closed.token, { agree: true }), 400, M.errandsClosed)

        const wsId = `ws-${u.id.slice(-8)}`
        await createWorksite(t.db, {
          id: wsId, site_code: `T${u.id.slice(-6)}`, short_name: "测试站", school_campus: "测试校区", name_zh: "测试站", sms_able: false, service_begin: "08:00",
          service_end: "20:00", service_phone: "020-1", express_companies: [], paotui_able: true, paotui_apply_able: false
        })
        const offline = await verified(wsId)
        expectFailure(await t.api("PUT", "/api/user/applypaotui", offline.token, { agree: true }), 400, M.applicationsClosed)
      })

      it("a verified student applies with the leader's code → 0 in the leader's team; again → 409", async () => {
        const u = await verified()
        const r = await t.api("PUT", "/api/user/applypaotui", u.token, { needInvitation: false, invitation: " XY2026 ", agree: true })
        expect(r.body).toEqual({ success: true, message: "申请成功", data: { paotuiStatus: 0, paotuiLeader: "u-runner" } })
        expect(await info(u.token)).toMatchObject({ paotuiStatus: 0, paotuiLeader: "u-runner" })
        expectFailure(await t.api("PUT", "/api/user/applypaotui", u.token, { invitation: "XY2026", agree: true }), 409, M.runnerReviewing)
        await t.db.updateTable("app_user").set({ paotui_status: 2 }).where("id", "=", u.id).execute()
        expect((await t.api("PUT", "/api/user/applypaotui", u.token, { invitation: "XY2026", agree: true })).status).toBe(200)
      })

      it("a leader's code of another worksite is no code here", async () => {
        const wsId = `ws-inv-${Date.now().toString(36)}`
        await createWorksite(t.db, {
          id: wsId, site_code: `I${Date.now().toString(36)}`, short_name: "邀请站", school_campus: "邀请校区", name_zh: "邀请站", sms_able: false, service_begin: "08:00",
          service_end: "20:00", service_phone: "020-1", express_companies: [], paotui_able: true, paotui_apply_able: true, paotui_apply_need_invitation: true
        })
        const u = await verified(wsId)
        expectFailure(await t.api("PUT", "/api/user/applypaotui", u.token, { invitation: "XY2026", agree: true }), 400, M.invitationWrong)
      })

      it("getPaotuisByLeader: the leader and the team see the joined runners; anyone else 403", async () => {
        const member = await student()
        await t.db.updateTable("app_user").set({ paotui_status: 1, paotui_leader: "u-runner", realname: "队员甲" }).where("id", "=", member.id).execute()
        const pending = await student()
        await t.db.updateTable("app_user").set({ paotui_status: 0, paotui_leader: "u-runner" }).where("id", "=", pending.id).execute()
        const leader = await t.token("demo-runner")
        const r = await t.api("GET", "/api/user/getPaotuisByLeader/u-runner", leader)
        expect(r.status).toBe(200)
        expect(r.body.data).toContainEqual({ _id: member.id, realname: "队员甲", phoneMain: member.phone, openid: member.openid })
        expect(r.body.data.map((m: { _id: string }) => m._id)).not.toContain(pending.id)
        expect((await t.api("GET", "/api/user/getPaotuisByLeader/u-runner", member.token)).body.data).toContainEqual(expect.objectContaining({ _id: member.id }))
        expect((await t.api("GET", "/api/user/getPaotuisByLeader/u-runner", admin)).status).toBe(200)
        const outsider = await student()
        expectFailure(await t.api("GET", "/api/user/getPaotuisByLeader/u-runner", outsider.token), 403, M.notYourTeam)
        expect((await t.api("GET", "/api/user/getPaotuisByLeader/u-runner", pending.token)).status).toBe(200)
      })
    })

    describe("junk input is a 4xx with a message, never a 5xx", () => {
      const JUNK: ReadonlyArray<unknown> = [
        null, true, false, [], ["x"], {}, { a: 1 }, "", "   ", "字".repeat(10_000), "\u0000", "x\u0000y", 0, -1, 1.5, 1e308, 2 ** 53,
        "💩", "\u202e\u0645", "../../etc/passwd", "' or 1=1 --", "<script>alert(1)</script>"
      ]
      const PATH_JUNK = ["%00", "a%00b", "%F0%9F%92%A9", "%ED%A0%80", "%E0%A4%A", "%25", "..%2F..%2Fetc", "null", "-1", "1e308", "x".repeat(5_000)]
      const expectRefusedOrOk = (r: ApiAnswer, label: string) => {
        expect(r.status, `${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`).toBeLessThan(500)
        if (r.status >= 400) expect(r.body, label).toEqual({ success: false, message: expect.any(String) })
        else expect(r.body?.success, label).toBe(true)
      }
      const calls: ReadonlyArray<readonly [string, string, ReadonlyArray<string>]> = [
        ["PUT", "/api/user/updateRealname", ["realname"]],
        ["PUT", "/api/user/updateNickname", ["nickname"]],
        ["PUT", "/api/user/updateSex", ["sex"]],
        ["PUT", "/api/user/updateIdCardNo", ["idCardNo"]],
        ["PUT", "/api/user/updateStudentCardUrl", ["studentCardUrl"]],
        ["PUT", "/api/user/updateWorksite", ["worksite"]],
        ["PUT", "/api/user/updateNewPaotuiOrderRemind", ["newPaotuiOrderRemind"]],
        ["PUT", "/api/user/updatePhoneMain", ["phoneMain", "phoneMainCaptcha"]],
        ["PUT", "/api/user/updatePhoneVice", ["phoneVice", "phoneViceCaptcha"]],
        ["PUT", "/api/user/complete", ["worksite", "phoneMain", "phoneMainCaptcha", "phoneVice", "phoneViceCaptcha"]],
        ["PUT", "/api/user/applyAuth", ["idCardUrl", "studentCardUrl", "realname", "idCardNo", "sex", "type"]],
        ["PUT", "/api/user/applypaotui", ["needInvitation", "invitation", "agree"]]
      ]

      it("every field of every edit, alone and all at once, with junk values", async () => {
        const u = await student()
        for (const [method, path, keys] of calls) {
          for (const value of JUNK) {
            for (const body of [Object.fromEntries(keys.map((k) => [k, value])), { [keys[0]!]: value }]) {
              expectRefusedOrOk(await t.api(method, path, u.token, body), `${path} ${JSON.stringify(body).slice(0, 60)}`)
            }
          }
          for (const raw of ["{", "[1,]", "null", "1", "\"text\""]) {
            const r = await t.send(method, path, { token: u.token, rawBody: raw })
            expect(r.status, `${path} ${raw}`).toBe(400)
          }
        }
        const row = await userRow(u.id)
        expect(row).toMatchObject({ auth_status: -1, paotui_status: -1, phone_main: u.phone, phone_vice: null })
      })

      it("junk in path parameters", async () => {
        const u = await student()
        for (const junk of PATH_JUNK) {
          for (const [method, path, token] of [
            ["GET", `/api/user/phoneCaptcha/${junk}`, u.token],
            ["PUT", `/api/user/verifyauth/${junk}`, staff],
            ["GET", `/api/user/getPaotuisByLeader/${junk}`, u.token],
            ["GET", `/api/worksite/detail/${junk}`, u.token],
            ["GET", `/api/worksite/getServicePhoneByTime/${junk}`, u.token]
          ] as const) {
            const r = await t.api(method, path, token, method === "PUT" ? { authStatus: 1 } : undefined)
            expect(r.status, `${method} ${path.slice(0, 60)} → ${r.status}`).toBeGreaterThanOrEqual(400)
            expect(r.status).toBeLessThan(500)
            expect(r.body).toEqual({ success: false, message: expect.any(String) })
          }
          // -1, -1 is a place on Earth: refused or answered, never a 5xx
          expectRefusedOrOk(await t.api("GET", `/api/worksite/listByLoc?lon=${junk}&lat=${junk}`, u.token), `listByLoc ${junk.slice(0, 20)}`)
        }
      })

      it("PUT /api/user/complete with random bodies never answers 5xx and saves only a whole profile", async () => {
        const u = await student({ worksite: null })
        const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string(), fc.constantFrom("", "\u0000", 1e308, null, true, [], {}))
        const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: anything })
        const body = fc.record({
          worksite: maybe(fc.constantFrom("ws-xiyuan", "ws-dongyuan", "ws-nowhere")),
          phoneMain: maybe(fc.constantFrom(u.phone, "13812345678", "1381234")),
          phoneMainCaptcha: maybe(fc.stringMatching(/^\d{3,5}$/)),
          phoneVice: maybe(fc.constantFrom("13912345678", "139")),
          phoneViceCaptcha: maybe(fc.stringMatching(/^\d{3,5}$/))
        }, { requiredKeys: [] })
        await fc.assert(fc.asyncProperty(body, async (b) => {
          const r = await t.api("PUT", "/api/user/complete", u.token, b)
          expectRefusedOrOk(r, JSON.stringify(b).slice(0, 120))
          const row = await userRow(u.id)
          if (r.status !== 200) expect(row.phone_vice).toBeNull()
        }), { numRuns: 60 })
      })
    })

    describe("worksites", () => {
      it("listByLoc: nearest first with distances in metres; a bad point → 400", async () => {
        const token = await t.token("demo-student")
        const r = await t.api("GET", "/api/worksite/listByLoc?lon=113.2906&lat=23.1290", token)
        expect(r.status).toBe(200)
        const [first, second] = r.body.data
        expect(first).toMatchObject({ _id: "ws-dongyuan", shortName: "东园驿站", paotuiAble: false })
        expect(first.distance).toBeLessThan(100)
        expect(second._id).toBe("ws-xiyuan")
        expect(second.distance).toBe(Math.round(distanceMetres({ lon: 113.2906, lat: 23.129 }, { lon: 113.2986, lat: 23.0962 })))
        const near = await t.api("GET", "/api/worksite/listByLoc?lon=113.2986&lat=23.0962", token)
        expect(near.body.data[0]).toMatchObject({ _id: "ws-xiyuan", distance: 0 })
        for (const q of ["", "?lon=113", "?lon=x&lat=23", "?lon=200&lat=23", "?lon=113&lat=91", "?lon=1e999&lat=1", "?lon[]=1&lat=2"]) {
          expectFailure(await t.api("GET", `/api/worksite/listByLoc${q}`, token), 400, M.locationWrong)
        }
      })

      it("listByGroup: index letters of the campus, A–Z", async () => {
        const r = await t.api("GET", "/api/worksite/listByGroup", await t.token("demo-student"))
        const groups = r.body.data as Array<{ group: string; items: Array<{ _id: string }> }>
        const b = groups.find((g) => g.group === "B")
        const n = groups.find((g) => g.group === "N")
        expect(b?.items.map((i) => i._id)).toContain("ws-dongyuan")
        expect(n?.items.map((i) => i._id)).toContain("ws-xiyuan")
        expect(groups.findIndex((g) => g.group === "B")).toBeLessThan(groups.findIndex((g) => g.group === "N"))
      })

      it("detail and the service phone by time (Asia/Shanghai service hours, else the platform's)", async () => {
        const token = await t.token("demo-student")
        const d = await t.api("GET", "/api/worksite/detail/ws-xiyuan", token)
        expect(d.body.data).toMatchObject({ _id: "ws-xiyuan", siteCode: "XY01", serviceBegin: "08:00", serviceEnd: "21:00", location: { lon: 113.2986, lat: 23.0962 } })
        expectFailure(await t.api("GET", "/api/worksite/detail/ws-nowhere", token), 404, M.worksiteNotFound)
        expectFailure(await t.api("GET", "/api/worksite/getServicePhoneByTime/ws-nowhere", token), 404, M.worksiteNotFound)
        const now = await t.api("GET", "/api/worksite/getServicePhoneByTime/ws-xiyuan", token)
        expect(["020-84110001", PLATFORM_SERVICE_PHONE]).toContain(now.body.data)
        const at = (h: number, mi = 0) => t.runtime.read(servicePhoneNow("ws-xiyuan"), { now: shanghai(2031, 3, 3, h, mi) })
        expect(valueOf(await at(8))).toBe("020-84110001")
        expect(valueOf(await at(20, 59))).toBe("020-84110001")
        expect(valueOf(await at(21))).toBe(PLATFORM_SERVICE_PHONE)
        expect(valueOf(await at(7, 59))).toBe(PLATFORM_SERVICE_PHONE)
      })
    })
  })
}
