/** Test helpers for the CLI suites: run `station` as a child process, and a small demo day through HTTP. */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync, readdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { CLI_TEST_BUNDLE_DIR, root } from "./test-bundle"

export { CLI_TEST_BUNDLE_DIR, root }
/** The `station` command the CLI suites run: node with the bundle built for them. */
export const STATION = [process.execPath, join(CLI_TEST_BUNDLE_DIR, "station.js")] as const

export interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const made: string[] = []

export const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `station-${name}-`))
  made.push(dir)
  return dir
}

export const removeTempDirs = () => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** `station ...args` (the bundle) with only the given database settings (never the caller's DATABASE_URL). */
export const station = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>): Promise<Run> =>
  new Promise((done, fail) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, PORT: _port, ...inherited } = process.env
    const child = spawn(STATION[0], [STATION[1], ...args], {
      cwd: root, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d))
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d))
    child.once("error", fail)
    child.once("close", (code) => done({ code, stdout, stderr }))
  })

export interface Served {
  readonly url: string
  readonly child: ChildProcess
  /** Everything the server printed on stdout so far. */
  output(): string
  stderr(): string
}

/** `station serve` on a random port; resolves once it has printed its links, rejects when it exits first. */
export const serve = (env: Readonly<Record<string, string>>): Promise<Served> =>
  new Promise((done, fail) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, PORT: _port, ...inherited } = process.env
    // one process, so a signal reaches the server itself
    const child = spawn(STATION[0], [STATION[1], "serve"], {
      cwd: root, env: { ...inherited, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d))
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d
      const url = /serving on (http:\/\/\S+)/.exec(stdout)?.[1]
      if (url && (env.MESSAGING_APP !== undefined && env.MESSAGING_APP !== "fake" || /or pick any demo user/.test(stdout))) {
        done({ url: url.replace("localhost", "127.0.0.1"), child, output: () => stdout, stderr: () => stderr })
      }
    })
    child.once("error", fail)
    child.once("exit", (code) => fail(new Error(`station serve exited with ${code}:\n${stdout}\n${stderr}`)))
  })

/** Stops a served process (SIGTERM, or SIGKILL to leave its lock behind) and waits for it to end. */
export const stop = (served: Served, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<void>((done) => {
    if (served.child.exitCode !== null || served.child.signalCode !== null) return done()
    served.child.once("exit", () => done())
    served.child.kill(signal)
  })

export const json = <T = any>(run: Run): T => {
  try {
    return JSON.parse(run.stdout) as T
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`)
  }
}

type Body = { success: boolean; message?: string; data?: any; token?: string }

export const client = (baseUrl: string) => {
  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Body & { status: number }> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, ...((await res.json()) as Body) }
  }
  const token = async (openid: string) => {
    const answer = await call("POST", "/auth/dev/token", undefined, { openid })
    if (!answer.token) throw new Error(`no token for ${openid}: ${answer.message}`)
    return answer.token
  }
  return { call, token }
}

/**
 * A small day at the stations: check-ins at both worksites (one refused as a duplicate), the
 * student picking up three parcels by QR, and a picked-up express number checked in again.
 */
export const demoDay = async (baseUrl: string) => {
  const { call, token } = client(baseUrl)
  const [staff, staffDy, student] = await Promise.all([token("demo-staff"), token("demo-staff-dy"), token("demo-student")])
  const checkIn = async (who: string, expressNo: string, storageNo = "A-01", receiverPhone = "13800000001") => {
    const answer = await call("POST", "/api/expressTosend", who, { expressCompany: "ec-sf", storageNo, expressNo, weight: "wf-1", receiverPhone })
    if (answer.status !== 201) throw new Error(`check-in ${expressNo}: ${answer.status} ${answer.message}`)
    return answer.data as string
  }
  const codes: string[] = []
  for (let i = 1; i <= 5; i++) codes.push(await checkIn(staff, `SF-DAY-${i}`, i % 2 ? "A-01" : "B-02"))
  codes.push(await checkIn(staff, "SF-DAY-RUNNER", "A-01", "13800000002"))
  codes.push(await checkIn(staff, "SF-DAY-NOBODY", "C-03", "13812345678"))
  codes.push(await checkIn(staffDy, "SF-DY-1"), await checkIn(staffDy, "SF-DY-2", "D-01"))
  const duplicate = await call("POST", "/api/expressTosend", staff, { expressCompany: "ec-sf", storageNo: "A-01", expressNo: "SF-DAY-1", weight: "wf-1", receiverPhone: "13800000001" })
  if (duplicate.status !== 409) throw new Error(`duplicate check-in answered ${duplicate.status}`)

  const waiting = await call("GET", "/api/expressTosend/pagingForFontend?statusStr=ing&pageNo=1", student)
  const mine = (waiting.data.results as Array<{ _id: string; expressNo: string; worksite: string }>).filter((p) => p.worksite === "ws-xiyuan")
  const picked: string[] = []
  for (const parcel of mine.filter((p) => ["SF-DAY-1", "SF-DAY-2", "SF-DAY-4"].includes(p.expressNo))) {
    const detail = await call("GET", `/api/expressTosend/getById/${parcel._id}`, student)
    const qr = JSON.parse(detail.data.qrContent as string) as Record<string, string | number>
    const checked = await call("GET", `/api/expressTosend/checkqr?${new URLSearchParams(Object.entries(qr).map(([k, v]) => [k, String(v)]))}`, staff)
    if (!checked.data?.canTakeaway) throw new Error(`checkqr ${parcel.expressNo}: ${checked.status} ${checked.message}`)
    const { expressNo, storageNo, tag, signOpenid, isPaotui } = checked.data
    const taken = await call("PUT", "/api/expressTosend/takepart", staff, { worksiteCode: "XY01", expressNo, storageNo, tag, signOpenid, isPaotui, qr: detail.data.qrContent })
    if (!taken.success) throw new Error(`takepart ${expressNo}: ${taken.status} ${taken.message}`)
    picked.push(expressNo as string)
  }
  codes.push(await checkIn(staff, "SF-DAY-1", "B-02"))
  return { codes, picked }
}

/** Every migration's name, in order, as the migrator applies them. */
export const migrationNames = (): ReadonlyArray<string> =>
  readdirSync(new URL("../migrations", import.meta.url)).filter((f) => f.endsWith(".ts")).map((f) => f.replace(/\.ts$/, "")).sort()

/** A suite's data dir: the demo campus migrated and seeded, then `prepare` with its database and runtime; closed after. */
export const seededDataDir = async (dataDir: string, prepare: (database: Database, runtime: Runtime) => Promise<void>) => {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") })
  try {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    await prepare(database, await Runtime.create(database))
  } finally {
    await database.close()
  }
}
