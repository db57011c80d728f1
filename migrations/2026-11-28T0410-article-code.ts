import { sql, type Kysely } from "kysely"

/**
 * The article authorisation code (spec 001 §7 `GET /auth/wxarticle/getPermissionCode`, issue 20): one per allowlisted
 * openid, a new one replacing the last, kept only as a keyed hash, good for 10 minutes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table article_code (
    openid text primary key,
    code_hash text not null,
    issued_at timestamptz not null,
    expires_at timestamptz not null check (expires_at > issued_at)
  )`).execute(db)
  await sql.raw(`create index article_code_hash on article_code (code_hash)`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table article_code`.execute(db)
}
