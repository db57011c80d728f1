import { sql, type Kysely } from "kysely"

/**
 * The worksite of each logged operation (issue 22: `station ops export --worksite`). Stamped as the line is written,
 * whoever writes it (the use cases' writer, the check-in statement, the SMS sender): the worksite the operation names
 * itself (`worksiteId` of its outcome, else of its input), else the worksite of the person who did it at that moment.
 * The operator's and the scheduler's campus-wide operations name none and stay null. Lines logged before are stamped
 * by the same rule, with their actors' worksites as they are now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ops_log add column worksite_id text`.execute(db)
  await sql`
    create function ops_log_worksite(operation ops_log) returns text language sql stable as $$
      select coalesce(operation.outcome->>'worksiteId', operation.input->>'worksiteId',
        (select u.worksite_id from app_user u where u.openid = operation.actor_openid))
    $$`.execute(db)
  await sql`
    create function ops_log_stamp_worksite() returns trigger language plpgsql as $$
    begin
      if new.worksite_id is null then
        new.worksite_id := ops_log_worksite(new);
      end if;
      return new;
    end $$`.execute(db)
  await sql`create trigger ops_log_stamp_worksite before insert on ops_log for each row execute function ops_log_stamp_worksite()`.execute(db)
  await sql`update ops_log o set worksite_id = ops_log_worksite(o)`.execute(db)
  await sql`create index ops_log_by_worksite on ops_log (worksite_id, seq)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger ops_log_stamp_worksite on ops_log`.execute(db)
  await sql`drop function ops_log_stamp_worksite()`.execute(db)
  await sql`drop index ops_log_by_worksite`.execute(db)
  await sql`drop function ops_log_worksite(ops_log)`.execute(db)
  await sql`alter table ops_log drop column worksite_id`.execute(db)
}
