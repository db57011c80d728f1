import { sql, type Kysely } from "kysely"

/**
 * The campus circle (spec 002 §3, §7; issue 19): market items, the three social kinds (20 sell-a-teammate,
 * 30 confession, 40 message), reactions exactly once per person (the primary key), reports once per reporter,
 * the calls a visitor's "contact" and a teammate's "hu" sent, the admin's moderation decisions (one row each, so
 * `station circle reports --open` lists posts reported since the last one), and short URLs. A teammate counts its call
 * reactions (40, `calls`) apart from the chat accounts `hu` sent (`interest`). Posts keep their status (1 listed,
 * 0 delisted, 2 hidden, −1 deleted; `src/circle/status-machine.ts`) and the status a hidden post goes back to.
 * Money in whole fen (−1 free); pictures are the poster's own uploads, at most 9; counters never below 0.
 */
const statements = [
  `alter table app_user add column motto text check (motto is null or char_length(motto) <= 100)`,
  `create table circle_item (
    id text primary key,
    owner_id text not null references app_user (id),
    worksite_id text not null references worksite (id),
    biz_type smallint not null check (biz_type in (10, 20, 30, 40, 50, 60, 70)),
    goods_type smallint not null,
    title text not null,
    sum integer not null check (sum >= 1 or sum = -1),
    remark text not null default '',
    demand text not null default '',
    fee_type smallint not null check (fee_type in (1, 2)),
    price_fen bigint not null check (price_fen >= 0 or price_fen = -1),
    cost_fen bigint check (cost_fen >= 0),
    level smallint,
    major text,
    class smallint,
    phone text,
    wx_no text,
    show smallint check (show in (1, 2)),
    pics jsonb not null default '[]' check (jsonb_typeof(pics) = 'array' and jsonb_array_length(pics) <= 9),
    status smallint not null default 1 check (status in (-1, 0, 1, 2)),
    status_before_hidden smallint check (status_before_hidden in (0, 1)),
    hidden_reason text,
    view_count integer not null default 0 check (view_count >= 0),
    zan integer not null default 0 check (zan >= 0),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    deleted_at timestamptz,
    pics_purged_at timestamptz,
    check ((status = -1) = (deleted_at is not null)),
    check ((status = 2) = (status_before_hidden is not null))
  )`,
  `create index circle_item_listed on circle_item (worksite_id, created_at desc, id desc) where status = 1`,
  `create index circle_item_owner on circle_item (owner_id, created_at desc, id desc) where status <> -1`,
  `create table circle_social (
    id text primary key,
    kind smallint not null check (kind in (20, 30, 40)),
    owner_id text not null references app_user (id),
    worksite_id text not null references worksite (id),
    nickname text,
    sex smallint check (sex in (0, 1)),
    wx_no text,
    motto text,
    flags text[] not null default '{}',
    header text,
    word text,
    pics jsonb not null default '[]' check (jsonb_typeof(pics) = 'array' and jsonb_array_length(pics) <= 9),
    status smallint not null default 1 check (status in (-1, 1, 2)),
    status_before_hidden smallint check (status_before_hidden = 1),
    hidden_reason text,
    zan integer not null default 0 check (zan >= 0),
    cai integer not null default 0 check (cai >= 0),
    interest integer not null default 0 check (interest >= 0),
    calls integer not null default 0 check (calls >= 0),
    flower integer not null default 0 check (flower >= 0),
    created_at timestamptz not null,
    deleted_at timestamptz,
    pics_purged_at timestamptz,
    check ((status = -1) = (deleted_at is not null)),
    check ((status = 2) = (status_before_hidden is not null))
  )`,
  `create index circle_social_listed on circle_social (worksite_id, kind, created_at desc, id desc) where status = 1`,
  `create index circle_social_owner on circle_social (owner_id, kind, created_at desc)`,
  `create table circle_reaction (
    target_id text not null,
    type smallint not null check (type in (20, 30, 40, 50)),
    openid text not null,
    created_at timestamptz not null,
    sent_at timestamptz,
    primary key (target_id, type, openid)
  )`,
  `create table circle_report (
    id text primary key,
    target_id text not null,
    reporter_openid text not null,
    complain smallint not null,
    created_at timestamptz not null,
    unique (target_id, reporter_openid)
  )`,
  `create table circle_contact (
    id text primary key,
    target_id text not null,
    requester_id text not null references app_user (id),
    created_at timestamptz not null
  )`,
  `create index circle_contact_requester on circle_contact (requester_id, created_at)`,
  `create table circle_moderation (
    id bigserial primary key,
    target_id text not null,
    action text not null check (action in ('hide', 'restore')),
    reason text,
    at timestamptz not null
  )`,
  `create index circle_moderation_target on circle_moderation (target_id, at)`,
  `create table short_url (
    code text primary key,
    path text not null unique,
    created_at timestamptz not null
  )`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["short_url", "circle_moderation", "circle_contact", "circle_report", "circle_reaction", "circle_social", "circle_item"]) {
    await sql.raw(`drop table ${table}`).execute(db)
  }
  await sql`alter table app_user drop column motto`.execute(db)
}
