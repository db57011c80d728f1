/** The notice preferences over Postgres (migration 2026-11-28T0800-notice-preferences): a row per kind turned off. */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { NoticePreferences } from "#src/notice/notice-store"
import type { NoticeKind } from "#src/notice/notice"
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
