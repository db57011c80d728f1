import { sql, type Kysely } from "kysely"

/**
 * The receiver's side of a parcel: the friend chosen to pick it up (proxy pickup), where the worksite
 * lets receivers sign for themselves, and cabinet parcels (type 2 and 3) with their locker door.
 */
const statements = [
  `alter table worksite add column self_sign_able boolean not null default false`,
  `alter table parcel add column agent_id text references app_user (id),
    add column agent text,
    add column agent_phone text,
    add column type smallint not null default 0,
    add column device_address text,
    add column box_door text,
    add column box_opened_at timestamptz`,
  `create index parcel_by_agent on parcel (agent_id, status, created_at desc) where agent_id is not null`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const dropped = [
  `drop index parcel_by_agent`,
  `alter table parcel drop column box_opened_at, drop column box_door, drop column device_address, drop column type,
    drop column agent_phone, drop column agent, drop column agent_id`,
  `alter table worksite drop column self_sign_able`
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of dropped) await sql.raw(statement).execute(db)
}
