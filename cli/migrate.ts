/** `station migrate`: brings the database schema to the latest migration. */
import { describeDatabase, migrateToLatest } from "#adapters/postgres/database"
import { withDatabase } from "./database"
import { render, type Options } from "./outcome"

export const migrate = async (options: Options) =>
  withDatabase(async (database) => {
    const applied = (await migrateToLatest(database.db)).map((r) => r.migrationName)
    render(options, { database: describeDatabase(database), applied }, () =>
      applied.length === 0
        ? `${describeDatabase(database)}: already at the latest migration`
        : [`${describeDatabase(database)}: applied ${applied.length} migration(s)`, ...applied.map((name) => `  ${name}`)].join("\n"))
  }, { prepare: false })
