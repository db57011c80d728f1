import { sql, type Kysely } from "kysely"

/**
 * Operations statistics (issue 20). Site admins: `employee.site_admin` (a bound employee with it sees their
 * worksite's statistics). The times a user was bound to their worksite, passed real-name verification and was
 * approved as a runner (filled here from the best times known: the follow time, the submission, the sign-up). Each
 * worksite's closed days as the `daily-statistics` job stores them (money in fen), one row per worksite and day.
 * Report keys for the daily report link: kept only as the SHA-256 of the key, scoped to one worksite or (null) all,
 * expiring, revocable. Indexes for counting a day's events per worksite.
 */
const figures = [
  "checked_in", "on_shelf", "overdue", "handed_out", "locker_out", "returned", "sendings", "sending_income", "door_deliveries", "door_pickups",
  "errands_paid", "errands_completed", "errand_income", "new_followers", "new_bindings", "verifications", "runners", "sms_count", "sms_cost"
]

const statements = [
  `alter table employee add column site_admin boolean not null default false`,
  `alter table app_user add column worksite_bound_at timestamptz, add column auth_passed_at timestamptz, add column paotui_joined_at timestamptz`,
  `update app_user set worksite_bound_at = coalesce(subscribe_time, created_at) where worksite_id is not null`,
  `update app_user set auth_passed_at = coalesce(auth_submitted_at, created_at) where auth_status = 1`,
  `update app_user set paotui_joined_at = created_at where paotui_status = 1`,
  `create table daily_statistics (
    id text primary key,
    worksite_id text not null references worksite (id),
    day date not null,
    ${figures.map((f) => `${f} integer not null check (${f} >= 0)`).join(",\n    ")},
    computed_at timestamptz not null,
    unique (worksite_id, day)
  )`,
  `create table report_key (
    id text primary key,
    key_hash text not null unique,
    worksite_id text references worksite (id),
    created_by text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null check (expires_at > created_at),
    revoked_at timestamptz
  )`,
  `create index ops_log_by_op on ops_log (op, at)`,
  `create index parcel_by_worksite_day on parcel (worksite_id, created_at)`,
  `create index parcel_signed on parcel (worksite_id, signed_at) where signed_at is not null`,
  `create index errand_order_by_worksite_day on errand_order (worksite_id, created_at)`,
  `create index errand_order_ended on errand_order (worksite_id, finished_at) where finished_at is not null`,
  `create index send_order_by_worksite_day on send_order (worksite_id, created_at)`,
  `create index pay_trade_paid on pay_trade (kind, paid_at) where paid_at is not null`,
  `create index outbox_sms_sent on outbox (worksite_id, sent_at) where channel = 'sms' and sent_at is not null`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["outbox_sms_sent", "pay_trade_paid", "send_order_by_worksite_day", "errand_order_ended", "errand_order_by_worksite_day", "parcel_signed", "parcel_by_worksite_day", "ops_log_by_op"]) {
    await sql.raw(`drop index ${index}`).execute(db)
  }
  await sql.raw(`drop table report_key`).execute(db)
  await sql.raw(`drop table daily_statistics`).execute(db)
  await sql.raw(`alter table app_user drop column worksite_bound_at, drop column auth_passed_at, drop column paotui_joined_at`).execute(db)
  await sql.raw(`alter table employee drop column site_admin`).execute(db)
}
