/** The short URLs' port over Postgres (`short_url`, migration 2026-11-28T0300-circle: code and path each unique). */
import { createHash } from "node:crypto"
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { codeOf } from "#src/home/short-url"
import { ShortUrls } from "#src/home/short-url-store"
import type { DB } from "../schema"
import { query } from "./query"

const TRIES = 4

export const shortUrls = (db: Kysely<DB>) => ShortUrls.of({
  // two shortenings of one path at once: one inserts, the other finds its code; a code another path holds
  // (one in 62^8) is drawn again from the candidate's hash
  codeFor: (path, candidate, at) =>
    query(async () => {
      let code = candidate
      for (let i = 0; i < TRIES; i++) {
        const inserted = await sql<{ code: string }>`
          insert into short_url (code, path, created_at) values (${code}, ${path}, ${at})
          on conflict do nothing returning code`.execute(db)
        if (inserted.rows[0]) return { code, created: true }
        const held = await db.selectFrom("short_url").select("code").where("path", "=", path).executeTakeFirst()
        if (held) return { code: held.code, created: false }
        code = codeOf(createHash("sha256").update(`${code}:${path}:${i}`).digest("hex"))
      }
      throw new Error("no free short code")
    }),
  pathOf: (code) => query(() => db.selectFrom("short_url").select("path").where("code", "=", code).executeTakeFirst()).pipe(Effect.map((r) => r?.path))
})
