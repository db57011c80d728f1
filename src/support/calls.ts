/** The donation and SMS top-up calls (spec 002 §7): both answer the pay-sign data the messaging app's payment takes. */
import { Schema } from "effect"
import { PaySignData } from "../payment/calls"
import { Amount, call, Text } from "../shared/wire"

/** `GET /api/common/donate`: the caller's 1-fen donation, ready to pay. */
export const Donate = call(Schema.Struct({}), PaySignData)

/** `POST /api/common/deposit` {worksiteId, money}: money in yuan (floored here and on the server), ready to pay. */
export const Deposit = call(Schema.Struct({ worksiteId: Text(), money: Amount }), PaySignData)
