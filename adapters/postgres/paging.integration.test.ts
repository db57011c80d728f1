import { fc } from "@fast-check/vitest"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { LedgerType } from "#src/wallet/ledger"
import { migrateToLatest, openDatabase, type Database } from "./database"
import { PAGE_SIZE, paged } from "./paging"
import { createUser } from "./seed"
import { walletStore } from "./stores/wallet-store"
import { blankMemory } from "../../test/support/blank-database"

let database: Database
const db = () => database.db
const base = Date.parse("2030-01-01T00:00:00Z")

/** Ledger rows of one user, oldest first: type, money, created at base + i minutes. */
const addLedger = async (userId: string, types: ReadonlyArray<LedgerType>) => {
  const rows = types.map((type, i) => ({
    id: `${userId}-l${String(i).padStart(3, "0")}`, user_id: userId, type, money: type === 2 ? -(i + 1) : i + 1, score: 0,
    remark: `row ${i}`, ref_type: "opening", ref_id: null, created_at: new Date(base + i * 60_000)
  }))
  if (rows.length > 0) await db().insertInto("ledger").values(rows).execute()
  return rows
}

let userSeq = 0
const newUserId = async () => {
  const id = `u-paging-${++userSeq}`
  await createUser(db(), { id, openid: `paging-${userSeq}`, nickname: "分页", role: "student" })
  return id
}

beforeAll(async () => {
  database = await openDatabase(blankMemory())
  await migrateToLatest(database.db)
}, 120_000)
afterAll(async () => { await database?.close() })

describe("paged: one page of a filtered query, with the count of the whole query", () => {
  it("pages 20 at a time, newest first, disjoint and complete; past the end is empty", async () => {
    const userId = await newUserId()
    const rows = await addLedger(userId, Array.from({ length: 45 }, () => 1 as const))
    await addLedger(await newUserId(), [1, 1, 1])
    const page = (n: number) => paged(db().selectFrom("ledger").where("user_id", "=", userId), n, (q) => q.select("id").orderBy("created_at", "desc").orderBy("id"))
    const pages = await Promise.all([1, 2, 3, 4].map(page))
    expect(pages.map((p) => [p.pageNumber, p.pageCount, p.recordCount, p.results.length])).toEqual([
      [1, 3, 45, PAGE_SIZE], [2, 3, 45, PAGE_SIZE], [3, 3, 45, 5], [4, 3, 45, 0]
    ])
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(rows.map((r) => r.id).reverse())
  })

  it("an empty list is one empty page", async () => {
    const userId = await newUserId()
    expect(await paged(db().selectFrom("ledger").where("user_id", "=", userId), 1, (q) => q.selectAll()))
      .toEqual({ results: [], pageNumber: 1, pageCount: 1, recordCount: 0 })
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_VALUE])("page %s reads as page 1", async (n) => {
    const userId = await newUserId()
    await addLedger(userId, [1, 2])
    const p = await paged(db().selectFrom("ledger").where("user_id", "=", userId), n, (q) => q.select("id").orderBy("id"))
    expect(p).toMatchObject({ pageNumber: 1, pageCount: 1, recordCount: 2 })
    expect(p.results).toHaveLength(2)
  })
})

describe("WalletStore.listLedger: the store lists the rows /moneyDetail/{type} should show", () => {
  const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)

  it("for random ledgers and filters, lists exactly the rows of that type (0: every row), newest first", async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.constantFrom<LedgerType>(1, 2, 4), { maxLength: 30 }),
      fc.constantFrom(0, 1, 2, 4, 3, -1, 100, 32_767),
      async (types, filter) => {
        const userId = await newUserId()
        const rows = await addLedger(userId, types)
        const expected = rows.filter((r) => filter === 0 || r.type === filter).map((r) => r.id).reverse()
        const store = walletStore(db())
        const first = await run(store.listLedger(userId, filter, 1))
        const second = await run(store.listLedger(userId, filter, 2))
        expect(first.recordCount).toBe(expected.length)
        expect([...first.results, ...second.results].map((e) => e.id)).toEqual(expected)
      }
    ), { numRuns: 25 })
  })

  it("lists the withdrawal applications of the user only, page by page", async () => {
    const userId = await newUserId()
    const other = await newUserId()
    const store = walletStore(db())
    for (const [i, who] of [userId, userId, other, userId].entries()) {
      await run(store.insertWithdrawal({ id: `w-${userId}-${i}`, userId: who, money: 100 + i, fee: 1, status: 0, createdAt: new Date(base + i * 60_000) }))
    }
    const page = await run(store.listWithdrawals(userId, 1))
    expect(page).toMatchObject({ pageNumber: 1, pageCount: 1, recordCount: 3 })
    expect(page.results.map((w) => w.money)).toEqual([103, 101, 100])
  })
})

describe("the opening grant of a new wallet", () => {
  it("writes the money and the points as two rows, each saying what it grants", async () => {
    const id = `u-grant-${++userSeq}`
    await createUser(db(), { id, openid: `grant-${userSeq}`, nickname: "开户", role: "student" }, { money: 50_000, activeScore: 235 })
    const rows = await db().selectFrom("ledger").select(["type", "money", "score", "remark"]).where("user_id", "=", id).orderBy("money").execute()
    expect(rows).toEqual([
      { type: 1, money: 0, score: 235, remark: "开户赠送积分" },
      { type: 1, money: 50_000, score: 0, remark: "开户赠送余额" }
    ])
    expect(await db().selectFrom("wallet").select(["money", "active_score"]).where("user_id", "=", id).executeTakeFirst())
      .toEqual({ money: 50_000, active_score: 235 })
  })

  it("writes one row for money alone and none for an empty wallet", async () => {
    const a = `u-grant-${++userSeq}`
    await createUser(db(), { id: a, openid: `grant-${userSeq}`, nickname: "开户", role: "student" }, { money: 1_000 })
    const b = `u-grant-${++userSeq}`
    await createUser(db(), { id: b, openid: `grant-${userSeq}`, nickname: "开户", role: "student" })
    const rows = await db().selectFrom("ledger").select(["user_id", "money", "score", "remark"]).where("user_id", "in", [a, b]).execute()
    expect(rows).toEqual([{ user_id: a, money: 1_000, score: 0, remark: "开户赠送余额" }])
  })
})
