import { sql, type Kysely } from "kysely"

/**
 * The items a background job failed on: one row per job and item while it keeps failing, with its attempts, the
 * last error and when it is tried again (null: not any more, a person acts on it). A success deletes the row.
 */
const statements = [
  `create table job_item_failure (
    job text not null,
    item_id text not null,
    attempts integer not null check (attempts > 0),
    last_error text not null,
    first_failed_at timestamptz not null,
    last_failed_at timestamptz not null,
    next_try_at timestamptz,
    primary key (job, item_id)
  )`,
  `create index job_item_failure_given_up on job_item_failure (last_failed_at) where next_try_at is null`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table job_item_failure`.execute(db)
}
