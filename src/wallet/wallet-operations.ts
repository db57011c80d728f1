/**
 * The wallet's operations as the log keeps them: each records the ids it drew (the withdrawal, its ledger row) and
 * what the payment provider answered (a pay-out's reference), so a replay writes the same rows without asking anyone.
 */
import { Schema } from "effect"
import { operationKind } from "../shared/operation"

/** A student's application, with the amount as decided; the new withdrawal, its fee, the balance left and the ledger row taking the amount. */
export const ApplyWithdrawalOperation = operationKind("applyWithdrawal", Schema.Struct({ money: Schema.Int }),
  Schema.Struct({ id: Schema.String, money: Schema.Int, fee: Schema.Int, balance: Schema.Int, ledgerId: Schema.String }))

/** The operator's review: approved, or rejected with the amount given back by a ledger row. */
export const ReviewWithdrawalOperation = operationKind("reviewWithdrawal",
  Schema.Struct({ id: Schema.String, action: Schema.Literals(["approve", "reject"]) }),
  Schema.Struct({ id: Schema.String, status: Schema.Int, ledgerId: Schema.NullOr(Schema.String) }))

/** An approved application paid out: the provider's transfer reference. A refused transfer changes nothing and is not logged. */
export const PayWithdrawalOperation = operationKind("payWithdrawal", Schema.Struct({ id: Schema.String }),
  Schema.Struct({ id: Schema.String, status: Schema.Int, reference: Schema.String }))

/** Points to money: the points asked; the points taken, the money added and the ledger row. */
export const PointsToMoneyOperation = operationKind("pointsToMoney", Schema.Struct({ points: Schema.Int }),
  Schema.Struct({ points: Schema.Int, moneyFen: Schema.Int, ledgerId: Schema.String }))
