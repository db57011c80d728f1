/**
 * Throughput of the station server against a real Postgres, beside pgbench on the same server at the
 * same concurrency: check-ins (one worksite, the worst case since tag allocation serializes per
 * worksite, then two worksites) and the user-info read. The server runs as a child process
 * (`station serve`), so the load generator does not share its event loop. Prints a markdown table.
 *
 *   BENCH_DATABASE_URL  an existing database to connect to (default postgres://postgres@127.0.0.1:5432/test);
 *                       the bench drops and recreates `station_bench` next to it
 *   BENCH_SECONDS       length of each timed run (default 10)
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import { join, resolve } from "node:path"
import autocannon from "autocannon"
import pg from "pg"
import { checkInvariants } from "#adapters/ops/invariants"
import { openDatabase } from "#adapters/postgres/database"

const CONNECTIONS = 16
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const BENCH_DB = "station_bench"
const root = resolve(import.meta.dirname, "..")
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
const benchUrl = (() => {
  const url = new URL(adminUrl)
  url.pathname = `/${BENCH_DB}`
  return url.toString()
})()

const log = (line: string) => process.stderr.write(`${line}\n`)

const sql = async (url: string, ...statements: string[]) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    let last: pg.QueryResult | undefined
    for (const s of statements) last = await client.query(s)
    return last!
  } finally {
    await client.end()
  }
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const startServer = async (port: number): Promise<ChildProcess> => {
  const child = spawn(join(root, "node_modules/.bin/tsx"), ["cli/station.ts", "serve"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: benchUrl, DATABASE_POOL_SIZE: "20", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`station serve exited with ${child.exitCode}`)
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)
    if (up) return child
    await sleep(200)
  }
  child.kill()
  throw new Error("station serve did not come up within 60 s")
}

const tokenFor = async (base: string, openid: string) => {
  const res = await fetch(`${base}/auth/dev/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openid }) })
  const body = (await res.json()) as { token?: string; message?: string }
  if (!body.token) throw new Error(`no token for ${openid}: ${body.message}`)
  return body.token
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

let runNo = 0

/** Check-ins with a fresh express number per request, each signed by one of the given staff tokens in turn. */
const checkIns = (base: string, tokens: ReadonlyArray<string>, seconds: number) => {
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
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % tokens.length]}` },
          body: JSON.stringify({ expressCompany: "ec-sf", storageNo: `A-${String(i % 50).padStart(2, "0")}`, expressNo: `BENCH${run}-${i}`, weight: "wf-1", receiverPhone: "13800000001" })
        }
      }
    }]
  }, seconds)
}

const resetParcels = () =>
  sql(benchUrl, "truncate parcel, ops_log, outbox, idempotency", "update storage_tag set last_tag = 0", "vacuum analyze parcel")

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

const fixed = (n: number, digits = 1) => n.toFixed(digits)

const main = async () => {
  log(`recreating database ${BENCH_DB} next to ${adminUrl.replace(/\/\/[^@]*@/, "//***@")}`)
  await sql(adminUrl, `drop database if exists ${BENCH_DB} with (force)`, `create database ${BENCH_DB}`)
  const pgVersion = (await sql(benchUrl, "show server_version")).rows[0].server_version as string
  const loadBefore = loadavg()[0]!

  const port = await freePort()
  const server = await startServer(port)
  const base = `http://127.0.0.1:${port}`
  const rows: string[] = []
  const notes: string[] = []
  try {
    const [staff, staffDy, student] = await Promise.all([tokenFor(base, "demo-staff"), tokenFor(base, "demo-staff-dy"), tokenFor(base, "demo-student")])

    log("pgbench baselines …")
    await sql(benchUrl, "create table bench_scratch (id bigserial primary key, payload text not null, created_at timestamptz not null default now())")
    const insertScript = join(mkdtempSync(join(tmpdir(), "station-bench-")), "insert.sql")
    writeFileSync(insertScript, "INSERT INTO bench_scratch (payload) VALUES ('parcel');\n")
    const pgInsert = await pgbench(["-f", insertScript])
    await new Promise<void>((done, fail) => {
      const init = spawn("pgbench", ["-i", "-s", "10", "-q", benchUrl], { stdio: ["ignore", "ignore", "pipe"] })
      let err = ""
      init.stderr.setEncoding("utf8").on("data", (d: string) => (err += d))
      init.once("close", (code) => (code === 0 ? done() : fail(new Error(`pgbench -i failed:\n${err}`))))
    })
    const pgSelect = await pgbench(["-S"])
    await sql(benchUrl, "create table bench_counter (id int primary key, last_tag int not null)", "insert into bench_counter values (1, 0)")
    const serialScript = join(resolve(insertScript, ".."), "serial.sql")
    writeFileSync(serialScript, [
      "BEGIN;",
      "SELECT last_tag FROM bench_counter WHERE id = 1 FOR UPDATE;",
      "UPDATE bench_counter SET last_tag = last_tag % 9999 + 1 WHERE id = 1;",
      "INSERT INTO bench_scratch (payload) VALUES ('parcel');",
      "INSERT INTO bench_scratch (payload) VALUES ('outbox');",
      "INSERT INTO bench_scratch (payload) VALUES ('ops log');",
      "COMMIT;",
      ""
    ].join("\n"))
    const pgSerial = await pgbench(["-f", serialScript])

    const row = (label: string, run: HttpRun, baseline: string, pgb: PgbenchRun) =>
      `| ${label} | ${CONNECTIONS} | ${fixed(run.okPerSec, 0)} | ${fixed(run.p50)} | ${fixed(run.p99)} | ${run.failed} | ${baseline} | ${fixed(pgb.tps, 0)} | ${fixed(pgb.p50, 2)} / ${fixed(pgb.p99, 2)} | ${fixed(run.okPerSec / pgb.tps, 3)} |`

    const checkInRun = async (label: string, tokens: ReadonlyArray<string>) => {
      log(`${label}: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s …`)
      await checkIns(base, tokens, WARMUP_SECONDS)
      await settledParcelCount()
      await resetParcels()
      const run = await checkIns(base, tokens, SECONDS)
      const stored = await settledParcelCount()
      const inFlight = stored - run.ok
      notes.push(
        `${label}: ${run.ok} check-ins answered 201 in the window, ${stored} parcels stored (${inFlight} still in flight when the window closed)` +
          `${run.failed ? `; other answers: ${run.statuses}` : ""}${inFlight < 0 || inFlight > CONNECTIONS ? " — MISMATCH" : ""}`
      )
      const database = await openDatabase({ kind: "postgres", url: benchUrl, poolSize: 2 })
      const broken = (await checkInvariants(database.db).finally(() => database.close())).filter((r) => !r.ok)
      if (broken.length) notes.push(`${label}: INVARIANTS BROKEN: ${broken.map((r) => `${r.name} (${r.violations})`).join("; ")}`)
      if (run.ok / tokens.length > 9000) notes.push(`${label}: more than 9000 check-ins per worksite: tags near exhaustion, lower BENCH_SECONDS`)
      await resetParcels()
      return run
    }

    const oneSite = await checkInRun("check-in, 1 worksite", [staff])
    rows.push(row("check-in `POST /api/expressTosend`, 1 worksite", oneSite, "1-row INSERT", pgInsert))
    const twoSites = await checkInRun("check-in, 2 worksites", [staff, staffDy])
    rows.push(row("check-in `POST /api/expressTosend`, 2 worksites", twoSites, "1-row INSERT", pgInsert))

    log(`user info read: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s …`)
    const read = { url: `${base}/api/user/wxuserInfo`, headers: { authorization: `Bearer ${student}` } }
    await cannon(read, WARMUP_SECONDS)
    const reads = await cannon(read, SECONDS)
    if (reads.failed) notes.push(`user info read: other answers: ${reads.statuses}`)
    rows.push(row("read `GET /api/user/wxuserInfo`", reads, "`pgbench -S` (scale 10)", pgSelect))
    rows.push(`| (pgbench only) one locked counter + 3 INSERTs per transaction, the shape a check-in serializes on | ${CONNECTIONS} | – | – | – | – | counter lock | ${fixed(pgSerial.tps, 0)} | ${fixed(pgSerial.p50, 2)} / ${fixed(pgSerial.p99, 2)} | – |`)
  } finally {
    server.kill("SIGTERM")
    await new Promise((r) => server.once("exit", r))
  }

  const table = [
    `Station server (\`station serve\`, Node ${process.version}, pool 20) vs pgbench on the same PostgreSQL ${pgVersion}; ` +
      `${CONNECTIONS} connections, ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up; ${availableParallelism()} CPUs shared by server, load generator and Postgres ` +
      `(1-min load average ${fixed(loadBefore, 2)} before, ${fixed(loadavg()[0]!, 2)} after).`,
    "",
    "| workload | conns | req/s (2xx) | p50 ms | p99 ms | non-2xx | pgbench script | pgbench TPS | pgbench p50 / p99 ms | req/s ÷ TPS |",
    "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ...rows,
    "",
    ...notes.map((n) => `- ${n}`)
  ].join("\n")
  process.stdout.write(`${table}\n`)
}

await main()
