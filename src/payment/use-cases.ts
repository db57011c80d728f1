/**
 * Pay-in use cases: open a server-priced trade, hand out its pay-sign data, settle a signed notice
 * exactly once (with the business change in the same transaction), expire unpaid prepays, refund.
 */
import { Effect } from "effect"
import type { Actor } from "../shared/actor"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { Clock, Ids } from "../shared/ports"
import { PayIn, type PostedNotice } from "./pay-in"
import { messages, newTrade, noticeDecision, nextTradeStatus, reusable, TradeStatus, type Trade, type TradeKind } from "./trade"
import { TradeStore } from "./trade-store"

/**
 * Opens (or hands out again) the trade that pays `amountFen` for one purpose. Older open trades for the
 * same purpose are closed at the provider first, so one purpose is never paid twice by two prepays. `opened` tells a
 * trade opened now (which its caller logs) from an open one handed out again.
 */
export const openTrade = Effect.fn("openTrade")(function* (
  actor: Actor, purpose: { readonly kind: TradeKind; readonly refId: string; readonly amountFen: number; readonly description: string }, at?: Date
) {
  const trades = yield* TradeStore
  const payIn = yield* PayIn
  // the caller's time when it logs the trade with its operation: the trade number and times are those of that one moment
  const now = at ?? (yield* (yield* Clock).now)
  const open = yield* trades.openFor(purpose.kind, purpose.refId)
  const again = open.find((t) => t.userId === actor.userId && reusable(t, purpose.amountFen, now))
  if (again) return { ...again, opened: false }
  if ((yield* closeTrades(open)) === "paid") return yield* new StateConflict({ message: messages.payingNow })
  const trade = newTrade({ tradeNo: yield* tradeNumber(now), kind: purpose.kind, refId: purpose.refId, userId: actor.userId, amountFen: purpose.amountFen, now })
  if (trade instanceof RuleViolation) return yield* trade
  const prepaid = yield* payIn.prepay({ tradeNo: trade.tradeNo, amountFen: trade.amountFen, description: purpose.description, openid: actor.openid, expiresAt: trade.expiresAt })
  if (!prepaid.ok) return yield* new StateConflict({ message: messages.payFailed(prepaid.reason) })
  yield* trades.insert({ ...trade, prepayId: prepaid.prepayId })
  return { ...trade, prepayId: prepaid.prepayId, opened: true }
})

/**
 * Closes these open prepays at the provider and marks them expired, so their purpose is never paid through
 * them afterwards; "paid" (and stops) when the provider says one was paid meanwhile. A close the provider
 * refuses for another reason leaves the prepay open (it may still be paid) and fails with that reason (409).
 */
export const closeTrades = Effect.fn("closeTrades")(function* (open: ReadonlyArray<{ readonly tradeNo: string }>) {
  const trades = yield* TradeStore
  const payIn = yield* PayIn
  for (const stale of open) {
    const closed = yield* payIn.close(stale.tradeNo)
    if (!closed.closed && closed.paid) return "paid" as const
    if (!closed.closed) return yield* new StateConflict({ message: messages.closeFailed(closed.reason) })
    yield* trades.markExpired(stale.tradeNo)
  }
  return "closed" as const
})

/** A trade number the provider accepts (letters and digits, at most 32): the time and a new id. */
const tradeNumber = Effect.fnUntraced(function* (now: Date) {
  const id = (yield* (yield* Ids).next).replace(/[^A-Za-z0-9]/g, "")
  return `P${now.getTime()}${id}`.slice(0, 32)
})

/** `GET /api/wx/paysign?package=`: the signed JS-SDK data for the caller's own open prepay. */
export const paySignFor = Effect.fn("paySignFor")(function* (actor: Actor, prepayPackage: string | undefined) {
  const prepayId = (prepayPackage ?? "").replace(/^prepay_id=/, "")
  const trade = prepayId ? yield* (yield* TradeStore).findByPrepayId(prepayId) : undefined
  if (!trade || trade.userId !== actor.userId) return yield* new NotFound({ message: messages.paySignFailed })
  const now = yield* (yield* Clock).now
  if (trade.status !== TradeStatus.created || trade.expiresAt <= now) return yield* new StateConflict({ message: messages.closed })
  return yield* (yield* PayIn).paySign(prepayId, now)
})

