/** The wallet port: balances, withdrawals and the ledger, always changed inside one transaction. */
import { Context, Effect } from "effect"
import type { Page, PageRequest } from "../shared/paging"
import type { LedgerEntry } from "./ledger"
import type { WithdrawalRecord, WithdrawalStatus } from "./withdrawal"

export interface Wallet {
  readonly userId: string
  readonly openid: string
  readonly money: number
  readonly activeScore: number
}

export type { Page } from "../shared/paging"

export class WalletStore extends Context.Service<WalletStore, {
  find(userId: string): Effect.Effect<Wallet | undefined>
  /** Reads the wallet and holds it against other changes until the transaction ends. */
  lock(userId: string): Effect.Effect<Wallet | undefined>
  withdrawalsSince(userId: string, since: Date): Effect.Effect<ReadonlyArray<WithdrawalRecord>>
  insertWithdrawal(record: WithdrawalRecord): Effect.Effect<void>
  lockWithdrawal(id: string): Effect.Effect<WithdrawalRecord | undefined>
  setWithdrawalStatus(id: string, status: WithdrawalStatus, at: Date): Effect.Effect<void>
  /** Appends the row and moves the wallet's money and points by the same amounts. */
  record(entry: LedgerEntry): Effect.Effect<void>
  listWithdrawals(userId: string, page: PageRequest): Effect.Effect<Page<WithdrawalRecord>>
  listWithdrawalsByStatus(status: WithdrawalStatus | undefined, limit: number): Effect.Effect<ReadonlyArray<WithdrawalRecord & { readonly openid: string }>>
  listLedger(userId: string, type: number, page: PageRequest): Effect.Effect<Page<LedgerEntry>>
}>()("station/WalletStore") {}

/** Pays approved withdrawals out to the messaging-app wallet. */
export class Payouts extends Context.Service<Payouts, {
  transfer(input: { readonly withdrawalId: string; readonly openid: string; readonly amountFen: number }): Effect.Effect<{ readonly ok: true; readonly reference: string } | { readonly ok: false; readonly reason: string }>
}>()("station/Payouts") {}
