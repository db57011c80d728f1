/** One process owns a PGlite data directory: a lock file names the owner and refuses a second opener. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

export class DataDirLocked extends Error {}

export const lockDataDir = (dir: string): (() => void) => {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, "station.lock")
  const owner = { pid: process.pid, since: new Date().toISOString(), command: process.argv.slice(1).join(" ") }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: "wx" })
      return () => rmSync(file, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
      const held = JSON.parse(readFileSync(file, "utf8") || "{}") as Partial<typeof owner>
      if (held.pid !== undefined && isAlive(held.pid)) {
        throw new DataDirLocked(
          `The database in ${dir} is already open in process ${held.pid} (${held.command ?? "?"}, since ${held.since ?? "?"}). ` +
            "Stop that process, or set DATABASE_URL to use a shared Postgres server."
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DataDirLocked(`Could not lock ${dir}`)
}
