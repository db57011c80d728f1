/**
 * Vitest's global set-up for the app suites: the migrated, empty database their fresh databases are copies of
 * (`blank-database.ts`). PGlite's data dir goes to `dist/test-db/`; on Postgres (TEST_DATABASE_URL) a template
 * database of its own is migrated, and dropped again after the run.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import type { TestProject } from "vitest/node"
import { migrateToLatest, openDatabase } from "../../adapters/postgres/database"
import { BLANK_PGLITE_FILE } from "./blank-database"
import { databaseUrl, uniqueDatabaseName, withAdmin } from "./postgres-admin"

export default async function setup(project: TestProject) {
  const memory = await openDatabase({ kind: "memory" })
  try {
    await migrateToLatest(memory.db)
    const data = await memory.snapshot!()
    mkdirSync(dirname(BLANK_PGLITE_FILE), { recursive: true })
    writeFileSync(BLANK_PGLITE_FILE, Buffer.from(await data.arrayBuffer()))
  } finally {
    await memory.close()
  }

  const admin = process.env.TEST_DATABASE_URL || undefined
  if (!admin) {
    project.provide("blankPostgres", undefined)
    return
  }
  const template = uniqueDatabaseName()
  await withAdmin(admin, (c) => c.query(`create database "${template}"`))
  // the pool closed before any copy is made: Postgres copies a template only while no one is connected to it
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(admin, template), poolSize: 2 })
  try {
    await migrateToLatest(database.db)
  } finally {
    await database.close()
  }
  project.provide("blankPostgres", template)
  return async () => {
    await withAdmin(admin, (c) => c.query(`drop database if exists "${template}" with (force)`))
  }
}
