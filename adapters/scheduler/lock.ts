/**
 * Who runs the scheduler: on Postgres the process holding a session advisory lock on its own
 * connection (pg_try_advisory_lock), so one process at a time and another takes over when it ends; on
 * PGlite the lock is a no-op (one process owns an embedded database already).
 */
import pg from "pg"
import type { Database } from "../postgres/database"

export interface SchedulerLock {
  /** True while this process holds the lock (taking it when free). */
  tryAcquire(): Promise<boolean>
  release(): Promise<void>
}

/** The advisory lock key of the scheduler ("STAT" in ASCII). */
export const SCHEDULER_LOCK_KEY = 0x53544154

export const noLock = (): SchedulerLock => ({ tryAcquire: async () => true, release: async () => {} })

export const advisoryLock = (url: string, key = SCHEDULER_LOCK_KEY): SchedulerLock => {
  let client: pg.Client | undefined
  let held = false
  const drop = () => {
    const c = client
    client = undefined
    held = false
    return c
  }
  return {
    tryAcquire: async () => {
      if (held && client) {
        // still the same session (a session lock lives as long as its connection)?
        const alive = await client.query("select 1").then(() => true, () => false)
        if (alive) return true
        await drop()?.end().catch(() => {})
      }
      const c = new pg.Client({ connectionString: url, application_name: "station-scheduler" })
      // a lost connection loses the lock with it: the next tick tries again
      c.on("error", () => { if (client === c) drop() })
      c.on("end", () => { if (client === c) drop() })
      try {
        await c.connect()
        const { rows } = await c.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [key])
        if (rows[0]?.ok) {
          client = c
          held = true
          return true
        }
      } catch {
        // the database is unreachable now; not the leader
      }
      await c.end().catch(() => {})
      return false
    },
    release: async () => {
      const c = drop()
      if (!c) return
      await c.query("select pg_advisory_unlock($1)", [key]).catch(() => {})
      await c.end().catch(() => {})
    }
  }
}

export const lockFor = (database: Pick<Database, "config">): SchedulerLock =>
  database.config.kind === "postgres" ? advisoryLock(database.config.url) : noLock()
