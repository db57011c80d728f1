/**
 * Throughput of the station server against a real Postgres, beside pgbench on the same server at the
 * same concurrency, in one run: check-ins at one worksite (the worst case: tag allocation serializes
 * per worksite) and over 20 worksites, each with and without an Idempotency-Key, and the user-info
 * read. Beside each HTTP figure, pgbench runs the SAME statements the app runs for that request (a
 * same-work script generated from the SQL the app issued for one such request, caught in-process),
 * and the plain one-row INSERT and `pgbench -S`; the ratios are of the same run. The server runs as a
 * child process (`station serve`), so the load generator does not share its event loop. Then a
 * `station replay` of 10,000 operations on embedded PGlite. Prints markdown: first one table of every figure against
 * its target, met and missed (bench/targets.ts), with the machine's CPU count and the time of the run, then each
 * section's own table and notes.
 *
 *   BENCH_DATABASE_URL  an existing database to connect to (default postgres://postgres@127.0.0.1:5432/test);
 *                       the bench drops and recreates `station_bench` next to it
 *   BENCH_SECONDS       length of each timed run (default 10)
 *   BENCH_POOL_SIZE     the server's DATABASE_POOL_SIZE (default: the server's default)
 *   BENCH_REPLAY_OPS    operations in the replay run (default 10000; 0 skips it)
 *   BENCH_PAGES         0 skips the page loads (bench/pages.ts: four pages cold and warm in chromium on a
 *                       throttled phone profile, against the same server after the HTTP runs, with every
 *                       flow's demo rows seeded; needs web/dist, `npm run build:web`)
 *   BENCH_YEAR          0 skips the reads on a year of data (bench/year.ts, on `station_year` when
 *                       `npm run bench:seed-year` has made it, beside a fresh demo database)
 *   BENCH_LIVE          0 skips the live events (bench/live.ts: the grab storm, 50 runners of one worksite grabbing one
 *                       paid errand at once for 200 rounds with their socket.io clients in the hall, against the same
 *                       server after the page loads, then the hall fan-out to 1,000 runners' clients with the server's
 *                       memory per connection, once on that server and once on a second `station serve` beside it; BENCH_LIVE_ROUNDS, BENCH_LIVE_RUNNERS, BENCH_LIVE_CLIENTS, BENCH_LIVE_ORDERS as there)
 */
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer as createHttpServer } from "node:http"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import { join, resolve } from "node:path"
import autocannon from "autocannon"
import pg from "pg"
// @ts-expect-error pg's own value encoding (no types shipped for it)
import pgUtils from "pg/lib/utils.js"
import { inRequest } from "#adapters/http/safety-net"
import { createHttpApp } from "#adapters/http/server"
import { checkInvariants } from "#adapters/ops/invariants"
import { replayOperations, reproduced, type ReplayLine } from "#adapters/ops/replay"
import { DEFAULT_POOL_SIZE, migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { Runtime } from "#adapters/runtime"
import { attachSocket } from "#adapters/socket/socket-server"
import { fanoutFigures, fanoutSection, grabFigures, grabStorm, hallFanout, liveSection } from "./live"
import { demoPageTokens, pageFigures, pageLoads, pageSection } from "./pages"
import { databaseUrl, freePort, serve, sleep, sql, tokenFor } from "./server"
import { atLeast, atMost, exactly, targetTable, verdictLine, type Figure } from "./targets"
import { yearBench, yearSection, yearTargets } from "./year"

const CONNECTIONS = 16
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const BENCH_DB = "station_bench"
const POOL_SIZE = process.env.BENCH_POOL_SIZE ?? String(DEFAULT_POOL_SIZE)
const REPLAY_OPS = Number(process.env.BENCH_REPLAY_OPS ?? 10_000)
const PAGES = process.env.BENCH_PAGES !== "0"
const LIVE = process.env.BENCH_LIVE !== "0"
const YEAR = process.env.BENCH_YEAR !== "0"
const SITES = 20
const root = resolve(import.meta.dirname, "..")
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
const benchUrl = (() => {
  const url = new URL(adminUrl)
  url.pathname = `/${BENCH_DB}`
  return url.toString()
})()

const log = (line: string) => process.stderr.write(`${line}\n`)

/** A server process (`tsx` on `args`) on the bench database with the bench's pool, once its health check answers. */
const startServer = async (port: number, args: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<ChildProcess> =>
  (await serve(benchUrl, { port, args, env: { DATABASE_POOL_SIZE: POOL_SIZE, ...env } })).child

const stopServer = async (child: ChildProcess) => {
  child.kill("SIGTERM")
  if (child.exitCode === null) await new Promise((r) => child.once("exit", r))
}

interface HttpRun {
  readonly okPerSec: number
  readonly p50: number
  readonly p99: number
  readonly ok: number
  readonly failed: number
  readonly statuses: string
}

const cannon = async (options: autocannon.Options, seconds: number): Promise<HttpRun> => {
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options })
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${(s as { count: number }).count}`).join(" ")
  return {
    okPerSec: result["2xx"] / result.duration, p50: result.latency.p50, p99: result.latency.p99,
    ok: result["2xx"], failed: result.non2xx + result.errors + result.timeouts, statuses
  }
}

interface PgbenchRun {
  readonly tps: number
  readonly p50: number
  readonly p99: number
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const pgbench = async (args: ReadonlyArray<string>): Promise<PgbenchRun> => {
  const logDir = mkdtempSync(join(tmpdir(), "station-pgbench-"))
  try {
    const output = await new Promise<string>((done, fail) => {
      const child = spawn("pgbench", ["-n", "-c", String(CONNECTIONS), "-j", "2", "-T", String(SECONDS), "-l", "--log-prefix", join(logDir, "tx"), ...args, benchUrl], { cwd: logDir })
      let text = ""
      child.stdout.setEncoding("utf8").on("data", (d: string) => (text += d))
      child.stderr.setEncoding("utf8").on("data", (d: string) => (text += d))
      child.once("error", fail)
      child.once("close", (code) => (code === 0 ? done(text) : fail(new Error(`pgbench ${args.join(" ")} exited ${code}:\n${text}`))))
    })
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? /tps = ([\d.]+)/.exec(output)?.[1])
    const latencies = readdirSync(logDir).flatMap((f) =>
      readFileSync(join(logDir, f), "utf8").split("\n").filter(Boolean).map((line) => Number(line.split(" ")[2]) / 1000))
    const sorted = Float64Array.from(latencies).sort()
    return { tps, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
  } finally {
    rmSync(logDir, { recursive: true, force: true })
  }
}

let runNo = 0

/** Check-ins with a fresh express number per request, each signed by one of the given staff tokens in turn; with `keyed`, each with its own Idempotency-Key. */
const checkIns = (base: string, tokens: ReadonlyArray<string>, seconds: number, keyed: boolean) => {
  const run = ++runNo
  let n = 0
  return cannon({
    url: base,
    requests: [{
      method: "POST",
      path: "/api/expressTosend",
      setupRequest: (req) => {
        const i = n++
        return {
          ...req,
          headers: {
            "content-type": "application/json", authorization: `Bearer ${tokens[i % tokens.length]}`,
            ...(keyed ? { "idempotency-key": `bench-${run}-${i}` } : {})
          },
          body: JSON.stringify({ expressCompany: "ec-sf", storageNo: `A-${String(i % 50).padStart(2, "0")}`, expressNo: `BENCH${run}-${i}`, weight: "wf-1", receiverPhone: "13800000001" })
        }
      }
    }]
  }, seconds)
}

/**
 * Empties the parcels and what check-ins wrote beside them between runs (the SMS credit ledger stays, and with it the
 * credit it adds up to). The server's outbox worker may be sending the last notices when the truncate comes: on a
 * deadlock it is tried again.
 */
const resetParcels = async (): Promise<void> => {
  try {
    await sql(benchUrl, "truncate parcel, ops_log, outbox, idempotency cascade", "update storage_tag set last_tag = 0")
  } catch (e) {
    if ((e as { code?: string }).code !== "40P01") throw e
    log("  (the reset met the outbox worker: again)")
    await sleep(500)
    return resetParcels()
  }
  await sql(benchUrl, "vacuum analyze parcel")
}

const parcelCount = async () => Number((await sql(benchUrl, "select count(*)::int as n from parcel")).rows[0].n)

/** Waits until requests still in flight when autocannon stopped have landed, and returns the parcel count. */
const settledParcelCount = async () => {
  let last = await parcelCount()
  for (;;) {
    await sleep(500)
    const now = await parcelCount()
    if (now === last) return now
    last = now
  }
}

/**
 * Parcels leave the shelf two seconds after check-in, so a long run never fills a worksite's 9,999 tags
 * (at one worksite both the server and pgbench pass that in seconds); it runs the same during the HTTP
 * run and its same-work pgbench run.
 */
const pickupSweeper = () => {
  let stop = false
  const done = (async () => {
    const client = new pg.Client({ connectionString: benchUrl })
    await client.connect()
    try {
      while (!stop) {
        await client.query("update parcel set status = 100, signed_at = now() where status = 0 and created_at < now() - interval '2 seconds'")
        await sleep(250)
      }
    } finally {
      await client.end()
    }
  })()
  return async () => {
    stop = true
    await done
  }
}

// --- same-work scripts ------------------------------------------------------------------------------

interface Statement {
  readonly text: string
  readonly values: ReadonlyArray<unknown>
}

/** Every statement the in-process app sends while serving a request. */
const caught: Statement[] = []
let catching = false
const plainQuery = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: Array<any>) {
  if (catching && inRequest()) {
    const [first, second] = args
    if (typeof first === "string") caught.push({ text: first, values: Array.isArray(second) ? second : [] })
    else if (first && typeof first.text === "string") caught.push({ text: first.text, values: first.values ?? [] })
  }
  return (plainQuery as (...a: Array<any>) => any).apply(this, args)
} as typeof pg.Client.prototype.query

/** A parameter as a literal; one holding a colon is written E'…\\x3a…', since pgbench reads `:name` anywhere as a variable. */
const quote = (value: unknown) => {
  const v = pgUtils.prepareValue(value) as string | null
  if (v === null) return "NULL"
  const text = String(v).replace(/'/g, "''")
  return text.includes(":") ? `E'${text.replace(/\\/g, "\\\\").replace(/:/g, "\\x3a")}'` : `'${text}'`
}

/**
 * A pgbench script of these statements: each parameter as a literal, except that every occurrence of
 * a `vary` token (a fresh id, express number or key) becomes a pgbench expression, so each
 * transaction writes new rows like each request does.
 */
const sameWorkScript = (statements: ReadonlyArray<Statement>, vary: ReadonlyArray<readonly [string, string]>, sets: ReadonlyArray<string>) => [
  ...sets,
  ...statements.map(({ text, values }) => `${text.replace(/\s+/g, " ").replace(/\$(\d+)/g, (_m, n: string) => {
    let literal = quote(values[Number(n) - 1])
    let varied = false
    for (const [token, expression] of vary) {
      if (literal.includes(token)) {
        literal = literal.split(token).join(`' || ${expression} || ${literal.startsWith("E'") ? "E" : ""}'`)
        varied = true
      }
    }
    return varied ? `(${literal})` : literal
  }).trim().replace(/;?$/, ";")}`),
  ""
].join("\n")

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/** Serves one request in-process (after two warm-ups, so caches are as warm as in a long run) and returns the statements it made. */
const statementsOf = async (send: () => Promise<Response>) => {
  for (const _ of [0, 1]) await (await send()).text()
  caught.length = 0
  catching = true
  const res = await send()
  await res.text()
  catching = false
  if (!res.ok) throw new Error(`the request to catch answered ${res.status}`)
  return [...caught]
}

const writeScript = (dir: string, name: string, text: string) => {
  const file = join(dir, `${name}.sql`)
  writeFileSync(file, text)
  return file
}

/** 20 worksites like 西园 with one bound staff member each: ws-bench-01 … ws-bench-20. */
const addBenchWorksites = () => sql(benchUrl, `
  insert into worksite select (jsonb_populate_record(w, jsonb_build_object('id', 'ws-bench-' || lpad(g::text, 2, '0'), 'site_code', 'BN' || lpad(g::text, 2, '0')))).*
    from worksite w, generate_series(1, ${SITES}) g where w.id = 'ws-xiyuan'`, `
  insert into storage_tag (worksite_id, last_tag) select 'ws-bench-' || lpad(g::text, 2, '0'), 0 from generate_series(1, ${SITES}) g`,
  // the copies start with 西园's SMS credit: their ledgers say so too (grants without a trade), so \`station check\` holds
  `
  insert into sms_credit_ledger (worksite_id, change, reason, note, at)
    select 'ws-bench-' || lpad(g::text, 2, '0'), w.sms_credit, 'grant', 'bench: copied from 西园', now()
    from worksite w, generate_series(1, ${SITES}) g where w.id = 'ws-xiyuan' and w.sms_credit <> 0`, `
  insert into app_user select (jsonb_populate_record(u, jsonb_build_object('id', 'u-bench-' || lpad(g::text, 2, '0'), 'openid', 'bench-staff-' || lpad(g::text, 2, '0'),
      'phone_main', '139010000' || lpad(g::text, 2, '0'), 'worksite_id', 'ws-bench-' || lpad(g::text, 2, '0')))).*
    from app_user u, generate_series(1, ${SITES}) g where u.id = 'u-staff'`, `
  insert into employee select (jsonb_populate_record(e, jsonb_build_object('id', 'e-bench-' || lpad(g::text, 2, '0'), 'phone', '139020000' || lpad(g::text, 2, '0'),
      'worksite_id', 'ws-bench-' || lpad(g::text, 2, '0'), 'openid', 'bench-staff-' || lpad(g::text, 2, '0'), 'user_id', 'u-bench-' || lpad(g::text, 2, '0')))).*
    from employee e, generate_series(1, ${SITES}) g where e.id = 'e-xiyuan-1'`)

const benchSites = Array.from({ length: SITES }, (_, i) => String(i + 1).padStart(2, "0"))

interface Scripts {
  readonly checkIn: string
  readonly checkInKeyed: string
  readonly checkInSites: string
  readonly checkInSitesKeyed: string
  readonly read: string
  /** The read's own statements, for the floor server. */
  readonly readStatements: ReadonlyArray<Statement>
}

/**
 * The station's HTTP app and its socket in this process (no outbox worker, which works apart from any
 * request), so its statements can be caught: a check-in's live event is a NOTIFY it makes too.
 */
const inProcessApp = async () => {
  const database = await openDatabase({ kind: "postgres", url: benchUrl, poolSize: Number(POOL_SIZE) })
  const runtime = await Runtime.create(database)
  const http = createHttpServer(createHttpApp(runtime, { devSignIn: true }))
  const io = attachSocket(http, runtime)
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", done))
  return {
    url: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
    close: async () => {
      http.closeAllConnections()
      await new Promise((done) => io.close(done))
      await database.close()
    }
  }
}

/** Catches the statements of each kind of request from the app in-process, and writes them as pgbench scripts. */
const catchScripts = async (dir: string): Promise<Scripts> => {
  const app = await inProcessApp()
  log(`  in-process app at ${app.url}`)
  try {
    const token = (openid: string) => tokenFor(app.url, openid)
    const [staff, site01, student] = [await token("demo-staff"), await token("bench-staff-01"), await token("demo-student")]
    let sent = 0
    let last = { expressNo: "", key: "" }
    const checkIn = (bearer: string, keyed: boolean) => () => {
      last = { expressNo: `SWNO${++sent}X`, key: `SWKEY${sent}XKEY` }
      return fetch(`${app.url}/api/expressTosend`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${bearer}`, ...(keyed ? { "idempotency-key": last.key } : {}) },
        body: JSON.stringify({ expressCompany: "ec-sf", storageNo: "A-01", expressNo: last.expressNo, weight: "wf-1", receiverPhone: "13800000001" })
      })
    }
    const fresh = (statements: ReadonlyArray<Statement>) => {
      const tokens = new Set<string>()
      for (const { values } of statements) for (const v of values) for (const m of String(pgUtils.prepareValue(v) ?? "").matchAll(UUID)) tokens.add(m[0])
      return [...tokens].map((t) => [t, "'u' || :r"] as const)
    }
    const sets = ["\\set r random(1, 1000000000000)"]
    const siteSets = [...sets, `\\set w random(1, ${SITES})`]
    const site = ["ws", "e", "u"].map((kind) => [`${kind}-bench-01`, `'${kind}-bench-' || lpad(:w::text, 2, '0')`] as const)
    const script = (statements: ReadonlyArray<Statement>, sites: boolean) =>
      sameWorkScript(statements, [[last.expressNo, "'B' || :r"], [last.key, "'K' || :r"], ...fresh(statements), ...(sites ? site : [])], sites ? siteSets : sets)
    log("  tokens issued")
    const checkInKeyed = writeScript(dir, "check-in-keyed", script(await statementsOf(checkIn(staff, true)), false))
    const checkInPlain = writeScript(dir, "check-in", script(await statementsOf(checkIn(staff, false)), false))
    const checkInSitesKeyed = writeScript(dir, "check-in-20-sites-keyed", script(await statementsOf(checkIn(site01, true)), true))
    const checkInSites = writeScript(dir, "check-in-20-sites", script(await statementsOf(checkIn(site01, false)), true))
    const read = await statementsOf(() => fetch(`${app.url}/api/user/wxuserInfo`, { headers: { authorization: `Bearer ${student}` } }))
    return {
      checkIn: checkInPlain, checkInKeyed, checkInSites, checkInSitesKeyed,
      read: writeScript(dir, "wxuserinfo", sameWorkScript(read, [], [])),
      readStatements: read
    }
  } finally {
    await app.close()
  }
}

