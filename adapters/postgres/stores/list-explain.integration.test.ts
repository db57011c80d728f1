/**
 * The year's lists read by index (issue 24, "Year reads, second pass"), on Postgres (TEST_DATABASE_URL): the demo
 * campus, then a few thousand parcels, errand orders, ledger rows and paid trades over 200 users, ANALYZE. Each store
 * call runs on a database that records its statements; a page after a cursor of the parcel list (as receiver and as
 * the friend who picks up), of a runner's and a requester's errand orders and of 资金明细, and the staff's return list,
 * are then explained with their own parameters: every statement reads the list's index, none scans the list's table.
 */
import { Effect } from "effect"
import { Kysely, PostgresDialect, sql, type CompiledQuery } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, expect, it } from "vitest"
import { decodeCursor, type Page, type PageAfter } from "#src/shared/paging"
import { describeOnPostgres, scratchPostgres } from "../../../test/support/test-app"
import { migrateToLatest, openDatabase } from "../database"
import type { DB } from "../schema"
import { seedDemoCampus } from "../seed"
import { errandStore } from "./errand-store"
import { moneyHistory } from "./money-history"
import { parcelStore } from "./parcel-store"

describeOnPostgres("the year's lists read by index [postgres]", () => {
  let pool: pg.Pool
  let db: Kysely<DB>
  let drop = async () => {}
  const statements: Array<CompiledQuery> = []

  beforeAll(async () => {
    const scratch = await scratchPostgres({ migrated: true })
    drop = scratch.drop
    const seeding = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 })
    try {
      await migrateToLatest(seeding.db)
      await seedDemoCampus(seeding.db)
      const s = seeding.db
      await sql`insert into app_user (id, openid, nickname, role, created_at)
        select 'ux-' || u, 'ox-' || u, 'x', 'student', now() from generate_series(1, 200) u`.execute(s)
      // parcels: each user receives ~30 (mostly signed, some due for return), and picks up a few of others' as the chosen friend
      await sql`insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
          receiver, receiver_id, receiver_phone, status, created_at, checked_in_by, agent_id)
        select 'px-' || i, 'ws-xiyuan', 'ec-ems', 'EMS', 'EX' || i, 'A', case when i % 10 = 0 then 8000 + i / 10 when i % 13 = 0 then 7000 + i / 13 else 1 end, 'small', 'x', 'ux-' || (i % 200 + 1), '13800000000',
          case when i % 10 = 0 then 0 when i % 13 = 0 then 300 else 100 end, timestamptz '2030-01-01' + i * interval '1 minute', 'e-xiyuan-1',
          case when i % 7 = 0 then 'ux-' || ((i + 1) % 200 + 1) end
        from generate_series(1, 6000) i`.execute(s)
      // errand orders: each runner accepted ~30 (completed, a few still open), each requester placed ~30
      await sql`insert into errand_order (id, order_no, type, status, worksite_id, openid, goods_class, fee, pay_fee, require_arrive_time,
          created_at, accept_openid)
        select 'ex-' || i, 'NX' || i, 2, case when i % 15 = 0 then 2 else 100 end, 'ws-xiyuan', 'ox-' || ((i + 3) % 200 + 1), 1, 300, 300,
          timestamptz '2030-01-01' + i * interval '1 minute' + interval '1 hour', timestamptz '2030-01-01' + i * interval '1 minute',
          'ox-' || (i % 200 + 1)
        from generate_series(1, 6000) i`.execute(s)
      await sql`insert into ledger (id, user_id, type, money, score, remark, ref_type, ref_id, created_at)
        select 'lx-' || i, 'ux-' || (i % 200 + 1), 1, case when i % 20 = 0 then 0 else 1 end, 0, '', 'opening', null,
          timestamptz '2030-01-01' + i * interval '1 minute'
        from generate_series(1, 6000) i`.execute(s)
      await sql`insert into pay_trade (trade_no, kind, ref_id, user_id, amount_fen, status, provider_ref, created_at, expires_at, paid_at)
        select 'tx-' || i, 'errand', 'ex-' || i, 'ux-' || (i % 200 + 1), 300, 'paid', 'wx-' || i, timestamptz '2030-01-01' + i * interval '1 minute',
          timestamptz '2030-01-02' + i * interval '1 minute', timestamptz '2030-01-01' + i * interval '1 minute'
        from generate_series(1, 3000) i`.execute(s)
      await sql`vacuum analyze`.execute(s)
    } finally {
      await seeding.close()
    }
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 })
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (e) => { if (e.level === "query") statements.push(e.query) } })
  }, 180_000)
  afterAll(async () => {
    await db?.destroy()
    await drop()
  })

  /** The page after the first page's cursor, and the plans of the statements its read ran. */
  const plansAfterFirst = async <A>(list: (page: number | PageAfter) => Effect.Effect<Page<A>>) => {
    const first = await Effect.runPromise(list(1))
    const after = decodeCursor(first.nextCursor ?? "")
    expect(after).toBeDefined()
    statements.length = 0
    const next = await Effect.runPromise(list(after!))
    expect(next.results.length).toBeGreaterThan(0)
    const ran = [...statements]
    expect(ran.length).toBeGreaterThan(0)
    return Promise.all(ran.map(async (q) =>
      (await pool.query<{ "QUERY PLAN": string }>(`explain ${q.sql}`, q.parameters as Array<unknown>)).rows.map((r) => r["QUERY PLAN"]).join("\n")))
  }

  it.each([
    ["receiver's signed parcels", "ux-7", [100], /parcel_keyset_receiver_status/],
    ["friend's parcels on the shelf", "ux-9", [0, 100], /parcel_keyset_agent/]
  ] as const)("a page of the parcel list after a cursor (%s) reads the parcel's keyset index", async (_, user, statuses, index) => {
    const plans = await plansAfterFirst((page) => parcelStore(db).listForHolder(user, statuses, page))
    for (const text of plans) {
      console.log(`parcel list:\n${text}`)
      expect(text).toMatch(index)
      expect(text).not.toContain("Seq Scan")
    }
  })

  it("the staff's return list reads the worksite's parcels awaiting return from their partial index", async () => {
    statements.length = 0
    const due = await Effect.runPromise(parcelStore(db).listByStatus({ statuses: [300], worksiteId: "ws-xiyuan", limit: 500 }))
    expect(due.length).toBeGreaterThan(100)
    for (const q of statements) {
      const text = (await pool.query<{ "QUERY PLAN": string }>(`explain ${q.sql}`, q.parameters as Array<unknown>)).rows.map((r) => r["QUERY PLAN"]).join("\n")
      console.log(`return list:\n${text}`)
      expect(text).toContain("parcel_awaiting_return")
      expect(text).not.toContain("Seq Scan")
    }
  })

  it.each([
    ["a runner's completed orders", (page: number | PageAfter) => errandStore(db).listForRunner("ox-7", "complete", page), "errand_order_keyset_runner_status"],
    ["a requester's completed orders", (page: number | PageAfter) => errandStore(db).listForRequester("ox-7", "complete", page), "errand_order_keyset_requester"]
  ] as const)("a page of %s after a cursor reads %s", async (_, list, index) => {
    const plans = await plansAfterFirst(list)
    for (const text of plans) {
      console.log(`errand orders:\n${text}`)
      expect(text).toContain(index)
      expect(text).not.toContain("Seq Scan")
    }
  })

  it("a runner's open orders are read from their partial index", async () => {
    statements.length = 0
    await Effect.runPromise(errandStore(db).listForRunner("ox-15", "ing", 1))
    for (const q of statements) {
      const text = (await pool.query<{ "QUERY PLAN": string }>(`explain ${q.sql}`, q.parameters as Array<unknown>)).rows.map((r) => r["QUERY PLAN"]).join("\n")
      console.log(`open orders:\n${text}`)
      expect(text).toContain("errand_order_keyset_runner_open")
      expect(text).not.toContain("Seq Scan")
    }
  })

  it("a page of 资金明细 after a cursor reads the ledger's money-moving rows and the paid trades by their keyset indexes", async () => {
    const plans = await plansAfterFirst((page) => moneyHistory(db).list("ux-7", page))
    for (const text of plans) {
      console.log(`money detail:\n${text}`)
      expect(text).toContain("ledger_keyset_moving")
      expect(text).toContain("pay_trade_keyset_paid")
      // the order tables a line names are joined by their keys (send_order is empty here and may be scanned)
      expect(text).not.toMatch(/Seq Scan on (ledger|pay_trade|errand_order|parcel)\b/)
    }
  })
})
