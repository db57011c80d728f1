/** The circle's social posts over Postgres (migration 2026-11-28T0300-circle). */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import type { SocialKind } from "#src/circle/codes"
import { SocialStore } from "#src/circle/post-store"
import type { Poster, SocialPost } from "#src/circle/social"
import { PostStatus } from "#src/circle/status-machine"
import { paged } from "../paging"
import type { DB } from "../schema"
import { query } from "./query"

type Row = Selectable<DB["circle_social"]>
type PosterRow = { poster_nickname: string | null; poster_sex: number; poster_motto: string | null; poster_headimg: string | null }

const toPost = (r: Row): SocialPost => ({
  id: r.id, kind: r.kind as SocialKind, ownerId: r.owner_id, worksiteId: r.worksite_id, nickname: r.nickname, sex: r.sex, wxNo: r.wx_no,
  motto: r.motto, flags: r.flags, header: r.header, word: r.word, pics: r.pics, status: r.status as PostStatus, zan: r.zan, cai: r.cai,
  calls: r.calls, interest: r.interest, flower: r.flower, createdAt: new Date(r.created_at)
})

const toCard = (r: Row & PosterRow): { readonly post: SocialPost; readonly poster: Poster } => ({
  post: toPost(r),
  poster: { nickname: r.poster_nickname ?? "", sex: r.poster_sex, motto: r.poster_motto ?? "", headimgBase64: r.poster_headimg }
})

export const circleSocialStore = (db: Kysely<DB>) => {
  const listed = (worksiteId: string, kind: SocialKind) =>
    db.selectFrom("circle_social").innerJoin("app_user", "app_user.id", "circle_social.owner_id")
      .where("circle_social.worksite_id", "=", worksiteId).where("circle_social.kind", "=", kind).where("circle_social.status", "=", PostStatus.listed)
  const cards = (q: ReturnType<typeof listed>) =>
    q.selectAll("circle_social")
      .select(["app_user.nickname as poster_nickname", "app_user.sex as poster_sex", "app_user.motto as poster_motto", "app_user.headimg_base64 as poster_headimg"])
      .orderBy("circle_social.created_at", "desc").orderBy("circle_social.id", "desc")

  return SocialStore.of({
    add: (p) =>
      query(() => db.insertInto("circle_social").values({
        id: p.id, kind: p.kind, owner_id: p.ownerId, worksite_id: p.worksiteId, nickname: p.nickname, sex: p.sex, wx_no: p.wxNo, motto: p.motto,
        flags: [...p.flags], header: p.header, word: p.word, pics: JSON.stringify(p.pics), status: p.status, created_at: p.createdAt
      }).execute()),
    find: (id) => query(() => db.selectFrom("circle_social").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toPost(r))),
    // the owner's row is held first, so two posts at once are counted one after the other
    postedSince: (ownerId, kind, since) =>
      query(async () => {
        await db.selectFrom("app_user").select("id").where("id", "=", ownerId).forNoKeyUpdate().execute()
        const { n } = await db.selectFrom("circle_social").select(sql<string>`count(*)`.as("n"))
          .where("owner_id", "=", ownerId).where("kind", "=", kind).where("created_at", ">=", since).executeTakeFirstOrThrow()
        return Number(n)
      }),
    page: (worksiteId, kind, pageNo) =>
      query(() => paged(listed(worksiteId, kind), pageNo, cards)).pipe(Effect.map((page) => ({ ...page, results: page.results.map(toCard) }))),
    latest: (worksiteId, kind, count) => query(() => cards(listed(worksiteId, kind)).limit(count).execute()).pipe(Effect.map((rows) => rows.map(toCard))),
    sexCounts: (worksiteId, kind) =>
      query(() => db.selectFrom("circle_social")
        .select([sql<string>`count(*) filter (where sex = 1)`.as("male"), sql<string>`count(*) filter (where sex = 0)`.as("female")])
        .where("worksite_id", "=", worksiteId).where("kind", "=", kind).where("status", "=", PostStatus.listed).executeTakeFirstOrThrow())
        .pipe(Effect.map((r) => ({ male: Number(r.male), female: Number(r.female) }))),
    saveMotto: (userId, motto) => query(() => db.updateTable("app_user").set({ motto }).where("id", "=", userId).execute())
  })
}
