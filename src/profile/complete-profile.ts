/** Completing the profile (worksite, main phone, optional vice phone) and where the worksite chooser and the form lead. */
import { firstRefusal, type RuleViolation } from "../shared/errors"
import { isMobilePhone } from "../shared/phone-number"
import { CAPTCHA_RULES, isCaptchaFormat, messages as phoneMessages } from "./phone"
import { AuthStatus, messages as verificationMessages, needsVerificationToSend } from "./verification"

export const messages = {
  worksiteRequired: "请选择您所在的网点",
  viceWrong: "请输入正确的副手机号",
  viceCaptchaWrong: "请输入正确的副号验证码",
  captchaInvalid: phoneMessages.captchaInvalid,
  worksiteChanged: "网点变更成功",
  saved: "保存成功",
  saveFailed: "保存失败"
} as const

export const RESEND_SECONDS = CAPTCHA_RULES.resendSeconds.completeProfile

export interface CompleteProfileForm {
  readonly worksite?: string | undefined
  /** The user already has a main phone and keeps it. */
  readonly keepMain: boolean
  readonly existingMain?: string | null | undefined
  readonly phoneMain?: string | undefined
  readonly phoneMainCaptcha?: string | undefined
  readonly viceEnabled: boolean
  readonly phoneVice?: string | undefined
  readonly phoneViceCaptcha?: string | undefined
}

const text = (s: string | undefined) => (s ?? "").trim()

export const completeProfileRefusal = (f: CompleteProfileForm): RuleViolation | undefined =>
  firstRefusal([
    [text(f.worksite) !== "", messages.worksiteRequired],
    [f.keepMain || text(f.phoneMain) !== "", phoneMessages.phoneMissing],
    [f.keepMain || isMobilePhone(text(f.phoneMain)), phoneMessages.phoneWrong],
    [f.keepMain || isCaptchaFormat(text(f.phoneMainCaptcha)), phoneMessages.captchaWrong],
    [!f.viceEnabled || isMobilePhone(text(f.phoneVice)), messages.viceWrong],
    [!f.viceEnabled || text(f.phoneVice) !== (f.keepMain ? text(f.existingMain ?? "") : text(f.phoneMain)), phoneMessages.phoneNotNew],
    [!f.viceEnabled || isCaptchaFormat(text(f.phoneViceCaptcha)), messages.viceCaptchaWrong]
  ])

/** Asking for a code on this page needs a worksite first, then a valid number (main or vice). */
export const completeProfileCaptchaRefusal = (input: {
  readonly worksite?: string | undefined
  readonly phone?: string | undefined
  readonly type: "main" | "vice"
}): RuleViolation | undefined =>
  firstRefusal([
    [text(input.worksite) !== "", messages.worksiteRequired],
    [input.type === "vice" || text(input.phone) !== "", phoneMessages.phoneMissing],
    [isMobilePhone(text(input.phone)), input.type === "main" ? phoneMessages.phoneWrong : messages.viceWrong]
  ])

export type WorksiteChooserFrom = "userInfo" | "addUserInfo"

/**
 * After a worksite is picked: from personal info it is saved at once and the page returns there;
 * from complete-profile it is kept in the session and the form shows it. The token is the decoded one.
 */
export const afterWorksiteChosen = (p: {
  readonly from: WorksiteChooserFrom
  readonly platform: string
  readonly redirect: string
  readonly token: string
}): { readonly save: boolean; readonly to: string } =>
  p.from === "userInfo"
    ? { save: true, to: `/userInfo/${p.platform}/${encodeURIComponent(p.token)}` }
    : { save: false, to: `/addUserInfo/${p.redirect}/${encodeURIComponent(p.token)}` }

/**
 * After the profile is complete the page goes to {redirect}; coming from parcel sending without an ID number
 * it first tells the user sending needs real-name verification and goes to /authApply/0/expressTotakein.
 */
export const afterProfileCompleted = (p: {
  readonly redirect: string
  readonly token: string
  readonly idCardNo: string | null
  readonly authStatus: AuthStatus
}): { readonly notice: string | undefined; readonly to: string } => {
  const token = encodeURIComponent(p.token)
  return p.redirect === "expressTotakein" && needsVerificationToSend(p)
    ? { notice: verificationMessages.postalRule, to: `/authApply/0/expressTotakein/${token}` }
    : { notice: undefined, to: `/${p.redirect}/${token}` }
}
