/**
 * What a settled trade changes in the business, per kind, in the settling transaction: `settle` when the payment
 * notice arrives, `undo` when the trade is refunded. The top of the core's folders, so payment names no area above
 * it: a new kind of payment is one entry here.
 */
import { settleErrandTrade } from "../errand/errand-payment"
import { tipSettlement } from "../errand/tip-settlement"
import { safekeepSettlement } from "../payment/safekeep-settlement"
import type { Trade } from "../payment/trade"
import { expireTrade, refundTradeWith, settleNoticeWith, type Settlements } from "../payment/use-cases"
import { freightPaid } from "../sending/settlement"
import { depositSettlement, donationSettlement, expireDepositOf } from "../support/use-cases"
import { Effect } from "effect"

const entries = {
  safekeep: safekeepSettlement,
  // an errand payment opens its order; its refunds are started by the errand lifecycle, which books them on the order itself
  errand: { settle: settleErrandTrade, undo: (_: Trade) => Effect.void },
  tip: tipSettlement,
  // the sender's freight paid: the send order 20 → 4 once; refunded after printing changes nothing here
  freight: { settle: (trade: Trade) => Effect.asVoid(freightPaid(trade)), undo: (_: Trade) => Effect.void },
  // a donation's row; an SMS top-up credits its worksite once
  donation: donationSettlement,
  deposit: depositSettlement
}

type Entry = (typeof entries)[keyof typeof entries]
/** What the settlements of every kind may use. */
export type SettlementServices = Effect.Services<ReturnType<Entry["settle"]>> | Effect.Services<ReturnType<Entry["undo"]>>

export const settlements: Settlements<SettlementServices> = entries

/** `POST /api/wx/payNotify`: the provider's signed notice, settled once with its kind's change. */
export const settleNotice = (fields: Readonly<Record<string, unknown>>) => settleNoticeWith(fields, settlements)

/** Pays a settled trade back and undoes its kind's change, in one transaction (`station payments refund`). */
export const refundTrade = (tradeNo: string) => refundTradeWith(tradeNo, (trade: Trade) => settlements[trade.kind].undo(trade))

/** The `expire-prepays` job's item: the trade closed unpaid and expired, then an SMS top-up's deposit with it (created → expired). */
export const expirePrepay = (tradeNo: string) =>
  expireTrade(tradeNo).pipe(Effect.tap((outcome) => (outcome === "expired" ? expireDepositOf(tradeNo) : Effect.void)))
