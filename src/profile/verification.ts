/** Real-name verification: the submission checks, the authStatus machine and what the Me page shows for each state. */
import { firstRefusal, RuleViolation, StateConflict } from "../shared/errors"
import { isValidIdCardNo, normalizeIdCardNo, sexOfIdCardNo } from "./id-card"

export const AuthStatus = { notSubmitted: -1, reviewing: 0, passed: 1, rejected: 2 } as const
export type AuthStatus = (typeof AuthStatus)[keyof typeof AuthStatus]
/** A reviewer's decision on a pending submission: pass it or reject it. */
export type ReviewDecision = typeof AuthStatus.passed | typeof AuthStatus.rejected

/** The {type} of /authApply: 0 for sending parcels, 1 for errand runners (student card required). */
export const VerificationType = { sending: 0, errand: 1 } as const
export type VerificationType = (typeof VerificationType)[keyof typeof VerificationType]

export const messages = {
  photoRequired: "请上传身份证/学生证照片",
  realIdCard: "请上传真实的身份证",
  studentCardRequired: "跑腿实名认证须上传学生证",
  senderNotVerified: "用户还没通过实名认证",
  postalRule: "根据国家邮政管理规定，寄件须实名认证，请先完成实名认证",
  underReview: "您的实名认证正在审核中，请耐心等待",
  alreadyPassed: "您已通过实名认证",
  alreadyReviewed: "该实名认证已处理",
  reviewFailed: "审核出错",
  submitted: "提交成功",
  submitFailed: "提交失败"
} as const

const badges: Record<AuthStatus, string> = {
  [-1]: "待实名认证",
  0: "实名认证审核中",
  1: "已实名认证",
  2: "实名认证未通过"
}

export const verificationBadge = (authStatus: AuthStatus): string => badges[authStatus]

/** The tip under the badge; a rejection shows the reviewer's comment (the page's link, not the tip, asks to submit again). */
export const verificationTip = (state: Pick<Verification, "authStatus" | "rejectComment">): string => {
  switch (state.authStatus) {
    case AuthStatus.notSubmitted:
      return messages.postalRule
    case AuthStatus.reviewing:
      return messages.underReview
    case AuthStatus.passed:
      return ""
    case AuthStatus.rejected:
      return state.rejectComment ? `实名认证未通过：${state.rejectComment}` : "实名认证未通过"
  }
}

/** Whether the Me page offers the verify link (/authApply/0/my/{token}). */
export const mayApplyForVerification = (authStatus: AuthStatus): boolean =>
  authStatus === AuthStatus.notSubmitted || authStatus === AuthStatus.rejected

/** Going to parcel sending without an ID number, and with no review pending, leads to /authApply/0/expressTotakein/{token}. */
export const needsVerificationToSend = (user: { readonly idCardNo: string | null; readonly authStatus: AuthStatus }): boolean =>
  !user.idCardNo && user.authStatus !== AuthStatus.reviewing

/** Staff scanning a sender: -1 and 2 are refused. */
export const senderVerificationRefusal = (authStatus: AuthStatus): RuleViolation | undefined =>
  firstRefusal([[authStatus !== AuthStatus.notSubmitted && authStatus !== AuthStatus.rejected, messages.senderNotVerified]])


export interface Verification {
  readonly authStatus: AuthStatus
  readonly idCardUrl: string | null
  readonly studentCardUrl: string | null
  readonly toAuthRealname: string | null
  readonly toAuthIdCardNo: string | null
  readonly realname: string | null
  readonly idCardNo: string | null
  readonly sex: 0 | 1 | 2
  readonly rejectComment: string | null
}

/** applyAuth's body: the photos' URLs and what recognition read off the ID card (the sex comes from the number). */
export interface VerificationSubmission {
  readonly type: VerificationType
  readonly idCardUrl?: string | undefined
  readonly studentCardUrl?: string | undefined
  readonly realname?: string | undefined
  readonly idCardNo?: string | undefined
}

const present = (s: string | null | undefined): s is string => s !== undefined && s !== null && s.trim() !== ""

/** The spec's three checks in order; an ID photo counts as real when a name and a valid number were read off it. */
export const submissionRefusal = (s: VerificationSubmission, now: Date): RuleViolation | undefined =>
  firstRefusal([
    [present(s.idCardUrl) || present(s.studentCardUrl), messages.photoRequired],
    [present(s.idCardUrl) && present(s.realname) && isValidIdCardNo(s.idCardNo ?? "", now), messages.realIdCard],
    [s.type !== VerificationType.errand || present(s.studentCardUrl), messages.studentCardRequired]
  ])

/** Submitting moves -1 or 2 to review; the name and number wait in toAuth* until a reviewer passes them. */
export const submitVerification = (
  current: Verification,
  s: VerificationSubmission,
  now: Date
): Verification | RuleViolation | StateConflict => {
  if (current.authStatus === AuthStatus.reviewing) return new StateConflict({ message: messages.underReview })
  if (current.authStatus === AuthStatus.passed) return new StateConflict({ message: messages.alreadyPassed })
  const refused = submissionRefusal(s, now)
  if (refused) return refused
  const idCardNo = normalizeIdCardNo(s.idCardNo ?? "")
  return {
    ...current,
    authStatus: AuthStatus.reviewing,
    idCardUrl: s.idCardUrl ?? null,
    studentCardUrl: present(s.studentCardUrl) ? s.studentCardUrl : current.studentCardUrl,
    toAuthRealname: (s.realname ?? "").trim(),
    toAuthIdCardNo: idCardNo,
    sex: sexOfIdCardNo(idCardNo) ?? current.sex,
    rejectComment: null
  }
}

/** A reviewer decides a pending submission: 1 passes it (the name and number become the user's), 2 rejects it. */
export const reviewVerification = (
  current: Verification,
  decision: ReviewDecision,
  comment?: string
): Verification | StateConflict => {
  if (current.authStatus !== AuthStatus.reviewing) return new StateConflict({ message: messages.alreadyReviewed })
  return decision === AuthStatus.passed
    ? { ...current, authStatus: AuthStatus.passed, realname: current.toAuthRealname, idCardNo: current.toAuthIdCardNo, rejectComment: null }
    : { ...current, authStatus: AuthStatus.rejected, rejectComment: comment?.trim() || null }
}

/** Cancelling (unverifySelf) returns to -1 and forgets both photos. */
export const cancelVerification = (current: Verification): Verification => ({
  ...current,
  authStatus: AuthStatus.notSubmitted,
  idCardUrl: null,
  studentCardUrl: null
})