// --- replay -------------------------------------------------------------------------------------------

/** `station replay` of `count` check-ins (half at each demo worksite) into a fresh embedded PGlite. */
const replayRun = async (count: number) => {
  const database = await openDatabase({ kind: "memory" })
  try {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    const runtime = await Runtime.create(database)
    const start = Date.parse("2026-11-20T01:00:00Z")
    const tags = { "demo-staff": 0, "demo-staff-dy": 0 }
    async function* lines(): AsyncGenerator<ReplayLine> {
      for (let i = 0; i < count; i++) {
        const actorOpenid = i % 2 === 0 ? "demo-staff" : "demo-staff-dy"
        const tag = ++tags[actorOpenid]
        const storageNo = `R-${String(i % 40).padStart(2, "0")}`
        const id = `replay-${i}`
        yield {
          lineNo: i + 1,
          text: JSON.stringify({
            op: "checkIn", actorOpenid, at: new Date(start + i * 1000).toISOString(),
            input: { expressCompany: "ec-sf", storageNo, expressNo: `RP${i}`, weight: "wf-1", receiverPhone: "13800000001" },
            outcome: { id, tag, code: `${storageNo}-${String(tag).padStart(4, "0")}` }
          })
        }
      }
    }
    const started = performance.now()
    const summary = await replayOperations(runtime, lines())
    const seconds = (performance.now() - started) / 1000
    return { seconds, opsPerSec: summary.operations / seconds, summary, ok: reproduced(summary) && summary.matched === count }
  } finally {
    await database.close()
  }
}

