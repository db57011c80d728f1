/** Wallet use cases: the user's view, cash withdrawal, points to money and the staff review. */
import type { PageRequest } from "../shared/paging"
import { Effect } from "effect"
import type { Actor } from "../shared/actor"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { logOperation, STATION_OPERATOR } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { startOfShanghaiDay } from "../shared/time"
import { LedgerRef, LedgerType } from "./ledger"
import { ledgerView, moneyLineView } from "./calls"
import { MoneyHistory, moneyLine } from "./money-history"
import { moveWallet } from "./settle"
import { convertPoints, DEFAULT_POINTS_RATIO } from "./points"
import { WalletStore, Payouts } from "./wallet-store"
import { ApplyWithdrawalOperation, PayWithdrawalOperation, PointsToMoneyOperation, ReviewWithdrawalOperation } from "./wallet-operations"
import { decideWithdrawal, nextReviewStatus, payoutOf, WithdrawalStatus, WITHDRAWAL_LIMITS } from "./withdrawal"

const userMissing = () => new NotFound({ message: "获取用户信息失败" })

export const walletOf = Effect.fn("walletOf")(function* (actor: Actor) {
  const store = yield* WalletStore
  const wallet = yield* store.find(actor.userId)
  if (!wallet) return yield* userMissing()
  return wallet
})

export const applyWithdrawal = Effect.fn("applyWithdrawal")(function* (actor: Actor, amountFen: number | undefined) {
  const store = yield* WalletStore
  const now = yield* (yield* Clock).now
  const wallet = yield* store.lock(actor.userId)
  if (!wallet) return yield* userMissing()
  const earlier = yield* store.withdrawalsSince(actor.userId, new Date(startOfShanghaiDay(now).getTime() - WITHDRAWAL_LIMITS.gapMs))
  const decision = decideWithdrawal({ amountFen, balanceFen: wallet.money, earlier, now })
  if (!("fee" in decision)) return yield* decision
  const id = yield* (yield* Ids).next
  yield* store.insertWithdrawal({ id, userId: actor.userId, money: decision.amountFen, fee: decision.fee, status: WithdrawalStatus.pending, createdAt: now })
  const { ledgerId } = yield* moveWallet({
    userId: actor.userId, type: LedgerType.withdrawal, money: -decision.amountFen, ref: LedgerRef.withdrawal, refId: id, label: "提现申请", at: now
  })
  const applied = { id, money: decision.amountFen, fee: decision.fee, balance: wallet.money - decision.amountFen }
  yield* logOperation(ApplyWithdrawalOperation, actor.openid, now, { money: decision.amountFen }, { ...applied, ledgerId })
  return applied
})

export const pointsToMoney = Effect.fn("pointsToMoney")(function* (actor: Actor, requested: number, ratio = DEFAULT_POINTS_RATIO) {
  const store = yield* WalletStore
  const now = yield* (yield* Clock).now
  const wallet = yield* store.lock(actor.userId)
  if (!wallet) return yield* userMissing()
  const converted = convertPoints({ requested, held: wallet.activeScore, ratio })
  if (converted instanceof RuleViolation) return yield* converted
  const { ledgerId } = yield* moveWallet({
    userId: actor.userId, type: LedgerType.pointsToMoney, money: converted.moneyFen, score: -converted.points, ref: LedgerRef.pointsToMoney, refId: null,
    label: `${converted.points}积分兑换`, at: now
  })
  yield* logOperation(PointsToMoneyOperation, actor.openid, now, { points: requested }, { ...converted, ledgerId })
  return converted
})

/** The operator's review of a pending application (`station withdrawals`); a rejection gives the whole amount back in the same transaction. */
export const reviewWithdrawal = Effect.fn("reviewWithdrawal")(function* (id: string, action: "approve" | "reject") {
  const store = yield* WalletStore
  const now = yield* (yield* Clock).now
  const record = yield* store.lockWithdrawal(id)
  if (!record) return yield* new NotFound({ message: "提现申请不存在" })
  const next = nextReviewStatus(record.status, action)
  if (next instanceof StateConflict) return yield* next
  yield* store.lock(record.userId)
  yield* store.setWithdrawalStatus(id, next, now)
  const ledgerId = next === WithdrawalStatus.rejected
    ? (yield* moveWallet({ userId: record.userId, type: LedgerType.income, money: record.money, ref: LedgerRef.withdrawal, refId: id, label: "提现退回", at: now })).ledgerId
    : null
  yield* logOperation(ReviewWithdrawalOperation, STATION_OPERATOR, now, { id, action }, { id, status: next, ledgerId })
  return { ...record, status: next }
})

/** Pays an approved application, less its fee, through the payment provider (`station withdrawals transfer`). */
export const transferWithdrawal = Effect.fn("transferWithdrawal")(function* (id: string) {
  const store = yield* WalletStore
  const now = yield* (yield* Clock).now
  const record = yield* store.lockWithdrawal(id)
  if (!record) return yield* new NotFound({ message: "提现申请不存在" })
  const next = nextReviewStatus(record.status, "transfer")
  if (next instanceof StateConflict) return yield* next
  const wallet = yield* store.find(record.userId)
  if (!wallet) return yield* userMissing()
  const paid = yield* (yield* Payouts).transfer({ withdrawalId: id, openid: wallet.openid, amountFen: payoutOf(record) })
  if (!paid.ok) return yield* new StateConflict({ message: `转账失败：${paid.reason}` })
  yield* store.setWithdrawalStatus(id, next, now)
  yield* logOperation(PayWithdrawalOperation, STATION_OPERATOR, now, { id }, { id, status: next, reference: paid.reference })
  return { ...record, status: next, reference: paid.reference }
})

/** `/moneyDetail/{type}`: 0 资金明细 (money lines: the wallet's and the pay-ins), any other type that type's ledger rows. */
export const moneyRecords = Effect.fn("moneyRecords")(function* (userId: string, type: number, page: PageRequest) {
  if (type === 0) {
    const lines = yield* MoneyHistory.use((h) => h.list(userId, page))
    return { ...lines, results: lines.results.map((r) => moneyLineView(moneyLine(r))) }
  }
  const rows = yield* WalletStore.use((s) => s.listLedger(userId, type, page))
  return { ...rows, results: rows.results.map(ledgerView) }
})
