/** `station backup <file>` / `station restore <file>`: the embedded database as one PGlite tarball, taken and put back while no server runs. */
import { BackupRefused, backupDataDir, restoreDataDir, type BackupSummary } from "#adapters/postgres/backup"
import { DataDirLocked } from "#adapters/postgres/data-dir-lock"
import { databaseConfigFromEnv } from "#adapters/postgres/database"
import { Refusal, render, UsageError, type Options } from "./outcome"
import { whileRunning } from "./progress"
import { pairs } from "./table"

export interface BackupOptions extends Options {
  readonly force?: boolean
}

const embeddedDir = () => {
  const config = databaseConfigFromEnv()
  if (config.kind !== "pglite") throw new UsageError("backup and restore are for the embedded database (DATA_DIR); with DATABASE_URL use pg_dump and pg_restore")
  return config.dataDir
}

const notice = (message: string) => { process.stderr.write(`station: ${message}\n`) }

const refusing = async (what: string, run: () => Promise<BackupSummary>) => {
  try {
    return await run()
  } catch (e) {
    if (e instanceof BackupRefused) throw new Refusal("BackupRefused", `station ${what}: ${e.message}`)
    if (e instanceof DataDirLocked && e.owner) {
      throw new Refusal("DataDirLocked", `station ${what} needs the database to itself, but it is open in ${e.owner.command ?? "?"} (process ${e.owner.pid}); stop it first`)
    }
    throw e
  }
}

const show = (options: Options, done: "backed up to" | "restored from", summary: BackupSummary) =>
  render(options, summary, () => pairs([
    [done, summary.file],
    ["size", `${summary.bytes} bytes`],
    ["migrations", summary.migrations.at(-1) ?? "none"]
  ]))

export const backup = async (file: string, options: BackupOptions) => {
  const dataDir = embeddedDir()
  show(options, "backed up to", await refusing("backup", () => whileRunning(`backing up ${dataDir}`, () => backupDataDir(dataDir, file, { force: options.force, notice }))))
}

export const restore = async (file: string, options: BackupOptions) => {
  const dataDir = embeddedDir()
  show(options, "restored from", await refusing("restore", () => whileRunning(`restoring ${file}`, () => restoreDataDir(dataDir, file, { force: options.force, notice }))))
}
