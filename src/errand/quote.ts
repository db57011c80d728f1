/**
 * One door-delivery order priced and checked, as the page shows it and as the server takes it: the form's
 * checks in the spec's order (with the fee the core computed, never one from the client), then the day's
 * cut-off, then the activity's daily limit; the answer is the fee, the discount and what to pay.
 */
import { RuleViolation, StateConflict } from "../shared/errors"
import { ACTIVITY_FULL, canOrder, errandFee, price, type Activity, type FeeBuilding, type FeeWorksite, type Priced } from "./fee"
import { deliveryCutoff, errandFormRefusal, type CutoffWorksite, type ErrandForm, type ParcelSize } from "./order-form"

export interface QuoteInput {
  readonly form: Omit<ErrandForm, "fee">
  readonly worksite: FeeWorksite & CutoffWorksite
  /** The chosen building of the worksite, or undefined when none (or another worksite's) was chosen. */
  readonly building: FeeBuilding | undefined
  readonly parcelSize: ParcelSize | null
  readonly activity: Activity | null
  /** Orders already placed under the activity on this Asia/Shanghai day. */
  readonly activityOrdersToday: number
  readonly now: Date
}

/** What the order costs, under which activity; or the refusal: the form's first problem (400), past the cut-off or the day full (409). */
export type Quote = ({ readonly activityId: string | null } & Priced) | RuleViolation | StateConflict

/** The fee for the current choices, or undefined while they do not name one (the page shows no amount yet). */
export const quoteFee = (input: Pick<QuoteInput, "form" | "worksite" | "building">): number | undefined =>
  input.building && input.form.goodsClass !== null && input.form.floor !== null
    ? errandFee({ worksite: input.worksite, building: input.building, floor: input.form.floor, goodsClass: input.form.goodsClass, specialGoodId: input.form.specialGoodId ?? undefined })
    : undefined

export const quote = (input: QuoteInput): Quote => {
  const fee = quoteFee(input)
  const refused = errandFormRefusal({ ...input.form, buildingId: input.building ? input.form.buildingId : null, fee }, input.parcelSize)
  if (refused) return refused
  if (fee === undefined) return new RuleViolation({ message: "赏金不能为空" })

  const cutoff = deliveryCutoff(input.worksite, input.now)
  if (!cutoff.open) return new StateConflict({ message: cutoff.message })
  if (!canOrder(input.activity, input.activityOrdersToday)) return new StateConflict({ message: ACTIVITY_FULL })
  return { activityId: input.activity?.id ?? null, ...price(fee, input.activity) }
}