const fixed = (n: number, digits = 1) => n.toFixed(digits)

/** The replay's target (issue 24): 10× the 523 ops/s of 2026-11-25. */
const REPLAY_TARGET_OPS = 5000

const main = async () => {
  const startedAt = new Date()
  log(`recreating database ${BENCH_DB} next to ${adminUrl.replace(/\/\/[^@]*@/, "//***@")}`)
  await sql(adminUrl, `drop database if exists ${BENCH_DB} with (force)`, `create database ${BENCH_DB}`)
  const pgVersion = (await sql(benchUrl, "show server_version")).rows[0].server_version as string
  const loadBefore = loadavg()

  const dir = mkdtempSync(join(tmpdir(), "station-bench-"))
  const seeding = await openDatabase({ kind: "postgres", url: benchUrl, poolSize: 2 })
  await migrateToLatest(seeding.db)
  await seedDemoCampus(seeding.db)
  await seeding.close()
  log("adding the bench worksites …")
  await addBenchWorksites()
  log("catching the statements of each request …")
  const scripts = await catchScripts(dir)
  await resetParcels()

  const port = await freePort()
  const server = await startServer(port, ["cli/station.ts", "serve"])
  const base = `http://127.0.0.1:${port}`
  const rows: string[] = []
  const notes: string[] = []
  const figures: Figure[] = []
  const serverFigures = () => figures.filter((f) => f.area === "check-in" || f.area === "read")
  let pages = "page loads: skipped (BENCH_PAGES=0)"
  let live = "live events: skipped (BENCH_LIVE=0)"
  let pgInsert: PgbenchRun | undefined
  let pgSelect: PgbenchRun | undefined
  try {
    const [staff, student] = [await tokenFor(base, "demo-staff"), await tokenFor(base, "demo-student")]
    const siteTokens = await Promise.all(benchSites.map((n) => tokenFor(base, `bench-staff-${n}`)))

    log("pgbench baselines …")
    await sql(benchUrl, "create table bench_scratch (id bigserial primary key, payload text not null, created_at timestamptz not null default now())")
    pgInsert = await pgbench(["-M", "prepared", "-f", writeScript(dir, "insert", "INSERT INTO bench_scratch (payload) VALUES ('parcel');\n")])
    await new Promise<void>((done, fail) => {
      const init = spawn("pgbench", ["-i", "-s", "10", "-q", benchUrl], { stdio: ["ignore", "ignore", "pipe"] })
      let err = ""
      init.stderr.setEncoding("utf8").on("data", (d: string) => (err += d))
      init.once("close", (code) => (code === 0 ? done() : fail(new Error(`pgbench -i failed:\n${err}`))))
    })
    pgSelect = await pgbench(["-M", "prepared", "-S"])

    const row = (label: string, run: HttpRun, same: PgbenchRun) =>
      `| ${label} | ${fixed(run.okPerSec, 0)} | ${fixed(run.p50)} | ${fixed(run.p99)} | ${run.failed} | ${fixed(same.tps, 0)} | ${fixed(same.p50, 2)} / ${fixed(same.p99, 2)} | ` +
      `**${fixed(run.okPerSec / same.tps, 2)}** | ${fixed(run.okPerSec / pgInsert!.tps, 2)} | ${fixed(run.okPerSec / pgSelect!.tps, 2)} |`
    const target = (label: string, ratio: number, bound: number, p99?: { value: number; atMost: number }) => {
      const area = label.startsWith("check-in") ? "check-in" : "read"
      figures.push(atLeast(area, `${label}, req/s ÷ same-work pgbench`, ratio, bound, "×", 3))
      if (p99) figures.push(atMost(area, `${label}, p99`, p99.value, p99.atMost))
    }

    const checkInRun = async (label: string, tokens: ReadonlyArray<string>, keyed: boolean, script: string) => {
      log(`${label}: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s, then pgbench on its same-work script …`)
      await checkIns(base, tokens, WARMUP_SECONDS, keyed)
      await settledParcelCount()
      await resetParcels()
      let stopSweeper = pickupSweeper()
      const run = await checkIns(base, tokens, SECONDS, keyed).finally(stopSweeper)
      const stored = await settledParcelCount()
      const inFlight = stored - run.ok
      notes.push(
        `${label}: ${run.ok} check-ins answered 201 in the window, ${stored} parcels stored (${inFlight} still in flight when the window closed)` +
          `${run.failed ? `; other answers: ${run.statuses}` : ""}${inFlight < 0 || inFlight > CONNECTIONS ? " — MISMATCH" : ""}`
      )
      const database = await openDatabase({ kind: "postgres", url: benchUrl, poolSize: 2 })
      const broken = (await checkInvariants(database.db).finally(() => database.close())).filter((r) => !r.ok)
      if (broken.length) notes.push(`${label}: INVARIANTS BROKEN: ${broken.map((r) => `${r.name} (${r.violations})`).join("; ")}`)
      figures.push(exactly("check-in", `${label}: \`station check\`'s invariants after the run`, broken.length ? `${broken.length} broken` : "all hold", "all hold", broken.length === 0))
      await resetParcels()
      stopSweeper = pickupSweeper()
      const same = await pgbench(["-M", "prepared", "-f", script]).finally(stopSweeper)
      const written = await parcelCount()
      if (written < same.tps * SECONDS * 0.9) notes.push(`${label}: the same-work script stored ${written} parcels for ${fixed(same.tps * SECONDS, 0)} transactions — CHECK THE SCRIPT`)
      await resetParcels()
      rows.push(row(label, run, same))
      return { run, same }
    }

    const one = await checkInRun("check-in `POST /api/expressTosend`, 1 worksite", [staff], false, scripts.checkIn)
    target("check-in, 1 worksite", one.run.okPerSec / one.same.tps, 0.6, { value: one.run.p99, atMost: 100 })
    const oneKeyed = await checkInRun("… with Idempotency-Key, 1 worksite", [staff], true, scripts.checkInKeyed)
    target("check-in with Idempotency-Key, 1 worksite", oneKeyed.run.okPerSec / oneKeyed.same.tps, 0.6, { value: oneKeyed.run.p99, atMost: 100 })
    const sites = await checkInRun(`check-in, ${SITES} worksites`, siteTokens, false, scripts.checkInSites)
    target(`check-in, ${SITES} worksites`, sites.run.okPerSec / sites.same.tps, 0.3)
    const sitesKeyed = await checkInRun(`… with Idempotency-Key, ${SITES} worksites`, siteTokens, true, scripts.checkInSitesKeyed)
    target(`check-in with Idempotency-Key, ${SITES} worksites`, sitesKeyed.run.okPerSec / sitesKeyed.same.tps, 0.3)

    log(`user info read: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s …`)
    const read = { url: `${base}/api/user/wxuserInfo`, headers: { authorization: `Bearer ${student}` } }
    await cannon(read, WARMUP_SECONDS)
    const reads = await cannon(read, SECONDS)
    if (reads.failed) notes.push(`user info read: other answers: ${reads.statuses}`)
    const readSame = await pgbench(["-M", "prepared", "-f", scripts.read])
    rows.push(row("read `GET /api/user/wxuserInfo`", reads, readSame))
    target("wxuserInfo read", reads.okPerSec / readSame.tps, 0.3)

    log(`the floor under the read (node:http + pg, the same statements, nothing of the station): warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s …`)
    const floorPort = await freePort()
    const floorServer = await startServer(floorPort, ["bench/floor-server.ts"], { STATEMENTS: JSON.stringify(scripts.readStatements) })
    try {
      const floorRead = { url: `http://127.0.0.1:${floorPort}/`, headers: read.headers }
      await cannon(floorRead, WARMUP_SECONDS)
      const floor = await cannon(floorRead, SECONDS)
      rows.push(row("floor: node:http + pg, the read's statements, no station code", floor, readSame))
      notes.push(`user info read: ${fixed(reads.okPerSec / floor.okPerSec, 2)}× its floor (${fixed(reads.okPerSec, 0)} of ${fixed(floor.okPerSec, 0)} req/s); ` +
        `the floor itself is ${fixed(floor.okPerSec / readSame.tps, 2)}× same-work`)
    } finally {
      await stopServer(floorServer)
    }

    if (PAGES && !existsSync(join(root, "web/dist/index.html"))) pages = "page loads: skipped (no web/dist: `npm run build:web`)"
    else if (PAGES) {
      // the check-in runs emptied the parcels: the student's parcels and the hall's errand come back with every flow's demo rows
      const seeding = await openDatabase({ kind: "postgres", url: benchUrl, poolSize: 2 })
      await seedFlowsDemo(seeding.db).finally(() => seeding.close())
      log("page loads in chromium on a phone profile …")
      const loads = await pageLoads(base, await demoPageTokens(base))
      pages = pageSection(loads)
      figures.push(...pageFigures(loads))
    }

    if (LIVE) {
      log("live events: the grab storm …")
      const storm = await grabStorm(base, benchUrl)
      live = liveSection(storm)
      figures.push(...grabFigures(storm))
      log("live events: the hall fan-out, one process …")
      const one = await hallFanout(base, benchUrl, { serverPid: server.pid })
      log("live events: the hall fan-out, the clients on a second process …")
      const otherPort = await freePort()
      const other = await startServer(otherPort, ["cli/station.ts", "serve"])
      const two = await hallFanout(base, benchUrl, { serverPid: other.pid, socketBase: `http://127.0.0.1:${otherPort}` }).finally(() => stopServer(other))
      live += `\n\n${fanoutSection(one)}\n\n${fanoutSection(two)}`
      figures.push(...fanoutFigures(one), ...fanoutFigures(two))
    }
  } finally {
    await stopServer(server)
  }
  const loadAfter = loadavg()

  let replayLine = "replay: skipped (BENCH_REPLAY_OPS=0)"
  if (REPLAY_OPS > 0) {
    log(`station replay of ${REPLAY_OPS} operations on embedded PGlite …`)
    const replay = await replayRun(REPLAY_OPS)
    replayLine = `\`station replay\` of ${replay.summary.operations} check-ins (two worksites) into a fresh embedded PGlite: ` +
      `${fixed(replay.seconds, 1)} s, **${fixed(replay.opsPerSec, 0)} ops/s**, ${replay.ok ? "every outcome reproduced" : `NOT REPRODUCED: ${JSON.stringify(replay.summary.problems.slice(0, 3))}`}`
    figures.push(
      atLeast("replay", `\`station replay\` of ${replay.summary.operations} check-ins into a fresh embedded PGlite`, replay.opsPerSec, REPLAY_TARGET_OPS, "ops/s", 0),
      { area: "replay", measure: "every replayed outcome equal to the logged one", value: replay.ok ? "all" : "NOT REPRODUCED", target: "all", met: replay.ok })
  }

  let year = "reads on a year of data: skipped (BENCH_YEAR=0)"
  if (YEAR) {
    const yearUrl = databaseUrl(adminUrl, "station_year")
    if ((await sql(adminUrl, "select 1 from pg_database where datname = 'station_year'")).rowCount === 1) {
      log("reads on a year of data (station_year) beside the demo database …")
      const read = await yearBench(adminUrl, yearUrl)
      year = yearSection(read)
      figures.push(...yearTargets(read))
    } else year = "reads on a year of data: skipped (no `station_year` database: `npm run bench:seed-year` makes it)"
  }

  const loads = (l: ReadonlyArray<number>) => l.map((x) => fixed(x, 2)).join(" / ")
  const table = [
    targetTable(figures, { startedAt, endedAt: new Date() }),
    "",
    `Station server (\`station serve\`, Node ${process.version}, pool ${POOL_SIZE}) vs pgbench (\`-M prepared\`) on the same PostgreSQL ${pgVersion}; ` +
      `${CONNECTIONS} connections each, ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up; ${availableParallelism()} CPUs shared by server, load generator and Postgres ` +
      `(load average 1/5/15 min ${loads(loadBefore)} before, ${loads(loadAfter)} after). ` +
      `pgbench baselines: 1-row INSERT ${fixed(pgInsert!.tps, 0)} TPS, \`-S\` (scale 10) ${fixed(pgSelect!.tps, 0)} TPS.`,
    "",
    "| workload | req/s (2xx) | p50 ms | p99 ms | non-2xx | same-work pgbench TPS | its p50 / p99 ms | req/s ÷ same-work | ÷ 1-row INSERT | ÷ `-S` |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    ...serverFigures().map((f) => `- ${verdictLine(f)}`),
    ...notes.map((n) => `- ${n}`),
    `- ${replayLine}`,
    `- same-work scripts: ${dir}`,
    "",
    pages,
    "",
    live,
    "",
    year
  ].join("\n")
  process.stdout.write(`${table}\n`)
}

await main().then(() => process.exit(0), (e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`)
  process.exit(1)
})
