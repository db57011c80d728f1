import { sql, type Kysely } from "kysely"

/**
 * The messaging app's access token and JS-SDK ticket, kept once for every server process (issue 23): each process
 * reads them here, and the one that finds them near expiry refreshes them holding the row's lock, so the app is
 * never asked by several processes at once (each refresh voids the token the others hold).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table messaging_token (
      app_id text not null,
      kind text not null check (kind in ('access_token', 'jsapi_ticket')),
      value text not null,
      expires_at timestamptz not null,
      refreshed_at timestamptz not null,
      primary key (app_id, kind)
    )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table messaging_token`.execute(db)
}
