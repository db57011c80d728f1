/** The ordering calls beside those of calls.ts: what the order form needs of its worksite, and the prepay of an unpaid order. */
import { Schema } from "effect"
import { Prepay } from "../payment/calls"
import { call, Text } from "../shared/wire"
import { SpecialGoodView } from "./calls"

const Window = Schema.Struct({ begin: Schema.String, end: Schema.String })

/**
 * `GET /api/paotuiOrder/formInfo/{worksiteId}`: the worksite's errand side for the order form — its fee tiers (fen)
 * and sub-categories (the page prices with the core's `errandFee`, as the server does), the cut-off and the
 * door-service windows (the worksite's or the 12–14 / 19–23 defaults).
 */
export const ErrandFormInfo = call(
  Schema.Struct({ worksiteId: Text() }),
  Schema.Struct({
    worksiteId: Schema.String,
    schoolCode: Schema.String,
    paotuiAble: Schema.Boolean,
    fees: Schema.Struct({
      liftSmallFee: Schema.Number, liftMiddleFee: Schema.Number, liftBigFee: Schema.Number, smallFeeOne: Schema.Number, smallFeeTwo: Schema.Number,
      middleFeeOne: Schema.Number, middleFeeTwo: Schema.Number, bigFeeOne: Schema.Number, bigFeeTwo: Schema.Number
    }),
    specialGoods: Schema.Array(SpecialGoodView),
    paotuiOrderLastTime: Schema.NullOr(Schema.String),
    serviceEnd: Schema.String,
    noon: Window,
    pm: Window
  })
)

/**
 * `GET /api/paotuiOrder/prepay/{id}`: the prepay of the caller's unpaid order (opened again when the last one
 * lapsed); the page then asks `GET /api/wx/paysign?package=prepay_id=…`.
 */
export const ErrandPrepay = call(Schema.Struct({ id: Text() }), Prepay)
