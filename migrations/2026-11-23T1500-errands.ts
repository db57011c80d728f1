import { sql, type Kysely } from "kysely"

/**
 * Errands: the worksite's errand settings, buildings, discount activities with their daily counters,
 * errand orders, comments and credit records. Money in fen; times as timestamptz.
 */
const statements = [
  `create table errand_settings (
    worksite_id text primary key references worksite(id),
    lift_small_fee integer not null default 0 check (lift_small_fee >= 0),
    lift_middle_fee integer not null default 0 check (lift_middle_fee >= 0),
    lift_big_fee integer not null default 0 check (lift_big_fee >= 0),
    small_fee_one integer not null default 0 check (small_fee_one >= 0),
    small_fee_two integer not null default 0 check (small_fee_two >= 0),
    middle_fee_one integer not null default 0 check (middle_fee_one >= 0),
    middle_fee_two integer not null default 0 check (middle_fee_two >= 0),
    big_fee_one integer not null default 0 check (big_fee_one >= 0),
    big_fee_two integer not null default 0 check (big_fee_two >= 0),
    paotui_order_last_time text,
    noon_door_service_begin text,
    noon_door_service_end text,
    pm_door_service_begin text,
    pm_door_service_end text
  )`,
  `create table building (
    id text primary key,
    worksite_id text not null references worksite(id),
    name text not null,
    tag text not null default '',
    area text not null default '',
    is_lift boolean not null default false,
    fees jsonb not null default '{}'::jsonb,
    manager_id text references app_user(id),
    sort integer not null default 0
  )`,
  `create index building_by_worksite on building (worksite_id, sort, name)`,
  `create table special_good (
    id text primary key,
    worksite_id text not null references worksite(id),
    building_id text references building(id),
    name text not null,
    lift_fee integer not null check (lift_fee >= 0),
    fee_one integer not null check (fee_one >= 0),
    fee_two integer not null check (fee_two >= 0),
    sort integer not null default 0
  )`,
  `create index special_good_by_owner on special_good (worksite_id, building_id, sort)`,
  `create table errand_activity (
    id text primary key,
    worksite_id text not null references worksite(id),
    kind smallint not null default 1,
    title text not null,
    discount numeric(4, 2) check (discount between 0 and 10),
    fee integer check (fee >= 0),
    count_daily integer check (count_daily >= 0),
    remark text not null default '',
    active boolean not null default true
  )`,
  `create unique index errand_activity_running on errand_activity (worksite_id, kind) where active`,
  `create table errand_activity_day (
    activity_id text not null references errand_activity(id),
    day date not null,
    count integer not null default 0 check (count >= 0),
    primary key (activity_id, day)
  )`,
  `create table errand_order (
    id text primary key,
    order_no text not null unique,
    type smallint not null check (type in (1, 2, 3, 4)),
    status smallint not null check (status in (-1, 0, 1, 2, 3, 4, 5, 10, 20, 100)),
    worksite_id text not null references worksite(id),
    openid text not null,
    accept_openid text,
    accept_user text,
    accept_user_phone text,
    sex_limit smallint not null default -1 check (sex_limit in (-1, 1, 2)),
    goods_class smallint not null check (goods_class in (1, 2, 3)),
    special_good_id text,
    building_id text references building(id),
    floor smallint check (floor between -1 and 30 and floor <> 0),
    dorm_room text not null default '',
    proxy_receiver text,
    proxy_receiver_phone text,
    remark text not null default '',
    to_take_id text references parcel(id),
    fee integer not null check (fee >= 0),
    pay_fee integer not null check (pay_fee >= 0 and pay_fee <= fee),
    activity_id text references errand_activity(id),
    paid integer not null default 0 check (paid >= 0),
    refunded integer not null default 0 check (refunded >= 0),
    runner_income integer not null default 0 check (runner_income >= 0),
    freight integer check (freight > 0),
    freight_paid integer not null default 0 check (freight_paid >= 0),
    goods_pic text,
    prepay_id text,
    to_comment boolean not null default false,
    require_arrive_time timestamptz not null,
    created_at timestamptz not null,
    accepted_at timestamptz,
    finished_at timestamptz,
    check (paid = refunded + runner_income or status not in (4, 100)),
    check (refunded + runner_income <= paid)
  )`,
  `create index errand_order_hall on errand_order (worksite_id, created_at desc) where status = 0`,
  `create index errand_order_by_requester on errand_order (openid, created_at desc)`,
  `create index errand_order_by_runner on errand_order (accept_openid, created_at desc) where accept_openid is not null`,
  `create index errand_order_unpaid on errand_order (created_at) where status = -1`,
  `create index errand_order_unaccepted on errand_order (require_arrive_time) where status = 0`,
  `create unique index errand_order_open_per_parcel on errand_order (to_take_id) where to_take_id is not null and status not in (4, 100)`,
  `create table errand_comment (
    order_id text primary key references errand_order(id),
    accept_openid text not null,
    score smallint not null check (score between 1 and 5),
    tags smallint[] not null,
    reward_money integer not null default 0 check (reward_money >= 0),
    created_at timestamptz not null
  )`,
  `create table credit_record (
    id text primary key,
    user_id text not null references app_user(id),
    order_id text references errand_order(id),
    type smallint not null check (type in (1, 2, 3)),
    score integer not null,
    remark text not null,
    created_at timestamptz not null
  )`,
  `create index credit_record_by_user on credit_record (user_id, created_at desc)`,
  `alter table app_user add constraint app_user_credit_range check (credit_score between 0 and 100)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const dropped = [
  `alter table app_user drop constraint app_user_credit_range`,
  `drop table credit_record, errand_comment, errand_order, errand_activity_day, errand_activity, special_good, building, errand_settings`
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of dropped) await sql.raw(statement).execute(db)
}
