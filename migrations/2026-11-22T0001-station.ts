import { sql, type Kysely } from "kysely"

const statements = [
  `create table worksite (
    id text primary key,
    site_code text not null unique,
    short_name text not null,
    school_campus text not null,
    name_zh text not null,
    sms_able boolean not null default false,
    service_begin text not null,
    service_end text not null,
    service_phone text not null,
    express_companies text[] not null default '{}',
    keep_free_hours integer not null default 48,
    keep_fee_per_day integer not null default 50,
    keep_fee_cap integer not null default 300
  )`,
  `create table storage_tag (
    worksite_id text primary key references worksite(id),
    last_tag integer not null default 0
  )`,
  `create table express_company (id text primary key, name text not null)`,
  `create table dict_value (
    dict text not null, id text not null, name text not null, sort integer not null default 0,
    primary key (dict, id)
  )`,
  `create table app_user (
    id text primary key,
    openid text not null unique,
    unionid text,
    nickname text,
    realname text,
    phone_main text,
    phone_vice text,
    subscribe boolean not null default true,
    worksite_id text references worksite(id),
    role text not null default 'student' check (role in ('student', 'runner', 'staff', 'admin')),
    created_at timestamptz not null default now()
  )`,
  `create index app_user_main_last4 on app_user (worksite_id, right(phone_main, 4))`,
  `create index app_user_vice_last4 on app_user (worksite_id, right(phone_vice, 4))`,
  `create table wallet (
    user_id text primary key references app_user(id),
    money integer not null default 0 check (money >= 0),
    active_score integer not null default 0 check (active_score >= 0)
  )`,
  `create table ledger (
    id text primary key,
    user_id text not null references app_user(id),
    type smallint not null,
    money integer not null,
    score integer not null default 0,
    remark text not null,
    ref_id text,
    created_at timestamptz not null
  )`,
  `create index ledger_by_user on ledger (user_id, created_at desc)`,
  `create table withdrawal (
    id text primary key,
    user_id text not null references app_user(id),
    money integer not null check (money > 0),
    fee integer not null check (fee >= 0),
    status smallint not null default 0,
    created_at timestamptz not null,
    reviewed_at timestamptz
  )`,
  `create index withdrawal_by_user on withdrawal (user_id, created_at desc)`,
  `create index withdrawal_by_status on withdrawal (status, created_at)`,
  `create table employee (
    id text primary key,
    phone text not null unique,
    name_zh text not null,
    password_hash text not null,
    worksite_id text not null references worksite(id),
    openid text unique,
    user_id text references app_user(id)
  )`,
  `create table session (
    token_hash text primary key,
    user_id text not null references app_user(id),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create table login_nonce (
    nonce text primary key,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create table login_failure (
    id bigserial primary key,
    phone text not null,
    at timestamptz not null
  )`,
  `create index login_failure_by_phone on login_failure (phone, at)`,
  `create table parcel (
    id text primary key,
    worksite_id text not null references worksite(id),
    express_company_id text not null references express_company(id),
    express_company_name text not null,
    express_no text not null,
    storage_no text not null,
    tag integer not null check (tag between 1 and 9999),
    weight_id text not null,
    receiver text not null,
    receiver_id text references app_user(id),
    receiver_openid text,
    receiver_phone text not null,
    status smallint not null default 0,
    agent_openid text,
    paotui_openid text,
    safekeep_paid integer not null default 0,
    created_at timestamptz not null,
    checked_in_by text not null references employee(id),
    signed_at timestamptz,
    sign_openid text
  )`,
  `create unique index parcel_active_tag on parcel (worksite_id, tag) where status in (0, 1, 2, 3, 4, 300)`,
  `create unique index parcel_active_express_no on parcel (worksite_id, express_no) where status in (0, 1, 2, 3, 4, 300)`,
  `create index parcel_by_receiver on parcel (receiver_id, status, created_at desc)`,
  `create index parcel_by_express_no on parcel (worksite_id, express_no)`,
  `create table outbox (
    id bigserial primary key,
    channel text not null,
    recipient text not null,
    template text not null,
    params jsonb not null,
    created_at timestamptz not null default now(),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    sent_at timestamptz,
    failed_at timestamptz,
    last_error text
  )`,
  `create index outbox_due on outbox (next_attempt_at) where sent_at is null and failed_at is null`,
  `create table idempotency (
    user_id text not null,
    key text not null,
    request_hash text not null,
    status integer,
    body jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,
  `create table socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`,
  `create table server_secret (
    name text primary key,
    value text not null
  )`,
  `create table ops_log (
    seq bigserial primary key,
    op text not null,
    actor_openid text not null,
    at timestamptz not null,
    input jsonb not null,
    outcome jsonb not null
  )`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table socket_io_attachments, server_secret, ops_log, idempotency, outbox, parcel, login_failure, login_nonce, session, employee,
      withdrawal, ledger, wallet, app_user, dict_value, express_company, storage_tag, worksite
  `.execute(db)
}
