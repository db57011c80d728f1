import { sql, type Kysely } from "kysely"

/**
 * The circle's social side (issue 19): a teammate's `calls` counter (the call reactions, 40; `interest` counts the
 * chat accounts `hu` sent), and the admin's moderation of posts (`station circle hide | restore`), one row per
 * decision, so `station circle reports --open` lists the posts reported since the admin last decided on them.
 */
const statements = [
  `alter table circle_social add column calls integer not null default 0 check (calls >= 0)`,
  `create table circle_moderation (
    id bigserial primary key,
    target_id text not null,
    action text not null check (action in ('hide', 'restore')),
    reason text,
    at timestamptz not null
  )`,
  `create index circle_moderation_target on circle_moderation (target_id, at)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table circle_moderation`.execute(db)
  await sql`alter table circle_social drop column calls`.execute(db)
}
