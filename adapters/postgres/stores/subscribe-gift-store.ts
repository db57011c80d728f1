/** The follow gifts' port over Postgres (migration 2026-11-26T0920-subscribe-gift). */
import { Effect } from "effect"
import type { Kysely, Selectable } from "kysely"
import type { SubscribeGift } from "#src/home/subscribe-gift"
import { SubscribeGiftStore } from "#src/home/subscribe-gift-store"
import type { DB } from "../schema"
import { query } from "./query"

const toGift = (r: Selectable<DB["subscribe_gift"]>): SubscribeGift => ({
  id: r.id, userId: r.user_id, worksiteId: r.worksite_id, status: r.status, createdAt: new Date(r.created_at)
})

export const subscribeGiftStore = (db: Kysely<DB>) => {
  const findByUser = (userId: string) => db.selectFrom("subscribe_gift").selectAll().where("user_id", "=", userId).executeTakeFirst()
  return SubscribeGiftStore.of({
    find: (id) => query(() => db.selectFrom("subscribe_gift").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toGift(r))),
    findByUser: (userId) => query(() => findByUser(userId)).pipe(Effect.map((r) => r && toGift(r))),
    // two first openings at once: one inserts, the other finds the row the first wrote (user_id is unique)
    grant: (gift) =>
      query(async () => {
        const inserted = await db.insertInto("subscribe_gift")
          .values({ id: gift.id, user_id: gift.userId, worksite_id: gift.worksiteId, status: gift.status, created_at: gift.createdAt })
          .onConflict((oc) => oc.column("user_id").doNothing()).returningAll().executeTakeFirst()
        return inserted ? { gift: toGift(inserted), granted: true } : { gift: toGift((await findByUser(gift.userId))!), granted: false }
      }),
    // one conditional statement: of two staff redeeming at once, one moves it and the other finds it redeemed
    exchange: (id, employeeId, at) =>
      query(() => db.updateTable("subscribe_gift").set({ status: 1, exchanged_at: at, exchanged_by: employeeId })
        .where("id", "=", id).where("status", "=", 0).executeTakeFirst())
        .pipe(Effect.map((r) => r.numUpdatedRows === 1n))
  })
}
