/**
 * A tip's settlement (`reward/{id}/{amount}` paid): the runner of the order is credited the whole tip as
 * wallet income with its ledger row, in the transaction that marks the trade paid (so once per trade);
 * a refunded tip is taken back with a ledger row of the opposite sign.
 */
import { Effect } from "effect"
import type { Trade } from "../payment/trade"
import { Events } from "../shared/ports"
import { LedgerRef, LedgerType } from "../wallet/ledger"
import { moveWallet } from "../wallet/settle"
import { ErrandStore } from "./errand-store"
import { TeamStore } from "./team-store"
import { TipPaidOperation } from "./errand-operations"
import { logOperation } from "../shared/operation"
import { Clock } from "../shared/ports"

export const TIP_PAID_EVENT = "paotuiRewardPaid"

const runnerOf = Effect.fnUntraced(function* (trade: Trade) {
  const order = yield* (yield* ErrandStore).findById(trade.refId)
  const runner = order?.accept ? yield* (yield* TeamStore).byOpenid(order.accept.openid) : undefined
  if (!order || !runner) return yield* Effect.die(new Error(`tip ${trade.tradeNo} is for order ${trade.refId}, which has no runner`))
  return { order, runner }
})

const moveTip = Effect.fnUntraced(function* (trade: Trade, money: number, remark: string, at: Date) {
  const { order, runner } = yield* runnerOf(trade)
  yield* moveWallet({ userId: runner.id, type: LedgerType.income, money, ref: LedgerRef.tip, refId: trade.tradeNo, label: remark, orderNo: order.orderNo, at })
  return { order, runner }
})

export const tipSettlement = {
  settle: Effect.fnUntraced(function* (trade: Trade) {
    const { order, runner } = yield* moveTip(trade, trade.amountFen, "跑腿赏金", trade.paidAt ?? trade.createdAt)
    yield* (yield* Events).publish({ room: { user: runner.id }, name: TIP_PAID_EVENT, payload: { _id: order.id, rewardMoney: trade.amountFen } })
    yield* logOperation(TipPaidOperation, order.openid, trade.paidAt ?? (yield* (yield* Clock).now), { tradeNo: trade.tradeNo, providerRef: trade.providerRef }, { id: order.id })
  }),
  undo: Effect.fnUntraced(function* (trade: Trade) {
    yield* moveTip(trade, -trade.amountFen, "跑腿赏金退回", trade.refundedAt ?? trade.createdAt)
  })
}
