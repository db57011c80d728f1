/**
 * What a settled trade changes in the business, per kind, in the settling transaction: `settle` when the payment
 * notice arrives, `undo` when the trade is refunded. The top of the core's folders, so payment names no area above
 * it: a new kind of payment is one entry here. The notices, refunds and expiries no area logs itself are logged here.
 */
import { Effect } from "effect"
import { settleErrandTrade } from "../errand/errand-payment"
import { tipSettlement } from "../errand/tip-settlement"
import { People } from "../parcel/parcel-store"
import { SYSTEM_ACTOR } from "../parcel/returns"
import { safekeepSettlement } from "../payment/safekeep-settlement"
import type { PostedNotice } from "../payment/pay-in"
import { TradeKind, type Trade } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import { ExpirePrepayOperation, RefundTradeOperation, TradePaidOperation } from "../payment/trade-operations"
import { expireTrade, refundTradeWith, settleNoticeWith, type Settlement, type Settlements } from "../payment/use-cases"
import { freightPaid } from "../sending/settlement"
import { StateConflict } from "../shared/errors"
import { logOperation, STATION_OPERATOR } from "../shared/operation"
import { Clock, Ids, OpsLog } from "../shared/ports"
import { depositSettlement, donationSettlement, expireDepositOf } from "../support/use-cases"

/** Runs `effect` noting the ids it draws: its value and those ids in the order drawn (a logged operation records them for its replay). */
export const withDrawnIds = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.gen(function* () {
  const ids: Array<string> = []
  const value = yield* Effect.updateService(effect, Ids, (port) => ({ next: port.next.pipe(Effect.tap((id) => Effect.sync(() => ids.push(id)))) }))
  return { value, ids }
})

/** Runs a settlement without its own log lines (a safekeeping fee's, a deposit's credit): the notice's or the refund's one line is its record. */
const unlogged = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.updateService(effect, OpsLog, () => ({ append: () => Effect.void }))

const payerOpenid = (trade: Trade) => People.use((p) => p.findById(trade.userId)).pipe(Effect.map((payer) => payer?.openid ?? ""))

/** A kind whose settlement logs no `…Paid` of its own: the notice is logged as `tradePaid` under the payer, at the time it marked the trade paid. */
const noticeLogged = <R>(entry: Settlement<R>) => ({
  settle: Effect.fnUntraced(function* (trade: Trade) {
    const { ids } = yield* withDrawnIds(unlogged(entry.settle(trade)))
    const at = trade.paidAt ?? (yield* (yield* Clock).now)
    yield* logOperation(TradePaidOperation, yield* payerOpenid(trade), at, { tradeNo: trade.tradeNo, providerRef: trade.providerRef },
      { tradeNo: trade.tradeNo, kind: trade.kind, refId: trade.refId, ids })
  }),
  undo: entry.undo
})

const entries = {
  safekeep: noticeLogged(safekeepSettlement),
  // an errand payment opens its order; its refunds are started by the errand lifecycle, which books them on the order itself
  errand: { settle: settleErrandTrade, undo: (_: Trade) => Effect.void },
  tip: tipSettlement,
  // the sender's freight paid: the send order 20 → 4 once; refunded after printing changes nothing here
  freight: { settle: (trade: Trade) => Effect.asVoid(freightPaid(trade)), undo: (_: Trade) => Effect.void },
  // a donation's row; an SMS top-up credits its worksite once
  donation: noticeLogged(donationSettlement),
  deposit: noticeLogged(depositSettlement)
}

type Entry = (typeof entries)[keyof typeof entries]
/** What the settlements of every kind may use. */
export type SettlementServices = Effect.Services<ReturnType<Entry["settle"]>> | Effect.Services<ReturnType<Entry["undo"]>>

export const settlements: Settlements<SettlementServices> = entries

/** `POST /api/wx/payNotify`: the provider's signed notice, settled once with its kind's change. */
export const settleNotice = (posted: PostedNotice) => settleNoticeWith(posted, settlements)

export const refundMessages = {
  /** An errand's payment is paid back by its order's cancel or void, which books it on the order; refunded alone, the order would stay open unpaid. */
  errandPayment: "跑腿订单的支付只能随订单取消退款"
} as const

/**
 * The operator's refund (`station payments refund`): the trade paid back and its kind's change undone in one transaction,
 * logged as one `refundTrade` line under the operator with the ids the undoing drew. An errand's payment is refused
 * before the provider is asked: the errand lifecycle alone pays it back.
 */
export const refundTrade = Effect.fn("refundTrade")(function* (tradeNo: string) {
  const trade = yield* (yield* TradeStore).find(tradeNo)
  if (trade?.kind === TradeKind.errand) return yield* new StateConflict({ message: refundMessages.errandPayment })
  const { value: refunded, ids } = yield* withDrawnIds(unlogged(refundTradeWith(tradeNo, (trade: Trade) => settlements[trade.kind].undo(trade))))
  const at = refunded.refundedAt ?? (yield* (yield* Clock).now)
  yield* logOperation(RefundTradeOperation, STATION_OPERATOR, at, { tradeNo }, { tradeNo, status: "refunded", ids })
  return refunded
})

/** The `expire-prepays` job's item: the trade closed unpaid and expired, then an SMS top-up's deposit with it (created → expired); an expiry is logged. */
export const expirePrepay = Effect.fn("expirePrepay")(function* (tradeNo: string) {
  const outcome = yield* expireTrade(tradeNo)
  if (outcome === "expired") {
    yield* expireDepositOf(tradeNo)
    yield* logOperation(ExpirePrepayOperation, SYSTEM_ACTOR, yield* (yield* Clock).now, { tradeNo }, { tradeNo, status: "expired" })
  }
  return outcome
})
