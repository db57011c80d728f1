/**
 * CaptchaStore over Postgres: codes are kept as hashes with the account and client address that asked;
 * transaction-scoped advisory locks serialize each account, address and phone (taken in that order).
 */
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { CaptchaStore } from "#src/profile/captcha-store"
import type { DB } from "../schema"
import { query } from "./query"

const lock = (db: Kysely<DB>, key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db)

export const captchaStore = (db: Kysely<DB>) => CaptchaStore.of({
  lockSender: (userId, address, since) =>
    query(async () => {
      await lock(db, `captcha-account:${userId}`)
      if (address !== undefined) await lock(db, `captcha-address:${address}`)
      const account = await db.selectFrom("captcha").select("issued_at").where("user_id", "=", userId).where("issued_at", ">=", since).execute()
      const fromAddress = address === undefined ? []
        : await db.selectFrom("captcha").select("issued_at").where("client", "=", address).where("issued_at", ">=", since).execute()
      return { account: account.map((r) => r.issued_at), address: fromAddress.map((r) => r.issued_at) }
    }),
  lockPhone: (phone, since) =>
    query(async () => {
      await lock(db, `captcha:${phone}`)
      const rows = await db.selectFrom("captcha").select(["user_id", "issued_at"]).where("phone", "=", phone).where("issued_at", ">=", since).execute()
      return rows.map((r) => ({ userId: r.user_id, at: r.issued_at }))
    }),
  insert: (userId, c, address) =>
    query(() => db.insertInto("captcha").values({
      user_id: userId, phone: c.phone, code_hash: c.code, issued_at: c.issuedAt, attempts: c.attempts, used: c.used, client: address ?? null
    }).execute()),
  latest: (userId, phone) =>
    query(() => db.selectFrom("captcha").selectAll().where("user_id", "=", userId).where("phone", "=", phone)
      .orderBy("issued_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst())
      .pipe(Effect.map((r) => r && { id: String(r.id), captcha: { phone: r.phone, code: r.code_hash, issuedAt: r.issued_at, attempts: r.attempts, used: r.used } })),
  update: (id, c) => query(() => db.updateTable("captcha").set({ attempts: c.attempts, used: c.used }).where("id", "=", id).execute())
})
