/**
 * What the benches share to run a station server: a free port, a server process (`station serve`, or another
 * `tsx` entry) started on a Postgres database and waited for until its health check answers, a demo user's session,
 * and plain SQL on a database of their own.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import { join, resolve } from "node:path"
import pg from "pg"

export const benchRoot = resolve(import.meta.dirname, "..")

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Runs the statements in order on one connection; the last one's result. */
export const sql = async (url: string, ...statements: string[]) => {
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

/** `url` with its database name changed to `name`. */
export const databaseUrl = (url: string, name: string) => {
  const next = new URL(url)
  next.pathname = `/${name}`
  return next.toString()
}

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })

export interface BenchServer {
  readonly base: string
  readonly port: number
  readonly pid: number | undefined
  readonly child: ChildProcess
  stop(): Promise<void>
}

export interface ServeOptions {
  /** The `tsx` entry and its arguments (default `cli/station.ts serve`). */
  readonly args?: ReadonlyArray<string>
  readonly port?: number
  readonly env?: Record<string, string>
}

/** A server process on the Postgres database `url` (production mode), once `GET /api/health` answers 200 (60 s at most). */
export const serve = async (url: string, options: ServeOptions = {}): Promise<BenchServer> => {
  const args = options.args ?? ["cli/station.ts", "serve"]
  const port = options.port ?? await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(join(benchRoot, "node_modules/.bin/tsx"), args, {
    cwd: benchRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: url, NODE_ENV: "production", ...options.env },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const stop = async () => {
    child.kill("SIGTERM")
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r))
  }
  const deadline = Date.now() + 60_000
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(child.exitCode !== null ? `${args.join(" ")} exited with ${child.exitCode}` : `${args.join(" ")} did not come up within 60 s`)
    }
    await sleep(200)
  }
  return { base, port, pid: child.pid, child, stop }
}

/** A session of the demo user `openid` (the development sign-in). */
export const tokenFor = async (base: string, openid: string) => {
  const res = await fetch(`${base}/auth/dev/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openid }) })
  const body = (await res.json()) as { token?: string; message?: string }
  if (!body.token) throw new Error(`no token for ${openid}: ${body.message}`)
  return body.token
}
