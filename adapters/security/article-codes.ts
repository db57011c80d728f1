/**
 * Article authorisation codes over Postgres (`article_code`): random 6-digit codes for the openids of
 * `ARTICLE_CODE_OPENIDS` (comma-separated), stored as an HMAC keyed with a server secret.
 */
import { createHmac, randomInt } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { ArticleCodes } from "#src/home/article-code"
import type { DB } from "../postgres/schema"
import { query } from "../postgres/stores/query"

/** The openids of the setting, trimmed, blanks dropped. */
export const articleCodeOpenids = (env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> =>
  new Set((env.ARTICLE_CODE_OPENIDS ?? "").split(",").map((s) => s.trim()).filter((s) => s !== ""))

export const articleCodes = (db: Kysely<DB>, serverKey: string, allowlist: ReadonlySet<string> = articleCodeOpenids()) => {
  const key = createHmac("sha256", serverKey).update("article-code-key").digest()
  return ArticleCodes.of({
    allowed: (openid) => Effect.succeed(allowlist.has(openid)),
    next: Effect.sync(() => String(randomInt(1_000_000)).padStart(6, "0")),
    hash: (code) => Effect.sync(() => createHmac("sha256", key).update(code).digest("base64url")),
    save: (openid, codeHash, issuedAt, expiresAt) =>
      query(() => db.insertInto("article_code").values({ openid, code_hash: codeHash, issued_at: issuedAt, expires_at: expiresAt })
        .onConflict((oc) => oc.column("openid").doUpdateSet({ code_hash: codeHash, issued_at: issuedAt, expires_at: expiresAt })).execute())
        .pipe(Effect.asVoid),
    findValid: (codeHash, at) =>
      query(() => db.selectFrom("article_code").select(["openid", "expires_at"]).where("code_hash", "=", codeHash).where("expires_at", ">", at).executeTakeFirst())
        .pipe(Effect.map((r) => r && { openid: r.openid, expiresAt: new Date(r.expires_at) }))
  })
}
