/**
 * Vitest's global set-up for the app suites: the migrated, empty database their fresh databases are copies of
 * (`blank-database.ts`). PGlite's data dir goes to `dist/test-db/`; on Postgres (TEST_DATABASE_URL) a template
 * database of its own is migrated, and dropped again after the run.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import pg from "pg"
import type { TestProject } from "vitest/node"
import { migrateToLatest, openDatabase } from "../../adapters/postgres/database"
import { BLANK_PGLITE_FILE } from "./blank-database"

const adminQuery = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

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
  const template = `it_blank_${process.pid}_${Date.now().toString(36)}`
  await adminQuery(admin, `create database "${template}"`)
  const url = new URL(admin)
  url.pathname = `/${template}`
  // the pool closed before any copy is made: Postgres copies a template only while no one is connected to it
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 })
  try {
    await migrateToLatest(database.db)
  } finally {
    await database.close()
  }
  project.provide("blankPostgres", template)
  return async () => {
    await adminQuery(admin, `drop database if exists "${template}" with (force)`)
  }
}
