/** Opens the station database: a pg pool for DATABASE_URL, else embedded PGlite (a directory, or memory). */
import { PGlite } from "@electric-sql/pglite"
import { Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from "kysely"
import { readdir } from "node:fs/promises"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import pg from "pg"
import { lockDataDir } from "./data-dir-lock"
import { PGliteDialect } from "./pglite-dialect"
import type { DB } from "./schema"

export type DatabaseConfig =
  | { readonly kind: "postgres"; readonly url: string; readonly poolSize?: number }
  | { readonly kind: "pglite"; readonly dataDir: string }
  | { readonly kind: "memory" }

export interface Database {
  readonly db: Kysely<DB>
  readonly config: DatabaseConfig
  readonly pool: pg.Pool | undefined
  close(): Promise<void>
}

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v)

export const databaseConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): DatabaseConfig =>
  env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolSize: Number(env.DATABASE_POOL_SIZE ?? 20) }
    : { kind: "pglite", dataDir: join(resolve(env.DATA_DIR ?? "./data"), "db") }

export const describeDatabase = (config: DatabaseConfig) =>
  config.kind === "postgres" ? `Postgres ${config.url.replace(/\/\/[^@]*@/, "//***@")}`
    : config.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "embedded PGlite in memory"

export const openDatabase = async (config: DatabaseConfig): Promise<Database> => {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 20 })
    // An idle pooled connection the server ends (restart, dropped database) is discarded by the pool;
    // without a listener its error would end the process.
    pool.on("error", (err) => { process.emitWarning(`idle database connection lost: ${err.message}`) })
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return { db, config, pool, close: () => db.destroy() }
  }
  const unlock = config.kind === "pglite" ? lockDataDir(config.dataDir) : () => {}
  try {
    const lite = config.kind === "pglite" ? await PGlite.create(config.dataDir) : await PGlite.create()
    const db = new Kysely<DB>({ dialect: new PGliteDialect(lite) })
    return { db, config, pool: undefined, close: async () => { await db.destroy(); unlock() } }
  } catch (e) {
    unlock()
    throw e
  }
}

const migrationsDir = resolve(import.meta.dirname, "../../migrations")

/** Imports the migration modules itself, so `.ts` migrations load under tsx and vitest alike. */
class MigrationFolder implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsDir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts")).sort()
    const entries = await Promise.all(
      files.map(async (f) => [f.replace(/\.(ts|js)$/, ""), (await import(pathToFileURL(join(migrationsDir, f)).href)) as Migration] as const)
    )
    return Object.fromEntries(entries)
  }
}

export const migrateToLatest = async (db: Kysely<DB>) => {
  const { error, results } = await new Migrator({ db: db as Kysely<any>, provider: new MigrationFolder() }).migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return results ?? []
}
