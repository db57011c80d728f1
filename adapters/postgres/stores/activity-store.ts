/** The announcements' port over Postgres: `errand_activity` rows of the announcement kind (migration 2026-11-26T0500-activity-content). */
import { Effect } from "effect"
import type { Kysely, Selectable } from "kysely"
import { ActivityKind, type Announcement } from "#src/home/activity"
import { ActivityStore, RUNNING_LIMIT } from "#src/home/activity-store"
import type { DB } from "../schema"
import { query } from "./query"

const toAnnouncement = (r: Selectable<DB["errand_activity"]>): Announcement => ({
  id: r.id, worksiteId: r.worksite_id, title: r.title, content: r.content, timeBegin: new Date(r.time_begin!), timeEnd: new Date(r.time_end!)
})

export const activityStore = (db: Kysely<DB>) => {
  const announcements = () => db.selectFrom("errand_activity").selectAll().where("kind", "=", ActivityKind.announcement)
  const newestFirst = (q: ReturnType<typeof announcements>) => q.orderBy("time_begin", "desc").orderBy("id")
  return ActivityStore.of({
    running: (worksiteId, now) =>
      query(() => newestFirst(announcements().where("worksite_id", "=", worksiteId).where("time_begin", "<=", now).where("time_end", ">", now))
        .limit(RUNNING_LIMIT).execute()).pipe(Effect.map((rows) => rows.map(toAnnouncement))),
    find: (id) => query(() => announcements().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toAnnouncement(r))),
    list: ({ worksiteId, limit }) =>
      query(() => newestFirst(announcements().$if(worksiteId !== undefined, (q) => q.where("worksite_id", "=", worksiteId!))).limit(limit).execute())
        .pipe(Effect.map((rows) => rows.map(toAnnouncement))),
    add: (a) =>
      query(() => db.insertInto("errand_activity").values({
        id: a.id, worksite_id: a.worksiteId, kind: ActivityKind.announcement, title: a.title, content: a.content, time_begin: a.timeBegin,
        time_end: a.timeEnd, discount: null, fee: null, count_daily: null
      }).execute()).pipe(Effect.asVoid),
    // one conditional statement: of two operators ending it at once, one closes it and the other finds it closed
    end: (id, at) =>
      query(() => db.updateTable("errand_activity").set({ time_end: at })
        .where("id", "=", id).where("kind", "=", ActivityKind.announcement).where("time_end", ">", at)
        .returningAll().executeTakeFirst()).pipe(Effect.map((r) => r && toAnnouncement(r)))
  })
}
