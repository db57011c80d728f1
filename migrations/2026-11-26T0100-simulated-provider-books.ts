import { sql, type Kysely } from "kysely"

/**
 * The simulated payment provider's books, as a real provider keeps its own: the merchant's funds (one merchant,
 * opened with 100,000 yuan), its orders by the merchant's trade number (open → paid | closed, paid → refunded),
 * the refunds of each order by refund number, and its transfers to users' wallets by the merchant's trade
 * number (paid with a payment number, or refused for good with the reason). Nothing of the station's refers to
 * them: the business keeps its own trades in `pay_trade`.
 */
const statements = [
  `create table sim_provider_merchant (
    id boolean primary key default true check (id),
    funds_fen integer not null check (funds_fen >= 0)
  )`,
  `insert into sim_provider_merchant (funds_fen) values (10000000)`,
  `create table sim_provider_order (
    out_trade_no text primary key,
    prepay_id text not null unique,
    total_fee integer not null check (total_fee > 0),
    body text not null,
    openid text,
    expires_at timestamptz,
    state text not null check (state in ('open', 'paid', 'closed', 'refunded')),
    transaction_id text unique,
    created_at timestamptz not null,
    paid_at timestamptz,
    check ((state in ('paid', 'refunded')) = (transaction_id is not null and paid_at is not null))
  )`,
  `create table sim_provider_refund (
    out_trade_no text not null references sim_provider_order,
    out_refund_no text not null,
    refund_fee integer not null check (refund_fee > 0),
    refund_id text not null unique,
    created_at timestamptz not null,
    primary key (out_trade_no, out_refund_no)
  )`,
  `create table sim_provider_transfer (
    partner_trade_no text primary key,
    openid text not null,
    amount integer,
    payment_no text unique,
    refusal text,
    created_at timestamptz not null,
    check ((payment_no is null) <> (refusal is null))
  )`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["sim_provider_transfer", "sim_provider_refund", "sim_provider_order", "sim_provider_merchant"]) {
    await sql`drop table ${sql.table(table)}`.execute(db)
  }
}
