/** The ports of SMS credit and donations: each change a conditional one inside the caller's transaction. */
import { Context, Effect } from "effect"
import type { CreditReason, DepositStatus, SmsDeposit } from "./sms-credit"

/** One move of a worksite's credit with its ledger row. */
export interface CreditMove {
  readonly worksiteId: string
  /** Positive adds, negative takes. */
  readonly change: number
  readonly reason: CreditReason
  /** The deposit's trade (reasons deposit and refund). */
  readonly tradeNo: string | null
  readonly note: string
  readonly at: Date
  /** The SMS it paid for (reason sms). */
  readonly outboxId?: string
}

export interface WorksiteCredit {
  readonly worksiteId: string
  readonly siteCode: string
  readonly shortName: string
  readonly credit: number
  /** The sum of its ledger rows: equal to `credit` (station check). */
  readonly ledger: number
}

export class SmsCreditStore extends Context.Service<SmsCreditStore, {
  insertDeposit(deposit: SmsDeposit): Effect.Effect<void>
  depositByTrade(tradeNo: string): Effect.Effect<SmsDeposit | undefined>
  /** from → to, only if still `from`: the deposit as it is now when this call moved it. */
  moveDeposit(id: string, from: DepositStatus, to: DepositStatus, paidAt: Date | null): Effect.Effect<SmsDeposit | undefined>
  /**
   * Moves the worksite's credit and writes its ledger row: the new credit, or undefined (nothing written) when it
   * would fall below 0 or there is no such worksite. A deposit's trade is credited at most once (a second is a defect).
   */
  moveCredit(move: CreditMove): Effect.Effect<number | undefined>
  /** The credit of every worksite (one, when named by id or site code), by site code. */
  credits(worksite?: string): Effect.Effect<ReadonlyArray<WorksiteCredit>>
}>()("station/SmsCreditStore") {}

export class DonationStore extends Context.Service<DonationStore, {
  /** One row per settled donation trade: false when the trade already has one. */
  record(donation: { readonly tradeNo: string; readonly userId: string; readonly amountFen: number; readonly paidAt: Date }): Effect.Effect<boolean>
  markRefunded(tradeNo: string, at: Date): Effect.Effect<boolean>
}>()("station/DonationStore") {}
