/** CreditStore over Postgres: the score lives on app_user; a change writes the score and its record in one statement, only from the expected score. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import type { CreditType } from "#src/errand/credit"
import { CreditStore, type CreditEntry } from "#src/errand/errand-store"
import type { DB } from "../schema"
import { keysetPaged } from "../paging"
import { query } from "./query"

const toEntry = (r: Selectable<DB["credit_record"]>): CreditEntry => ({
  id: r.id, userId: r.user_id, orderId: r.order_id, type: r.type as CreditType, score: r.score, remark: r.remark, createdAt: r.created_at
})

export const creditStore = (db: Kysely<DB>) => CreditStore.of({
  score: (userId) =>
    query(() => db.selectFrom("app_user").select("credit_score").where("id", "=", userId).executeTakeFirst())
      .pipe(Effect.map((r) => r?.credit_score ?? 0)),
  change: (userId, from, to, record) =>
    query(() => sql<{ id: string }>`with moved as (
        update app_user set credit_score = ${to} where id = ${userId} and credit_score = ${from} returning id
      )
      insert into credit_record (id, user_id, order_id, type, score, remark, created_at)
      select ${record.id}, id, ${record.orderId}, ${record.type}, ${record.score}, ${record.remark}, ${record.createdAt}::timestamptz from moved
      returning id`.execute(db))
      .pipe(Effect.map((r) => r.rows.length === 1)),
  list: (userId, page) =>
    query(() => keysetPaged(db.selectFrom("credit_record").where("user_id", "=", userId), page, (q) => q.selectAll()))
      .pipe(Effect.map((p) => ({ ...p, results: p.results.map(toEntry) })))
})
