/**
 * What every kind of circle post shares, over Postgres: reactions (the row and the counter in one statement),
 * reports, contact requests, status changes and the operator's decisions. A post is a row of `circle_social` or of
 * `circle_item`; the two never share an id.
 */
import { Effect } from "effect"
import { sql, type Kysely, type RawBuilder } from "kysely"
import { PostKind, type ComplaintType, type ReactionType, type Show } from "#src/circle/codes"
import { CirclePosts, Reactions, type ModerationEntry, type PostRef, type PostSummary, type Report, type ReportedPost } from "#src/circle/post-store"
import { PostStatus } from "#src/circle/status-machine"
import type { DB } from "../schema"
import { query } from "./query"

type Table = "circle_social" | "circle_item"
const tableOf = (kind: PostKind): Table => (kind === PostKind.item ? "circle_item" : "circle_social")

interface RefRow {
  id: string
  kind: number
  owner_id: string
  owner: string
  worksite_id: string
  status: number
  status_before_hidden: number | null
}

const toRef = (r: RefRow): PostRef => ({
  id: r.id, kind: r.kind as PostKind, ownerId: r.owner_id, owner: r.owner, worksiteId: r.worksite_id,
  status: r.status as PostStatus, statusBeforeHidden: r.status_before_hidden as PostStatus | null
})

/** Both kinds of post with the columns the shared rules read, the kind of an item being 10. */
const POSTS = sql`(
  select id, kind, owner_id, worksite_id, status, status_before_hidden, hidden_reason, created_at, coalesce(nickname, word, '') as headline from circle_social
  union all
  select id, ${sql.lit(PostKind.item)}, owner_id, worksite_id, status, status_before_hidden, hidden_reason, created_at, title from circle_item
)`

interface SummaryRow extends RefRow {
  headline: string
  hidden_reason: string | null
  created_at: Date | string
}

const toSummary = (r: SummaryRow): PostSummary => ({
  id: r.id, kind: r.kind as PostKind, status: r.status as PostStatus, worksiteId: r.worksite_id, ownerOpenid: r.owner, headline: r.headline,
  hiddenReason: r.hidden_reason, createdAt: new Date(r.created_at)
})

const toReport = (r: { id: string; target_id: string; reporter_openid: string; complain: number; created_at: Date | string }): Report => ({
  id: r.id, targetId: r.target_id, reporterOpenid: r.reporter_openid, complain: r.complain as ComplaintType, at: new Date(r.created_at)
})

const rows = async <R>(db: Kysely<DB>, statement: RawBuilder<R>) => (await statement.execute(db)).rows

