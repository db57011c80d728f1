/**
 * The migrated, empty database the app suites start from. Vitest's global set-up (`blank-database.setup.ts`) migrates
 * one in-memory PGlite and keeps its data dir in `dist/test-db/`, and on Postgres migrates one template database; a
 * suite's fresh database is then a copy of it (half a second on PGlite, where `initdb` and the migrations take two
 * and a half; a template copy on Postgres), never a database an earlier run left behind.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { inject } from "vitest"
import type { DatabaseConfig } from "#adapters/postgres/database"
import { root } from "../../cli/test-bundle"

export const BLANK_PGLITE_FILE = join(root, "dist/test-db/migrated.tar")

declare module "vitest" {
  export interface ProvidedContext {
    /** The Postgres template database the set-up migrated, when TEST_DATABASE_URL is set. */
    readonly blankPostgres: string | undefined
  }
}

let blank: Blob | undefined

/** A fresh in-memory database, migrated to the latest: a copy of the set-up's, or a new one where no set-up ran. */
export const blankMemory = (): DatabaseConfig => {
  if (!blank && existsSync(BLANK_PGLITE_FILE)) blank = new Blob([readFileSync(BLANK_PGLITE_FILE)])
  return blank ? { kind: "memory", from: blank } : { kind: "memory" }
}

/** The migrated template a scratch Postgres database is created from, if the set-up made one. */
export const blankPostgresTemplate = (): string | undefined => {
  try {
    return inject("blankPostgres")
  } catch {
    return undefined
  }
}
