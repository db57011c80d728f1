/** The student's own account as the server keeps it, what the API shows of it, and who may review it. */
import type { Role } from "../shared/actor"
import { firstRefusal, type RuleViolation } from "../shared/errors"
import { textLength } from "../shared/text"
import type { BoundPhones } from "./phone"
import type { PaotuiStatus } from "./runner-application"
import { AuthStatus, type Verification } from "./verification"

export interface UserProfile extends Verification, BoundPhones {
  readonly id: string
  readonly openid: string
  readonly unionid: string | null
  readonly nickname: string | null
  readonly headimgBase64: string | null
  /** The motto a message on the circle's board was last posted with (spec 002 §2 /circleJyEdit). */
  readonly motto: string | null
  readonly authStatus: AuthStatus
  /** When the pending (or last) real-name submission was made. */
  readonly authSubmittedAt: Date | null
  readonly paotuiStatus: PaotuiStatus
  readonly isPaotuiLeader: boolean
  readonly paotuiLeader: string | null
  readonly invitation: string | null
  readonly isXYTAdmin: boolean
  readonly pickupAble: boolean
  readonly creditScore: number
  readonly newPaotuiOrderRemind: boolean
  readonly subscribeTime: Date
  readonly role: Role
  readonly worksiteId: string | null
}

/**
 * The fields a use case may change; and when the user was bound to a worksite, passed real-name verification and
 * was approved as a runner (the operations statistics count them by day).
 */
export type ProfileChange = Partial<Omit<UserProfile, "id" | "openid" | "unionid" | "subscribeTime" | "role" | "isXYTAdmin">> & {
  readonly worksiteBoundAt?: Date
  readonly authPassedAt?: Date
  readonly paotuiJoinedAt?: Date
}

/** A runner of a leader's team, as the transfer and leader pages list them. */
export interface TeamMember {
  readonly id: string
  readonly realname: string | null
  readonly phoneMain: string | null
  readonly openid: string
}

export const messages = {
  userMissing: "获取用户信息失败",
  notReviewer: "只有网点工作人员或管理员可以审核实名认证",
  reviewDecision: "审核结果只能是通过(1)或不通过(2)",
  rejectCommentRequired: "请填写不通过的原因",
  notYourTeam: "只能查看自己团队的跑腿成员",
  identityLocked: "实名信息已提交审核或已通过认证，不能修改",
  otherWorksiteUser: "只能审核本网点用户的实名认证",
  remindRequired: "请选择是否提醒新跑腿单",
  remindSaved: "设置成功",
  done: "操作成功"
} as const

export const commentTooLong = () => `审核意见不能超过${REJECT_COMMENT_MAX}个字`

/** A rejection tells the user why; any comment stays within REJECT_COMMENT_MAX characters. */
export const reviewCommentRefusal = (decision: number, comment: string | undefined): RuleViolation | undefined => {
  const text = (comment ?? "").trim()
  return firstRefusal([
    [decision !== AuthStatus.rejected || text !== "", messages.rejectCommentRequired],
    [textLength(text) <= REJECT_COMMENT_MAX, commentTooLong()]
  ])
}


/** The ID number as the API shows it: the first 6 and the last 4 characters, 8 stars between. */
export const maskIdCardNo = (idCardNo: string | null): string | null =>
  idCardNo === null || idCardNo === "" ? idCardNo : idCardNo.length <= 10 ? "*".repeat(idCardNo.length) : `${idCardNo.slice(0, 6)}********${idCardNo.slice(-4)}`

/** Staff and admins review real-name submissions. */
export const mayReviewVerifications = (role: Role): boolean => role === "staff" || role === "admin"

/** The real name and ID number a reviewer is looking at or has passed stay as they are until the user cancels. */
export const identityEditable = (authStatus: AuthStatus): boolean => authStatus === AuthStatus.notSubmitted || authStatus === AuthStatus.rejected

/** Who may list a leader's runners: the leader, a runner of that team, or an admin. */
export const mayListTeam = (viewer: Pick<UserProfile, "id" | "paotuiLeader" | "role">, leaderId: string): boolean =>
  viewer.id === leaderId || viewer.paotuiLeader === leaderId || viewer.role === "admin"

export const REJECT_COMMENT_MAX = 200
