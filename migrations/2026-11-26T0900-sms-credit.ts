import { sql, type Kysely } from "kysely"

/**
 * A worksite's SMS credit and the money that buys it (spec 002 §2 SMS top-up, §9 tiles), and donations:
 * - `worksite.sms_credit`, never below 0, moved only together with a row of `sms_credit_ledger` (a deposit
 *   credited, once per trade number; an operator's grant; one SMS sent, once per outbox message; a refund);
 * - `sms_deposit`: a top-up's yuan and SMS fixed when it is made, created → paid (credited) | expired, paid → refunded;
 * - `donation`: one row per settled donation trade;
 * - `outbox.worksite_id`: the worksite whose credit a parcel notice spends (captcha SMS have none: the platform's),
 *   filled by `station_check_in`, replaced here with the same body but for that column.
 */
/** `station_check_in` as in 2026-11-23T1100, but its SMS row names the worksite that pays for it (exported for a later migration's down). */
export const checkInStatement = `create or replace function station_check_in(
    p_id text, p_worksite_id text, p_express_company_id text, p_express_company_name text, p_express_no text,
    p_storage_no text, p_weight_id text, p_receiver text, p_receiver_id text, p_receiver_openid text,
    p_receiver_phone text, p_status smallint, p_agent_openid text, p_paotui_openid text, p_safekeep_paid integer,
    p_created_at timestamptz, p_checked_in_by text, p_tag_min integer, p_tag_max integer, p_sms jsonb, p_log jsonb
  ) returns integer language plpgsql as $$
  declare
    v_last integer;
    v_tag integer;
    v_code text;
  begin
    select last_tag into v_last from storage_tag where worksite_id = p_worksite_id for update;
    if not found then
      raise exception 'worksite % has no storage tag counter', p_worksite_id;
    end if;
    v_tag := coalesce(
      station_first_free_tag(p_worksite_id, greatest(v_last + 1, p_tag_min), p_tag_max),
      station_first_free_tag(p_worksite_id, p_tag_min, least(v_last, p_tag_max)));
    if v_tag is null then
      return null;
    end if;
    v_code := station_storage_code(p_storage_no, v_tag);
    update storage_tag set last_tag = v_tag where worksite_id = p_worksite_id;
    insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
        receiver, receiver_id, receiver_openid, receiver_phone, status, agent_openid, paotui_openid, safekeep_paid,
        created_at, checked_in_by)
      values (p_id, p_worksite_id, p_express_company_id, p_express_company_name, p_express_no, p_storage_no, v_tag, p_weight_id,
        p_receiver, p_receiver_id, p_receiver_openid, p_receiver_phone, p_status, p_agent_openid, p_paotui_openid, p_safekeep_paid,
        p_created_at, p_checked_in_by);
    if p_sms is not null then
      insert into outbox (channel, recipient, template, params, worksite_id)
        values (p_sms->>'channel', p_sms->>'to', p_sms->>'template', coalesce(p_sms->'params', '{}'::jsonb) || jsonb_build_object('code', v_code),
          p_worksite_id);
    end if;
    insert into ops_log (op, actor_openid, at, input, outcome)
      values (p_log->>'op', p_log->>'actorOpenid', (p_log->>'at')::timestamptz, p_log->'input',
        coalesce(p_log->'outcome', '{}'::jsonb) || jsonb_build_object('tag', v_tag, 'code', v_code));
    return v_tag;
  end
  $$`

const statements = [
  `alter table worksite add column sms_credit integer not null default 0 constraint worksite_sms_credit_not_negative check (sms_credit >= 0)`,
  `alter table outbox add column worksite_id text references worksite(id)`,
  `create table sms_deposit (
    id text primary key,
    worksite_id text not null references worksite(id),
    user_id text not null,
    money_fen integer not null check (money_fen > 0),
    sms_count integer not null check (sms_count > 0),
    status text not null check (status in ('created', 'paid', 'expired', 'refunded')),
    trade_no text not null unique,
    created_at timestamptz not null,
    paid_at timestamptz,
    check ((status in ('paid', 'refunded')) = (paid_at is not null))
  )`,
  `create index sms_deposit_by_worksite on sms_deposit (worksite_id, created_at desc)`,
  `create table sms_credit_ledger (
    id bigserial primary key,
    worksite_id text not null references worksite(id),
    change integer not null check (change <> 0),
    reason text not null check (reason in ('deposit', 'grant', 'sms', 'refund')),
    trade_no text,
    outbox_id bigint,
    note text not null default '',
    at timestamptz not null,
    check ((reason in ('deposit', 'refund')) = (trade_no is not null)),
    check ((reason = 'sms') = (outbox_id is not null))
  )`,
  // a deposit is credited once, an SMS paid for once
  `create unique index sms_credit_ledger_deposit on sms_credit_ledger (trade_no) where reason = 'deposit'`,
  `create unique index sms_credit_ledger_refund on sms_credit_ledger (trade_no) where reason = 'refund'`,
  `create unique index sms_credit_ledger_sms on sms_credit_ledger (outbox_id) where reason = 'sms'`,
  `create index sms_credit_ledger_by_worksite on sms_credit_ledger (worksite_id, id desc)`,
  `create table donation (
    trade_no text primary key,
    user_id text not null,
    amount_fen integer not null check (amount_fen > 0),
    paid_at timestamptz not null,
    refunded_at timestamptz
  )`,
  checkInStatement
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const previousCheckIn = async () => (await import("./2026-11-23T1100-check-in-statement")) as { up(db: Kysely<any>): Promise<void> }

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table donation, sms_credit_ledger, sms_deposit`).execute(db)
  await sql.raw(`alter table outbox drop column worksite_id`).execute(db)
  await sql.raw(`alter table worksite drop column sms_credit`).execute(db)
  // the check-in statement as it was: its three functions dropped and made again by its own migration
  await sql.raw(`drop function station_check_in`).execute(db)
  await sql.raw(`drop function station_storage_code`).execute(db)
  await sql.raw(`drop function station_first_free_tag`).execute(db)
  await (await previousCheckIn()).up(db)
}
