/**
 * Opens the configured database the way the server does (migrated, demo campus seeded when empty) and
 * always closes it. An embedded database held by a running server is used through the server's socket.
 */
import { databaseConfigFromEnv, migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import type { Runtime } from "#adapters/runtime"

export interface OpenOptions {
  /** Migrate and seed an empty database first (default true; a running server has done it). */
  readonly prepare?: boolean
}

export const withDatabase = async <A>(use: (database: Database) => Promise<A>, options: OpenOptions = {}): Promise<A> => {
  const database = await openDatabase(databaseConfigFromEnv(), { attach: true })
  try {
    if ((options.prepare ?? true) && !database.attachedTo) {
      await migrateToLatest(database.db)
      const { seedDemoCampus } = await import("#adapters/postgres/seed")
      await seedDemoCampus(database.db)
    }
    return await use(database)
  } finally {
    await database.close()
  }
}

export const withRuntime = <A>(use: (runtime: Runtime) => Promise<A>): Promise<A> =>
  withDatabase(async (database) => {
    const { Runtime } = await import("#adapters/runtime")
    return use(await Runtime.create(database))
  })
