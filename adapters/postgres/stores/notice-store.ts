/** The notice preferences and the return reminders' markers over Postgres (migration 2026-11-28T0800-notice-preferences). */

/** A row per kind a user turned off. */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { NoticePreferences } from "#src/notice/notice-store"
import type { NoticeKind } from "#src/notice/notice"
import { ReturnReminders } from "#src/parcel/return-reminder"
import type { DB } from "../schema"
import { query } from "./query"

export const noticePreferences = (db: Kysely<DB>) => NoticePreferences.of({
  offKinds: (userId) =>
    query(() => db.selectFrom("notice_off").select("kind").where("user_id", "=", userId).orderBy("kind").execute())
      .pipe(Effect.map((rows) => rows.map((r) => r.kind as NoticeKind))),
  set: (userId, kind, on, at) =>
    query(async () => {
      if (on) await db.deleteFrom("notice_off").where("user_id", "=", userId).where("kind", "=", kind).execute()
      else await db.insertInto("notice_off").values({ user_id: userId, kind, at }).onConflict((oc) => oc.columns(["user_id", "kind"]).doNothing()).execute()
    })
})

/** The return reminders' markers over Postgres: one row per parcel reminded. */
export const returnReminders = (db: Kysely<DB>) => ReturnReminders.of({
  due: (statuses, from, to, limit) =>
    statuses.length === 0 ? Effect.succeed([]) :
    query(() => db.selectFrom("parcel").select("parcel.id").where("parcel.status", "in", [...statuses])
      .where("parcel.created_at", ">", from).where("parcel.created_at", "<", to)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("return_reminder").select("parcel_id").whereRef("return_reminder.parcel_id", "=", "parcel.id"))))
      .orderBy("parcel.created_at").orderBy("parcel.id").limit(limit).execute())
      .pipe(Effect.map((rows) => rows.map((r) => r.id))),
  claim: (parcelId, at) =>
    query(() => db.insertInto("return_reminder").values({ parcel_id: parcelId, at, sent: false }).onConflict((oc) => oc.column("parcel_id").doNothing()).executeTakeFirst())
      .pipe(Effect.map((r) => (r.numInsertedOrUpdatedRows ?? 0n) === 1n)),
  markSent: (parcelId) => query(() => db.updateTable("return_reminder").set({ sent: true }).where("parcel_id", "=", parcelId).execute()).pipe(Effect.asVoid)
})
