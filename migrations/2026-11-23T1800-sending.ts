import { sql, type Kysely } from "kysely"

/**
 * Sending: the worksite's sending settings (the switch, cash on delivery, the price picture, its two label
 * printers), the carriers it sends with (expressSendCompanies, with their waybill sheet size), the freight
 * tariff by destination province, and the parcels to send (expressTakein), a door pickup tied to its type-2
 * errand. Money in fen, weights in grams.
 */
const statements = [
  `create table sending_settings (
    worksite_id text primary key references worksite(id),
    jijian_able boolean not null default false,
    daofu_able boolean not null default false,
    daofu_carrier_code text,
    yunfei_pic text,
    printer150_host text,
    printer150_port integer,
    printer180_host text,
    printer180_port integer
  )`,
  `create table send_company (
    worksite_id text not null references worksite(id),
    company_id text not null references express_company(id),
    code text not null,
    surface_height smallint check (surface_height in (150, 180)),
    surface_width smallint check (surface_width between 50 and 120),
    sort integer not null default 0,
    primary key (worksite_id, company_id)
  )`,
  `create table freight_tariff (
    worksite_id text not null references worksite(id),
    company_code text not null,
    to_province_code text not null check (to_province_code ~ '^[0-9]{2}$'),
    first_kg integer not null check (first_kg > 0),
    extra_kg integer not null check (extra_kg >= 0),
    primary key (worksite_id, company_code, to_province_code)
  )`,
  `create table send_order (
    id text primary key,
    order_no text not null unique,
    status smallint not null check (status in (0, 1, 2, 3, 4, 5, 10, 20, 100, 400)),
    worksite_id text not null references worksite(id),
    sender_id text not null references app_user(id),
    company_id text references express_company(id),
    sender jsonb not null,
    receiver jsonb not null,
    goods_name text not null,
    goods_count integer not null check (goods_count >= 1),
    estimate_weight integer check (estimate_weight > 0),
    insure_money integer not null default 0 check (insure_money >= 0 and insure_money <= 100000),
    insure_freight integer not null default 0 check (insure_freight >= 0),
    is_daofu boolean not null default false,
    freight integer check (freight > 0),
    freight_weight integer check (freight_weight > 0),
    freight_paid boolean not null default false,
    goods_pic text,
    express_no text unique,
    remark text not null default '',
    door_pickup boolean not null default false,
    errand_id text unique references errand_order(id),
    runner_id text references app_user(id),
    paotui_remark text not null default '',
    goods_type smallint check (goods_type in (1, 2, 3)),
    large_category text,
    dorm_building text,
    dorm_floor smallint,
    dorm_room text,
    require_arrive_time timestamptz,
    sex_limit smallint not null default -1 check (sex_limit in (-1, 1, 2)),
    fee integer not null default 0 check (fee >= 0),
    created_at timestamptz not null,
    sent_at timestamptz,
    check (door_pickup = (errand_id is not null)),
    check (not freight_paid or freight is not null)
  )`,
  `create index send_order_by_sender on send_order (sender_id, created_at desc)`,
  `create index send_order_to_scan on send_order (worksite_id, company_id) where status = 5`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table send_order, freight_tariff, send_company, sending_settings`).execute(db)
}
