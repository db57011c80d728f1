/**
 * `npm run bench:year`: the reads of a busy station on a year of data beside the same reads on the demo database, at
 * 16 connections each (req/s, p50, p99), and the plan of each hot statement. The year database is `station_year`
 * (made by `npm run bench:seed-year`; seeded here first when it is missing); the demo database, `station_year_demo`,
 * is recreated with the demo campus and its flows. One `station serve` runs on each in turn.
 *
 * The reads: 李明's parcel tabs (on the shelf, and his history of picked-up parcels: the first page and one deep in it,
 * reached by the cursor as the app reaches it),
 * 王强's money detail (5,000 ledger rows on the year) first and deep, his order lists and the hall, the staff's return
 * list and send-dispatch screen, the head office's statistics over 6 months for every worksite and one day's record.
 * Target (issue 24): every read p99 ≤ 50 ms on the year, and none more than 2× its p99 on the demo database.
 *
 *   BENCH_DATABASE_URL  an existing database to connect to (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SECONDS       length of each timed run (default 5)
 *   YEAR_DATABASE       the year's database (default station_year)
 */
import { pathToFileURL } from "node:url"
import autocannon from "autocannon"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { addDays, addMonths, todayAt } from "#src/statistics/days"
import { databaseUrl, serve, sleep, sql, tokenFor } from "./server"
import { atMost, targetTable, verdictLine, type Figure } from "./targets"

const CONNECTIONS = 16
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const P99_TARGET_MS = 50
const SLOWER_TARGET = 2
const SETTLE_MS = 10_000

const log = (line: string) => process.stderr.write(`${line}\n`)

interface Read {
  readonly name: string
  readonly who: string
  /** The path to ask, found on the database it runs on (a deep page is one near the end of the list there). */
  readonly path: (ask: (path: string) => Promise<unknown>) => Promise<string>
}

const pageCountOf = (answer: unknown) => {
  const pageCount = (answer as { data?: { pageCount?: unknown } }).data?.pageCount
  if (typeof pageCount !== "number") throw new Error(`not a page: ${JSON.stringify(answer).slice(0, 200)}`)
  return pageCount
}
/** The page 9/10 of the way into a list of `pageCount` pages (1 on a short list). */
const deepPage = (pageCount: number) => Math.max(1, Math.ceil(pageCount * 0.9))

/**
 * The path of the page 9/10 of the way into the list at `first` (a path ending in `pageNo=1`), reached as the app
 * reaches it: page after page, each asked with the cursor the one before it answered (`nextCursor`).
 */
const deepPath = async (ask: (path: string) => Promise<unknown>, first: string) => {
  const target = deepPage(pageCountOf(await ask(first)))
  let path = first
  for (let page = 1; page < target; page++) {
    const cursor = ((await ask(path)) as { data?: { nextCursor?: string } }).data?.nextCursor
    if (!cursor) throw new Error(`${path}: no nextCursor on page ${page} of ${target}`)
    path = `${first.replace(/pageNo=1$/, `pageNo=${page + 1}`)}&cursor=${encodeURIComponent(cursor)}`
  }
  return path
}

const now = new Date()
const today = todayAt(now)

export const yearReads: ReadonlyArray<Read> = [
  { name: "parcels on the shelf (李明)", who: "demo-student", path: async () => "/api/expressTosend/pagingForFontend?statusStr=ing&pageNo=1" },
  { name: "parcel history, first page (李明)", who: "demo-student", path: async () => "/api/expressTosend/pagingForFontend?statusStr=complete&pageNo=1" },
  {
    name: "parcel history, deep page (李明)", who: "demo-student",
    path: (ask) => deepPath(ask, "/api/expressTosend/pagingForFontend?statusStr=complete&pageNo=1")
  },
  { name: "money detail, first page (王强)", who: "demo-runner", path: async () => "/api/money/wxlist/0?pageNo=1" },
  { name: "money detail, deep page (王强)", who: "demo-runner", path: (ask) => deepPath(ask, "/api/money/wxlist/0?pageNo=1") },
  { name: "runner's completed orders (王强)", who: "demo-runner", path: async () => "/api/paotuiOrder/pagingForFontend?statusStr=complete&type=2&pageNo=1" },
  { name: "runner's open orders (王强)", who: "demo-runner", path: async () => "/api/paotuiOrder/pagingForFontend?statusStr=ing&type=2&pageNo=1" },
  { name: "the hall (王强, 西园)", who: "demo-runner", path: async () => "/api/paotuiOrder/toRobbing/ws-xiyuan/time" },
  { name: "return list (staff, 西园)", who: "demo-staff", path: async () => "/api/expressTosend/toreturn?worksiteId=ws-xiyuan" },
  { name: "send dispatch (staff, 西园)", who: "demo-staff", path: async () => "/api/expressTakein/toScanAll/ws-xiyuan" },
  {
    name: "statistics, 6 months, every worksite (head office)", who: "demo-admin",
    path: async () => `/api/worksite/tongji/-1?timeBegin=${addDays(addMonths(today, -6), 1)}&timeEnd=${addDays(today, 1)}`
  },
  { name: "statistics, one day (head office)", who: "demo-admin", path: async () => `/api/statistics/daily/${addDays(today, -3)}` }
]

