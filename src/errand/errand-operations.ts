/**
 * The errand's operations as the log keeps them (one per use case that changes an order): what came from outside
 * is recorded (ids, order and trade numbers, the provider's prepay and payment references, the goods photo as
 * stored), so a replay reproduces the order instead of recomputing it.
 */
import { Schema } from "effect"
import { ById, IdStatus, operationKind } from "../shared/operation"
import { PlaceErrand } from "./calls"

const ByOrderNo = Schema.Struct({ orderNo: Schema.String })

/** An order placed: the call's request; the order with its number and, when it is to be paid, the trade opened for it. */
export const PlaceErrandOperation = operationKind("placeErrand", PlaceErrand.request, Schema.Struct({
  id: Schema.String, orderNo: Schema.String, status: Schema.Number, payFee: Schema.Number,
  tradeNo: Schema.NullOr(Schema.String), prepayId: Schema.NullOr(Schema.String)
}))
/** An unpaid order's prepay opened again: the new trade and the provider's prepay id. */
export const ErrandPrepayOperation = operationKind("errandPrepay", ById, Schema.Struct({ id: Schema.String, tradeNo: Schema.String, prepayId: Schema.String }))
/** The provider's payment notice settled an order's trade: the trade number and the provider's reference, as the notice said. */
export const ErrandPaidOperation = operationKind("errandPaid", Schema.Struct({ tradeNo: Schema.String, providerRef: Schema.NullOr(Schema.String) }), IdStatus)
export const GrabErrandOperation = operationKind("grabErrand", ByOrderNo, IdStatus)
export const CancelErrandOperation = operationKind("cancelErrand", ByOrderNo, IdStatus)
export const ReleaseErrandOperation = operationKind("releaseErrand",
  Schema.Struct({ orderNo: Schema.String, reasonType: Schema.NullOr(Schema.Number), reason: Schema.NullOr(Schema.String) }), IdStatus)
export const ErrandTakeawayOperation = operationKind("errandTakeaway", ById, IdStatus)
/** The runner confirmed the goods taken: the photo as stored (found to be the runner's own upload when it was sent). */
export const ConfirmErrandTakeawayOperation = operationKind("confirmErrandTakeaway",
  Schema.Struct({ id: Schema.String, goodsPic: Schema.NullOr(Schema.String), isDaofu: Schema.Boolean }), IdStatus)
export const ErrandDeliveredOperation = operationKind("errandDelivered", ById, IdStatus)
export const ConfirmErrandReceiptOperation = operationKind("confirmErrandReceipt", ById, IdStatus)
export const LeaderSignErrandOperation = operationKind("leaderSignErrand", ById, IdStatus)
/** The station handed a type-1 order's parcel to its runner (logged under the staff, after the hand-over's own line). */
export const ErrandCollectedOperation = operationKind("errandCollected", Schema.Struct({ parcelId: Schema.String, worksiteId: Schema.String }), IdStatus)
/** The scheduler voided an order (unpaid for 30 minutes, or unaccepted past its time), under the system actor. */
export const VoidErrandOperation = operationKind("voidErrand",
  Schema.Struct({ id: Schema.String, reason: Schema.Literals(["unpaid", "unaccepted"]) }), IdStatus)
/** A requester's rating: the runner's new credit score (the credit record takes a new id on replay). */
export const RateErrandOperation = operationKind("rateErrand",
  Schema.Struct({ paotuiId: Schema.String, acceptOpenid: Schema.String, score: Schema.Number, tags: Schema.Array(Schema.Number) }),
  Schema.Struct({ orderId: Schema.String, rewardMoney: Schema.Number, creditScore: Schema.Number }))
/** A tip's prepay opened: the trade and the provider's prepay id. */
export const TipPrepayOperation = operationKind("tipPrepay", Schema.Struct({ id: Schema.String, amountFen: Schema.Number }),
  Schema.Struct({ tradeNo: Schema.String, prepayId: Schema.String }))
/** The provider's notice settled a tip's trade. */
export const TipPaidOperation = operationKind("tipPaid", Schema.Struct({ tradeNo: Schema.String, providerRef: Schema.NullOr(Schema.String) }),
  Schema.Struct({ id: Schema.String }))
/**
 * A runner handed accepted orders to a teammate (`rollout/single`, `rollout/batch`): the orders named (each once, in
 * the order given) and the teammate by user id; the teammate's openid they went to.
 */
export const TransferErrandsOperation = operationKind("transferErrands",
  Schema.Struct({ ids: Schema.Array(Schema.String), acceptUserId: Schema.String }),
  Schema.Struct({ ids: Schema.Array(Schema.String), acceptOpenid: Schema.String }))
/** A leader set a building's leader (`setExpressMaster`): the building and the runner who leads it now. */
export const SetBuildingManagerOperation = operationKind("setBuildingManager",
  Schema.Struct({ buildingId: Schema.String, userId: Schema.String }), Schema.Struct({ buildingId: Schema.String, managerId: Schema.String }))
/** A leader removed a building's leader (`delExpressMaster`): the building, which has none now. */
export const RemoveBuildingManagerOperation = operationKind("removeBuildingManager",
  Schema.Struct({ buildingId: Schema.String }), Schema.Struct({ buildingId: Schema.String, managerId: Schema.Null }))
