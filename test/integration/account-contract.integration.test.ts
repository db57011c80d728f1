/**
 * The account calls' contracts over HTTP: each field limit of the core refuses one character more
 * (400 '请求不正确') and takes the limit itself; a value of the wrong kind reads as absent and gets the
 * spec's message; every answer decodes with its call's answer Schema, the one the web decodes with.
 */
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  PaotuisByLeader, UnbindPhoneMain, UnverifySelf, UpdateStudentCardUrl, UpdateWorksite, UserView, WxUserInfo
} from "#src/profile/calls"
import { IMAGE_URL_MAX } from "#src/upload/image-upload"
import { NICKNAME_MAX, REALNAME_MAX } from "#src/profile/personal-info"
import { REJECT_COMMENT_MAX } from "#src/profile/profile"
import { INVITATION_MAX } from "#src/profile/runner-application"
import { SHORT_TEXT } from "#src/shared/wire"
import { plainPng, uploaded } from "../support/account-kit"
import { backends, newUser, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const BAD_REQUEST = "请求不正确"

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

for (const backend of backends) {
  describe(`account call contracts [${backend}]`, () => {
    let t: TestApp
    let staff: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      staff = await t.token("demo-staff")
    })
    afterAll(async () => {
      await t?.close()
    })

    const student = async (user: Parameters<typeof newUser>[2] = {}) => {
      const u = await newUser(t.db, {}, user)
      return { ...u, token: await t.token(u.openid) }
    }
    const userRow = (id: string) => t.db.selectFrom("app_user").selectAll().where("id", "=", id).executeTakeFirstOrThrow()

    describe("field limits: the limit is taken, one more is a bad request and changes nothing", () => {
      it(`nickname: ${NICKNAME_MAX} characters`, async () => {
        const u = await student()
        expectFailure(await t.api("PUT", "/api/user/updateNickname", u.token, { nickname: "昵".repeat(NICKNAME_MAX + 1) }), 400, BAD_REQUEST)
        expect((await userRow(u.id)).nickname).toBe("测试用户")
        expect((await t.api("PUT", "/api/user/updateNickname", u.token, { nickname: "昵".repeat(NICKNAME_MAX) })).status).toBe(200)
        expect((await userRow(u.id)).nickname).toBe("昵".repeat(NICKNAME_MAX))
      })

      it(`real name: ${REALNAME_MAX} characters`, async () => {
        const u = await student()
        expectFailure(await t.api("PUT", "/api/user/updateRealname", u.token, { realname: "名".repeat(REALNAME_MAX + 1) }), 400, BAD_REQUEST)
        expect((await userRow(u.id)).realname).toBe("测试")
        expect((await t.api("PUT", "/api/user/updateRealname", u.token, { realname: "名".repeat(REALNAME_MAX) })).status).toBe(200)
        expect((await userRow(u.id)).realname).toBe("名".repeat(REALNAME_MAX))
      })

      it(`invitation code: ${INVITATION_MAX} characters (a wrong code of that length is the spec's refusal)`, async () => {
        const u = await student()
        const apply = (invitation: string) => t.api("PUT", "/api/user/applypaotui", u.token, { invitation, agree: true })
        expectFailure(await apply("X".repeat(INVITATION_MAX + 1)), 400, BAD_REQUEST)
        expectFailure(await apply("X".repeat(INVITATION_MAX)), 400, "跑腿邀请码不正确")
      })

      it(`image URLs: ${IMAGE_URL_MAX} characters`, async () => {
        const u = await student()
        const url = (length: number) => `/sign/${"a".repeat(length - 6)}`
        expectFailure(await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, { studentCardUrl: url(IMAGE_URL_MAX + 1) }), 400, BAD_REQUEST)
        expectFailure(await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, { studentCardUrl: url(IMAGE_URL_MAX) }), 400, "请上传图片")
        expectFailure(await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: url(IMAGE_URL_MAX + 1) }), 400, BAD_REQUEST)
        expectFailure(await t.api("PUT", "/api/user/applyAuth", u.token, { studentCardUrl: url(IMAGE_URL_MAX + 1) }), 400, BAD_REQUEST)
        expectFailure(await t.api("PUT", "/api/user/applyAuth", u.token, { idCardUrl: url(IMAGE_URL_MAX) }), 400, "请上传身份证/学生证照片")
        expect((await userRow(u.id)).auth_status).toBe(-1)
      })

      it(`review comment: ${REJECT_COMMENT_MAX} characters by its own rule, even of two UTF-16 units each`, async () => {
        const review = (rejectComment: string) => t.api("PUT", "/api/user/verifyauth/u-nobody", staff, { authStatus: 2, rejectComment })
        // past the comment's checks the unknown user is what stops the review
        expectFailure(await review("长".repeat(REJECT_COMMENT_MAX)), 404, "获取用户信息失败")
        expectFailure(await review("😀".repeat(REJECT_COMMENT_MAX)), 404, "获取用户信息失败")
        expectFailure(await review("长".repeat(REJECT_COMMENT_MAX + 1)), 400, `审核意见不能超过${REJECT_COMMENT_MAX}个字`)
        expectFailure(await review("长".repeat(2 * REJECT_COMMENT_MAX + 1)), 400, BAD_REQUEST)
      })

      it("phone, code and ID number of a wrong length get the spec's message; past any short text they are a bad request", async () => {
        const u = await student()
        expectFailure(await t.api("GET", `/api/user/phoneCaptcha/${"1".repeat(12)}`, u.token), 400, "请输入正确的手机号码")
        expectFailure(await t.api("GET", `/api/user/phoneCaptcha/${"1".repeat(SHORT_TEXT + 1)}`, u.token), 400, BAD_REQUEST)
        expectFailure(await t.api("PUT", "/api/user/updateIdCardNo", u.token, { idCardNo: "1".repeat(19) }), 400, "身份证号码不正确")
        expectFailure(await t.api("PUT", "/api/user/updateIdCardNo", u.token, { idCardNo: "1".repeat(SHORT_TEXT + 1) }), 400, BAD_REQUEST)
        expectFailure(await t.api("PUT", "/api/user/updatePhoneVice", u.token, { phoneVice: "13912345678", phoneViceCaptcha: "1".repeat(SHORT_TEXT + 1) }), 400, BAD_REQUEST)
        expectFailure(await t.api("PUT", "/api/user/complete", u.token, { worksite: "w".repeat(SHORT_TEXT + 1) }), 400, BAD_REQUEST)
        expect(await userRow(u.id)).toMatchObject({ id_card_no: null, phone_vice: null, worksite_id: "ws-xiyuan" })
      })
    })

    describe("a value of the wrong kind reads as absent: the spec's message", () => {
      it("texts, numbers and switches", async () => {
        const u = await student()
        const cases: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
          ["/api/user/updateNickname", { nickname: true }, "昵称不能为空"],
          ["/api/user/updateRealname", { realname: { name: "李" } }, "真实姓名不能为空"],
          ["/api/user/updateSex", { sex: [1] }, "请选择性别"],
          ["/api/user/updateSex", { sex: "1e0" }, "请选择性别"],
          ["/api/user/updateIdCardNo", { idCardNo: ["110105194912310021"] }, "身份证号码不能为空"],
          ["/api/user/updateWorksite", { worksite: null }, "请选择您所在的网点"],
          ["/api/user/updateNewPaotuiOrderRemind", { newPaotuiOrderRemind: "yes" }, "请选择是否提醒新跑腿单"],
          ["/api/user/updatePhoneMain", { phoneMain: 13912345678, phoneMainCaptcha: false }, "请输入正确的验证码"],
          ["/api/user/applypaotui", { invitation: ["XY2026"], agree: true }, "请填入跑腿邀请码"],
          ["/api/user/applypaotui", { invitation: "XY2026", agree: "on" }, "请先阅读并同意《校园跑腿服务协议》"]
        ]
        for (const [path, body, message] of cases) expectFailure(await t.api("PUT", path, u.token, body), 400, message)
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: [1] }), 400, "审核结果只能是通过(1)或不通过(2)")
        expect(await userRow(u.id)).toMatchObject({ nickname: "测试用户", realname: "测试", sex: 0, paotui_status: -1, new_paotui_order_remind: true })
      })

      it("a number where a text is expected reads as its digits; a digit string where a number is expected reads as the number", async () => {
        const u = await student()
        expect((await t.api("PUT", "/api/user/updateNickname", u.token, { nickname: 2026 })).status).toBe(200)
        expect((await t.api("PUT", "/api/user/updateSex", u.token, { sex: "2" })).status).toBe(200)
        expect((await t.api("PUT", "/api/user/updateNewPaotuiOrderRemind", u.token, { newPaotuiOrderRemind: "0" })).status).toBe(200)
        expect(await userRow(u.id)).toMatchObject({ nickname: "2026", sex: 2, new_paotui_order_remind: false })
      })
    })

    describe("answers decode with the calls' answer Schemas", () => {
      const decode = <S extends Schema.Top>(schema: S, data: unknown) => Schema.decodeUnknownSync(schema as unknown as Schema.Decoder<S["Type"]>)(data)

      it("wxuserInfo for a student, a runner leader and a user without a worksite; the cached form is the wire form", async () => {
        const loner = await student({ worksite: null })
        for (const token of [await t.token("demo-student"), await t.token("demo-runner"), await t.token("demo-staff-dy"), loner.token]) {
          const r = await t.api("GET", "/api/user/wxuserInfo", token)
          const user = decode(WxUserInfo.answer, r.body.data)
          expect(user.subscribeTime).toBeInstanceOf(Date)
          expect(Schema.encodeSync(UserView)(user)).toEqual(r.body.data)
        }
        expect(decode(WxUserInfo.answer, (await t.api("GET", "/api/user/wxuserInfo", loner.token)).body.data).worksite).toBeNull()
        // 东园 sends with no carrier: an empty list, not a missing field
        expect(decode(WxUserInfo.answer, (await t.api("GET", "/api/user/wxuserInfo", await t.token("demo-staff-dy"))).body.data).worksite)
          .toMatchObject({ _id: "ws-dongyuan", expressSendCompanies: [], majors: ["医学院", "药学院", "公共卫生学院"] })
      })

      it("the edits' answers", async () => {
        const u = await student()
        expect(decode(UpdateWorksite.answer, (await t.api("PUT", "/api/user/updateWorksite", u.token, { worksite: "ws-dongyuan" })).body.data))
          .toMatchObject({ _id: "ws-dongyuan", paotuiAble: false })
        const card = await uploaded(t, u.token, "studentCard", plainPng())
        expect(decode(UpdateStudentCardUrl.answer, (await t.api("PUT", "/api/user/updateStudentCardUrl", u.token, { studentCardUrl: card.url })).body.data)).toBe(card.url)
        expect(decode(UnverifySelf.answer, (await t.api("PUT", "/api/user/unverifySelf", u.token)).body.data)).toEqual({ authStatus: -1 })
        expect(decode(UnbindPhoneMain.answer, (await t.api("PUT", "/api/user/unbindPhoneMain", u.token)).body.data)).toBeNull()
        const team = decode(PaotuisByLeader.answer, (await t.api("GET", "/api/user/getPaotuisByLeader/u-runner", await t.token("demo-runner"))).body.data)
        expect(Array.isArray(team)).toBe(true)
      })
    })
  })
}
