import { sql, type Kysely } from "kysely"

/**
 * Check-in as one call: `station_check_in` locks the worksite's tag counter, finds the next free tag
 * by an ordered probe of the active-tag index, moves the counter, stores the parcel and writes its
 * SMS (outbox) and its operations-log row, all in the caller's statement (autocommit: one round
 * trip, no BEGIN/COMMIT). The tag rule (the first free tag after the last issued, wrapping 9999 → 1)
 * lives only here; its bounds come in as parameters from src/parcel/storage-code.ts, and
 * adapters/postgres/stores/check-in-statement.integration.test.ts checks it by its properties and its
 * active statuses against the core's ACTIVE_STATUSES.
 *
 * Each statement of a plpgsql function takes a fresh snapshot under READ COMMITTED, so the probe
 * after the lock sees every parcel the previous holder of the lock committed.
 */
const statements = [
  // the first tag in from..to that no active parcel holds (null when none): one probe when `from` is
  // free, else one ordered scan of the active-tag index from `from` to the end of the run of held tags
  `create function station_first_free_tag(p_worksite text, p_from integer, p_to integer) returns integer
    language sql stable as $$
      select case
        when p_from > p_to then null
        when not exists (select 1 from parcel where worksite_id = p_worksite and tag = p_from and status in (0, 1, 2, 3, 4, 300)) then p_from
        else (select s.tag + 1 from (
                select tag, lead(tag) over (order by tag) as next from parcel
                where worksite_id = p_worksite and status in (0, 1, 2, 3, 4, 300) and tag >= p_from and tag <= p_to
              ) s
              where s.tag < p_to and s.next is distinct from s.tag + 1
              order by s.tag limit 1)
      end
    $$`,
  `create function station_storage_code(p_storage_no text, p_tag integer) returns text
    language sql immutable as $$ select p_storage_no || '-' || lpad(p_tag::text, 4, '0') $$`,
  // the tag handed out, or null when every tag is held (nothing written then)
  `create function station_check_in(
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
      -- after last up to the top, then from the bottom up to last itself (the wrap)
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
        insert into outbox (channel, recipient, template, params)
          values (p_sms->>'channel', p_sms->>'to', p_sms->>'template', coalesce(p_sms->'params', '{}'::jsonb) || jsonb_build_object('code', v_code));
      end if;
      insert into ops_log (op, actor_openid, at, input, outcome)
        values (p_log->>'op', p_log->>'actorOpenid', (p_log->>'at')::timestamptz, p_log->'input',
          coalesce(p_log->'outcome', '{}'::jsonb) || jsonb_build_object('tag', v_tag, 'code', v_code));
      return v_tag;
    end
    $$`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function station_check_in`.execute(db)
  await sql`drop function station_storage_code`.execute(db)
  await sql`drop function station_first_free_tag`.execute(db)
}
