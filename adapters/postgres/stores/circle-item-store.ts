/** The market items' port over Postgres (migration 2026-11-28T0300-circle): items read with their owner's name and picture. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import type { BizType, FeeType, Show } from "#src/circle/codes"
import type { CircleItem, ItemContent } from "#src/circle/item"
import { ItemStore } from "#src/circle/item-store"
import { PostStatus } from "#src/circle/status-machine"
import { paged } from "../paging"
import type { DB } from "../schema"
import { query } from "./query"

type ItemRow = Selectable<DB["circle_item"]> & { openid: string; nickname: string | null; headimg_base64: string | null }

const toItem = (r: ItemRow): CircleItem => ({
  id: r.id,
  owner: { id: r.owner_id, openid: r.openid, nickname: r.nickname, headimgBase64: r.headimg_base64 },
  worksiteId: r.worksite_id,
  bizType: r.biz_type as BizType,
  goodsType: r.goods_type,
  title: r.title,
  sum: r.sum,
  remark: r.remark,
  demand: r.demand,
  feeType: r.fee_type as FeeType,
  priceFen: Number(r.price_fen),
  costFen: r.cost_fen === null ? null : Number(r.cost_fen),
  level: r.level,
  major: r.major,
  class: r.class,
  phone: r.phone,
  wxNo: r.wx_no,
  show: r.show as Show | null,
  pics: r.pics,
  status: r.status as PostStatus,
  statusBeforeHidden: r.status_before_hidden as PostStatus | null,
  viewCount: r.view_count,
  zan: r.zan,
  createdAt: new Date(r.created_at)
})

const toColumns = (c: ItemContent) => ({
  biz_type: c.bizType, goods_type: c.goodsType, title: c.title, sum: c.sum, remark: c.remark, demand: c.demand, fee_type: c.feeType,
  price_fen: c.priceFen, cost_fen: c.costFen, level: c.level, major: c.major, class: c.class, phone: c.phone, wx_no: c.wxNo, show: c.show,
  pics: JSON.stringify(c.pics)
})

export const circleItemStore = (db: Kysely<DB>) => {
  const items = () => db.selectFrom("circle_item").innerJoin("app_user", "app_user.id", "circle_item.owner_id")
  const withOwner = <Q extends ReturnType<typeof items>>(q: Q) =>
    q.selectAll("circle_item").select(["app_user.openid", "app_user.nickname", "app_user.headimg_base64"])
  const newestFirst = <Q extends ReturnType<typeof items>>(q: Q) => withOwner(q).orderBy("circle_item.created_at", "desc").orderBy("circle_item.id", "desc")
  const listed = (worksiteId: string) => items().where("circle_item.worksite_id", "=", worksiteId).where("circle_item.status", "=", PostStatus.listed)
  const byId = (id: string) => withOwner(items()).where("circle_item.id", "=", id)

  return ItemStore.of({
    add: (item) =>
      query(() => db.insertInto("circle_item").values({
        id: item.id, owner_id: item.ownerId, worksite_id: item.worksiteId, ...toColumns(item.content), created_at: item.createdAt, updated_at: item.createdAt
      }).execute()),
    find: (id) => query(() => byId(id).executeTakeFirst()).pipe(Effect.map((r) => r && toItem(r))),
    lock: (id) => query(() => byId(id).forUpdate("circle_item").executeTakeFirst()).pipe(Effect.map((r) => r && toItem(r))),
    edit: (id, content, at) => query(() => db.updateTable("circle_item").set({ ...toColumns(content), updated_at: at }).where("id", "=", id).execute()),
    setStatus: (id, status, at) => query(() => db.updateTable("circle_item").set({ status, updated_at: at }).where("id", "=", id).execute()),
    countView: (id) =>
      query(() => db.updateTable("circle_item").set({ view_count: sql`view_count + 1` }).where("id", "=", id).returning("view_count").executeTakeFirstOrThrow())
        .pipe(Effect.map((r) => r.view_count)),
    postedSince: (ownerId, since) =>
      query(() => db.selectFrom("circle_item").select((eb) => eb.fn.countAll<string>().as("n"))
        .where("owner_id", "=", ownerId).where("created_at", ">=", since).executeTakeFirstOrThrow())
        .pipe(Effect.map((r) => Number(r.n))),
    listed: (filter, page) => {
      const filtered = listed(filter.worksiteId)
        .$if(filter.goodsType !== undefined, (q) => q.where("circle_item.goods_type", "=", filter.goodsType!))
        .$if(filter.bizType !== undefined, (q) => q.where("circle_item.biz_type", "=", filter.bizType!))
      return query(() => paged(filtered, page, newestFirst)).pipe(Effect.map((p) => ({ ...p, results: p.results.map(toItem) })))
    },
    latest: (worksiteId, count) => query(() => newestFirst(listed(worksiteId)).limit(count).execute()).pipe(Effect.map((rows) => rows.map(toItem))),
    mine: (ownerId, page) => {
      const filtered = items().where("circle_item.owner_id", "=", ownerId).where("circle_item.status", "<>", PostStatus.deleted)
      return query(() => paged(filtered, page, newestFirst)).pipe(Effect.map((p) => ({ ...p, results: p.results.map(toItem) })))
    },
    reactionsOf: (openid, itemIds) =>
      query(() => db.selectFrom("circle_reaction").select(["target_id", "type"]).where("openid", "=", openid).where("target_id", "in", itemIds)
        .orderBy("type").execute())
        .pipe(Effect.map((rows) => {
          const byItem = new Map<string, Array<number>>()
          for (const r of rows) byItem.set(r.target_id, [...(byItem.get(r.target_id) ?? []), r.type])
          return byItem
        }))
  })
}
