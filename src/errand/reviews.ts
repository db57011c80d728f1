/**
 * Rating a completed errand (`comment/update`), paying its runner a tip (`reward/{id}/{amount}`) and the
 * runner's credit records (`creditscore/wxlist`). A rating moves the runner's credit score (DESIGN §6) with
 * its credit record in the same transaction; an order is rated once.
 */
import { Effect } from "effect"
import { TradeKind } from "../payment/trade"
import { openTrade } from "../payment/use-cases"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { Clock, Ids } from "../shared/ports"
import { applyCredit, type CreditCause } from "./credit"
import { CreditStore, ErrandStore } from "./errand-store"
import { stepOf } from "./timeline"
import { isRated, mayRate, ratingRefusal, ratingMessages, rewardRefusal, type RatingTag } from "./rating"
import { TeamStore } from "./team-store"
import { RateErrandOperation, TipPrepayOperation } from "./errand-operations"
import { logOperation } from "../shared/operation"
import type { PageRequest } from "../shared/paging"

export const reviewMessages = {
  ...ratingMessages,
  orderMissing: "获取跑腿单信息失败",
  alreadyRated: "该跑腿单已评价过了"
} as const

/** Tries a credit change a few times: `change` is conditional on the score read, so a concurrent change is re-read, never lost. */
const CREDIT_ATTEMPTS = 5

/**
 * Moves a user's credit score for one cause and writes its record with it; the new score, or undefined
 * when other changes kept moving it (what that means is the caller's: a refusal or a defect). The record is dated
 * `at`, the time of the operation that moves it (its logged time, which a replay's clock reads), else the clock's now.
 */
export const changeCredit = Effect.fn("changeCredit")(function* (userId: string, cause: CreditCause, orderId: string | null, at?: Date) {
  const credits = yield* CreditStore
  const now = at ?? (yield* (yield* Clock).now)
  for (let attempt = 0; attempt < CREDIT_ATTEMPTS; attempt++) {
    const from = yield* credits.score(userId)
    const { score, record } = applyCredit(from, cause)
    if (!record) return from
    const entry = { ...record, id: yield* (yield* Ids).next, userId, orderId, createdAt: now }
    if (yield* credits.change(userId, from, score, entry)) return score
  }
  return undefined
})

export interface RateInput {
  readonly paotuiId: string
  readonly acceptOpenid: string
  readonly score: number
  readonly tags: ReadonlyArray<number>
}

/**
 * The requester rates their completed order once. The comment keeps the tips actually paid for the order
 * (the client's `rewardMoney` is not trusted); the runner's credit score moves by the stars.
 */
export const rateErrand = Effect.fn("rateErrand")(function* (actor: Actor, input: RateInput) {
  const refused = ratingRefusal(input)
  if (refused) return yield* refused

  const errands = yield* ErrandStore
  const order = yield* errands.findById(input.paotuiId)
  if (!order) return yield* new NotFound({ message: reviewMessages.orderMissing })
  if (order.openid !== actor.openid || order.accept === null || order.accept.openid !== input.acceptOpenid) {
    return yield* new NotAllowed({ message: reviewMessages.failed })
  }
  if (isRated(order)) return yield* new StateConflict({ message: reviewMessages.alreadyRated })
  if (!mayRate(order, actor.openid, input.acceptOpenid)) return yield* new StateConflict({ message: reviewMessages.failed })
  const team = yield* TeamStore
  const runner = yield* team.byOpenid(input.acceptOpenid)
  if (!runner) return yield* new NotFound({ message: reviewMessages.orderMissing })
  const now = yield* (yield* Clock).now
  const rewardMoney = yield* team.paidTips(order.id)
  const stored = yield* errands.comment({
    orderId: order.id, acceptOpenid: input.acceptOpenid, score: input.score, tags: [...input.tags].sort() as ReadonlyArray<RatingTag>, rewardMoney, createdAt: now
  })
  if (!stored) return yield* new StateConflict({ message: reviewMessages.alreadyRated })
  yield* errands.recordStep(stepOf(order.id, "rate", now))
  const creditScore = yield* changeCredit(runner.id, { kind: "rated", stars: input.score }, order.id, now)
  if (creditScore === undefined) return yield* Effect.die(new Error(`credit score of ${runner.id} kept moving`))
  yield* logOperation(RateErrandOperation, actor.openid, now, { ...input, tags: [...input.tags] }, { orderId: order.id, rewardMoney, creditScore })
  return { orderId: order.id, runnerId: runner.id, rewardMoney, creditScore }
})

/** The pay parameters of a tip of `amountFen` for the caller's completed, not yet rated order. */
export const payTip = Effect.fn("payTip")(function* (actor: Actor, orderId: string, amountFen: number) {
  const order = yield* (yield* ErrandStore).findById(orderId)
  if (!order) return yield* new NotFound({ message: reviewMessages.orderMissing })
  const refused = rewardRefusal(order, actor.openid, amountFen)
  if (refused) return yield* refused
  const now = yield* (yield* Clock).now
  const trade = yield* openTrade(actor, { kind: TradeKind.tip, refId: order.id, amountFen, description: `跑腿赏金 ${order.orderNo}` }, now)
  if (trade.opened) {
    yield* logOperation(TipPrepayOperation, actor.openid, now, { id: order.id, amountFen }, { tradeNo: trade.tradeNo, prepayId: trade.prepayId! })
  }
  return { prepayId: trade.prepayId!, tradeNo: trade.tradeNo, totalFee: trade.amountFen }
})

/** The caller's credit score and one page of their credit records, newest first. */
export const creditRecords = Effect.fn("creditRecords")(function* (actor: Actor, page: PageRequest) {
  const credits = yield* CreditStore
  const score = yield* credits.score(actor.userId)
  const records = yield* credits.list(actor.userId, page)
  return { score, records }
})
