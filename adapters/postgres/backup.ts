/**
 * Backup and restore of an embedded PGlite data directory as PGlite's own tarball (`dumpDataDir`,
 * gzip). Both need the directory to themselves; a restore is loaded and checked beside the directory
 * first and only then swapped in, so a bad file leaves the database as it was.
 */
import { PGlite } from "@electric-sql/pglite"
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { resolve } from "node:path"
import { hasDatabase, lockDataDir } from "./data-dir-lock"

export class BackupRefused extends Error {}

export interface BackupSummary {
  readonly file: string
  readonly bytes: number
  readonly migrations: ReadonlyArray<string>
}

const migrationsOf = async (lite: PGlite) => {
  const table = await lite.query<{ name: string | null }>("select to_regclass('kysely_migration')::text as name")
  if (!table.rows[0]?.name) return []
  return (await lite.query<{ name: string }>("select name from kysely_migration")).rows.map((r) => r.name).sort()
}

export const backupDataDir = async (dataDir: string, file: string, options: { force?: boolean; notice?: (m: string) => void } = {}): Promise<BackupSummary> => {
  const target = resolve(file)
  if (!hasDatabase(dataDir)) throw new BackupRefused(`there is no database in ${dataDir}`)
  if (existsSync(target) && !options.force) throw new BackupRefused(`${target} already exists (--force overwrites it)`)
  const lock = lockDataDir(dataDir, options.notice)
  try {
    const lite = await PGlite.create(dataDir)
    try {
      const migrations = await migrationsOf(lite)
      const bytes = new Uint8Array(await (await lite.dumpDataDir("gzip")).arrayBuffer())
      writeFileSync(`${target}.partial`, bytes)
      renameSync(`${target}.partial`, target)
      return { file: target, bytes: bytes.length, migrations }
    } finally {
      await lite.close()
    }
  } finally {
    lock.release()
  }
}

export const restoreDataDir = async (dataDir: string, file: string, options: { force?: boolean; notice?: (m: string) => void } = {}): Promise<BackupSummary> => {
  const source = resolve(file)
  const lock = lockDataDir(dataDir, options.notice)
  try {
    let bytes: Buffer
    try {
      bytes = readFileSync(source)
    } catch (e) {
      throw new BackupRefused(`cannot read ${source}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`)
    }
    if (hasDatabase(dataDir) && !options.force) throw new BackupRefused(`${dataDir} already holds a database (--force replaces it)`)
    const staged = `${resolve(dataDir)}.restoring`
    rmSync(staged, { recursive: true, force: true })
    let migrations: string[]
    try {
      const lite = await PGlite.create(staged, { loadDataDir: new Blob([new Uint8Array(bytes)]) })
      try {
        migrations = await migrationsOf(lite)
      } finally {
        await lite.close()
      }
    } catch (e) {
      rmSync(staged, { recursive: true, force: true })
      throw new BackupRefused(`${source} is not a database backup PGlite can load: ${(e as Error).message || String(e)}`)
    }
    const old = `${resolve(dataDir)}.replaced`
    rmSync(old, { recursive: true, force: true })
    if (existsSync(dataDir)) renameSync(dataDir, old)
    renameSync(staged, dataDir)
    rmSync(old, { recursive: true, force: true })
    return { file: source, bytes: bytes.length, migrations }
  } finally {
    lock.release()
  }
}
