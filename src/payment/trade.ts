/**
 * A trade: money coming in through the pay-in port for one business purpose (its `kind` and `refId`),
 * priced by the server. created → paid | expired, paid → refunded; a trade settles exactly once.
 */
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"

export const TradeStatus = { created: "created", paid: "paid", expired: "expired", refunded: "refunded" } as const
export type TradeStatus = (typeof TradeStatus)[keyof typeof TradeStatus]

/** What a trade pays for; each kind has one settlement (see settlements.ts). */
export const TradeKind = { safekeep: "safekeep", errand: "errand", tip: "tip", freight: "freight", donation: "donation", deposit: "deposit" } as const
export type TradeKind = (typeof TradeKind)[keyof typeof TradeKind]

export interface Trade {
  /** The trade number (out_trade_no) the provider knows the trade by. */
  readonly tradeNo: string
  readonly kind: TradeKind
  readonly refId: string
  readonly userId: string
  readonly amountFen: number
  readonly status: TradeStatus
  readonly prepayId: string | null
  readonly providerRef: string | null
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly paidAt: Date | null
  readonly refundedAt: Date | null
}

/** An unpaid prepay can be paid for 30 minutes (spec 001 §9 "Payment deadline 30 minutes"). */
export const PREPAY_TTL_MS = 30 * 60 * 1000

/** An open prepay is handed out again while at least this long is left to pay it. */
export const REUSE_MARGIN_MS = 5 * 60 * 1000

/** The largest single payment a trade takes (10,000 yuan, the largest SMS top-up): a server-priced amount above it is a bug, never charged. */
export const MAX_TRADE_FEN = 1_000_000

export const messages = {
  badSignature: "签名错误",
  tradeMissing: "订单不存在",
  amountMismatch: "支付金额不一致",
  closed: "订单已关闭",
  notPaid: "订单未支付，不能退款",
  paySignFailed: "获取支付签名失败",
  /** A prepay of the purpose was paid while it was being closed. */
  payingNow: "该订单正在支付中，请稍后刷新",
  payFailed: (reason: string) => `支付失败：${reason}`,
  refundFailed: (reason: string) => `退款失败：${reason}`,
  closeFailed: (reason: string) => `关闭订单失败：${reason}`
} as const

export const tradeTransitions = {
  pay: { from: [TradeStatus.created], to: TradeStatus.paid },
  expire: { from: [TradeStatus.created], to: TradeStatus.expired },
  refund: { from: [TradeStatus.paid], to: TradeStatus.refunded }
} as const satisfies Record<string, { readonly from: ReadonlyArray<TradeStatus>; readonly to: TradeStatus }>

export type TradeEvent = keyof typeof tradeTransitions

export const nextTradeStatus = (status: TradeStatus, event: TradeEvent): TradeStatus | undefined =>
  (tradeTransitions[event].from as ReadonlyArray<TradeStatus>).includes(status) ? tradeTransitions[event].to : undefined

/** A whole number of fen from 1 to the cap: the only amounts a trade is created for. */
export const validAmount = (fen: number): boolean => Number.isInteger(fen) && fen >= 1 && fen <= MAX_TRADE_FEN

/** A new trade for a server-computed amount, open until its deadline. */
export const newTrade = (input: {
  readonly tradeNo: string
  readonly kind: TradeKind
  readonly refId: string
  readonly userId: string
  readonly amountFen: number
  readonly now: Date
}): Trade | RuleViolation =>
  !validAmount(input.amountFen)
    ? new RuleViolation({ message: messages.payFailed("金额不正确") })
    : {
      tradeNo: input.tradeNo, kind: input.kind, refId: input.refId, userId: input.userId, amountFen: input.amountFen,
      status: TradeStatus.created, prepayId: null, providerRef: null, createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + PREPAY_TTL_MS), paidAt: null, refundedAt: null
    }

/** Whether an open trade may be handed out again for this amount instead of a new one. */
export const reusable = (trade: Trade, amountFen: number, now: Date): boolean =>
  trade.status === TradeStatus.created && trade.prepayId !== null && trade.amountFen === amountFen &&
  trade.expiresAt.getTime() - now.getTime() >= REUSE_MARGIN_MS

/** A payment notice the provider signed: which trade, how much was paid, the provider's own reference. */
export interface PaidNotice {
  readonly tradeNo: string
  readonly amountFen: number
  readonly providerRef: string
}

/**
 * What a verified notice does to its trade: settle it (the first notice), nothing (a replay: it is
 * already paid or refunded), or a refusal (unknown trade, another amount, a closed trade).
 */
export const noticeDecision = (trade: Trade | undefined, notice: PaidNotice): "settle" | "already" | NotFound | RuleViolation | StateConflict => {
  if (!trade) return new NotFound({ message: messages.tradeMissing })
  if (notice.amountFen !== trade.amountFen) return new RuleViolation({ message: messages.amountMismatch })
  if (trade.status === TradeStatus.paid || trade.status === TradeStatus.refunded) return "already"
  if (trade.status === TradeStatus.expired) return new StateConflict({ message: messages.closed })
  return "settle"
}

