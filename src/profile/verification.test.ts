import { describe, expect, it } from "vitest"
import { RuleViolation, StateConflict } from "../shared/errors"
import {
  AuthStatus,
  cancelVerification,
  mayApplyForVerification,
  needsVerificationToSend,
  reviewVerification,
  senderVerificationRefusal,
  submissionRefusal,
  submitVerification,
  type Verification,
  verificationBadge,
  verificationTip
} from "./verification"

const now = new Date("2025-06-01T04:00:00Z")

const fresh: Verification = {
  authStatus: AuthStatus.notSubmitted,
  idCardUrl: null,
  studentCardUrl: null,
  toAuthRealname: null,
  toAuthIdCardNo: null,
  realname: null,
  idCardNo: null,
  sex: 0,
  rejectComment: null
}

const submission = {
  type: 0 as const,
  idCardUrl: "/preview/20250601/id.jpg",
  realname: "张三",
  idCardNo: "11010519491231002x"
}

describe("submissionRefusal: the spec's three checks in order", () => {
  it("passes an ID photo with a recognised name and number", () => {
    expect(submissionRefusal(submission, now)).toBeUndefined()
  })

  it("needs at least one photo", () => {
    expect(submissionRefusal({ type: 0 }, now)?.message).toBe("请上传身份证/学生证照片")
    expect(submissionRefusal({ type: 1, realname: "张三" }, now)?.message).toBe("请上传身份证/学生证照片")
  })

  it.each([
    ["only a student card", { type: 0 as const, studentCardUrl: "/s.jpg" }],
    ["no recognised name", { ...submission, realname: "" }],
    ["no recognised number", { ...submission, idCardNo: undefined }],
    ["a number failing its check digit", { ...submission, idCardNo: "110105194912310021" }]
  ])("%s → 请上传真实的身份证", (_, s) => {
    expect(submissionRefusal(s, now)?.message).toBe("请上传真实的身份证")
  })

  it("errand verification (type 1) needs the student card", () => {
    expect(submissionRefusal({ ...submission, type: 1 }, now)?.message).toBe("跑腿实名认证须上传学生证")
    expect(submissionRefusal({ ...submission, type: 1, studentCardUrl: "/s.jpg" }, now)).toBeUndefined()
  })
})

describe("authStatus: -1 → 0 → 1 or 2; cancel → -1", () => {
  it("submitting moves to review, keeping the name and number aside and the sex from the number", () => {
    const next = submitVerification(fresh, submission, now) as Verification
    expect(next).toMatchObject({
      authStatus: 0,
      idCardUrl: submission.idCardUrl,
      toAuthRealname: "张三",
      toAuthIdCardNo: "11010519491231002X",
      realname: null,
      idCardNo: null,
      sex: 2
    })
  })

  it("a failed check is a RuleViolation with the spec's message", () => {
    const refused = submitVerification(fresh, { type: 0 }, now)
    expect(refused).toBeInstanceOf(RuleViolation)
    expect((refused as RuleViolation).message).toBe("请上传身份证/学生证照片")
  })

  it("passing copies the name and number to the user", () => {
    const passed = reviewVerification(submitVerification(fresh, submission, now) as Verification, 1) as Verification
    expect(passed).toMatchObject({ authStatus: 1, realname: "张三", idCardNo: "11010519491231002X", rejectComment: null })
  })

  it("rejecting keeps the comment, and the user may submit again", () => {
    const rejected = reviewVerification(submitVerification(fresh, submission, now) as Verification, 2, "照片模糊") as Verification
    expect(rejected).toMatchObject({ authStatus: 2, rejectComment: "照片模糊", realname: null })
    const again = submitVerification(rejected, submission, now) as Verification
    expect(again).toMatchObject({ authStatus: 0, rejectComment: null })
  })

  it("only a pending submission is reviewed, once", () => {
    expect(reviewVerification(fresh, 1)).toBeInstanceOf(StateConflict)
    const passed = reviewVerification(submitVerification(fresh, submission, now) as Verification, 1) as Verification
    expect(reviewVerification(passed, 2)).toBeInstanceOf(StateConflict)
  })

  it("no second submission while one is pending or after passing", () => {
    const pending = submitVerification(fresh, submission, now) as Verification
    expect(submitVerification(pending, submission, now)).toBeInstanceOf(StateConflict)
    expect(submitVerification(reviewVerification(pending, 1) as Verification, submission, now)).toBeInstanceOf(StateConflict)
  })

  it("cancelling returns to -1 and clears both photos, from any state", () => {
    const withCards = { ...(submitVerification(fresh, { ...submission, type: 1, studentCardUrl: "/s.jpg" }, now) as Verification) }
    for (const state of [withCards, reviewVerification(withCards, 1) as Verification, reviewVerification(withCards, 2) as Verification]) {
      expect(cancelVerification(state)).toMatchObject({ authStatus: -1, idCardUrl: null, studentCardUrl: null })
    }
  })
})

describe("what the pages show", () => {
  it("badge by authStatus, -1 as the spec words it", () => {
    expect(verificationBadge(-1)).toBe("待实名认证")
    expect(verificationBadge(0)).toBe("实名认证审核中")
    expect(verificationBadge(1)).toBe("已实名认证")
    expect(verificationBadge(2)).toBe("实名认证未通过")
  })

  it("tips: the postal rule when not submitted, the reviewer's comment when rejected", () => {
    expect(verificationTip({ authStatus: -1, rejectComment: null })).toContain("实名认证")
    expect(verificationTip({ authStatus: 0, rejectComment: null })).toBe("您的实名认证正在审核中，请耐心等待")
    expect(verificationTip({ authStatus: 1, rejectComment: null })).toBe("")
    expect(verificationTip({ authStatus: 2, rejectComment: "照片模糊" })).toBe("实名认证未通过：照片模糊")
    expect(verificationTip({ authStatus: 2, rejectComment: null })).toBe("实名认证未通过")
    // the reviewer's own "please upload again" is said once, not followed by another
    expect(verificationTip({ authStatus: 2, rejectComment: "照片模糊，请重新上传" }).match(/请重新/g)).toHaveLength(1)
    expect(mayApplyForVerification(-1)).toBe(true)
    expect(mayApplyForVerification(2)).toBe(true)
    expect(mayApplyForVerification(0)).toBe(false)
    expect(mayApplyForVerification(1)).toBe(false)
  })

  it("sending without an ID number and no pending review goes to verification first", () => {
    expect(needsVerificationToSend({ idCardNo: null, authStatus: -1 })).toBe(true)
    expect(needsVerificationToSend({ idCardNo: null, authStatus: 0 })).toBe(false)
    expect(needsVerificationToSend({ idCardNo: "11010519491231002X", authStatus: 1 })).toBe(false)
  })

  it("staff refuse a sender at -1 or 2", () => {
    expect(senderVerificationRefusal(-1)?.message).toBe("用户还没通过实名认证")
    expect(senderVerificationRefusal(2)?.message).toBe("用户还没通过实名认证")
    expect(senderVerificationRefusal(0)).toBeUndefined()
    expect(senderVerificationRefusal(1)).toBeUndefined()
  })
})
