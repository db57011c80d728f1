/**
 * Donations and SMS top-ups: each opens a server-priced trade through the pay-in port and answers its pay-sign
 * data; their settlements (src/settlement/settlements.ts) record the donation, or credit the deposit's SMS to its
 * worksite once, in the notice's transaction. The operator grants credit and reads it (`station sms`).
 */
import { Effect, Schema } from "effect"
import { People } from "../parcel/parcel-store"
import { PayIn } from "../payment/pay-in"
import { TradeKind, type Trade } from "../payment/trade"
import { TradePrepayOperation } from "../payment/trade-operations"
import { openTrade } from "../payment/use-cases"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation } from "../shared/errors"
import { logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { SYSTEM_ACTOR } from "../parcel/returns"
import { EmployeeStore } from "../staff/staff-store"
import { Worksites } from "../worksite/worksite-store"
import { DONATION_FEN } from "./donation"
import { CreditReason, DepositStatus, depositYuan, grantRefusal, nextDepositStatus, smsFor, smsMessages, type SmsDeposit } from "./sms-credit"
import { DonationStore, SmsCreditStore, type CreditMove } from "./support-store"


/** A credit added (a deposit credited, a grant) as the operations log keeps it: replayed as the same move. */
export const SmsCreditInput = Schema.Struct({
  worksiteId: Schema.String,
  change: Schema.Int,
  reason: Schema.Literals([CreditReason.deposit, CreditReason.grant, CreditReason.refund]),
  tradeNo: Schema.NullOr(Schema.String),
  note: Schema.String
})
export type SmsCreditInput = typeof SmsCreditInput.Type
export const SmsCreditOperation = operationKind("smsCredit", SmsCreditInput, Schema.Struct({ worksiteId: Schema.String, change: Schema.Int }))

/**
 * A worksite's parcel SMS sent, as the outbox's sender logs it (under the system actor) in the transaction that marks it
 * sent: one credit taken for that message. A replay takes it again, since a replay sends nothing.
 */
export const ChargeSmsOperation = operationKind("chargeSms", Schema.Struct({ worksiteId: Schema.String, outboxId: Schema.String }),
  Schema.Struct({ worksiteId: Schema.String, credit: Schema.Int }))

/** The credit a sent SMS took, taken again and logged as it was (the sender took it when it sent the message). */
export const chargeSms = Effect.fn("chargeSms")(function* (input: typeof ChargeSmsOperation.input.Type) {
  const at = yield* (yield* Clock).now
  const credit = yield* creditSms({ worksiteId: input.worksiteId, change: -1, reason: CreditReason.sms, tradeNo: null, note: "", at, outboxId: input.outboxId })
  yield* logOperation(ChargeSmsOperation, SYSTEM_ACTOR, at, input, { worksiteId: input.worksiteId, credit })
  return { worksiteId: input.worksiteId, credit }
})

/** The trade of the caller's 1-fen donation: an open one handed out again, or a new one, logged. */
export const donationTrade = Effect.fn("donationTrade")(function* (actor: Actor) {
  const now = yield* (yield* Clock).now
  const trade = yield* openTrade(actor, { kind: TradeKind.donation, refId: actor.userId, amountFen: DONATION_FEN, description: "捐赠" }, now)
  if (trade.opened) {
    yield* logOperation(TradePrepayOperation, actor.openid, now, { kind: TradeKind.donation },
      { tradeNo: trade.tradeNo, prepayId: trade.prepayId!, amountFen: trade.amountFen, refId: trade.refId })
  }
  return trade
})

/** `GET /api/common/donate`: the pay-sign data of the caller's donation. */
export const donate = Effect.fn("donate")(function* (actor: Actor) {
  const trade = yield* donationTrade(actor)
  return yield* (yield* PayIn).paySign(trade.prepayId!, yield* (yield* Clock).now)
})

/** Who may top up a worksite's SMS: its own staff, and admins any. */
const mayTopUp = Effect.fnUntraced(function* (actor: Actor, worksiteId: string) {
  if (actor.role === "admin") return true
  return (yield* (yield* EmployeeStore).findByOpenid(actor.openid))?.worksite.id === worksiteId
})

/**
 * `POST /api/common/deposit` {worksiteId, money}: the money floored to whole yuan and checked, the caller allowed
 * for the worksite, then an `sms_deposit` with its fen and SMS fixed now and its trade; answers the pay-sign data.
 */
export const depositSms = Effect.fn("depositSms")(function* (actor: Actor, input: { readonly worksiteId?: string | undefined; readonly money?: number | undefined }) {
  const { trade } = yield* depositTrade(actor, input)
  return yield* (yield* PayIn).paySign(trade.prepayId!, yield* (yield* Clock).now)
})

/** The deposit and its new trade (logged) for `depositSms`. */
export const depositTrade = Effect.fn("depositTrade")(function* (actor: Actor, input: { readonly worksiteId?: string | undefined; readonly money?: number | undefined }) {
  const yuan = depositYuan(input.money)
  if (yuan instanceof RuleViolation) return yield* yuan
  const worksite = input.worksiteId ? yield* (yield* Worksites).find(input.worksiteId) : undefined
  if (!worksite) return yield* new NotFound({ message: smsMessages.worksiteMissing })
  if (!(yield* mayTopUp(actor, worksite.id))) return yield* new NotAllowed({ message: smsMessages.notOwnWorksite })
  const id = yield* (yield* Ids).next
  const smsCount = smsFor(yuan)
  const now = yield* (yield* Clock).now
  const trade = yield* openTrade(actor, { kind: TradeKind.deposit, refId: id, amountFen: yuan * 100, description: `短信充值 ${worksite.shortName} ${smsCount}条` }, now)
  const deposit: SmsDeposit = {
    id, worksiteId: worksite.id, userId: actor.userId, moneyFen: trade.amountFen, smsCount, status: DepositStatus.created,
    tradeNo: trade.tradeNo, createdAt: trade.createdAt, paidAt: null
  }
  yield* (yield* SmsCreditStore).insertDeposit(deposit)
  yield* logOperation(TradePrepayOperation, actor.openid, now, { kind: TradeKind.deposit, worksiteId: worksite.id, money: yuan },
    { tradeNo: trade.tradeNo, prepayId: trade.prepayId!, amountFen: trade.amountFen, refId: id })
  return { trade, deposit }
})

/** Moves a credit that adds (or takes back) and logs it under `actorOpenid`: the new credit. A move that cannot be made is a defect. */
const creditLogged = Effect.fnUntraced(function* (move: CreditMove, actorOpenid: string) {
  const credit = yield* creditSms(move)
  const input: SmsCreditInput = { worksiteId: move.worksiteId, change: move.change, reason: move.reason as SmsCreditInput["reason"], tradeNo: move.tradeNo, note: move.note }
  yield* logOperation(SmsCreditOperation, actorOpenid, move.at, input, { worksiteId: move.worksiteId, change: move.change })
  return credit
})

/** One logged credit move as it is replayed: the same move at the logged time. */
export const creditSms = Effect.fn("creditSms")(function* (move: CreditMove) {
  const credit = yield* (yield* SmsCreditStore).moveCredit(move)
  if (credit === undefined) return yield* Effect.die(new Error(`the SMS credit of worksite ${move.worksiteId} cannot move by ${move.change}`))
  return credit
})

const payerOpenid = Effect.fnUntraced(function* (userId: string) {
  return (yield* (yield* People).findById(userId))?.openid ?? ""
})

/** The deposit a trade pays for, moved by `event`; a defect when it is missing or not where the event starts. */
const movedDeposit = Effect.fnUntraced(function* (trade: Trade, event: "pay" | "refund", at: Date | null) {
  const store = yield* SmsCreditStore
  const deposit = yield* store.depositByTrade(trade.tradeNo)
  const to = deposit && nextDepositStatus(deposit.status, event)
  const moved = deposit && to ? yield* store.moveDeposit(deposit.id, deposit.status, to, at) : undefined
  if (!moved) return yield* Effect.die(new Error(`trade ${trade.tradeNo} pays for SMS deposit ${trade.refId}, which cannot ${event}`))
  return moved
})

/**
 * A paid deposit trade: the deposit created → paid and its SMS added to the worksite's credit with a ledger row
 * (once per trade: the trade settles once); a refund takes back what is left of them, never below 0.
 */
export const depositSettlement = {
  settle: Effect.fnUntraced(function* (trade: Trade) {
    const at = trade.paidAt ?? trade.createdAt
    const deposit = yield* movedDeposit(trade, "pay", at)
    yield* creditLogged({ worksiteId: deposit.worksiteId, change: deposit.smsCount, reason: CreditReason.deposit, tradeNo: trade.tradeNo, note: "", at },
      yield* payerOpenid(trade.userId))
  }),
  undo: Effect.fnUntraced(function* (trade: Trade) {
    const at = trade.refundedAt ?? trade.createdAt
    const deposit = yield* movedDeposit(trade, "refund", at)
    const left = (yield* (yield* SmsCreditStore).credits(deposit.worksiteId))[0]?.credit ?? 0
    const back = Math.min(left, deposit.smsCount)
    if (back > 0) {
      yield* creditLogged({ worksiteId: deposit.worksiteId, change: -back, reason: CreditReason.refund, tradeNo: trade.tradeNo, note: "", at },
        yield* payerOpenid(trade.userId))
    }
  })
}

/** The deposit of a trade `expire-prepays` closed unpaid: created → expired (never credited after). */
export const expireDepositOf = Effect.fn("expireDepositOf")(function* (tradeNo: string) {
  const store = yield* SmsCreditStore
  const deposit = yield* store.depositByTrade(tradeNo)
  if (deposit && nextDepositStatus(deposit.status, "expire")) yield* store.moveDeposit(deposit.id, deposit.status, DepositStatus.expired, null)
})

/** A settled donation: one row per trade; a refunded one is marked so. */
export const donationSettlement = {
  settle: Effect.fnUntraced(function* (trade: Trade) {
    yield* (yield* DonationStore).record({ tradeNo: trade.tradeNo, userId: trade.userId, amountFen: trade.amountFen, paidAt: trade.paidAt ?? trade.createdAt })
  }),
  undo: Effect.fnUntraced(function* (trade: Trade) {
    yield* (yield* DonationStore).markRefunded(trade.tradeNo, trade.refundedAt ?? trade.createdAt)
  })
}

/** `station sms credit [--worksite]`: every worksite's credit (one, by id or site code) with its ledger sum. */
export const smsCredits = Effect.fn("smsCredits")(function* (worksite?: string) {
  return yield* (yield* SmsCreditStore).credits(worksite)
})

/** `station sms grant <siteCode> <count> --reason`: the operator adds credit, logged; the worksite's new credit. */
export const grantSms = Effect.fn("grantSms")(function* (siteCode: string, count: number, reason: string) {
  const refusal = grantRefusal(count, reason)
  if (refusal) return yield* refusal
  const worksite = (yield* (yield* SmsCreditStore).credits(siteCode))[0]
  if (!worksite) return yield* new NotFound({ message: smsMessages.worksiteMissing })
  const at = yield* (yield* Clock).now
  const credit = yield* creditLogged({ worksiteId: worksite.worksiteId, change: count, reason: CreditReason.grant, tradeNo: null, note: reason.trim(), at }, STATION_OPERATOR)
  return { ...worksite, credit, ledger: worksite.ledger + count }
})
