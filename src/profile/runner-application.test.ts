import { describe, expect, it } from "vitest"
import { RuleViolation, StateConflict } from "../shared/errors"
import {
  applyAsRunner,
  creditLevel,
  mayApplyAsRunner,
  mayTakeErrands,
  type RunnerApplication,
  runnerApplicationRefusal,
  runnerStatusLabel,
  isJoinedRunner
} from "./runner-application"

const ready: RunnerApplication = {
  applicant: { paotuiStatus: -1, authStatus: 1, studentCardUrl: "/s.jpg", sex: 1 },
  worksite: { paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: false },
  agreed: true
}

describe("runnerApplicationRefusal", () => {
  it("passes a verified applicant at an open worksite", () => {
    expect(runnerApplicationRefusal(ready)).toBeUndefined()
  })

  it("needs a code only where the worksite asks for one, and it must be a leader's", () => {
    const needing = { ...ready, worksite: { ...ready.worksite, paotuiApplyNeedInvitation: true } }
    expect(runnerApplicationRefusal(needing)?.message).toBe("请填入跑腿邀请码")
    expect(runnerApplicationRefusal({ ...needing, invitation: "  " })?.message).toBe("请填入跑腿邀请码")
    expect(runnerApplicationRefusal({ ...needing, invitation: "AB12" })?.message).toBe("跑腿邀请码不正确")
    expect(runnerApplicationRefusal({ ...needing, invitation: "AB12", invitingLeaderId: "u9" })).toBeUndefined()
    expect(runnerApplicationRefusal({ ...ready, invitation: "whatever" })).toBeUndefined()
  })

  it.each([
    ["agreement not ticked", { ...ready, agreed: false }, "请先阅读并同意《校园跑腿服务协议》"],
    ["sex unknown", { ...ready, applicant: { ...ready.applicant, sex: 0 as const } }, "请先到个人中心登记您的性别"],
    ["errands closed", { ...ready, worksite: { ...ready.worksite, paotuiAble: false } }, "本网点暂未开通跑腿业务"],
    [
      "online applications closed",
      { ...ready, worksite: { ...ready.worksite, paotuiApplyAble: false } },
      "线上跑腿申请已被关闭，如有疑问请咨询平台客服。"
    ],
    ["not verified", { ...ready, applicant: { ...ready.applicant, authStatus: 0 as const } }, "请先完成跑腿实名认证（须上传身份证和学生证）"],
    ["no student card", { ...ready, applicant: { ...ready.applicant, studentCardUrl: null } }, "请先完成跑腿实名认证（须上传身份证和学生证）"]
  ])("%s → %s", (_, application, message) => {
    expect(runnerApplicationRefusal(application)?.message).toBe(message)
  })

  it("reports the first failing check in order", () => {
    const allWrong: RunnerApplication = {
      applicant: { paotuiStatus: -1, authStatus: -1, studentCardUrl: null, sex: 0 },
      worksite: { paotuiAble: false, paotuiApplyAble: false, paotuiApplyNeedInvitation: true },
      agreed: false
    }
    expect(runnerApplicationRefusal(allWrong)?.message).toBe("请填入跑腿邀请码")
    expect(runnerApplicationRefusal({ ...allWrong, invitation: "A", invitingLeaderId: "u" })?.message).toBe("请先阅读并同意《校园跑腿服务协议》")
    expect(runnerApplicationRefusal({ ...allWrong, invitation: "A", invitingLeaderId: "u", agreed: true })?.message).toBe("请先到个人中心登记您的性别")
  })
})

describe("paotuiStatus: -1 or 2 → 0 → 1", () => {
  it("applying moves to review and joins the inviting leader", () => {
    expect(applyAsRunner(ready)).toEqual({ paotuiStatus: 0, paotuiLeader: null })
    expect(applyAsRunner({ ...ready, applicant: { ...ready.applicant, paotuiStatus: 2 }, invitingLeaderId: "u9" })).toEqual({
      paotuiStatus: 0,
      paotuiLeader: "u9"
    })
    expect(applyAsRunner({ ...ready, agreed: false })).toBeInstanceOf(RuleViolation)
  })

  it("no application while one is pending or once joined", () => {
    expect(applyAsRunner({ ...ready, applicant: { ...ready.applicant, paotuiStatus: 0 } })).toBeInstanceOf(StateConflict)
    expect(applyAsRunner({ ...ready, applicant: { ...ready.applicant, paotuiStatus: 1 } })).toBeInstanceOf(StateConflict)
    expect([-1, 0, 1, 2].map((s) => mayApplyAsRunner(s as -1 | 0 | 1 | 2))).toEqual([true, false, false, true])
  })

  it("a joined runner is one whose application was accepted, whatever the verification", () => {
    expect([-1, 0, 1, 2].map((paotuiStatus) => isJoinedRunner({ paotuiStatus }))).toEqual([false, false, true, false])
  })

  it("accepting orders needs authStatus 1 and paotuiStatus 1", () => {
    expect(mayTakeErrands({ authStatus: 1, paotuiStatus: 1 })).toBe(true)
    expect(mayTakeErrands({ authStatus: 0, paotuiStatus: 1 })).toBe(false)
    expect(mayTakeErrands({ authStatus: 1, paotuiStatus: 0 })).toBe(false)
  })

  it("labels the tile, 'not yet open' where the worksite has no errands", () => {
    expect(runnerStatusLabel(1, true)).toBe("已加入")
    expect(runnerStatusLabel(0, true)).toBe("审核中")
    expect(runnerStatusLabel(1, false)).toBe("暂未开通")
  })
})

describe("credit colour by the 90 / 60 thresholds", () => {
  it.each([
    [100, "success"],
    [90, "success"],
    [89, "warning"],
    [60, "warning"],
    [59, "error"],
    [0, "error"]
  ] as const)("%i → %s", (score, level) => {
    expect(creditLevel(score)).toBe(level)
  })
})
