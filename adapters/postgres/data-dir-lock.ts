/**
 * One process owns a PGlite data directory. The lock file beside it (`db.lock` for `db/`) names the
 * owner by machine, process and the directory it locked, so a lock left by a dead process, a reused pid,
 * another boot or machine, or copied along with the directory is recognised as stale and taken over.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { basename, dirname, join, resolve } from "node:path"

export interface LockOwner {
  readonly pid: number
  readonly host?: string
  readonly boot?: string
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  readonly started?: string
  readonly dataDir?: string
  readonly since?: string
  readonly command?: string
  /** The directory of the owner's Unix socket (`.s.PGSQL.5432`) while it shares the database. */
  readonly socketDir?: string
  /** The base URL of the owner's web app while it serves one (what `station token` links to). */
  readonly url?: string
}

export class DataDirLocked extends Error {
  constructor(message: string, readonly owner?: LockOwner) {
    super(message)
  }
}

const readOrUndefined = (file: string) => {
  try {
    return readFileSync(file, "utf8")
  } catch {
    return undefined
  }
}

const bootId = () => readOrUndefined("/proc/sys/kernel/random/boot_id")?.trim()
const startTicks = (pid: number) => readOrUndefined(`/proc/${pid}/stat`)?.replace(/^.*\) /s, "").split(" ")[19]

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

export const lockFileOf = (dataDir: string) => join(dirname(resolve(dataDir)), `${basename(dataDir)}.lock`)

const describe = (owner: LockOwner) =>
  `${owner.command ?? "?"} (process ${owner.pid}${owner.host ? ` on ${owner.host}` : ""}, since ${owner.since ?? "?"})`

/** Why the recorded owner no longer holds the directory, or undefined while it does. */
const staleness = (owner: LockOwner, dataDir: string): string | undefined => {
  if (owner.dataDir !== undefined && owner.dataDir !== dataDir) return `it was written for ${owner.dataDir} (a copied directory)`
  if (owner.host !== undefined && owner.host !== hostname()) return `it was written on the machine ${owner.host}`
  const boot = bootId()
  if (owner.boot !== undefined && boot !== undefined && owner.boot !== boot) return "it was written before the machine restarted"
  if (!isAlive(owner.pid)) return `process ${owner.pid} has ended`
  if (owner.started !== undefined && startTicks(owner.pid) !== owner.started) return `process ${owner.pid} is now another program`
  return undefined
}

/** The live owner of the directory, if any. */
export const lockOwner = (dataDir: string): LockOwner | undefined => {
  const text = readOrUndefined(lockFileOf(dataDir))
  if (text === undefined) return undefined
  const owner = parse(text)
  return owner && staleness(owner, resolve(dataDir)) === undefined ? owner : undefined
}

const parse = (text: string): LockOwner | undefined => {
  try {
    const owner = JSON.parse(text) as LockOwner
    return typeof owner?.pid === "number" ? owner : undefined
  } catch {
    return undefined
  }
}

export interface DataDirLock {
  readonly owner: LockOwner
  /** Records the owner's socket directory (or removes it), and the URL it serves on, in the lock file. */
  share(socketDir: string | undefined, url?: string): void
  release(): void
}

/**
 * Takes the directory's lock, or throws DataDirLocked naming the live owner. A stale lock is taken over
 * and `notice` says whose it was and why it was stale.
 */
export const lockDataDir = (dataDir: string, notice: (message: string) => void = () => {}): DataDirLock => {
  const dir = resolve(dataDir)
  mkdirSync(dirname(dir), { recursive: true })
  const file = lockFileOf(dir)
  const started = startTicks(process.pid)
  const boot = bootId()
  const owner: LockOwner = {
    pid: process.pid, host: hostname(), ...(boot ? { boot } : {}), ...(started ? { started } : {}), dataDir: dir,
    since: new Date().toISOString(), command: process.argv.slice(1).map((a, i) => (i === 0 ? basename(a).replace(/\.[cm]?[jt]s$/, "") : a)).join(" ")
  }
  // Before issue 6 the lock was `station.lock` inside the directory, naming only a pid.
  const legacy = parse(readOrUndefined(join(dir, "station.lock")) ?? "")
  if (legacy && isAlive(legacy.pid) && legacy.pid !== process.pid) {
    throw new DataDirLocked(`The database in ${dir} is already open in ${describe(legacy)}, an earlier version. Stop that process first.`, legacy)
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: "wx", mode: 0o600 })
      let current = owner
      return {
        owner,
        share: (socketDir, url) => {
          current = { ...owner, ...(socketDir ? { socketDir } : {}), ...(url ? { url } : {}) }
          writeFileSync(`${file}.${process.pid}`, JSON.stringify(current), { mode: 0o600 })
          renameSync(`${file}.${process.pid}`, file)
        },
        release: () => {
          if (readOrUndefined(file) === JSON.stringify(current)) rmSync(file, { force: true })
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
      const text = readOrUndefined(file)
      if (text === undefined) continue
      const held = parse(text)
      const why = held ? staleness(held, dir) : "it is unreadable"
      if (why === undefined) {
        throw new DataDirLocked(
          `The database in ${dir} is already open in ${describe(held!)}. ` +
            "Stop that process, or set DATABASE_URL to use a shared Postgres server.",
          held
        )
      }
      // Moved aside first, so of two processes taking over the same stale lock only one removes it.
      const aside = `${file}.stale-${process.pid}`
      try {
        renameSync(file, aside)
      } catch {
        continue
      }
      if (readOrUndefined(aside) !== text) {
        // Another process took over in between: its fresh lock goes back unless a newer one is there.
        try { linkSync(aside, file) } catch { /* the newer lock stands */ }
        rmSync(aside, { force: true })
        continue
      }
      rmSync(aside, { force: true })
      notice(`took over the stale lock of ${dir} left by ${held ? describe(held) : "an unknown process"}: ${why}`)
    }
  }
  throw new DataDirLocked(`Could not lock ${dir}: ${file} keeps changing`)
}

export const hasDatabase = (dataDir: string) => existsSync(join(dataDir, "PG_VERSION"))
