/**
 * What `station stats` shows besides a day's figures (those come from src/statistics, the one module of figures):
 * each worksite's shelf now by status, the withdrawals waiting, and the wallet totals checked against the ledger.
 */
import { sql, type Kysely } from "kysely"
import { ACTIVE_STATUSES } from "#src/parcel/parcel"
import { WithdrawalStatus } from "#src/wallet/withdrawal"
import type { DB } from "../postgres/schema"

export interface WorksiteShelf {
  readonly id: string
  readonly siteCode: string
  readonly name: string
  /** Parcels on the shelf now, by status. */
  readonly onShelf: Readonly<Record<string, number>>
}

export interface AmountCount {
  readonly count: number
  readonly sumFen: number
}

export interface StationStats {
  readonly worksites: ReadonlyArray<WorksiteShelf>
  readonly withdrawals: { readonly pending: AmountCount; readonly approved: AmountCount }
  readonly wallets: {
    readonly count: number
    readonly moneyFen: number
    readonly activeScore: number
    readonly ledgerMoneyFen: number
    readonly ledgerScore: number
    /** Wallets whose balance or points differ from the sums of their ledger rows. */
    readonly inconsistent: number
    readonly consistent: boolean
  }
}

/** Per wallet: its balance and points beside the sums of its ledger rows. */
export const walletLedgerSums = (db: Kysely<DB>) =>
  db.selectFrom("wallet")
    .innerJoin("app_user", "app_user.id", "wallet.user_id")
    .leftJoin(
      (eb) => eb.selectFrom("ledger").select(["user_id", sql<string>`sum(money)`.as("money"), sql<string>`sum(score)`.as("score")]).groupBy("user_id").as("l"),
      (join) => join.onRef("l.user_id", "=", "wallet.user_id")
    )
    .select([
      "wallet.user_id as userId", "app_user.openid", "wallet.money", "wallet.active_score as activeScore",
      sql<string>`coalesce(l.money, 0)`.as("ledgerMoney"), sql<string>`coalesce(l.score, 0)`.as("ledgerScore")
    ])

export const stationStats = async (db: Kysely<DB>): Promise<StationStats> => {
  const [worksites, onShelf, withdrawals, wallets] = await Promise.all([
    db.selectFrom("worksite").select(["id", "site_code", "short_name"]).orderBy("site_code").execute(),
    db.selectFrom("parcel").select(["worksite_id", "status", sql<string>`count(*)`.as("n")])
      .where("status", "in", ACTIVE_STATUSES).groupBy(["worksite_id", "status"]).orderBy("status").execute(),
    db.selectFrom("withdrawal").select(["status", sql<string>`count(*)`.as("n"), sql<string>`coalesce(sum(money), 0)`.as("fen")])
      .where("status", "in", [WithdrawalStatus.pending, WithdrawalStatus.approved]).groupBy("status").execute(),
    db.selectFrom(walletLedgerSums(db).as("w")).select([
      sql<string>`count(*)`.as("count"),
      sql<string>`coalesce(sum(money), 0)`.as("money"), sql<string>`coalesce(sum("activeScore"), 0)`.as("score"),
      sql<string>`coalesce(sum("ledgerMoney"), 0)`.as("ledgerMoney"), sql<string>`coalesce(sum("ledgerScore"), 0)`.as("ledgerScore"),
      sql<string>`count(*) filter (where money <> "ledgerMoney" or "activeScore" <> "ledgerScore")`.as("inconsistent")
    ]).executeTakeFirstOrThrow()
  ])
  const withdrawalsOf = (status: number): AmountCount => {
    const row = withdrawals.find((r) => r.status === status)
    return { count: Number(row?.n ?? 0), sumFen: Number(row?.fen ?? 0) }
  }
  const inconsistent = Number(wallets.inconsistent)
  return {
    worksites: worksites.map((w) => ({
      id: w.id, siteCode: w.site_code, name: w.short_name,
      onShelf: Object.fromEntries(onShelf.filter((r) => r.worksite_id === w.id).map((r) => [String(r.status), Number(r.n)]))
    })),
    withdrawals: { pending: withdrawalsOf(WithdrawalStatus.pending), approved: withdrawalsOf(WithdrawalStatus.approved) },
    wallets: {
      count: Number(wallets.count), moneyFen: Number(wallets.money), activeScore: Number(wallets.score),
      ledgerMoneyFen: Number(wallets.ledgerMoney), ledgerScore: Number(wallets.ledgerScore), inconsistent, consistent: inconsistent === 0
    }
  }
}
