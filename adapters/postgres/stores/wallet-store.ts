/** WalletStore over Postgres: the wallet row is locked for every change and moves with its ledger row. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import { detailTypes, type LedgerEntry, type LedgerRef, type LedgerType } from "#src/wallet/ledger"
import { WalletStore, type Wallet } from "#src/wallet/wallet-store"
import type { WithdrawalRecord, WithdrawalStatus } from "#src/wallet/withdrawal"
import { keysetPaged } from "../paging"
import type { DB } from "../schema"
import { query } from "./query"

const walletQuery = (db: Kysely<DB>, userId: string) =>
  db.selectFrom("wallet").innerJoin("app_user", "app_user.id", "wallet.user_id")
    .select(["wallet.user_id", "app_user.openid", "wallet.money", "wallet.active_score"])
    .where("wallet.user_id", "=", userId)

const toWallet = (row: { user_id: string; openid: string; money: number; active_score: number } | undefined): Wallet | undefined =>
  row && { userId: row.user_id, openid: row.openid, money: row.money, activeScore: row.active_score }

const toWithdrawal = (row: Selectable<DB["withdrawal"]>): WithdrawalRecord => ({
  id: row.id, userId: row.user_id, money: row.money, fee: row.fee, status: row.status as WithdrawalStatus, createdAt: row.created_at
})

const toLedger = (row: Selectable<DB["ledger"]>): LedgerEntry => ({
  id: row.id, userId: row.user_id, type: row.type as LedgerType, money: row.money, score: row.score,
  remark: row.remark, refType: row.ref_type as LedgerRef, refId: row.ref_id, createdAt: row.created_at
})

export const walletStore = (db: Kysely<DB>) => WalletStore.of({
  find: (userId) => query(() => walletQuery(db, userId).executeTakeFirst()).pipe(Effect.map(toWallet)),
  lock: (userId) => query(() => walletQuery(db, userId).forUpdate("wallet").executeTakeFirst()).pipe(Effect.map(toWallet)),
  withdrawalsSince: (userId, since) =>
    query(() => db.selectFrom("withdrawal").selectAll().where("user_id", "=", userId).where("created_at", ">=", since).execute())
      .pipe(Effect.map((rows) => rows.map(toWithdrawal))),
  insertWithdrawal: (w) =>
    query(() => db.insertInto("withdrawal").values({ id: w.id, user_id: w.userId, money: w.money, fee: w.fee, status: w.status, created_at: w.createdAt }).execute()),
  lockWithdrawal: (id) =>
    query(() => db.selectFrom("withdrawal").selectAll().where("id", "=", id).forUpdate().executeTakeFirst())
      .pipe(Effect.map((row) => row && toWithdrawal(row))),
  setWithdrawalStatus: (id, status, at) =>
    query(() => db.updateTable("withdrawal").set({ status, reviewed_at: at }).where("id", "=", id).execute()),
  record: (e) =>
    query(async () => {
      await db.insertInto("ledger").values({
        id: e.id, user_id: e.userId, type: e.type, money: e.money, score: e.score, remark: e.remark, ref_type: e.refType, ref_id: e.refId, created_at: e.createdAt
      }).execute()
      await db.updateTable("wallet")
        .set({ money: sql`money + ${e.money}`, active_score: sql`active_score + ${e.score}` })
        .where("user_id", "=", e.userId).execute()
    }),
  listWithdrawals: (userId, page) =>
    query(() => keysetPaged(db.selectFrom("withdrawal").where("user_id", "=", userId), page, (q) => q.selectAll()))
      .pipe(Effect.map((p) => ({ ...p, results: p.results.map(toWithdrawal) }))),
  listWithdrawalsByStatus: (status, limit) =>
    query(() => {
      const base = db.selectFrom("withdrawal").innerJoin("app_user", "app_user.id", "withdrawal.user_id").selectAll("withdrawal").select("app_user.openid")
      return (status === undefined ? base : base.where("withdrawal.status", "=", status)).orderBy("withdrawal.created_at").limit(limit).execute()
    }).pipe(Effect.map((rows) => rows.map((r) => ({ ...toWithdrawal(r), openid: r.openid })))),
  listLedger: (userId, filter, page) => {
    const types = detailTypes(filter)
    const filtered = db.selectFrom("ledger").where("user_id", "=", userId)
      .where((eb) => (types.length === 0 ? eb.lit(false) : eb("type", "in", types)))
    return query(() => keysetPaged(filtered, page, (q) => q.selectAll()))
      .pipe(Effect.map((p) => ({ ...p, results: p.results.map(toLedger) })))
  }
})
