/** The circle's pictures over Postgres for the purge (circle_item `pics` `[{ id, url }]`, circle_social `header` and `pics` URLs). */
import { sql, type Kysely } from "kysely"
import { CirclePictures } from "#src/circle/picture-store"
import type { DB } from "../schema"
import { query } from "./query"

const DELETED = -1

export const circlePictures = (db: Kysely<DB>) => CirclePictures.of({
  deletedBefore: (before, limit) =>
    query(async () => (await sql<{ id: string }>`
      select id from (
        select id, deleted_at from circle_item where status = ${DELETED} and pics_purged_at is null and deleted_at < ${before}
        union all
        select id, deleted_at from circle_social where status = ${DELETED} and pics_purged_at is null and deleted_at < ${before}
      ) due order by deleted_at, id limit ${limit}`.execute(db)).rows.map((r) => r.id)),

  onlyDeletedUse: (postId) =>
    query(async () => {
      // FOR UPDATE takes no UNION: each table's row is locked on its own (an id is in one of them)
      const locked = [
        ...(await sql<{ id: string }>`select id from circle_item where id = ${postId} and status = ${DELETED} and pics_purged_at is null for update`.execute(db)).rows,
        ...(await sql<{ id: string }>`select id from circle_social where id = ${postId} and status = ${DELETED} and pics_purged_at is null for update`.execute(db)).rows
      ]
      if (locked.length === 0) return undefined
      const urls = await sql<{ url: string }>`
        with mine as (
          select p ->> 'url' as url from circle_item, jsonb_array_elements(pics) p where id = ${postId}
          union select jsonb_array_elements_text(pics) from circle_social where id = ${postId}
          union select header from circle_social where id = ${postId} and header is not null
        )
        select url from mine m where url is not null
          and not exists (select 1 from circle_item i where i.status <> ${DELETED} and i.pics @> jsonb_build_array(jsonb_build_object('url', m.url)))
          and not exists (select 1 from circle_social s where s.status <> ${DELETED} and (s.header = m.url or s.pics @> jsonb_build_array(m.url)))
        order by url`.execute(db)
      return urls.rows.map((r) => r.url)
    }),

  markPurged: (postId, at) =>
    query(async () => {
      await db.updateTable("circle_item").set({ pics_purged_at: at }).where("id", "=", postId).execute()
      await db.updateTable("circle_social").set({ pics_purged_at: at }).where("id", "=", postId).execute()
    })
})
