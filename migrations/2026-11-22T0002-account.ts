import { sql, type Kysely } from "kysely"

/** The student account area: worksite chooser fields, the full user, addresses, SMS codes and uploads. */
const statements = [
  `alter table worksite
    add column full_name text not null default '',
    add column school_code text not null default '',
    add column paotui_able boolean not null default false,
    add column paotui_apply_able boolean not null default false,
    add column paotui_apply_need_invitation boolean not null default false,
    add column lon double precision check (lon between -180 and 180),
    add column lat double precision check (lat between -90 and 90)`,
  `alter table app_user
    add column sex smallint not null default 0 check (sex in (0, 1, 2)),
    add column headimg_base64 text,
    add column id_card_no text,
    add column to_auth_id_card_no text,
    add column to_auth_realname text,
    add column id_card_url text,
    add column student_card_url text,
    add column auth_status smallint not null default -1 check (auth_status in (-1, 0, 1, 2)),
    add column auth_submitted_at timestamptz,
    add column reject_comment text,
    add column paotui_status smallint not null default -1 check (paotui_status in (-1, 0, 1, 2)),
    add column is_paotui_leader boolean not null default false,
    add column paotui_leader text references app_user(id),
    add column invitation text,
    add column is_xyt_admin boolean not null default false,
    add column pickup_able boolean not null default false,
    add column credit_score integer not null default 100,
    add column new_paotui_order_remind boolean not null default true,
    add column subscribe_time timestamptz`,
  `create unique index app_user_invitation on app_user (worksite_id, invitation) where invitation is not null`,
  `create index app_user_by_leader on app_user (paotui_leader) where paotui_leader is not null`,
  `create index app_user_under_review on app_user (auth_submitted_at) where auth_status = 0`,
  `create index app_user_phone_main on app_user (phone_main)`,
  `create index app_user_phone_vice on app_user (phone_vice)`,
  `create table address (
    id text primary key,
    user_id text not null references app_user(id),
    name text not null,
    phone text not null,
    province text not null,
    city text not null,
    county text not null,
    province_name text not null,
    city_name text not null,
    county_name text not null,
    detail text not null,
    is_default boolean not null default false,
    created_at timestamptz not null default now()
  )`,
  `create index address_by_user on address (user_id, created_at)`,
  `create unique index address_one_default on address (user_id) where is_default`,
  `create table captcha (
    id bigserial primary key,
    user_id text not null references app_user(id),
    phone text not null,
    code_hash text not null,
    issued_at timestamptz not null,
    attempts integer not null default 0,
    used boolean not null default false
  )`,
  `create index captcha_by_phone on captcha (phone, issued_at desc)`,
  `create index captcha_by_user on captcha (user_id, phone, issued_at desc)`,
  `create table upload (
    id text primary key,
    user_id text not null references app_user(id),
    field text not null check (field in ('idCard', 'studentCard', 'fileVal')),
    date_folder text not null,
    file_name text not null,
    bytes integer not null,
    ocr jsonb,
    created_at timestamptz not null,
    unique (date_folder, file_name)
  )`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const dropped = [
  `drop table upload, captcha, address`,
  `drop index app_user_invitation, app_user_by_leader, app_user_under_review, app_user_phone_main, app_user_phone_vice`,
  `alter table app_user
    drop column sex, drop column headimg_base64, drop column id_card_no, drop column to_auth_id_card_no, drop column to_auth_realname,
    drop column id_card_url, drop column student_card_url, drop column auth_status, drop column auth_submitted_at, drop column reject_comment, drop column paotui_status,
    drop column is_paotui_leader, drop column paotui_leader, drop column invitation, drop column is_xyt_admin, drop column pickup_able,
    drop column credit_score, drop column new_paotui_order_remind, drop column subscribe_time`,
  `alter table worksite
    drop column full_name, drop column school_code, drop column paotui_able, drop column paotui_apply_able,
    drop column paotui_apply_need_invitation, drop column lon, drop column lat`
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of dropped) await sql.raw(statement).execute(db)
}
