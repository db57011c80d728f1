/**
 * Keyset paging over the stores (issue 24), on PGlite and, with TEST_DATABASE_URL, on Postgres: a walk page by page
 * with each answer's cursor, while new rows arrive at the front of the list between pages (some stamped the same
 * instant as the newest row, some at the same microsecond as each other), answers every row that existed when the walk
 * began exactly once, in the list's order, and no row twice; the walk ends by the spec's rule (pageNumber >= pageCount)
 * with the count its first page made.
 */
import { fc } from "@fast-check/vitest"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compareKeys, decodeCursor, PAGE_SIZE, type Page, type PageKey, type PageRequest } from "#src/shared/paging"
import { backends, migratedDatabase } from "../../test/support/test-app"
import type { Database } from "./database"
import { createUser } from "./seed"
import { creditStore } from "./stores/credit-store"
import { moneyHistory } from "./stores/money-history"
import { walletStore } from "./stores/wallet-store"

const base = Date.parse("2030-01-01T00:00:00Z")

/** The instant `ms` plus `micros` microseconds, as the cursor writes it (Postgres keeps the microseconds; a `Date` would not). */
const instant = (ms: number, micros: number) =>
  new Date(ms + Math.floor(micros / 1000)).toISOString().replace(/Z$/, `${String(micros % 1000).padStart(3, "0")}Z`)

interface Row {
  readonly id: string
  readonly at: string
}

/** A list under test: how to add its rows for one user and how to read one page of them. */
interface List {
  readonly name: string
  add(db: Database["db"], userId: string, rows: ReadonlyArray<Row>): Promise<void>
  page(db: Database["db"], userId: string, page: PageRequest): Promise<Page<{ readonly id: string }>>
}

const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)

const lists: ReadonlyArray<List> = [
  {
    name: "the ledger (listLedger, every type)",
    add: async (db, userId, rows) => {
      if (rows.length > 0) await db.insertInto("ledger").values(rows.map((r) => ({
        id: r.id, user_id: userId, type: 1, money: 1, score: 0, remark: "", ref_type: "opening", ref_id: null, created_at: r.at
      }))).execute()
    },
    page: (db, userId, page) => run(walletStore(db).listLedger(userId, 0, page))
  },
  {
    name: "the withdrawals",
    add: async (db, userId, rows) => {
      if (rows.length > 0) await db.insertInto("withdrawal").values(rows.map((r) => ({ id: r.id, user_id: userId, money: 100, fee: 1, status: 0, created_at: r.at }))).execute()
    },
    page: (db, userId, page) => run(walletStore(db).listWithdrawals(userId, page))
  },
  {
    name: "the credit records",
    add: async (db, userId, rows) => {
      if (rows.length > 0) await db.insertInto("credit_record").values(rows.map((r) => ({ id: r.id, user_id: userId, order_id: null, type: 1, score: 1, remark: "", created_at: r.at }))).execute()
    },
    page: (db, userId, page) => run(creditStore(db).list(userId, page))
  },
  {
    name: "资金明细 (ledger rows and paid trades, one list)",
    add: async (db, userId, rows) => {
      const [ledger, trades] = [rows.filter((_, i) => i % 2 === 0), rows.filter((_, i) => i % 2 === 1)]
      if (ledger.length > 0) await db.insertInto("ledger").values(ledger.map((r) => ({
        id: r.id, user_id: userId, type: 1, money: 5, score: 0, remark: "", ref_type: "opening", ref_id: null, created_at: r.at
      }))).execute()
      if (trades.length > 0) await db.insertInto("pay_trade").values(trades.map((r) => ({
        trade_no: r.id, kind: "donation", ref_id: "none", user_id: userId, amount_fen: 100, status: "paid", prepay_id: null, provider_ref: `wx-${r.id}`,
        created_at: r.at, expires_at: r.at, paid_at: r.at, refunded_at: null
      }))).execute()
    },
    page: (db, userId, page) => run(moneyHistory(db).list(userId, page))
  }
]

/** Rows of one walk: those there at the start, and those arriving before each page after the first (later 0: the newest row's instant). */
const walkArb = fc.record({
  initial: fc.array(fc.record({ minute: fc.integer({ min: 0, max: 12 }), micros: fc.constantFrom(0, 0, 1, 999, 123_456, 999_999) }), { maxLength: 75, size: "max" }),
  arrivals: fc.array(fc.array(fc.record({ later: fc.integer({ min: 0, max: 2 }), micros: fc.constantFrom(0, 1, 999_999) }), { maxLength: 5, size: "max" }), { maxLength: 6, size: "max" })
})

const keyOfRow = (r: Row): PageKey => ({ at: r.at, id: r.id })

for (const backend of backends) {
  describe(`keyset paging while rows are added [${backend}]`, () => {
    let database: Database
    let drop = async () => {}
    beforeAll(async () => {
      ({ database, drop } = await migratedDatabase(backend))
    }, 120_000)
    afterAll(async () => {
      await database?.close()
      await drop()
    })

    let users = 0
    let rowSeq = 0
    /** Ids in an order unrelated to the rows' instants, so ties are settled by id, not by insertion. */
    const newId = () => `k${((++rowSeq * 7_919) % 100_003).toString(36).padStart(4, "0")}-${rowSeq}`

    for (const list of lists) {
      it(`${list.name}: every row there at the start exactly once, none twice, the walk ends`, async () => {
        await fc.assert(fc.asyncProperty(walkArb, async ({ initial, arrivals }) => {
          const db = database.db
          const userId = `u-keyset-${backend}-${++users}`
          await createUser(db, { id: userId, openid: `keyset-${backend}-${users}`, nickname: "分页", role: "student" })
          const start = initial.map((r): Row => ({ id: newId(), at: instant(base + r.minute * 60_000, r.micros) }))
          await list.add(db, userId, start)
          const expected = [...start].sort((a, b) => compareKeys(keyOfRow(a), keyOfRow(b))).map((r) => r.id)

          let newest = start.reduce((m, r) => (r.at > m ? r.at : m), instant(base, 0))
          const seen: Array<string> = []
          const added = new Set<string>()
          let page = await list.page(db, userId, 1)
          const counted = page.recordCount
          expect(counted).toBe(start.length)
          for (let i = 0; ; i++) {
            seen.push(...page.results.map((r) => r.id))
            if (page.nextCursor === undefined) break
            expect(page.pageNumber).toBeLessThan(page.pageCount)
            const front = newest
            const arriving = (arrivals[i] ?? []).map((a): Row =>
              ({ id: newId(), at: a.later === 0 ? front : instant(Math.floor(Date.parse(front) / 60_000) * 60_000 + a.later * 60_000, a.micros) }))
            for (const r of arriving) { added.add(r.id); if (r.at > newest) newest = r.at }
            await list.add(db, userId, arriving)
            const after = decodeCursor(page.nextCursor)
            expect(after).toBeDefined()
            page = await list.page(db, userId, after!)
            expect(page.recordCount).toBe(counted)
            expect(seen.length).toBeLessThan(start.length + added.size + PAGE_SIZE)
          }
          expect(page.pageNumber).toBeGreaterThanOrEqual(page.pageCount)
          expect(new Set(seen).size).toBe(seen.length)
          expect(seen.filter((id) => !added.has(id))).toEqual(expected)
        }), { numRuns: backend === "postgres" ? 20 : 15 })
      }, 240_000)
    }
  })
}
