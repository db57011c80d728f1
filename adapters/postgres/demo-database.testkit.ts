/** For tests of migrations and stores: a fresh in-memory database migrated to the latest and seeded with the demo campus, closed after each test. */
import { afterEach } from "vitest"
import { migrateToLatest, openDatabase, type Database } from "./database"
import { seedDemoCampus } from "./seed"
import { blankMemory } from "../../test/support/blank-database"

/** Registers the clean-up in the calling test file; each call of the answer opens one more database. */
export const freshDemoDatabases = () => {
  const opened: Database[] = []
  afterEach(async () => { await Promise.all(opened.splice(0).map((d) => d.close())) })
  return async () => {
    const database = await openDatabase(blankMemory())
    opened.push(database)
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    return database.db
  }
}
