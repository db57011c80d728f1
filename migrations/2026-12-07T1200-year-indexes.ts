import { sql, type Kysely } from "kysely"

/**
 * Indexes a year of data showed missing (issue 24, bench/year.ts): the statistics count the day's new followers,
 * bindings, verifications and runners by when each happened, which on 30,000 users was four sequential scans for
 * every live count of today (half of its 25 ms); each is partial, a user who never did it is not in it. The `/tongji`
 * row's bound and unsubscribed users per worksite are then counted from an index alone.
 */
const indexes = [
  `create index app_user_by_worksite_subscribe on app_user (worksite_id, subscribe)`,
  `create index app_user_followed_at on app_user (worksite_id, (coalesce(subscribe_time, created_at)))`,
  `create index app_user_bound_at on app_user (worksite_id, worksite_bound_at) where worksite_bound_at is not null`,
  `create index app_user_auth_passed_at on app_user (worksite_id, auth_passed_at) where auth_passed_at is not null`,
  `create index app_user_paotui_joined_at on app_user (worksite_id, paotui_joined_at) where paotui_joined_at is not null`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of indexes) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of indexes) await sql.raw(`drop index ${statement.split(" ")[2]}`).execute(db)
}
