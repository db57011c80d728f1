/**
 * Opens the station database: a pg pool for DATABASE_URL, else embedded PGlite (a directory, or memory).
 * A PGlite directory has one owner; a `station` command finds a running server's database through the
 * server's socket instead.
 */
import type { PGlite } from "@electric-sql/pglite"
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from "kysely"
import { createHash } from "node:crypto"
import { readdir } from "node:fs/promises"
import { join, resolve } from "node:path"
import pg from "pg"
import { DataDirLocked, lockDataDir, type LockOwner } from "./data-dir-lock"
import { PipelinedPostgresDialect, SharedConnections } from "./pg-dialect"
import { PGliteDialect, SessionLock } from "./pglite-dialect"
import { shareOverSocket, SOCKET_PORT, type SharedSocket } from "./pglite-socket"
import type { DB } from "./schema"

export type DatabaseConfig =
  | { readonly kind: "postgres"; readonly url: string; readonly poolSize?: number }
  | { readonly kind: "pglite"; readonly dataDir: string }
  /** In memory: empty, or a copy of the data dir `snapshot` took of another in-memory database. */
  | { readonly kind: "memory"; readonly from?: Blob }

export interface Database {
  readonly db: Kysely<DB>
  /**
   * For short reads outside any transaction (a few indexed statements): on Postgres, connections they
   * share, pipelined (`SharedConnections`); on embedded PGlite, `db` itself.
   */
  readonly shortReads: Kysely<DB>
  /**
   * For writes that must not join a caller's transaction (`OutsideWrites`: the simulated payment provider's books):
   * on Postgres, connections of their own beside the pool; undefined on embedded PGlite, which has one session.
   */
  readonly beside: Kysely<DB> | undefined
  readonly config: DatabaseConfig
  /** On Postgres, what live events between server processes travel on; none on embedded PGlite (one process). */
  readonly pubSub: PubSub | undefined
  /** The process whose embedded database this is, when it is used through that process's socket. */
  readonly attachedTo: LockOwner | undefined
  /**
   * Embedded in a directory: lets `station` commands use this database through a socket while it is open;
   * again with the URL the server answers on once it listens, so their printed links point there.
   */
  share(url?: string): Promise<void>
  /** Embedded in memory: its data dir as it is now, to open a copy of it from (`{ kind: "memory", from }`). */
  readonly snapshot?: () => Promise<Blob>
  close(): Promise<void>
}

/**
 * What the socket.io Postgres adapter uses of a pg pool: `connect()` for the connection it LISTENs on,
 * `query()` for its NOTIFY (and its table of large messages).
 */
export type PubSub = Pick<pg.Pool, "connect" | "query">

/**
 * The LISTEN connection is its own, outside the pool, so it does not hold one of the pool's few
 * connections for the life of the process; when it ends the adapter connects again. A NOTIFY is one
 * short statement, so it rides on the short reads' shared connections rather than wait for a pooled
 * one: a check-in's live event then costs no pool connection.
 */
const pubSubOver = (config: pg.ClientConfig, shared: SharedConnections): PubSub => ({
  connect: async () => {
    const client = new pg.Client({ ...config, application_name: "station-live-events" })
    client.on("error", (err) => { process.emitWarning(`live events connection lost: ${err.message}`) })
    await client.connect()
    return Object.assign(client, { release: () => { client.end().catch(() => {}) } })
  },
  query: (async (text: string, values?: ReadonlyArray<unknown>) => (await shared.connect()).query(text, values as unknown[])) as PubSub["query"]
})

export interface OpenOptions {
  /** When a live process shares the PGlite directory, use its database through its socket (default false). */
  readonly attach?: boolean
  /** Told when a stale lock was taken over (default: a line on stderr). */
  readonly notice?: (message: string) => void
}

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v)

/**
 * A few connections: a request makes one or two round trips, so more connections than cores only
 * queue work inside Postgres and lengthen the slowest answers (see the README's Performance section).
 */
export const DEFAULT_POOL_SIZE = 4

/**
 * Connections the short reads share, beside the pool. Here (2 CPUs) one or two shared pipelined
 * connections answered the account read half as often again as the pool of four did; two let two
 * Postgres backends work, and a slow read holds up only half of the others.
 */
export const SHORT_READ_CONNECTIONS = 2

/** Connections beside the pool for writes outside any caller's transaction: a provider request is a few short statements. */
export const BESIDE_CONNECTIONS = 2

export const databaseConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): DatabaseConfig =>
  env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolSize: Number(env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE) }
    : { kind: "pglite", dataDir: join(resolve(env.DATA_DIR ?? "./data"), "db") }

export const describeDatabase = (database: DatabaseConfig | Pick<Database, "config" | "attachedTo">) => {
  const config = "kind" in database ? database : database.config
  const owner = "kind" in database ? undefined : database.attachedTo
  return config.kind === "postgres" ? `Postgres ${config.url.replace(/\/\/[^@]*@/, "//***@")}`
    : config.kind === "memory" ? "embedded PGlite in memory"
    : `embedded PGlite in ${config.dataDir}${owner ? `, through the socket of ${owner.command ?? "?"} (process ${owner.pid})` : ""}`
}

const nothingToShare = async () => {}

const pgPool = (config: pg.PoolConfig & { readonly pipeline?: boolean }) => {
  const pool = new pg.Pool(config)
  // An idle pooled connection the server ends (restart, dropped database) is discarded by the pool;
  // without a listener its error would end the process.
  pool.on("error", (err) => { process.emitWarning(`idle database connection lost: ${err.message}`) })
  return pool
}

