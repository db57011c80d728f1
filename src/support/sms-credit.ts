/**
 * A worksite's SMS credit (spec 002 §2 SMS top-up, §9 tiles): what a top-up of so many yuan buys, the top-up's
 * amount rules, and the state machine of a top-up (`sms_deposit`). One credit pays for one parcel-notice SMS.
 */
import { firstRefusal, RuleViolation } from "../shared/errors"

/** The base rate: SMS per yuan, for any amount that is not a tile's. */
export const SMS_PER_YUAN = 25

/**
 * The tiles as the spec lists them (yuan → SMS). The 500 tile gives 15 per yuan, below the base rate: built as
 * written (docs/decisions.md), and the page shows each tile's count and rate before paying.
 */
export const SMS_TILES: ReadonlyArray<{ readonly yuan: number; readonly sms: number }> = [
  { yuan: 10, sms: 250 },
  { yuan: 50, sms: 1250 },
  { yuan: 100, sms: 2500 },
  { yuan: 200, sms: 5000 },
  { yuan: 500, sms: 7500 },
  { yuan: 1000, sms: 25000 }
]

export const MIN_DEPOSIT_YUAN = 1
/** The most one top-up takes (the spec names no cap; see docs/decisions.md). */
export const MAX_DEPOSIT_YUAN = 10_000

export const smsMessages = {
  moneyRequired: "请输入充值金额（元）",
  moneyMin: "充值金额必须>=1元",
  moneyMax: "单次充值不能超过10000元",
  worksiteMissing: "获取网点信息失败",
  notOwnWorksite: "只能为本网点充值短信",
  /** An SMS whose worksite has no credit left: failed, not tried again. */
  creditExhausted: "短信余额不足",
  grantCount: "短信条数必须是1到1000000的整数",
  grantReason: "请填写赠送原因"
} as const

/** A whole number of yuan, as the page and the server floor a typed amount. */
export const wholeYuan = (money: number): number => Math.floor(money)

/** The SMS a top-up of `money` yuan buys: floored to whole yuan, a tile's price its tile's count, else 25 per yuan; none below 1 yuan. */
export const smsFor = (money: number): number => {
  const yuan = wholeYuan(money)
  if (!Number.isFinite(yuan) || yuan < MIN_DEPOSIT_YUAN) return 0
  return SMS_TILES.find((t) => t.yuan === yuan)?.sms ?? yuan * SMS_PER_YUAN
}

/** SMS per yuan a whole amount gets (the page shows it beside each tile). */
export const smsRate = (yuan: number): number => smsFor(yuan) / wholeYuan(yuan)

/** The top-up's whole yuan, or the first rule it breaks in the spec's order (missing, below 1, above the cap). */
export const depositYuan = (money: number | undefined): number | RuleViolation => {
  const yuan = money === undefined ? undefined : wholeYuan(money)
  return firstRefusal([
    [yuan !== undefined && Number.isFinite(yuan), smsMessages.moneyRequired],
    [(yuan ?? 0) >= MIN_DEPOSIT_YUAN, smsMessages.moneyMin],
    [(yuan ?? 0) <= MAX_DEPOSIT_YUAN, smsMessages.moneyMax]
  ]) ?? yuan!
}

export const DepositStatus = { created: "created", paid: "paid", expired: "expired", refunded: "refunded" } as const
export type DepositStatus = (typeof DepositStatus)[keyof typeof DepositStatus]

/** A top-up: its yuan (as fen) and SMS fixed when it is made; credited once, by its trade's notice. */
export interface SmsDeposit {
  readonly id: string
  readonly worksiteId: string
  readonly userId: string
  readonly moneyFen: number
  readonly smsCount: number
  readonly status: DepositStatus
  readonly tradeNo: string
  readonly createdAt: Date
  readonly paidAt: Date | null
}

/**
 * created → paid (credited once) by the provider's notice · created → expired by `expire-prepays` (its trade closed
 * unpaid) · paid → refunded by a refund of its trade (what is left of its SMS taken back).
 */
export const depositTransitions = {
  pay: { from: [DepositStatus.created], to: DepositStatus.paid },
  expire: { from: [DepositStatus.created], to: DepositStatus.expired },
  refund: { from: [DepositStatus.paid], to: DepositStatus.refunded }
} as const satisfies Record<string, { readonly from: ReadonlyArray<DepositStatus>; readonly to: DepositStatus }>

export type DepositEvent = keyof typeof depositTransitions

export const nextDepositStatus = (status: DepositStatus, event: DepositEvent): DepositStatus | undefined =>
  (depositTransitions[event].from as ReadonlyArray<DepositStatus>).includes(status) ? depositTransitions[event].to : undefined

/** Why a credit moves: a deposit credited, the operator's grant, one SMS sent, a deposit refunded. */
export const CreditReason = { deposit: "deposit", grant: "grant", sms: "sms", refund: "refund" } as const
export type CreditReason = (typeof CreditReason)[keyof typeof CreditReason]

/** The most SMS one grant gives. */
export const MAX_GRANT = 1_000_000

/** An operator's grant: a whole count from 1 to the cap and a reason. */
export const grantRefusal = (count: number, reason: string): RuleViolation | undefined => firstRefusal([
  [Number.isInteger(count) && count >= 1 && count <= MAX_GRANT, smsMessages.grantCount],
  [reason.trim() !== "", smsMessages.grantReason]
])
