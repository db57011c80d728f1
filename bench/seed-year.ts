/**
 * `npm run bench:seed-year`: a database holding a year of a busy campus (bench/year-sql.ts says what it holds), for the
 * read benches of bench/year.ts. Recreates `station_year` next to BENCH_DATABASE_URL, migrates it, seeds the demo
 * campus and its flows, runs the year's set-based statements step by step (progress on stderr), stores every closed
 * day's statistics as the daily-statistics job would, analyzes, and ends with `station check`'s invariants: it exits 1
 * when one is broken.
 *
 *   BENCH_DATABASE_URL  an existing database to connect to (default postgres://postgres@127.0.0.1:5432/test)
 *   YEAR_DATABASE       the database to (re)create (default station_year)
 *   YEAR_SCALE          the share of the campus (default 1: 1,000,000 parcels; 0.1 a tenth)
 */
import { pathToFileURL } from "node:url"
import { Effect } from "effect"
import type { Insertable } from "kysely"
import pg from "pg"
import { checkInvariants } from "#adapters/ops/invariants"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { FIGURE_COLUMNS, statisticsStore } from "#adapters/postgres/stores/statistics-store"
import type { DB } from "#adapters/postgres/schema"
import { statisticsSettings } from "#adapters/runtime/statistics-settings"
import { addDays, datesBetween, spanOf, todayAt } from "#src/statistics/days"
import { FIGURE_KEYS, figuresOf } from "#src/statistics/figures"
import { databaseUrl, sql } from "./server"
import { YEAR_SITES, yearSizes, yearSteps } from "./year-sql"

export interface SeedYearOptions {
  readonly scale: number
  /** The end of the year: every row is before it (default: now). */
  readonly now?: Date
  readonly log?: (line: string) => void
}

/** Days counted in one statement while the statistics are stored. */
const STATISTICS_CHUNK = 31

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

/** Every closed day of the year, counted and stored for each worksite (its figures as the job computes them). */
const storeYearStatistics = async (url: string, now: Date, log: (line: string) => void) => {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 2 })
  try {
    const store = statisticsStore(database.db)
    const unit = statisticsSettings(process.env).smsUnitCostFen
    const days = datesBetween(addDays(todayAt(now), -366), todayAt(now))
    for (let i = 0; i < days.length; i += STATISTICS_CHUNK) {
      const chunk = days.slice(i, i + STATISTICS_CHUNK)
      const counted = await Effect.runPromise(store.counts(chunk.map((d) => spanOf(d, now)), YEAR_SITES))
      const by = new Map(counted.map((c) => [`${c.worksiteId} ${c.day}`, c.counts]))
      const rows = chunk.flatMap((day) => YEAR_SITES.map((worksiteId) => {
        const figures = figuresOf(by.get(`${worksiteId} ${day}`) ?? {}, unit)
        return {
          id: `dsy-${worksiteId}-${day}`, worksite_id: worksiteId, day, computed_at: now,
          ...Object.fromEntries(FIGURE_KEYS.map((k) => [FIGURE_COLUMNS[k], figures[k]]))
        } as Insertable<DB["daily_statistics"]>
      }))
      await database.db.insertInto("daily_statistics").values(rows)
        .onConflict((oc) => oc.columns(["worksite_id", "day"]).doUpdateSet((eb) => Object.fromEntries(
          [...FIGURE_KEYS.map((k) => FIGURE_COLUMNS[k]), "computed_at"].map((c) => [c, eb.ref(`excluded.${c}` as "excluded.computed_at")]))))
        .execute()
      log(`  statistics: ${Math.min(days.length, i + STATISTICS_CHUNK)} of ${days.length} days`)
    }
  } finally {
    await database.close()
  }
}

/** Fills the migrated-or-empty database at `url` with the demo campus and a year of it; returns the sizes asked for. */
export const seedYear = async (url: string, options: SeedYearOptions) => {
  const now = options.now ?? new Date()
  const log = options.log ?? (() => {})
  const sizes = yearSizes(options.scale)
  const database = await openDatabase({ kind: "postgres", url, poolSize: 2 })
  try {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db, now)
    await seedFlowsDemo(database.db, now)
  } finally {
    await database.close()
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const step of yearSteps(sizes, now.toISOString())) {
      const started = performance.now()
      await client.query("begin")
      for (const statement of step.statements) await client.query(statement)
      await client.query("commit")
      log(`  ${step.name}: ${seconds(started)}`)
    }
  } catch (e) {
    await client.query("rollback").catch(() => {})
    throw e
  } finally {
    await client.end()
  }
  const started = performance.now()
  await storeYearStatistics(url, now, log)
  log(`  statistics stored: ${seconds(started)}`)
  const analyzed = performance.now()
  await sql(url, "vacuum analyze")
  log(`  vacuum analyze: ${seconds(analyzed)}`)
  return sizes
}

/** The counts of the year's main tables. */
export const yearCounts = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = ["app_user", "parcel", "errand_order", "send_order", "pay_trade", "ledger", "outbox", "ops_log", "daily_statistics"]
    const { rows } = await client.query<{ t: string; n: string }>(tables.map((t) => `select '${t}' as t, count(*) as n from ${t}`).join(" union all "))
    return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)])) as Record<string, number>
  }
  finally {
    await client.end()
  }
}

const main = async () => {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
  const name = process.env.YEAR_DATABASE ?? "station_year"
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`YEAR_DATABASE must be a plain name, not ${name}`)
  const scale = Number(process.env.YEAR_SCALE ?? 1)
  if (!(scale > 0 && scale <= 10)) throw new Error(`YEAR_SCALE must be above 0 and at most 10, not ${process.env.YEAR_SCALE}`)
  const url = databaseUrl(adminUrl, name)
  const log = (line: string) => process.stderr.write(`${line}\n`)
  await sql(adminUrl, `drop database if exists ${name} with (force)`, `create database ${name}`)
  const started = performance.now()
  log(`seed-year: a year of a busy campus into ${name} (scale ${scale})`)
  await seedYear(url, { scale, log })
  log(`seed-year: done in ${seconds(started)}`)
  const counts = await yearCounts(url)
  log(Object.entries(counts).map(([t, n]) => `  ${t}: ${n.toLocaleString("en")}`).join("\n"))
  const database = await openDatabase({ kind: "postgres", url: url, poolSize: 2 })
  try {
    const checkedAt = performance.now()
    const results = await checkInvariants(database.db)
    for (const r of results) log(`  ${r.ok ? "ok  " : "FAIL"} ${r.name}${r.ok ? "" : `: ${r.violations} (${JSON.stringify(r.examples.slice(0, 3))})`}`)
    log(`station check's invariants: ${seconds(checkedAt)}`)
    if (!results.every((r) => r.ok)) process.exitCode = 1
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    process.stderr.write(`seed-year: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`)
    process.exit(1)
  })
}
