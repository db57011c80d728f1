import { sql, type Kysely } from "kysely"

/**
 * Announcements (spec 002 §3 Activity: title, HTML content, timeBegin, timeEnd) as rows of `errand_activity` of
 * their own kind (2) beside the door-delivery discounts (kind 1): a content and a window, required of an
 * announcement. A worksite runs at most one discount at a time (the running index, now stated for discounts
 * only); announcements run by their window, several at once. Running announcements are read newest first.
 */
const statements = [
  `alter table errand_activity
    add column content text not null default '',
    add column time_begin timestamptz,
    add column time_end timestamptz`,
  `alter table errand_activity add constraint errand_activity_kind check (kind in (1, 2))`,
  `alter table errand_activity add constraint errand_activity_announcement check (
    kind <> 2 or (time_begin is not null and time_end is not null and time_end >= time_begin
      and discount is null and fee is null and count_daily is null)
  )`,
  `drop index errand_activity_running`,
  `create unique index errand_activity_running on errand_activity (worksite_id, kind) where active and kind = 1`,
  `create index errand_activity_announcements on errand_activity (worksite_id, time_begin desc) where kind = 2`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const undone = [
  `delete from errand_activity where kind = 2`,
  `drop index errand_activity_announcements`,
  `drop index errand_activity_running`,
  `create unique index errand_activity_running on errand_activity (worksite_id, kind) where active`,
  `alter table errand_activity drop constraint errand_activity_announcement, drop constraint errand_activity_kind`,
  `alter table errand_activity drop column content, drop column time_begin, drop column time_end`
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of undone) await sql.raw(statement).execute(db)
}