/** Distinct statements one connection keeps prepared; past that, statements are sent unnamed (parsed each time). */
const PREPARED_PER_CONNECTION = 500

/**
 * Every parameterized statement is sent as a named prepared statement (named by its text's hash), so
 * each connection parses and plans it once. A statement whose cached plan a schema change made stale
 * (0A000) is sent unnamed from then on.
 */
const preparing = (client: pg.PoolClient) => {
  const plain = client.query.bind(client) as (...args: Array<unknown>) => Promise<unknown>
  const named = new Map<string, string>()
  const unnamed = new Set<string>()
  ;(client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== "string" || !Array.isArray(values) || values.length === 0 || callback !== undefined || unnamed.has(text)) {
      return plain(text, values, callback)
    }
    let name = named.get(text)
    if (name === undefined) {
      if (named.size >= PREPARED_PER_CONNECTION) return plain(text, values)
      name = `k${createHash("sha1").update(text).digest("hex").slice(0, 20)}`
      named.set(text, name)
    }
    return (plain({ name, text, values }) as Promise<unknown>).catch((e: { code?: string }) => {
      if (e?.code !== "0A000") throw e
      unnamed.add(text)
      throw e
    })
  }
}

/** The running owner's database through its socket, one connection. */
const attach = async (config: DatabaseConfig, owner: LockOwner, locked: DataDirLocked): Promise<Database> => {
  const pool = pgPool({ host: owner.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres", max: 1 })
  try {
    await pool.query("select 1")
  } catch (e) {
    await pool.end()
    throw new DataDirLocked(`${locked.message} Its socket in ${owner.socketDir} does not answer: ${(e as Error).message}`, owner)
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  return { db, shortReads: db, beside: undefined, config, pubSub: undefined, attachedTo: owner, share: nothingToShare, close: () => db.destroy() }
}

const stderrNotice = (message: string) => { process.stderr.write(`station: ${message}\n`) }

export const openDatabase = async (config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> => {
  if (config.kind === "postgres") {
    const pool = pgPool({ connectionString: config.url, max: config.poolSize ?? DEFAULT_POOL_SIZE, pipeline: true })
    pool.on("connect", preparing)
    const db = new Kysely<DB>({ dialect: new PipelinedPostgresDialect(pool) })
    const shared = new SharedConnections({ connectionString: config.url }, SHORT_READ_CONNECTIONS, preparing)
    const shortReads = new Kysely<DB>({ dialect: new PipelinedPostgresDialect(shared) })
    const beside = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: pgPool({ connectionString: config.url, max: BESIDE_CONNECTIONS, application_name: "station-outside-books" }) })
    })
    return {
      db, shortReads, beside, config, pubSub: pubSubOver({ connectionString: config.url }, shared), attachedTo: undefined, share: nothingToShare,
      close: async () => { await Promise.all([shortReads.destroy(), beside.destroy(), db.destroy()]) }
    }
  }
  let lock
  try {
    lock = config.kind === "pglite" ? lockDataDir(config.dataDir, options.notice ?? stderrNotice) : undefined
  } catch (e) {
    if (e instanceof DataDirLocked && options.attach && e.owner?.socketDir) return attach(config, e.owner, e)
    throw e
  }
  try {
    const { PGlite } = await import("@electric-sql/pglite")
    const lite: PGlite = config.kind === "pglite" ? await PGlite.create(config.dataDir)
      : config.from ? await PGlite.create({ loadDataDir: config.from }) : await PGlite.create()
    const session = new SessionLock()
    const db = new Kysely<DB>({ dialect: new PGliteDialect(lite, session) })
    let socket: SharedSocket | undefined
    return {
      db, shortReads: db, beside: undefined, config, pubSub: undefined, attachedTo: undefined,
      share: async (url) => {
        if (config.kind !== "pglite") return
        if (socket && !url) return
        socket ??= await shareOverSocket(lite, session, `${config.dataDir}.socket`)
        lock!.share(socket.dir, url)
      },
      ...(config.kind === "memory" ? {
        snapshot: async () => {
          // between two sessions' statements, never inside a transaction
          const release = await session.acquire()
          try {
            return await lite.dumpDataDir("none")
          } finally {
            release()
          }
        }
      } : {}),
      close: async () => {
        await socket?.stop()
        await db.destroy()
        lock?.release()
      }
    }
  } catch (e) {
    lock?.release()
    throw e
  }
}

const migrationsDir = resolve(import.meta.dirname, "../../migrations")

const migrationNames = async () =>
  (await readdir(migrationsDir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).map((f) => f.slice(0, -3)).sort()

/** Imports the migration modules itself (bundled with the CLI, or as `.ts` under tsx and vitest). */
class MigrationFolder implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const entries = await Promise.all((await migrationNames()).map(async (name) =>
      [name, (await import(`../../migrations/${name}.ts`)) as Migration] as const))
    return Object.fromEntries(entries)
  }
}

/** Whether exactly the migrations of the folder have been applied (without loading a migration module). */
const upToDate = async (db: Kysely<DB>) => {
  const table = await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(db)
  if (!table.rows[0]?.name) return false
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  return rows.map((r) => r.name).sort().join("\n") === (await migrationNames()).join("\n")
}

export const migrateToLatest = async (db: Kysely<DB>) => {
  if (await upToDate(db)) return []
  const { error, results } = await new Migrator({ db: db as Kysely<any>, provider: new MigrationFolder() }).migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return results ?? []
}
