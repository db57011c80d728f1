/** The feedback's port over Postgres (migration 2026-11-28T0400-feedback). */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import { FeedbackStore, type ListedSuggestion } from "#src/feedback/feedback-store"
import type { SuggestionStatus, SuggestionType } from "#src/feedback/suggestion"
import type { DB } from "../schema"
import { paged } from "../paging"
import { query } from "./query"

const HANDLED = 100

const toSuggestion = (r: Selectable<DB["suggestion"]> & { author_nickname: string | null }): ListedSuggestion => ({
  id: r.id, userId: r.user_id, worksiteId: r.worksite_id, type: r.type as SuggestionType, title: r.title, content: r.content, pics: r.pics,
  status: r.status as SuggestionStatus, createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at), authorNickname: r.author_nickname
})

export const feedbackStore = (db: Kysely<DB>) => {
  const listed = () => db.selectFrom("suggestion").innerJoin("app_user", "app_user.id", "suggestion.user_id")
  return FeedbackStore.of({
    add: (s) =>
      query(() => db.insertInto("suggestion").values({
        id: s.id, user_id: s.userId, worksite_id: s.worksiteId, type: s.type, title: s.title, content: s.content, pics: JSON.stringify(s.pics),
        status: s.status, created_at: s.createdAt, updated_at: s.updatedAt
      }).execute()).pipe(Effect.asVoid),
    countSince: (userId, since) =>
      query(() => db.selectFrom("suggestion").select(sql<number>`count(*)::int`.as("n")).where("user_id", "=", userId).where("created_at", ">=", since)
        .executeTakeFirstOrThrow()).pipe(Effect.map((r) => r.n)),
    find: (id) =>
      query(() => listed().selectAll("suggestion").select("app_user.nickname as author_nickname").where("suggestion.id", "=", id).executeTakeFirst())
        .pipe(Effect.map((r) => r && toSuggestion(r))),
    replies: (suggestionId) =>
      query(() => db.selectFrom("suggestion_reply").innerJoin("app_user", "app_user.id", "suggestion_reply.author_id")
        .selectAll("suggestion_reply").select("app_user.nickname").where("suggestion_id", "=", suggestionId)
        .orderBy("suggestion_reply.created_at").orderBy("suggestion_reply.id").execute())
        .pipe(Effect.map((rows) => rows.map((r) => ({
          id: r.id, suggestionId: r.suggestion_id, authorId: r.author_id, byStaff: r.by_staff, content: r.content, createdAt: new Date(r.created_at),
          authorNickname: r.nickname
        })))),
    // the status moves only from what the reply was decided on; the reply is written only with it
    reply: (reply, from, to) =>
      query(async () => {
        const moved = await db.updateTable("suggestion").set({ status: to, updated_at: reply.createdAt })
          .where("id", "=", reply.suggestionId).where("status", "=", from).executeTakeFirst()
        if (moved.numUpdatedRows !== 1n) return false
        await db.insertInto("suggestion_reply").values({
          id: reply.id, suggestion_id: reply.suggestionId, author_id: reply.authorId, by_staff: reply.byStaff, content: reply.content, created_at: reply.createdAt
        }).execute()
        return true
      }),
    handle: (id, byUserId, at) =>
      query(() => db.updateTable("suggestion").set({ status: HANDLED, handled_at: at, handled_by: byUserId, updated_at: at })
        .where("id", "=", id).where("status", "<>", HANDLED).executeTakeFirst()).pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
    list: (worksiteId, statuses, page) =>
      query(() => {
        let filtered = listed()
        if (worksiteId !== null) filtered = filtered.where("suggestion.worksite_id", "=", worksiteId)
        if (statuses !== undefined) filtered = filtered.where("suggestion.status", "in", statuses.length ? [...statuses] : [-1])
        return paged(filtered, page, (q) => q.selectAll("suggestion").select("app_user.nickname as author_nickname")
          .orderBy("suggestion.updated_at", "desc").orderBy("suggestion.id", "desc"))
      }).pipe(Effect.map((p) => ({ ...p, results: p.results.map(toSuggestion) }))),
    recipient: (openid) =>
      query(() => db.selectFrom("app_user").select(["id", "openid", "worksite_id", "nickname", "phone_main"]).where("openid", "=", openid).executeTakeFirst())
        .pipe(Effect.map((r) => r && { id: r.id, openid: r.openid, worksiteId: r.worksite_id, nickname: r.nickname, phoneMain: r.phone_main })),
    addAnswer: (a) =>
      query(() => db.insertInto("user_answer").values({ id: a.id, from_user_id: a.fromUserId, to_user_id: a.toUserId, content: a.content, created_at: a.createdAt })
        .execute()).pipe(Effect.asVoid),
    answersSince: (fromUserId, since) =>
      query(() => db.selectFrom("user_answer").select(sql<number>`count(*)::int`.as("n")).where("from_user_id", "=", fromUserId).where("created_at", ">=", since)
        .executeTakeFirstOrThrow()).pipe(Effect.map((r) => r.n))
  })
}
