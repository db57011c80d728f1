/** Cash withdrawal: the spec's checks and messages, the fee, the daily limits and the review states. */
import { LimitReached, RuleViolation, StateConflict } from "../shared/errors"
import { minutes, sameShanghaiDay } from "../shared/time"

export const WithdrawalStatus = { pending: 0, approved: 1, rejected: 2, transferred: 100 } as const
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus]

const statusLabels: Readonly<Record<WithdrawalStatus, string>> = {
  [WithdrawalStatus.pending]: "待审核",
  [WithdrawalStatus.approved]: "已审核",
  [WithdrawalStatus.rejected]: "已驳回",
  [WithdrawalStatus.transferred]: "已到账"
}

/** What the user and the reviewer see for a status; an unknown status shows its number. */
export const withdrawalStatusLabel = (status: number): string =>
  Object.hasOwn(statusLabels, status) ? statusLabels[status as WithdrawalStatus] : String(status)

export const WITHDRAWAL_LIMITS = {
  minFen: 100,
  maxFen: 500_000,
  perDayCount: 10,
  perDayFen: 2_000_000,
  gapMs: minutes(1)
} as const

/** The fee is this many thousandths of the amount. */
const FEE_PER_MILLE = 6

export const messages = {
  amountRequired: "请输入您的提现金额",
  aboveBalance: "提现金额不能大于余额",
  outOfRange: "提现金额必须>=1 并且 <=5000",
  dailyCount: "每天最多提现10次",
  dailySum: "每日提现总额不能超过20000元",
  tooSoon: "每分钟只能提交一次提现申请",
  confirm: "确认要提交提现申请？",
  applied: "申请成功",
  failed: "提现失败，请联系系统管理员",
  notPending: "该提现申请已处理",
  notApproved: "该提现申请尚未审核通过"
} as const

export interface WithdrawalRecord {
  readonly id: string
  readonly userId: string
  readonly money: number
  readonly fee: number
  readonly status: WithdrawalStatus
  readonly createdAt: Date
}

/** 0.6% of the amount, rounded up to the fen; deducted from what is paid out. */
export const withdrawalFee = (amountFen: number): number => Math.ceil((amountFen * FEE_PER_MILLE) / 1000)

/** The rate `withdrawalFee` charges, as the notice shows it: "0.6%". */
export const withdrawalFeeRate = `${FEE_PER_MILLE / 10}%`

/** What the payment provider pays out for an application: the amount less its fee. */
export const payoutOf = (w: Pick<WithdrawalRecord, "money" | "fee">): number => w.money - w.fee

/** The client's checks, in the spec's order; the amount is in fen. */
export const checkAmount = (amountFen: number | undefined, balanceFen: number): RuleViolation | undefined => {
  if (amountFen === undefined || !Number.isFinite(amountFen)) return new RuleViolation({ message: messages.amountRequired })
  if (amountFen > balanceFen) return new RuleViolation({ message: messages.aboveBalance })
  if (!Number.isInteger(amountFen) || amountFen < WITHDRAWAL_LIMITS.minFen || amountFen > WITHDRAWAL_LIMITS.maxFen) {
    return new RuleViolation({ message: messages.outOfRange })
  }
  return undefined
}

/**
 * The server's decision on a new application: the amount checks, then the limits over the
 * applications already made (rejected ones do not count).
 */
export const decideWithdrawal = (input: {
  readonly amountFen: number | undefined
  readonly balanceFen: number
  readonly earlier: ReadonlyArray<Pick<WithdrawalRecord, "money" | "status" | "createdAt">>
  readonly now: Date
}): RuleViolation | LimitReached | { readonly amountFen: number; readonly fee: number } => {
  const invalid = checkAmount(input.amountFen, input.balanceFen)
  if (invalid) return invalid
  const amountFen = input.amountFen as number
  const counted = input.earlier.filter((w) => w.status !== WithdrawalStatus.rejected)
  const today = counted.filter((w) => sameShanghaiDay(w.createdAt, input.now))
  if (counted.some((w) => Math.abs(input.now.getTime() - w.createdAt.getTime()) < WITHDRAWAL_LIMITS.gapMs)) {
    return new LimitReached({ message: messages.tooSoon })
  }
  if (today.length >= WITHDRAWAL_LIMITS.perDayCount) return new LimitReached({ message: messages.dailyCount })
  if (today.reduce((sum, w) => sum + w.money, 0) + amountFen > WITHDRAWAL_LIMITS.perDayFen) {
    return new LimitReached({ message: messages.dailySum })
  }
  return { amountFen, fee: withdrawalFee(amountFen) }
}

/** Review moves: pending → approved → transferred, or pending → rejected (the amount is refunded). */
export const nextReviewStatus = (
  current: WithdrawalStatus,
  action: "approve" | "reject" | "transfer"
): WithdrawalStatus | StateConflict => {
  if (action === "approve" && current === WithdrawalStatus.pending) return WithdrawalStatus.approved
  if (action === "reject" && current === WithdrawalStatus.pending) return WithdrawalStatus.rejected
  if (action === "transfer" && current === WithdrawalStatus.approved) return WithdrawalStatus.transferred
  return new StateConflict({ message: action === "transfer" && current === WithdrawalStatus.pending ? messages.notApproved : messages.notPending })
}
