/**
 * Pay-in trades in the operations log, for what no area's own operation logs: the prepays of a safekeeping fee, a
 * donation and an SMS top-up; the provider's notice settling a trade whose kind logs no `…Paid` of its own; the
 * operator's refund; the scheduler's expiry of an unpaid prepay. The provider's numbers and the ids drawn are
 * recorded, so a replay writes the same `pay_trade` rows (and what their settlements write) without calling it.
 */
import { Schema } from "effect"
import { operationKind } from "../shared/operation"
import { TradeKind, TradeStatus } from "./trade"

const kinds = Schema.Literals(Object.values(TradeKind))

/** What was asked for: a parcel's safekeeping fee, a donation, or SMS credit for a worksite (whole yuan). */
export const TradePrepayInput = Schema.Union([
  Schema.Struct({ kind: Schema.Literal(TradeKind.safekeep), parcelId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal(TradeKind.donation) }),
  Schema.Struct({ kind: Schema.Literal(TradeKind.deposit), worksiteId: Schema.String, money: Schema.Int })
])

/** A prepay opened under its payer: the trade number, the provider's prepay id, the amount and what it pays for. */
export const TradePrepayOperation = operationKind("tradePrepay", TradePrepayInput,
  Schema.Struct({ tradeNo: Schema.String, prepayId: Schema.String, amountFen: Schema.Int, refId: Schema.String }))

/**
 * The provider's notice, under the payer, at the time it marked the trade paid: the provider's reference as it said;
 * what the trade pays for and the ids its settlement drew (a donation's row, a tip's ledger row…), in order.
 */
export const TradePaidOperation = operationKind("tradePaid", Schema.Struct({ tradeNo: Schema.String, providerRef: Schema.NullOr(Schema.String) }),
  Schema.Struct({ tradeNo: Schema.String, kind: kinds, refId: Schema.String, ids: Schema.Array(Schema.String) }))

/** The operator's refund of a paid trade (`station payments refund`): the trade refunded and the ids its undoing drew. */
export const RefundTradeOperation = operationKind("refundTrade", Schema.Struct({ tradeNo: Schema.String }),
  Schema.Struct({ tradeNo: Schema.String, status: Schema.Literal(TradeStatus.refunded), ids: Schema.Array(Schema.String) }))

/** The scheduler closed an unpaid prepay past its deadline (the provider confirmed nobody paid it). */
export const ExpirePrepayOperation = operationKind("expirePrepay", Schema.Struct({ tradeNo: Schema.String }),
  Schema.Struct({ tradeNo: Schema.String, status: Schema.Literal(TradeStatus.expired) }))
