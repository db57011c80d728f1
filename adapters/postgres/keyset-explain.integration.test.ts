/**
 * Keyset paging's statements use their index (issue 24), on Postgres (TEST_DATABASE_URL): a few thousand rows over
 * many users, ANALYZE, then the plan of a page after a cursor, as `keysetPaged` writes it, reads the list's index (with ~30 rows a user the
 * planner takes a bitmap scan and sorts the few rows in range; no sequential scan).
 */
import { sql } from "kysely"
import { afterAll, beforeAll, expect, it } from "vitest"
import { describeOnPostgres, scratchPostgres } from "../../test/support/test-app"
import { migrateToLatest, openDatabase, type Database } from "./database"

describeOnPostgres("keyset paging reads by index [postgres]", () => {
  let database: Database
  let drop = async () => {}
  beforeAll(async () => {
    const scratch = await scratchPostgres({ migrated: true })
    drop = scratch.drop
    database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 })
    await migrateToLatest(database.db)
    const db = database.db
    await sql`insert into app_user (id, openid, nickname, role, created_at)
      select 'ux-' || u, 'ox-' || u, 'x', 'student', now() from generate_series(1, 200) u`.execute(db)
    await sql`insert into ledger (id, user_id, type, money, score, remark, ref_type, ref_id, created_at)
      select 'lx-' || i, 'ux-' || (i % 200 + 1), 1, 1, 0, '', 'opening', null, timestamptz '2030-01-01' + i * interval '1 minute'
      from generate_series(1, 6000) i`.execute(db)
    await sql`insert into withdrawal (id, user_id, money, fee, status, created_at)
      select 'wx-' || i, 'ux-' || (i % 200 + 1), 100, 1, 0, timestamptz '2030-01-01' + i * interval '1 minute' from generate_series(1, 6000) i`.execute(db)
    await sql`insert into credit_record (id, user_id, order_id, type, score, remark, created_at)
      select 'cx-' || i, 'ux-' || (i % 200 + 1), null, 1, 1, '', timestamptz '2030-01-01' + i * interval '1 minute' from generate_series(1, 6000) i`.execute(db)
    await sql`analyze`.execute(db)
  }, 120_000)
  afterAll(async () => {
    await database?.close()
    await drop()
  })

  const plan = async (statement: ReturnType<typeof sql>) =>
    (await sql<{ "QUERY PLAN": string }>`explain ${statement}`.execute(database.db)).rows.map((r) => r["QUERY PLAN"]).join("\n")

  it.each([
    ["ledger", "ledger_keyset_user"],
    ["withdrawal", "withdrawal_keyset_user"],
    ["credit_record", "credit_record_keyset_user"]
  ])("a page of %s after a cursor reads %s", async (table, index) => {
    const text = await plan(sql`select * from ${sql.table(table)} where user_id = 'ux-7' and (created_at <= '2030-01-03T00:00:00.000000Z'::timestamptz
      and (created_at < '2030-01-03T00:00:00.000000Z'::timestamptz or id > 'lx-1')) order by created_at desc, id limit 21`)
    console.log(`${table}:\n${text}`)
    expect(text).toContain(index)
    expect(text).not.toContain("Seq Scan")
  })
})
