import { sql, type Kysely } from "kysely"

/**
 * A worksite's departments (spec 002 §3 Worksite `majors`, §7 `wxuserInfo`): the names its circle's book forms
 * offer, in the worksite's order. Empty until the worksite lists them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table worksite add column majors text[] not null default '{}'
    check (cardinality(majors) <= 100 and array_position(majors, null) is null)`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table worksite drop column majors`).execute(db)
}
