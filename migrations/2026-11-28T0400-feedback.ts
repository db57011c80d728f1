import { sql, type Kysely } from "kysely"

/**
 * Feedback (spec 001 §3 Suggestion, issue 20): a student's suggestion at their worksite (none for a student without
 * one: the head office's alone), its replies, and the notes staff write to a user (`POST /api/common/answer`). The
 * status moves 0 open ⇄ 1 answered, then 100 handled for good (src/feedback/suggestion.ts); text is kept trimmed within
 * the spec's limits, at most 3 pictures.
 */
const statements = [
  `create table suggestion (
    id text primary key,
    user_id text not null references app_user (id),
    worksite_id text references worksite (id),
    type smallint not null check (type in (1, 2, 3)),
    title text not null check (char_length(title) between 1 and 32),
    content text not null check (char_length(content) between 1 and 512),
    pics jsonb not null default '[]' check (jsonb_typeof(pics) = 'array' and jsonb_array_length(pics) <= 3),
    status smallint not null default 0 check (status in (0, 1, 100)),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    handled_at timestamptz,
    handled_by text references app_user (id),
    check ((status = 100) = (handled_at is not null and handled_by is not null))
  )`,
  `create index suggestion_author on suggestion (user_id, created_at desc)`,
  `create index suggestion_inbox on suggestion (worksite_id, status, updated_at desc, id)`,
  `create table suggestion_reply (
    id text primary key,
    suggestion_id text not null references suggestion (id),
    author_id text not null references app_user (id),
    by_staff boolean not null,
    content text not null check (char_length(content) between 2 and 256),
    created_at timestamptz not null
  )`,
  `create index suggestion_reply_thread on suggestion_reply (suggestion_id, created_at, id)`,
  `create table user_answer (
    id text primary key,
    from_user_id text not null references app_user (id),
    to_user_id text not null references app_user (id),
    content text not null check (char_length(content) between 2 and 256),
    created_at timestamptz not null
  )`,
  `create index user_answer_sender on user_answer (from_user_id, created_at)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["user_answer", "suggestion_reply", "suggestion"]) await sql.raw(`drop table ${table}`).execute(db)
}
