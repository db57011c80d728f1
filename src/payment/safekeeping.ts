/** Paying a parcel's safekeeping fee (`GET /api/expressTosend/paysafekeep/{id}`): only its receiver, only what is due, priced here; a new prepay is logged. */
import { Effect } from "effect"
import { unpaidSafekeeping } from "../parcel/parcel"
import { ParcelStore } from "../parcel/parcel-store"
import type { Actor } from "../shared/actor"
import { NotFound, StateConflict } from "../shared/errors"
import { logOperation } from "../shared/operation"
import { Clock } from "../shared/ports"
import { TradeKind } from "./trade"
import { TradePrepayOperation } from "./trade-operations"
import { openTrade } from "./use-cases"

export const safekeepMessages = {
  parcelMissing: "快递不存在",
  nothingDue: "该快递无需支付保管费"
} as const

export const paySafekeeping = Effect.fn("paySafekeeping")(function* (actor: Actor, parcelId: string) {
  const parcels = yield* ParcelStore
  const parcel = yield* parcels.findById(parcelId)
  if (!parcel || parcel.receiverId !== actor.userId) return yield* new NotFound({ message: safekeepMessages.parcelMissing })
  const now = yield* (yield* Clock).now
  const due = unpaidSafekeeping(parcel, now, yield* parcels.safekeepingTerms(parcel.worksiteId))
  if (due <= 0) return yield* new StateConflict({ message: safekeepMessages.nothingDue })
  const trade = yield* openTrade(actor, { kind: TradeKind.safekeep, refId: parcel.id, amountFen: due, description: `快递保管费 ${parcel.expressNo}` }, now)
  if (trade.opened) {
    yield* logOperation(TradePrepayOperation, actor.openid, now, { kind: TradeKind.safekeep, parcelId: parcel.id },
      { tradeNo: trade.tradeNo, prepayId: trade.prepayId!, amountFen: trade.amountFen, refId: parcel.id })
  }
  return { prepayId: trade.prepayId!, tradeNo: trade.tradeNo, totalFee: trade.amountFen }
})
