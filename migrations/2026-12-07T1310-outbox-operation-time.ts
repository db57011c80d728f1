import { sql, type Kysely } from "kysely"

/**
 * An outbox row is dated by the operation that queued it (issue 24, retention of sent messages): `station_check_in`
 * writes its SMS and template rows with the time its operations-log row carries (`p_log.at`), as the Outbox port now
 * writes the use case's time, so a replay dates them alike and a prune's cutoff on `created_at` falls alike in the
 * recorded and the replayed database. Otherwise the body is 2026-11-29T0100's. The prune reads the rows oldest first:
 * `outbox_by_created_at`.
 */
const checkInStatement = (dated: boolean) => `create or replace function station_check_in(
      p_id text, p_worksite_id text, p_express_company_id text, p_express_company_name text, p_express_no text,
      p_storage_no text, p_weight_id text, p_receiver text, p_receiver_id text, p_receiver_openid text,
      p_receiver_phone text, p_status smallint, p_agent_openid text, p_paotui_openid text, p_safekeep_paid integer,
      p_created_at timestamptz, p_checked_in_by text, p_tag_min integer, p_tag_max integer, p_sms jsonb, p_template jsonb,
      p_log jsonb
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
        insert into outbox (channel, recipient, template, params, worksite_id${dated ? ", created_at" : ""})
          values (p_sms->>'channel', p_sms->>'to', p_sms->>'template', coalesce(p_sms->'params', '{}'::jsonb) || jsonb_build_object('code', v_code),
            p_worksite_id${dated ? ", (p_log->>'at')::timestamptz" : ""});
      end if;
      if p_template is not null then
        insert into outbox (channel, recipient, template, params${dated ? ", created_at" : ""})
          values (p_template->>'channel', p_template->>'to', p_template->>'template',
            coalesce(p_template->'params', '{}'::jsonb) || jsonb_build_object('code', v_code)${dated ? ", (p_log->>'at')::timestamptz" : ""});
      end if;
      insert into ops_log (op, actor_openid, at, input, outcome)
        values (p_log->>'op', p_log->>'actorOpenid', (p_log->>'at')::timestamptz, p_log->'input',
          coalesce(p_log->'outcome', '{}'::jsonb) || jsonb_build_object('tag', v_tag, 'code', v_code));
      return v_tag;
    end
    $$`

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(checkInStatement(true)).execute(db)
  await sql`create index outbox_by_created_at on outbox (created_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index outbox_by_created_at`.execute(db)
  await sql.raw(checkInStatement(false)).execute(db)
}
