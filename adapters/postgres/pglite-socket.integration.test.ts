/** The server's PGlite shared over its socket: socket clients and in-process queries never run inside each other's transactions. */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { lockOwner } from "./data-dir-lock"
import { openDatabase, type Database } from "./database"
import { SOCKET_PORT } from "./pglite-socket"

const root = mkdtempSync(join(tmpdir(), "station-socket-test-"))
const dataDir = join(root, "db")
let database: Database
let pool: pg.Pool

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const counter = async () => Number((await sql<{ n: number }>`select n from counter`.execute(database.db)).rows[0]!.n)

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir })
  await sql`create table counter (n int not null)`.execute(database.db)
  await sql`insert into counter values (0)`.execute(database.db)
  await database.share()
  const owner = lockOwner(dataDir)
  expect(owner).toMatchObject({ pid: process.pid, socketDir: `${dataDir}.socket` })
  pool = new pg.Pool({ host: owner!.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres", max: 4 })
}, 120_000)

afterAll(async () => {
  await pool?.end()
  await database?.close()
  rmSync(root, { recursive: true, force: true })
})

describe("PGlite shared over a Unix socket", () => {
  it("loses no update when in-process and socket transactions read, wait and write the same row", async () => {
    const inProcess = Array.from({ length: 12 }, () =>
      database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx)
        await sleep(2)
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx)
      }))
    const overSocket = Array.from({ length: 12 }, async () => {
      const client = await pool.connect()
      try {
        await client.query("begin")
        const { rows } = await client.query<{ n: number }>("select n from counter")
        await sleep(2)
        await client.query("update counter set n = $1", [rows[0]!.n + 1])
        await client.query("commit")
      } finally {
        client.release()
      }
    })
    await Promise.all([...inProcess, ...overSocket])
    expect(await counter()).toBe(24)
  }, 120_000)

  it("rolls back the transaction of a client that disconnects and lets the server go on", async () => {
    const before = await counter()
    const client = new pg.Client({ host: `${dataDir}.socket`, port: SOCKET_PORT, user: "postgres", database: "postgres" })
    await client.connect()
    await client.query("begin")
    await client.query("update counter set n = -1")
    const waiting = counter()
    await sleep(50)
    await client.end()
    expect(await waiting).toBe(before)
    expect((await pool.query<{ n: number }>("select n from counter")).rows).toEqual([{ n: before }])
  }, 60_000)

  it("ends the socket with the database and removes it from the lock; a long path gets a private temporary socket directory", async () => {
    const long = join(root, "d".repeat(90))
    const other = await openDatabase({ kind: "pglite", dataDir: long })
    await other.share()
    const socketDir = lockOwner(long)?.socketDir
    expect(socketDir).toMatch(new RegExp(`^${tmpdir()}/station-socket-`))
    expect(statSync(socketDir!).mode & 0o777).toBe(0o700)
    const client = new pg.Client({ host: socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" })
    await client.connect()
    expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }])
    await client.end()
    await other.close()
    expect(lockOwner(long)).toBeUndefined()
    expect(existsSync(socketDir!)).toBe(false)
  }, 120_000)
})
