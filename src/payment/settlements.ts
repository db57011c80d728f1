/**
 * What a settled trade changes in the business, per kind, in the settling transaction: `settle` when
 * the payment notice arrives, `undo` when the trade is refunded. A new kind of payment is one entry.
 */
import { Effect, Schema } from "effect"
import { ErrandStore } from "../errand/errand-store"
import { settleErrandTrade } from "../errand/errand-payment"
import { ParcelStore, People } from "../parcel/parcel-store"
import { PayIn } from "./pay-in"
import { TradeStore } from "./trade-store"
import { Clock, Events, Ids, OpsLog } from "../shared/ports"
import { TeamStore } from "../errand/team-store"
import { tipSettlement } from "../errand/tip-settlement"
import { WalletStore } from "../wallet/wallet-store"
import { SAFEKEEP_PAID_EVENT } from "./calls"
import type { Trade, TradeKind } from "./trade"
import { SendStore } from "../sending/send-store"
import { freightPaid } from "../sending/settlement"

export { SAFEKEEP_PAID_EVENT }

/** A change of a parcel's paid safekeeping fee as the operations log keeps it (negative: refunded). */
export const SafekeepFeeInput = Schema.Struct({ parcelId: Schema.String, tradeNo: Schema.String, amountFen: Schema.Int })
export type SafekeepFeeInput = typeof SafekeepFeeInput.Type

/** Moves the parcel's paid fee by the amount: the parcel's new total (replayed from the operations log as is). */
export const recordSafekeepFee = Effect.fn("recordSafekeepFee")(function* (input: SafekeepFeeInput) {
  const paidFen = yield* (yield* ParcelStore).recordSafekeepPaid(input.parcelId, input.amountFen)
  if (paidFen === undefined) return yield* Effect.die(new Error(`trade ${input.tradeNo} pays for parcel ${input.parcelId}, which does not exist`))
  return { id: input.parcelId, safekeepPaid: paidFen }
})

/** What the settlements of every kind may use. */
export type SettlementServices = ParcelStore | People | Events | OpsLog | ErrandStore | TradeStore | PayIn | Clock | Ids | WalletStore | TeamStore | SendStore

type Change = (trade: Trade) => Effect.Effect<void, never, SettlementServices>

/** The fee change, logged as a station operation of the payer so a replay reproduces the parcel. */
const safekeepFee = Effect.fnUntraced(function* (trade: Trade, amountFen: number, at: Date) {
  const input = { parcelId: trade.refId, tradeNo: trade.tradeNo, amountFen }
  const outcome = yield* recordSafekeepFee(input)
  const payer = yield* (yield* People).findById(trade.userId)
  yield* (yield* OpsLog).append({ op: "safekeepFee", actorOpenid: payer?.openid ?? "", at, input, outcome })
  return outcome
})

export const settlements: Record<TradeKind, { readonly settle: Change; readonly undo: Change }> = {
  safekeep: {
    settle: Effect.fnUntraced(function* (trade) {
      const { safekeepPaid } = yield* safekeepFee(trade, trade.amountFen, trade.paidAt ?? trade.createdAt)
      yield* (yield* Events).publish({ room: { user: trade.userId }, name: SAFEKEEP_PAID_EVENT, payload: { _id: trade.refId, safekeepPaid } })
    }),
    undo: Effect.fnUntraced(function* (trade) {
      yield* safekeepFee(trade, -trade.amountFen, trade.refundedAt ?? trade.createdAt)
    })
  },
  // An errand payment opens its order; its refunds are started by the errand lifecycle, which books them on the order itself.
  errand: {
    settle: settleErrandTrade,
    undo: () => Effect.void
  },
  tip: tipSettlement,
  freight: {
    /** The sender's freight paid (src/sending): the send order 20 → 4 once; refunded after printing changes nothing here. */
    settle: (trade) => Effect.asVoid(freightPaid(trade)),
    undo: () => Effect.void
  }
}
