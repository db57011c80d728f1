/** CaptchaStore over Postgres: codes are kept as hashes; a transaction-scoped advisory lock serializes each phone. */
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { CaptchaStore } from "../../../src/profile/captcha-store"
import type { DB } from "../schema"
import { query } from "./query"

export const captchaStore = (db: Kysely<DB>) => CaptchaStore.of({
  lockPhone: (phone, since) =>
    query(async () => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`captcha:${phone}`}, 0))`.execute(db)
      const rows = await db.selectFrom("captcha").select("issued_at").where("phone", "=", phone).where("issued_at", ">=", since).execute()
      return rows.map((r) => r.issued_at)
    }),
  insert: (userId, c) =>
    query(() => db.insertInto("captcha").values({ user_id: userId, phone: c.phone, code_hash: c.code, issued_at: c.issuedAt, attempts: c.attempts, used: c.used }).execute()),
  latest: (userId, phone) =>
    query(() => db.selectFrom("captcha").selectAll().where("user_id", "=", userId).where("phone", "=", phone)
      .orderBy("issued_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst())
      .pipe(Effect.map((r) => r && { id: String(r.id), captcha: { phone: r.phone, code: r.code_hash, issuedAt: r.issued_at, attempts: r.attempts, used: r.used } })),
  update: (id, c) => query(() => db.updateTable("captcha").set({ attempts: c.attempts, used: c.used }).where("id", "=", id).execute())
})
