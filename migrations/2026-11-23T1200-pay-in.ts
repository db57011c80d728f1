import { sql, type Kysely } from "kysely"

/** Pay-in trades: one row per trade number, settled at most once (created → paid | expired, paid → refunded). */
const statements = [
  `create table pay_trade (
    trade_no text primary key,
    kind text not null,
    ref_id text not null,
    user_id text not null,
    amount_fen integer not null check (amount_fen > 0),
    status text not null check (status in ('created', 'paid', 'expired', 'refunded')),
    prepay_id text unique,
    provider_ref text,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    paid_at timestamptz,
    refunded_at timestamptz,
    check ((status in ('paid', 'refunded')) = (paid_at is not null and provider_ref is not null)),
    check ((status = 'refunded') = (refunded_at is not null))
  )`,
  `create index pay_trade_by_purpose on pay_trade (kind, ref_id)`,
  // one open prepay per purpose: two concurrent prepays of one fee cannot both be payable
  `create unique index pay_trade_one_open on pay_trade (kind, ref_id) where status = 'created'`,
  `create index pay_trade_open_by_expiry on pay_trade (expires_at) where status = 'created'`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table pay_trade`).execute(db)
}
