import { describe, expect, it } from "vitest"
import {
  afterProfileCompleted,
  afterWorksiteChosen,
  completeProfileCaptchaRefusal,
  completeProfileRefusal,
  RESEND_SECONDS,
  type CompleteProfileForm
} from "./complete-profile"

const form: CompleteProfileForm = {
  worksite: "w1",
  keepMain: false,
  phoneMain: "13800138000",
  phoneMainCaptcha: "1234",
  viceEnabled: false
}

describe("completeProfileRefusal", () => {
  it("passes a worksite and a main phone with its code", () => {
    expect(completeProfileRefusal(form)).toBeUndefined()
    expect(completeProfileRefusal({ worksite: "w1", keepMain: true, existingMain: "13800138000", viceEnabled: false })).toBeUndefined()
  })

  it.each([
    [{ worksite: "" }, "请选择您所在的网点"],
    [{ phoneMain: "" }, "请绑定您正确的手机号"],
    [{ phoneMain: "1380013800" }, "请输入正确的手机号码"],
    [{ phoneMainCaptcha: "12345" }, "请输入正确的验证码"],
    [{ viceEnabled: true, phoneVice: "139", phoneViceCaptcha: "1234" }, "请输入正确的副手机号"],
    [{ viceEnabled: true, phoneVice: "13800138000", phoneViceCaptcha: "1234" }, "请输入一个新的手机号码"],
    [{ viceEnabled: true, phoneVice: "13900139000", phoneViceCaptcha: "12" }, "请输入正确的副号验证码"]
  ])("%j → %s", (change, message) => {
    expect(completeProfileRefusal({ ...form, ...change })?.message).toBe(message)
  })

  it("a kept main phone needs no code, and the vice must differ from it", () => {
    const keep = { worksite: "w1", keepMain: true, existingMain: "13800138000", viceEnabled: true, phoneViceCaptcha: "1234" }
    expect(completeProfileRefusal({ ...keep, phoneVice: "13800138000" })?.message).toBe("请输入一个新的手机号码")
    expect(completeProfileRefusal({ ...keep, phoneVice: "13900139000" })).toBeUndefined()
  })

  it("asking for a code needs the worksite first; the countdown is 60 s", () => {
    expect(RESEND_SECONDS).toBe(60)
    expect(completeProfileCaptchaRefusal({ phone: "13800138000", type: "main" })?.message).toBe("请选择您所在的网点")
    expect(completeProfileCaptchaRefusal({ worksite: "w1", phone: "", type: "main" })?.message).toBe("请绑定您正确的手机号")
    expect(completeProfileCaptchaRefusal({ worksite: "w1", phone: "138", type: "main" })?.message).toBe("请输入正确的手机号码")
    expect(completeProfileCaptchaRefusal({ worksite: "w1", phone: "139", type: "vice" })?.message).toBe("请输入正确的副手机号")
    expect(completeProfileCaptchaRefusal({ worksite: "w1", phone: "13800138000", type: "main" })).toBeUndefined()
  })
})

describe("where the pages lead", () => {
  it("the worksite chooser saves from personal info, and keeps the choice for complete-profile", () => {
    expect(afterWorksiteChosen({ from: "userInfo", platform: "express", redirect: "my", token: "a b" })).toEqual({
      save: true,
      to: "/userInfo/express/a%20b"
    })
    expect(afterWorksiteChosen({ from: "addUserInfo", platform: "express", redirect: "expressTotakein", token: "t" })).toEqual({
      save: false,
      to: "/addUserInfo/expressTotakein/t"
    })
  })

  it("completing from parcel sending without an ID number tells about the postal rule and goes to verification", () => {
    const done = afterProfileCompleted({ redirect: "expressTotakein", token: "t", idCardNo: null, authStatus: -1 })
    expect(done.to).toBe("/authApply/0/expressTotakein/t")
    expect(done.notice).toContain("实名认证")
    expect(afterProfileCompleted({ redirect: "expressTotakein", token: "t", idCardNo: "11010519491231002X", authStatus: 1 })).toEqual({
      notice: undefined,
      to: "/expressTotakein/t"
    })
    expect(afterProfileCompleted({ redirect: "my", token: "t", idCardNo: null, authStatus: -1 })).toEqual({ notice: undefined, to: "/my/t" })
  })
})
