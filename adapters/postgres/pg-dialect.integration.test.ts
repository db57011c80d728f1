/**
 * The pipelined dialect on real Postgres: a BEGIN that rides with the first statement and a statement
 * that rides with the COMMIT keep a transaction's all-or-nothing, report their failures, and leave the
 * connection clean for the next user of the pool; short reads share pipelined connections, each gets
 * its own answer, and a lost connection is replaced.
 */
import { randomBytes } from "node:crypto"
import { sql, type Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { describeOnPostgres, TEST_DATABASE_URL } from "../../test/support/test-app"
import { openDatabase, SHORT_READ_CONNECTIONS, type Database } from "./database"
import { ridesWithCommit } from "./pg-dialect"

describeOnPostgres("the pipelined Postgres dialect", () => {
  const table = `dialect_probe_${randomBytes(4).toString("hex")}`
  let database: Database
  let db: Kysely<any>

  beforeAll(async () => {
    database = await openDatabase({ kind: "postgres", url: TEST_DATABASE_URL!, poolSize: 1 })
    db = database.db as unknown as Kysely<any>
    await sql`create table ${sql.table(table)} (id text primary key)`.execute(db)
  })
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(db)
    await database?.close()
  })

  const insert = (trx: Kysely<any>, id: string) => trx.insertInto(table).values({ id }).compile()
  const ids = async () => (await db.selectFrom(table).select("id").orderBy("id").execute()).map((r) => r.id as string)
  const clear = () => db.deleteFrom(table).execute()
  /** Whether the pool's one connection is inside a transaction now. */
  const inTransaction = async () =>
    (await sql<{ open: boolean }>`select pg_current_xact_id_if_assigned() is not null or now() <> statement_timestamp() as open`.execute(db)).rows[0]!.open

  it("commits a transaction whose BEGIN rode with its first statement, and hands back a connection outside any transaction", async () => {
    await clear()
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(trx, "a"))
      await trx.executeQuery(insert(trx, "b"))
      expect((await trx.selectFrom(table).select("id").execute()).length).toBe(2)
    })
    expect(await ids()).toEqual(["a", "b"])
    expect(await inTransaction()).toBe(false)
  })

  it("commits a statement that rode with the COMMIT, and answers it at once with no rows", async () => {
    await clear()
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(trx, "first"))
      expect(await trx.executeQuery(ridesWithCommit(insert(trx, "rider")))).toEqual({ rows: [] })
    })
    expect(await ids()).toEqual(["first", "rider"])
  })

  it("refuses the COMMIT when the statement that rode with it failed, and keeps nothing of the transaction", async () => {
    await db.insertInto(table).values({ id: "taken" }).onConflict((oc) => oc.doNothing()).execute()
    await db.deleteFrom(table).where("id", "<>", "taken").execute()
    const attempt = db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(trx, "before"))
      await trx.executeQuery(ridesWithCommit(insert(trx, "taken")))
      return "done"
    })
    await expect(attempt).rejects.toMatchObject({ code: "23505" })
    expect(await ids()).toEqual(["taken"])
    expect(await inTransaction()).toBe(false)
  })

  it("rolls a statement that rode back with its transaction when the work after it fails", async () => {
    await clear()
    const attempt = db.transaction().execute(async (trx) => {
      await trx.executeQuery(ridesWithCommit(insert(trx, "rider")))
      throw new Error("the use case changed its mind")
    })
    await expect(attempt).rejects.toThrow("the use case changed its mind")
    expect(await ids()).toEqual([])
    expect(await inTransaction()).toBe(false)
  })

  it("reports a failing first statement (BEGIN still in flight) and rolls back", async () => {
    await clear()
    await db.insertInto(table).values({ id: "dup" }).execute()
    const attempt = db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(trx, "dup"))
    })
    await expect(attempt).rejects.toMatchObject({ code: "23505" })
    await db.transaction().execute(async (trx) => { await trx.executeQuery(insert(trx, "after")) })
    expect(await ids()).toEqual(["after", "dup"])
  })

  it("runs a marked statement outside a transaction as an ordinary one, failure included", async () => {
    await clear()
    await db.executeQuery(ridesWithCommit(insert(db, "alone")))
    expect(await ids()).toEqual(["alone"])
    await expect(db.executeQuery(ridesWithCommit(insert(db, "alone")))).rejects.toMatchObject({ code: "23505" })
  })

  it("keeps concurrent transactions, each with a rider, whole on a shared pool", async () => {
    await clear()
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(insert(trx, `t${String(i).padStart(2, "0")}`))
        // every fifth one's rider collides with an earlier transaction's row
        await trx.executeQuery(ridesWithCommit(insert(trx, i % 5 === 4 ? "t00" : `r${String(i).padStart(2, "0")}`)))
      })))
    const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []))
    expect(failed).toEqual([4, 9, 14, 19, 24, 29, 34, 39])
    const kept = await ids()
    for (let i = 0; i < 40; i++) {
      const mine = [`t${String(i).padStart(2, "0")}`, `r${String(i).padStart(2, "0")}`].filter((id) => kept.includes(id))
      expect(mine.length).toBe(failed.includes(i) ? 0 : 2)
    }
  })

  describe("short reads on a shared connection", () => {
    const shortReads = () => database.shortReads as unknown as Kysely<any>
    const pidOf = async (k: Kysely<any>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(k)).rows[0]!.pid

    it("gives each of many reads in flight at once its own answer, all on the shared connections", async () => {
      const answers = await Promise.all(Array.from({ length: 300 }, (_, i) =>
        sql<{ n: number; pid: number }>`select ${i}::int as n, pg_backend_pid() as pid`.execute(shortReads()).then((r) => r.rows[0]!)))
      expect(answers.map((a) => a.n)).toEqual(Array.from({ length: 300 }, (_, i) => i))
      const pids = new Set(answers.map((a) => a.pid))
      expect(pids.size).toBe(SHORT_READ_CONNECTIONS)
      expect(pids.has(await pidOf(db))).toBe(false)
    })

    it("fails only the read that failed, not those written around it", async () => {
      const [before, failed, after] = await Promise.allSettled([
        sql`select 1 as n`.execute(shortReads()),
        sql`select 1 / (${0}::int) as n`.execute(shortReads()),
        sql`select 3 as n`.execute(shortReads())
      ])
      expect(before).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 1 }] } })
      expect(failed).toMatchObject({ status: "rejected", reason: { code: "22012" } })
      expect(after).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 3 }] } })
    })

    it("refuses a transaction", async () => {
      await expect(shortReads().transaction().execute(async () => "never")).rejects.toThrow("no transaction runs on the shared connections")
    })

    it("replaces a connection the server ended, from the first read after it saw the end", async () => {
      const sharedPids = async (reads: number) => new Set(await Promise.all(Array.from({ length: reads }, () => pidOf(shortReads()))))
      const ended = await sharedPids(4 * SHORT_READ_CONNECTIONS)
      for (const pid of ended) await sql`select pg_terminate_backend(${pid})`.execute(db)
      const deadline = Date.now() + 5_000
      let failures = 0
      let served = 0
      while (served < SHORT_READ_CONNECTIONS && Date.now() < deadline) {
        await pidOf(shortReads()).then(() => served++, () => failures++)
      }
      // only the reads written before a client saw its socket close fail
      expect(failures).toBeLessThanOrEqual(3 * SHORT_READ_CONNECTIONS)
      const now = await sharedPids(20)
      expect(now.size).toBe(SHORT_READ_CONNECTIONS)
      expect([...now].filter((pid) => ended.has(pid))).toEqual([])
    })
  })
})