export const circleReactions = (db: Kysely<DB>) => Reactions.of({
  // a second reaction by the same person inserts nothing, so the counter's update finds no row
  react: (post, type, counter, openid, at) =>
    query(() => rows(db, sql<{ count: number }>`
      with added as (
        insert into circle_reaction (target_id, type, openid, created_at) values (${post.id}, ${type}, ${openid}, ${at})
        on conflict do nothing returning target_id
      )
      update ${sql.table(tableOf(post.kind))} set ${sql.ref(counter)} = ${sql.ref(counter)} + 1
      where id = (select target_id from added) returning ${sql.ref(counter)} as count`))
      .pipe(Effect.map(([row]) => row && Number(row.count))),
  mine: (openid, ids) =>
    ids.length === 0 ? Effect.succeed(new Map()) : query(() =>
      db.selectFrom("circle_reaction").select(["target_id", "type"]).where("openid", "=", openid).where("target_id", "in", ids).orderBy("type").execute())
      .pipe(Effect.map((found) => {
        const mine = new Map<string, Array<ReactionType>>()
        for (const r of found) mine.set(r.target_id, [...(mine.get(r.target_id) ?? []), r.type as ReactionType])
        return mine
      })),
  called: (id, openid) =>
    query(() => db.selectFrom("circle_reaction").select("openid").where("target_id", "=", id).where("type", "=", 40).where("openid", "=", openid).executeTakeFirst())
      .pipe(Effect.map((r) => r !== undefined)),
  markSent: (id, openid, at) =>
    query(() => db.updateTable("circle_reaction").set({ sent_at: at })
      .where("target_id", "=", id).where("type", "=", 40).where("openid", "=", openid).where("sent_at", "is", null).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  addInterest: (id) =>
    query(() => db.updateTable("circle_social").set({ interest: sql`interest + 1` }).where("id", "=", id).returning("interest").executeTakeFirstOrThrow())
      .pipe(Effect.map((r) => r.interest))
})

export const circlePosts = (db: Kysely<DB>) => {
  /** The post in this table, its row locked when asked. */
  const refIn = async (table: Table, id: string, lock: boolean) => {
    const kind = table === "circle_item" ? sql.lit(PostKind.item) : sql`p.kind`
    const [row] = await rows(db, sql<RefRow>`
      select p.id, ${kind} as kind, p.owner_id, u.openid as owner, p.worksite_id, p.status, p.status_before_hidden
      from ${sql.table(table)} p join app_user u on u.id = p.owner_id where p.id = ${id} ${lock ? sql`for update of p` : sql``}`)
    return row && toRef(row)
  }
  const ref = async (id: string, lock: boolean) => (await refIn("circle_social", id, lock)) ?? (await refIn("circle_item", id, lock))
  const lockPerson = (id: string) => db.selectFrom("app_user").select("id").where("id", "=", id).forNoKeyUpdate().execute()

  return CirclePosts.of({
    find: (id) => query(() => ref(id, false)),
    lock: (id) =>
      query(async () => {
        const post = await ref(id, true)
        if (!post) return undefined
        const reporters = await db.selectFrom("circle_report").select("reporter_openid").where("target_id", "=", id).orderBy("created_at").orderBy("id").execute()
        return { ...post, reporters: reporters.map((r) => r.reporter_openid) }
      }),
    setStatus: (post, change, at) =>
      query(() => rows(db, sql`
        update ${sql.table(tableOf(post.kind))} set status = ${change.status}, status_before_hidden = ${change.statusBeforeHidden}
        ${change.hiddenReason === undefined ? sql`` : sql`, hidden_reason = ${change.hiddenReason}`}
        ${change.status === PostStatus.deleted ? sql`, deleted_at = ${at}` : sql``}
        ${post.kind === PostKind.item ? sql`, updated_at = ${at}` : sql``}
        where id = ${post.id}`)).pipe(Effect.asVoid),
    addReport: (r) =>
      query(() => db.insertInto("circle_report").values({ id: r.id, target_id: r.targetId, reporter_openid: r.reporterOpenid, complain: r.complain, created_at: r.at })
        .onConflict((oc) => oc.columns(["target_id", "reporter_openid"]).doNothing()).execute()),
    itemContact: (id) =>
      query(() => db.selectFrom("circle_item").select(["title", "phone", "wx_no", "show"]).where("id", "=", id).executeTakeFirst())
        .pipe(Effect.map((r) => r && { title: r.title, phone: r.phone, wxNo: r.wx_no, show: r.show as Show | null })),
    // the asker's row is held first, so contact requests at once are counted one after the other
    contactsSince: (requesterId, since) =>
      query(async () => {
        await lockPerson(requesterId)
        const { n } = await db.selectFrom("circle_contact").select(sql<string>`count(*)`.as("n"))
          .where("requester_id", "=", requesterId).where("created_at", ">=", since).executeTakeFirstOrThrow()
        return Number(n)
      }),
    addContact: (c) =>
      query(() => db.insertInto("circle_contact").values({ id: c.id, target_id: c.targetId, requester_id: c.requesterId, created_at: c.at }).execute()),
    summary: (id) =>
      query(() => rows(db, sql<SummaryRow>`
        select p.*, u.openid as owner from ${POSTS} p join app_user u on u.id = p.owner_id where p.id = ${id}`))
        .pipe(Effect.map(([r]) => r && toSummary(r))),
    reported: ({ open }) =>
      query(() => rows(db, sql<SummaryRow & { reports: string | number; last_report_at: Date | string; open: boolean }>`
        with r as (select target_id, count(*) as reports, max(created_at) as last_report_at from circle_report group by target_id),
        m as (select target_id, max(at) as decided_at from circle_moderation group by target_id),
        listed as (
          select p.*, u.openid as owner, r.reports, r.last_report_at,
            (p.status <> ${PostStatus.deleted} and (m.decided_at is null or r.last_report_at > m.decided_at)) as open
          from r join ${POSTS} p on p.id = r.target_id join app_user u on u.id = p.owner_id left join m on m.target_id = r.target_id
        )
        select * from listed where ${open ? sql`open` : sql`true`} order by last_report_at desc, id`))
        .pipe(Effect.map((found) => found.map((r): ReportedPost => ({
          ...toSummary(r), reports: Number(r.reports), lastReportAt: new Date(r.last_report_at), open: r.open
        })))),
    reportsOf: (id) =>
      query(() => db.selectFrom("circle_report").selectAll().where("target_id", "=", id).orderBy("created_at").orderBy("id").execute())
        .pipe(Effect.map((found) => found.map(toReport))),
    moderate: (id, entry) =>
      query(() => db.insertInto("circle_moderation").values({ target_id: id, action: entry.action, reason: entry.reason, at: entry.at }).execute()),
    moderationOf: (id) =>
      query(() => db.selectFrom("circle_moderation").select(["action", "reason", "at"]).where("target_id", "=", id).orderBy("at").orderBy("id").execute())
        .pipe(Effect.map((found) => found.map((r): ModerationEntry => ({ action: r.action, reason: r.reason, at: new Date(r.at) }))))
  })
}