export interface ReadRun {
  readonly name: string
  readonly path: string
  readonly okPerSec: number
  readonly p50: number
  readonly p99: number
  readonly failed: number
}

/** Every read on the server at `base` for SECONDS at 16 connections, after 2 s of warm-up. */
const runReads = async (base: string, label: string): Promise<ReadonlyArray<ReadRun>> => {
  const tokens = new Map<string, string>()
  const token = async (who: string) => tokens.get(who) ?? tokens.set(who, await tokenFor(base, who)).get(who)!
  const runs: Array<ReadRun> = []
  for (const read of yearReads) {
    const auth = { authorization: `Bearer ${await token(read.who)}` }
    const ask = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: auth })
      if (!res.ok) throw new Error(`${read.name}: ${path} answered ${res.status} ${await res.text()}`)
      return res.json()
    }
    const path = await read.path(ask)
    await ask(path)
    await autocannon({ url: `${base}${path}`, headers: auth, connections: CONNECTIONS, duration: 2 })
    const result = await autocannon({ url: `${base}${path}`, headers: auth, connections: CONNECTIONS, duration: SECONDS })
    const run = {
      name: read.name, path, okPerSec: result["2xx"] / result.duration, p50: result.latency.p50, p99: result.latency.p99,
      failed: result.non2xx + result.errors + result.timeouts
    }
    log(`  ${label}: ${read.name}: ${run.okPerSec.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms${run.failed ? `, ${run.failed} failed` : ""}`)
    runs.push(run)
  }
  return runs
}

export interface YearFigures {
  readonly year: ReadonlyArray<ReadRun>
  readonly demo: ReadonlyArray<ReadRun>
}

/** The targets: each read's p99 on the year, and its p99 on the year against the demo's. */
export const yearTargets = ({ year, demo }: YearFigures): ReadonlyArray<Figure> => year.flatMap((y, i) => {
  const d = demo[i]!
  return [
    atMost("year", `${y.name}, p99`, y.p99, P99_TARGET_MS, "ms", 0),
    atMost("year", `${y.name}, p99 against the demo's (${d.p99} ms)`, y.p99 / Math.max(1, d.p99), SLOWER_TARGET, "×", 2)
  ]
})

export const yearSection = ({ year, demo }: YearFigures) => [
  "### Reads on a year of data",
  "",
  `Each read at ${CONNECTIONS} connections for ${SECONDS} s on \`station_year\` (bench:seed-year) and on the demo database; p99 target ${P99_TARGET_MS} ms, at most ${SLOWER_TARGET}× the demo's.`,
  "",
  "| read | year req/s | year p50 | year p99 | demo req/s | demo p99 | year ÷ demo p99 | failed |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...year.map((y, i) => {
    const d = demo[i]!
    return `| ${y.name} | ${y.okPerSec.toFixed(0)} | ${y.p50} ms | ${y.p99} ms | ${d.okPerSec.toFixed(0)} | ${d.p99} ms | ${(y.p99 / Math.max(1, d.p99)).toFixed(2)}× | ${y.failed + d.failed} |`
  })
].join("\n")

/** The reads on the year's database at `yearUrl` and on a fresh demo database next to it. */
export const yearBench = async (adminUrl: string, yearUrl: string): Promise<YearFigures> => {
  const demoUrl = databaseUrl(adminUrl, "station_year_demo")
  await sql(adminUrl, "drop database if exists station_year_demo with (force)", "create database station_year_demo")
  const seeding = await openDatabase({ kind: "postgres", url: demoUrl, poolSize: 2 })
  try {
    await migrateToLatest(seeding.db)
    await seedDemoCampus(seeding.db)
    await seedFlowsDemo(seeding.db)
  } finally {
    await seeding.close()
  }
  const on = async (url: string, label: string) => {
    const server = await serve(url)
    try {
      // the scheduler's first round (the statistics of the last two closed days, reminders, retention) runs at start
      await sleep(SETTLE_MS)
      return await runReads(server.base, label)
    } finally {
      await server.stop()
    }
  }
  const demo = await on(demoUrl, "demo")
  const year = await on(yearUrl, "year")
  return { year, demo }
}

const main = async () => {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
  const name = process.env.YEAR_DATABASE ?? "station_year"
  const yearUrl = databaseUrl(adminUrl, name)
  const exists = (await sql(adminUrl, `select 1 from pg_database where datname = '${name.replace(/'/g, "")}'`)).rowCount === 1
  if (!exists) throw new Error(`no database ${name}: run npm run bench:seed-year first`)
  await sql(yearUrl, "select 1")
  const startedAt = new Date()
  const figures = await yearBench(adminUrl, yearUrl)
  const targets = yearTargets(figures)
  process.stdout.write(`${targetTable(targets, { startedAt, endedAt: new Date() })}\n\n${targets.map(verdictLine).join("\n")}\n\n${yearSection(figures)}\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(() => process.exit(0), (e: unknown) => {
    process.stderr.write(`year bench failed: ${e instanceof Error ? e.stack : String(e)}\n`)
    process.exit(1)
  })
}
