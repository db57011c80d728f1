/**
 * What a settled trade changes in the business, per kind, in the settling transaction: `settle` when
 * the payment notice arrives, `undo` when the trade is refunded. A new kind of payment is one entry.
 */
import { Effect } from "effect"
import { ParcelStore } from "../parcel/parcel-store"
import { Events } from "../shared/ports"
import { SAFEKEEP_PAID_EVENT } from "./calls"
import type { Trade, TradeKind } from "./trade"

export { SAFEKEEP_PAID_EVENT }

type Change = (trade: Trade) => Effect.Effect<void, never, ParcelStore | Events>

export const settlements: Record<TradeKind, { readonly settle: Change; readonly undo: Change }> = {
  safekeep: {
    settle: Effect.fnUntraced(function* (trade) {
      const parcels = yield* ParcelStore
      const paidFen = yield* parcels.recordSafekeepPaid(trade.refId, trade.amountFen)
      if (paidFen === undefined) return yield* Effect.die(new Error(`trade ${trade.tradeNo} pays for parcel ${trade.refId}, which does not exist`))
      yield* (yield* Events).publish({ room: { user: trade.userId }, name: SAFEKEEP_PAID_EVENT, payload: { _id: trade.refId, safekeepPaid: paidFen } })
    }),
    undo: Effect.fnUntraced(function* (trade) {
      const paidFen = yield* (yield* ParcelStore).recordSafekeepPaid(trade.refId, -trade.amountFen)
      if (paidFen === undefined) return yield* Effect.die(new Error(`trade ${trade.tradeNo} pays for parcel ${trade.refId}, which does not exist`))
    })
  }
}
