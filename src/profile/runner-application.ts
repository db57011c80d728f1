/** Applying to run errands: the checks, the paotuiStatus machine, the status label and the credit colour. */
import { firstRefusal, RuleViolation, StateConflict } from "../shared/errors"
import { AuthStatus } from "./verification"

export const PaotuiStatus = { notApplied: -1, reviewing: 0, joined: 1, rejected: 2 } as const
export type PaotuiStatus = (typeof PaotuiStatus)[keyof typeof PaotuiStatus]

/** The longest invitation code the application takes. */
export const INVITATION_MAX = 16

export const CREDIT_THRESHOLDS = { good: 90, fair: 60 } as const

export const messages = {
  invitationRequired: "请填入跑腿邀请码",
  invitationWrong: "跑腿邀请码不正确",
  agreement: "请先阅读并同意《校园跑腿服务协议》",
  sexUnset: "请先到个人中心登记您的性别",
  errandsClosed: "本网点暂未开通跑腿业务",
  applicationsClosed: "线上跑腿申请已被关闭，如有疑问请咨询平台客服。",
  notVerified: "请先完成跑腿实名认证（须上传身份证和学生证）",
  reviewing: "您的跑腿申请正在审核中，请耐心等待",
  alreadyJoined: "您已加入跑腿团队",
  alreadyReviewed: "该跑腿申请已处理",
  notApplied: "该用户没有待审核的跑腿申请",
  reviewDecision: "审核结果只能是通过(1)或不通过(2)",
  applied: "申请成功",
  failed: "申请跑腿失败",
  notYetOpen: "暂未开通"
} as const

const statusLabels: Record<PaotuiStatus, string> = {
  [-1]: "未申请",
  0: "审核中",
  1: "已加入",
  2: "未通过"
}

/** The runner tile's label: 'not yet open' whenever the worksite has no errand service. */
export const runnerStatusLabel = (paotuiStatus: PaotuiStatus, worksitePaotuiAble: boolean): string =>
  worksitePaotuiAble ? statusLabels[paotuiStatus] : messages.notYetOpen

export type CreditLevel = "success" | "warning" | "error"

export const creditLevel = (score: number): CreditLevel =>
  score >= CREDIT_THRESHOLDS.good ? "success" : score >= CREDIT_THRESHOLDS.fair ? "warning" : "error"

/** A joined runner: the application was accepted (a leader's or a team's member, whatever their verification). */
export const isJoinedRunner = (user: { readonly paotuiStatus: number }): boolean => user.paotuiStatus === PaotuiStatus.joined

/** Accepting orders is active only for a verified, joined runner. */
export const mayTakeErrands = (user: { readonly authStatus: number; readonly paotuiStatus: number }): boolean =>
  user.authStatus === AuthStatus.passed && isJoinedRunner(user)

export const mayApplyAsRunner = (paotuiStatus: PaotuiStatus): boolean =>
  paotuiStatus === PaotuiStatus.notApplied || paotuiStatus === PaotuiStatus.rejected

export interface RunnerApplicant {
  readonly paotuiStatus: PaotuiStatus
  readonly authStatus: AuthStatus
  readonly studentCardUrl: string | null
  readonly sex: 0 | 1 | 2
}

export interface RunnerWorksite {
  readonly paotuiAble: boolean
  readonly paotuiApplyAble: boolean
  readonly paotuiApplyNeedInvitation: boolean
}

export interface RunnerApplication {
  readonly applicant: RunnerApplicant
  readonly worksite: RunnerWorksite
  readonly invitation?: string | undefined
  readonly agreed: boolean
  /** The leader of the applicant's worksite whose invitation code this is, when one is. */
  readonly invitingLeaderId?: string | undefined
}

/** The checks in the spec's order, then the worksite's service switches and the errand verification. */
export const runnerApplicationRefusal = (a: RunnerApplication): RuleViolation | undefined => {
  const invitation = (a.invitation ?? "").trim()
  const needInvitation = a.worksite.paotuiApplyNeedInvitation
  return firstRefusal([
    [!needInvitation || invitation !== "", messages.invitationRequired],
    [!needInvitation || a.invitingLeaderId !== undefined, messages.invitationWrong],
    [a.agreed, messages.agreement],
    [a.applicant.sex === 1 || a.applicant.sex === 2, messages.sexUnset],
    [a.worksite.paotuiAble, messages.errandsClosed],
    [a.worksite.paotuiApplyAble, messages.applicationsClosed],
    [a.applicant.authStatus === AuthStatus.passed && (a.applicant.studentCardUrl ?? "") !== "", messages.notVerified]
  ])
}

/** -1 or 2 → 0, joining the inviting leader's team when a valid code was given. */
export const applyAsRunner = (
  a: RunnerApplication
): { readonly paotuiStatus: typeof PaotuiStatus.reviewing; readonly paotuiLeader: string | null } | RuleViolation | StateConflict => {
  if (a.applicant.paotuiStatus === PaotuiStatus.reviewing) return new StateConflict({ message: messages.reviewing })
  if (a.applicant.paotuiStatus === PaotuiStatus.joined) return new StateConflict({ message: messages.alreadyJoined })
  const refused = runnerApplicationRefusal(a)
  if (refused) return refused
  return { paotuiStatus: PaotuiStatus.reviewing, paotuiLeader: a.invitingLeaderId ?? null }
}


/** A reviewer's decision on an application under review (0): 1 joins the runners, 2 turns it down. */
export const reviewRunnerApplication = (
  paotuiStatus: PaotuiStatus, decision: number
): { readonly paotuiStatus: typeof PaotuiStatus.joined | typeof PaotuiStatus.rejected } | RuleViolation | StateConflict => {
  if (decision !== PaotuiStatus.joined && decision !== PaotuiStatus.rejected) return new RuleViolation({ message: messages.reviewDecision })
  if (paotuiStatus === PaotuiStatus.joined || paotuiStatus === PaotuiStatus.rejected) return new StateConflict({ message: messages.alreadyReviewed })
  if (paotuiStatus !== PaotuiStatus.reviewing) return new StateConflict({ message: messages.notApplied })
  return { paotuiStatus: decision }
}
