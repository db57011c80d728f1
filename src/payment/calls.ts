/** The pay-in calls: prepay a safekeeping fee, the JS-SDK pay-sign data, and the simulated provider's pay step. */
import { Schema } from "effect"
import { call, Text } from "../shared/wire"

/** An opened pay-in trade, as every prepay call answers it: then `/api/wx/paysign` with its prepay id. */
export const Prepay = Schema.Struct({ prepayId: Schema.String, tradeNo: Schema.String, totalFee: Schema.Int })

/** `GET /api/expressTosend/paysafekeep/{id}`: opens the trade for the fee due now (priced by the server). */
export const PaySafekeep = call(Schema.Struct({ id: Text() }), Prepay)

export const PaySignData = Schema.Struct({
  appId: Schema.String,
  timeStamp: Schema.String,
  nonceStr: Schema.String,
  package: Schema.String,
  signType: Schema.String,
  paySign: Schema.String
})
export type PaySignData = typeof PaySignData.Type

/** `GET /api/wx/paysign?package=prepay_id=…` (or the bare prepay id): the signed payment data. */
export const PaySign = call(Schema.Struct({ package: Text(256) }), PaySignData)

/**
 * `POST /auth/dev/pay` (only with the local fake messaging app): the payment sheet's "pay" step. The
 * simulated provider checks the pay-sign, takes the money and posts its signed notice to this server.
 */
export const DevPay = call(
  Schema.Struct({ appId: Text(), timeStamp: Text(), nonceStr: Text(), package: Text(256), signType: Text(), paySign: Text() }),
  Schema.Struct({ tradeNo: Schema.String, notified: Schema.Boolean })
)

/** The live event the receiver's pages hear when a safekeeping fee is paid, payload `{ _id, safekeepPaid }` (the spec names none; see docs/decisions.md). */
export const SAFEKEEP_PAID_EVENT = "safekeepPaySuccess"
