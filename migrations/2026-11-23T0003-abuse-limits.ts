import { sql, type Kysely } from "kysely"

/** Abuse limits: who asked for each SMS code and from where, who failed each staff sign-in, nonces found by expiry. */
const statements = [
  `alter table captcha add column client text`,
  `create index captcha_by_account on captcha (user_id, issued_at desc)`,
  `create index captcha_by_client on captcha (client, issued_at desc) where client is not null`,
  `alter table login_failure add column requester text`,
  `create index login_failure_by_requester on login_failure (requester, at) where requester is not null`,
  `create index login_failure_by_time on login_failure (at)`,
  `create index login_nonce_by_expiry on login_nonce (expires_at)`
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const dropped = [
  `drop index login_nonce_by_expiry, login_failure_by_time, login_failure_by_requester, captcha_by_client, captcha_by_account`,
  `alter table login_failure drop column requester`,
  `alter table captcha drop column client`
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of dropped) await sql.raw(statement).execute(db)
}
