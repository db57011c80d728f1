/**
 * Migration 2026-11-28T0300-circle: the circle's tables hold only what the rules allow — at most 9 pictures, no
 * counter below 0, a deleted post has its time and a hidden one its status before, one reaction of a kind per
 * person, one report per reporter, one code per path, calls counted from 0, the operator's decisions hides and restores —
 * and it goes down and up again.
 */
import { sql, type Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as circle from "../../migrations/2026-11-28T0300-circle"
import { freshDemoDatabases } from "./demo-database.testkit"

const fresh = freshDemoDatabases()
const at = new Date("2026-11-28T03:00:00Z")

const owner = async (db: Kysely<any>) => (await db.selectFrom("app_user").select(["id"]).where("worksite_id", "=", "ws-xiyuan").executeTakeFirstOrThrow()).id as string

const item = (ownerId: string, id: string, extra: Record<string, unknown> = {}) => ({
  id, owner_id: ownerId, worksite_id: "ws-xiyuan", biz_type: 20, goods_type: 10, title: "高等数学", sum: 1, fee_type: 1, price_fen: 1250,
  pics: JSON.stringify([{ id: "u1", url: "/sign/20261128/a.png" }]), created_at: at, updated_at: at, ...extra
})

describe("migration 2026-11-28T0300-circle", () => {
  it("keeps an item's pictures to 9, its counters at 0 or more, and its status with its times", async () => {
    const db = await fresh()
    const id = await owner(db)
    await db.insertInto("circle_item").values(item(id, "c1")).execute()
    const ten = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ id: `u${i}`, url: `/sign/20261128/${i}.png` })))
    await expect(db.insertInto("circle_item").values(item(id, "c2", { pics: ten })).execute()).rejects.toThrow()
    await expect(db.updateTable("circle_item").set({ zan: -1 }).where("id", "=", "c1").execute()).rejects.toThrow()
    await expect(db.updateTable("circle_item").set({ status: -1 }).where("id", "=", "c1").execute()).rejects.toThrow()
    await expect(db.updateTable("circle_item").set({ status: 2 }).where("id", "=", "c1").execute()).rejects.toThrow()
    await db.updateTable("circle_item").set({ status: 2, status_before_hidden: 1 }).where("id", "=", "c1").execute()
    await expect(db.insertInto("circle_item").values(item(id, "c3", { price_fen: -2 })).execute()).rejects.toThrow()
    await db.insertInto("circle_item").values(item(id, "c4", { price_fen: -1, fee_type: 2, sum: -1 })).execute()
  })

  it("holds one reaction of a kind per person, one report per reporter and one code per path", async () => {
    const db = await fresh()
    const reaction = { target_id: "c1", type: 20, openid: "o1", created_at: at }
    await db.insertInto("circle_reaction").values(reaction).execute()
    await expect(db.insertInto("circle_reaction").values(reaction).execute()).rejects.toThrow()
    await db.insertInto("circle_reaction").values({ ...reaction, type: 30 }).execute()
    await expect(db.insertInto("circle_reaction").values({ ...reaction, type: 60 }).execute()).rejects.toThrow()
    await db.insertInto("circle_report").values({ id: "r1", target_id: "c1", reporter_openid: "o1", complain: 1, created_at: at }).execute()
    await expect(db.insertInto("circle_report").values({ id: "r2", target_id: "c1", reporter_openid: "o1", complain: 2, created_at: at }).execute()).rejects.toThrow()
    await db.insertInto("short_url").values({ code: "abc", path: "/share/circleDetail/c1", created_at: at }).execute()
    await expect(db.insertInto("short_url").values({ code: "abd", path: "/share/circleDetail/c1", created_at: at }).execute()).rejects.toThrow()
  })

  it("keeps a social post's kind to teammate, confession or message", async () => {
    const db = await fresh()
    const id = await owner(db)
    const post = { id: "s1", kind: 20, owner_id: id, worksite_id: "ws-xiyuan", flags: ["爱笑", "会做饭"], pics: "[]", created_at: at }
    await db.insertInto("circle_social").values(post).execute()
    await expect(db.insertInto("circle_social").values({ ...post, id: "s2", kind: 10 }).execute()).rejects.toThrow()
    await expect(db.updateTable("circle_social").set({ status: 0 }).where("id", "=", "s1").execute()).rejects.toThrow()
  })

  it("counts a teammate's calls from 0, never below, and keeps the operator's decisions to hide and restore", async () => {
    const db = await fresh()
    const id = await owner(db)
    await db.insertInto("circle_social").values({ id: "s1", kind: 20, owner_id: id, worksite_id: "ws-xiyuan", pics: "[]", created_at: at }).execute()
    expect((await db.selectFrom("circle_social").select("calls").where("id", "=", "s1").executeTakeFirstOrThrow()).calls).toBe(0)
    await expect(db.updateTable("circle_social").set({ calls: -1 }).where("id", "=", "s1").execute()).rejects.toThrow()
    await db.insertInto("circle_moderation").values({ target_id: "s1", action: "hide", reason: "广告", at }).execute()
    await expect(sql`insert into circle_moderation (target_id, action, at) values ('s1', 'delete', now())`.execute(db)).rejects.toThrow()
  })

  it("goes down and up again", async () => {
    const db = await fresh()
    await circle.down(db)
    await expect(sql`select 1 from circle_item`.execute(db)).rejects.toThrow()
    await expect(sql`select motto from app_user`.execute(db)).rejects.toThrow()
    await circle.up(db)
    expect((await sql<{ n: number }>`select count(*)::int as n from circle_item`.execute(db)).rows[0]!.n).toBe(0)
  })
})
