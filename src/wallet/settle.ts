/**
 * The one door money takes into or out of a wallet: the wallet is locked, one ledger row says what the move is
 * for (its reference type and id, a column `station check` sums by) with the one remark format, and the
 * wallet's money and points move by the row's amounts, in the caller's transaction. It answers the wallet as it was
 * before the move and the new row's id (which a logged operation records, so that its replay writes the same row).
 */
import { Effect } from "effect"
import { Ids } from "../shared/ports"
import { ledgerRemark, type LedgerRef, type LedgerType } from "./ledger"
import { WalletStore } from "./wallet-store"

export interface WalletMove {
  readonly userId: string
  readonly type: LedgerType
  readonly money: number
  readonly score?: number
  readonly ref: LedgerRef
  readonly refId: string | null
  readonly label: string
  /** The order number the remark names, when the move is for an order. */
  readonly orderNo?: string
  readonly at: Date
}

export const moveWallet = Effect.fn("moveWallet")(function* (move: WalletMove) {
  const wallets = yield* WalletStore
  const wallet = yield* wallets.lock(move.userId)
  if (!wallet) return yield* Effect.die(new Error(`user ${move.userId} has no wallet for a ${move.ref} move`))
  const ledgerId = yield* (yield* Ids).next
  yield* wallets.record({
    id: ledgerId, userId: move.userId, type: move.type, money: move.money, score: move.score ?? 0,
    remark: ledgerRemark(move.label, move.orderNo), refType: move.ref, refId: move.refId, createdAt: move.at
  })
  return { ...wallet, ledgerId }
})
