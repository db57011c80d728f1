import { sql, type Kysely } from "kysely"

/**
 * An Idempotency-Key keeps the outcome of its use case, written in the same transaction as the
 * change (rows of the previous release keep their rendered status and body); expired keys are
 * purged by age.
 */
const statements = [
  `alter table idempotency add column outcome jsonb`,
  `create index idempotency_by_age on idempotency (created_at)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index idempotency_by_age`.execute(db)
  await sql`alter table idempotency drop column outcome`.execute(db)
}