/** What a settled trade changes in the business, in the settling transaction: `settle` when paid, `undo` when refunded. */
export type TradeChange<R> = (trade: Trade) => Effect.Effect<void, never, R>
export interface Settlement<R> {
  readonly settle: TradeChange<R>
  readonly undo: TradeChange<R>
}
/** One settlement per kind of trade (src/settlement/settlements.ts: the areas above payment say what their trades change). */
export type Settlements<R> = Readonly<Record<TradeKind, Settlement<R>>>

/**
 * The provider's payment notice: the signature is checked first (a bad one changes nothing), then
 * the trade moves created → paid with a conditional change and its settlement runs in the same
 * transaction. A replayed or concurrent notice finds it paid and changes nothing. A refund notice changes
 * nothing either (the trade was marked refunded when the refund was asked for): it is acknowledged with its outcome.
 */
export const settleNoticeWith = <R>(posted: PostedNotice, settlements: Settlements<R>) => Effect.gen(function* () {
  const notice = yield* (yield* PayIn).verifyNotice(posted)
  if (!notice) return yield* new RuleViolation({ message: messages.badSignature })
  if ("refundNo" in notice) return { tradeNo: notice.tradeNo, settled: false, refunded: notice.refunded }
  const trades = yield* TradeStore
  const decision = noticeDecision(yield* trades.find(notice.tradeNo), notice)
  if (decision === "already") return { tradeNo: notice.tradeNo, settled: false }
  if (decision !== "settle") return yield* decision
  const now = yield* (yield* Clock).now
  const paid = yield* trades.markPaid(notice.tradeNo, notice.providerRef, now)
  if (!paid) return { tradeNo: notice.tradeNo, settled: false }
  yield* settlements[paid.kind].settle(paid)
  return { tradeNo: notice.tradeNo, settled: true }
}).pipe(Effect.withSpan("settleNotice"))

/** The open prepays past their deadline, oldest first: the `expire-prepays` job's items. */
export const dueTrades = Effect.fn("dueTrades")(function* (limit: number) {
  const now = yield* (yield* Clock).now
  return (yield* (yield* TradeStore).dueToExpire(now, limit)).map((t) => t.tradeNo)
})

/**
 * Expires one open prepay past its deadline: closed at the provider first, and marked expired only when the
 * provider confirms nobody paid it (a paid one waits for its notice); skipped when it is no longer open and due.
 * A close the provider refuses fails, and the job tries the item again.
 */
export const expireTrade = Effect.fn("expireTrade")(function* (tradeNo: string) {
  const trade = yield* (yield* TradeStore).find(tradeNo)
  const now = yield* (yield* Clock).now
  if (!trade || trade.status !== TradeStatus.created || trade.expiresAt > now) return "skipped" as const
  return (yield* closeTrades([trade])) === "paid" ? "paidElsewhere" as const : "expired" as const
})

/** Pays a settled trade back through the provider and undoes its business change (`undo`), in one transaction. */
export const refundTradeWith = <R>(tradeNo: string, undo: TradeChange<R>, at?: Date) => Effect.gen(function* () {
  const trades = yield* TradeStore
  const trade = yield* trades.find(tradeNo)
  if (!trade) return yield* new NotFound({ message: messages.tradeMissing })
  if (nextTradeStatus(trade.status, "refund") === undefined) return yield* new StateConflict({ message: messages.notPaid })
  const now = at ?? (yield* (yield* Clock).now)
  const refunded = yield* trades.markRefunded(tradeNo, now)
  if (!refunded) return yield* new StateConflict({ message: messages.notPaid })
  const answer = yield* (yield* PayIn).refund({ tradeNo, refundNo: `R${tradeNo}`.slice(0, 32), amountFen: trade.amountFen })
  if (!answer.ok) return yield* new StateConflict({ message: messages.refundFailed(answer.reason) })
  yield* undo(refunded)
  return { ...refunded, refundReference: answer.reference } satisfies Trade & { refundReference: string }
}).pipe(Effect.withSpan("refundTrade"))
