/**
 * What a paid safekeeping fee changes (the settlement of trades of kind `safekeep`); the other kinds' settlements
 * belong to the areas above payment and are listed together in src/settlement/settlements.ts.
 */
import { Effect, Schema } from "effect"
import { ParcelStore, People } from "../parcel/parcel-store"
import { logOperation, operationKind } from "../shared/operation"
import { Events } from "../shared/ports"
import { SAFEKEEP_PAID_EVENT } from "./calls"
import type { Trade } from "./trade"

export { SAFEKEEP_PAID_EVENT }

/** A change of a parcel's paid safekeeping fee as the operations log keeps it (negative: refunded). */
export const SafekeepFeeInput = Schema.Struct({ parcelId: Schema.String, tradeNo: Schema.String, amountFen: Schema.Int })
export type SafekeepFeeInput = typeof SafekeepFeeInput.Type

/** A fee change as the operations log keeps it, under the payer: the change, and the parcel's new total paid. */
export const SafekeepFeeOperation = operationKind("safekeepFee", SafekeepFeeInput, Schema.Struct({ id: Schema.String, safekeepPaid: Schema.Int }))

/** Moves the parcel's paid fee by the amount: the parcel's new total (replayed from the operations log as is). */
export const recordSafekeepFee = Effect.fn("recordSafekeepFee")(function* (input: SafekeepFeeInput) {
  const paidFen = yield* (yield* ParcelStore).recordSafekeepPaid(input.parcelId, input.amountFen)
  if (paidFen === undefined) return yield* Effect.die(new Error(`trade ${input.tradeNo} pays for parcel ${input.parcelId}, which does not exist`))
  return { id: input.parcelId, safekeepPaid: paidFen }
})

/** The fee change, logged as a station operation of the payer so a replay reproduces the parcel. */
const safekeepFee = Effect.fnUntraced(function* (trade: Trade, amountFen: number, at: Date) {
  const input = { parcelId: trade.refId, tradeNo: trade.tradeNo, amountFen }
  const outcome = yield* recordSafekeepFee(input)
  const payer = yield* (yield* People).findById(trade.userId)
  yield* logOperation(SafekeepFeeOperation, payer?.openid ?? "", at, input, outcome)
  return outcome
})

/** A paid safekeeping fee: the parcel's paid amount moves and its receiver's page hears it; a refund moves it back. */
export const safekeepSettlement = {
  settle: Effect.fnUntraced(function* (trade: Trade) {
    const { safekeepPaid } = yield* safekeepFee(trade, trade.amountFen, trade.paidAt ?? trade.createdAt)
    yield* (yield* Events).publish({ room: { user: trade.userId }, name: SAFEKEEP_PAID_EVENT, payload: { _id: trade.refId, safekeepPaid } })
  }),
  undo: Effect.fnUntraced(function* (trade: Trade) {
    yield* safekeepFee(trade, -trade.amountFen, trade.refundedAt ?? trade.createdAt)
  })
}
