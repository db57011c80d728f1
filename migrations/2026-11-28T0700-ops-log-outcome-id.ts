import { sql, type Kysely } from "kysely"

/** A send order's timeline reads its operations by the id they moved (`outcome->>'id'`): index that. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ops_log_outcome_id on ops_log ((outcome->>'id'))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index ops_log_outcome_id`.execute(db)
}
