/**
 * Integration-test harness: the real server in-process on a fresh database, either an in-memory
 * PGlite or — when TEST_DATABASE_URL is set — a brand-new database created for this one app on
 * that Postgres server (dropped again on close). startApp migrates and seeds the demo campus.
 */
import { randomBytes, randomUUID } from "node:crypto"
import { Cause, Exit, Schema } from "effect"
import type { Kysely } from "kysely"
import { describe, expect } from "vitest"
import { startApp, type App } from "#adapters/app"
import type { RateLimits } from "#adapters/http/server"
import { hashPassword } from "#adapters/security/passwords"
import { drainOutbox } from "#adapters/outbox/outbox-worker"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import { createUser } from "#adapters/postgres/seed"
import type { DB } from "#adapters/postgres/schema"
import type { Runtime } from "#adapters/runtime"
import type { Actor, Role } from "#src/shared/actor"
import { SYSTEM_ACTOR } from "#src/parcel/returns"
import { startOfShanghaiDay } from "#src/shared/time"
import { blankMemory, blankPostgresTemplate } from "./blank-database"
import { databaseUrl, uniqueDatabaseName, withAdmin } from "./postgres-admin"

export type Backend = "pglite" | "postgres"

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined

const POSTGRES_SKIP_REASON = "skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); CI sets it so these run there"

if (!TEST_DATABASE_URL && process.env.REQUIRE_POSTGRES) {
  throw new Error("REQUIRE_POSTGRES is set but TEST_DATABASE_URL is not: the Postgres suites may not be skipped")
}

/** The backends every parametrized suite runs on: PGlite always, real Postgres when TEST_DATABASE_URL is set. */
export const backends: ReadonlyArray<Backend> = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]

/** `describe` when TEST_DATABASE_URL is set, otherwise `describe.skip` with the reason in the suite name. */
export const describeOnPostgres = (name: string, fn: () => void): void => {
  if (TEST_DATABASE_URL) describe(name, fn)
  else describe.skip(`${name} — ${POSTGRES_SKIP_REASON}`, fn)
}

export interface ApiAnswer<B = any> {
  readonly status: number
  readonly body: B
  readonly headers: Headers
}

export interface SendOptions {
  readonly token?: string | undefined
  /** Sent as it is (not JSON-encoded). */
  readonly rawBody?: string
  readonly headers?: Record<string, string>
}

export interface TestApp {
  readonly backend: Backend
  readonly app: App
  readonly url: string
  readonly runtime: Runtime
  readonly db: Kysely<DB>
  token(openid: string): Promise<string>
  api<B = any>(method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<B>>
  send<B = any>(method: string, path: string, options?: SendOptions): Promise<ApiAnswer<B>>
  close(): Promise<void>
}

/**
 * A clock that runs at the real pace but reads Shanghai noon of today when it is made: rules counted per
 * Shanghai day (SMS codes) then have the whole morning behind them, whatever the hour the suite runs at.
 */
export const shanghaiNoonClock = (): (() => Date) => {
  const realNow = Date.now()
  const offset = startOfShanghaiDay(new Date(realNow)).getTime() + 12 * 3_600_000 - realNow
  return () => new Date(Date.now() + offset)
}

/**
 * A database of its own on the test server (TEST_DATABASE_URL), and how to drop it: empty, or `migrated` (a copy of
 * the set-up's migrated template where there is one; the caller migrates to the latest either way).
 */
export const scratchPostgres = async (options: { readonly migrated?: boolean } = {}): Promise<{ readonly url: string; drop(): Promise<void> }> => {
  if (!TEST_DATABASE_URL) throw new Error(`a scratch Postgres database needs TEST_DATABASE_URL (${POSTGRES_SKIP_REASON})`)
  const admin = TEST_DATABASE_URL
  const name = uniqueDatabaseName()
  const template = options.migrated ? blankPostgresTemplate() : undefined
  await withAdmin(admin, (c) => c.query(`create database "${name}"${template ? ` template "${template}"` : ""}`))
  return { url: databaseUrl(admin, name), drop: () => withAdmin(admin, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) }
}

/** A migrated database of its own on `backend`: in memory on PGlite, a scratch database on Postgres (`drop` removes it). */
export const migratedDatabase = async (backend: Backend): Promise<{ readonly database: Database; drop(): Promise<void> }> => {
  const scratch = backend === "postgres" ? await scratchPostgres({ migrated: true }) : undefined
  const database = await openDatabase(scratch ? { kind: "postgres", url: scratch.url, poolSize: 4 } : blankMemory())
  await migrateToLatest(database.db)
  return { database, drop: async () => { await scratch?.drop() } }
}

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text()
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export interface TestAppOptions {
  readonly poolSize?: number
  readonly clock?: () => Date
  /** Request limits other than the server's defaults (`RATE_LIMITS`), e.g. none on grabs for a race of many rounds. */
  readonly rateLimits?: RateLimits
  /** The moment the demo campus is seeded at (default now): a replay's target seeded at its source's moment can equal it. */
  readonly seedAt?: Date
  /** The settings the providers are chosen by (default the process's environment), e.g. MESSAGING_APP=wechat at a stand-in. */
  readonly env?: NodeJS.ProcessEnv
}

/** A limit no test reaches. */
export const UNLIMITED = { max: Number.MAX_SAFE_INTEGER, windowMs: 1 } as const

export const startTestApp = async (backend: Backend = "pglite", options: TestAppOptions = {}): Promise<TestApp> => {
  let dropDatabase: () => Promise<void> = async () => {}
  let app: App
  if (backend === "postgres") {
    const scratch = await scratchPostgres({ migrated: true })
    dropDatabase = scratch.drop
    try {
      app = await startApp({ port: 0, host: "127.0.0.1", database: { kind: "postgres", url: scratch.url, poolSize: options.poolSize ?? 25 }, clock: options.clock, rateLimits: options.rateLimits, seedAt: options.seedAt, env: options.env })
    } catch (e) {
      await dropDatabase()
      throw e
    }
  } else {
    app = await startApp({ port: 0, host: "127.0.0.1", database: blankMemory(), clock: options.clock, rateLimits: options.rateLimits, seedAt: options.seedAt, env: options.env })
  }

  const send = async <B>(method: string, path: string, o: SendOptions = {}): Promise<ApiAnswer<B>> => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(o.rawBody !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(o.token !== undefined ? { Authorization: `Bearer ${o.token}` } : {}),
        ...(o.headers ?? {})
      },
      body: o.rawBody
    })
    return { status: res.status, body: (await readBody(res)) as B, headers: res.headers }
  }

  const api = <B>(method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
    send<B>(method, path, { token, headers, ...(body !== undefined ? { rawBody: JSON.stringify(body) } : {}) })

  let closed = false
  return {
    backend,
    app,
    url: app.url,
    runtime: app.runtime,
    db: app.runtime.db,
    api,
    send,
    token: async (openid) => {
      const r = await api<{ success: boolean; token?: string; message?: string }>("POST", "/auth/dev/token", undefined, { openid })
      if (r.status !== 200 || !r.body.token) throw new Error(`no token for ${openid}: ${r.status} ${JSON.stringify(r.body)}`)
      return r.body.token
    },
    close: async () => {
      if (closed) return
      closed = true
      try {
        await app.close()
      } finally {
        await dropDatabase()
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures

let sequence = 0
/** A name no other test in this process uses. */
export const unique = (prefix: string) => `${prefix}${process.pid.toString(36)}${(++sequence).toString(36)}${randomBytes(3).toString("hex")}`.toUpperCase()

let phoneSequence = 0
/** An 11-digit mobile number unlikely to clash with the seed (which uses 137…, 138…, 139…). */
export const uniquePhone = () => `15${String((process.pid * 1000 + ++phoneSequence) % 1_000_000_000).padStart(9, "0")}`

export interface TestUser {
  readonly id: string
  readonly openid: string
  readonly phone: string
  readonly actor: Actor
}

export const newUser = async (
  db: Kysely<DB>,
  wallet: { money?: number; activeScore?: number } = {},
  user: { role?: Role; worksite?: string | null; phone?: string; realname?: string } = {}
): Promise<TestUser> => {
  const id = `u-${randomUUID()}`
  const openid = `it-${randomUUID()}`
  const phone = user.phone ?? uniquePhone()
  const role = user.role ?? "student"
  await createUser(db, {
    id, openid, nickname: "测试用户", realname: user.realname ?? "测试", phone_main: phone,
    worksite_id: user.worksite === undefined ? "ws-xiyuan" : user.worksite, role
  }, wallet)
  return { id, openid, phone, actor: { userId: id, openid, role } }
}

/** An unbound back-office employee with its own phone (so login-failure counts stay per test). */
export const newEmployee = async (db: Kysely<DB>, password: string, worksite = "ws-xiyuan") => {
  const phone = uniquePhone()
  const id = `e-${randomUUID()}`
  await db.insertInto("employee").values({ id, phone, name_zh: "测试店员", password_hash: await hashPassword(password), worksite_id: worksite, openid: null, user_id: null }).execute()
  return { id, phone }
}

/** The failure of a use-case exit: its tag and message (or fails the test when it succeeded or died). */
export const failureOf = (exit: Exit.Exit<unknown, unknown>): { _tag: string; message: string } => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  if (Cause.hasDies(exit.cause)) throw new Error(`use case died: ${String(Cause.squash(exit.cause))}`)
  return Cause.squash(exit.cause) as { _tag: string; message: string }
}

export const valueOf = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${String(Cause.squash(exit.cause))}`)
}

/** A check-in payload that the xiyuan station accepts. */
export const checkInPayload = (overrides: Record<string, unknown> = {}) => ({
  worksite: "ws-xiyuan",
  worksiteCode: "XY01",
  expressCompany: "ec-sf",
  expressName: "顺丰速运",
  storageNo: "A-01",
  expressNo: unique("SF"),
  weight: "wf-1",
  receiverPhone: "13800000001",
  ...overrides
})

/** Every wallet whose balance or points differ from the sum of its ledger rows (should be none). */
export const ledgerMismatches = async (db: Kysely<DB>) => {
  const wallets = await db.selectFrom("wallet").select(["user_id", "money", "active_score"]).execute()
  const sums = await db.selectFrom("ledger").select((eb) => ["user_id", eb.fn.sum<string>("money").as("money"), eb.fn.sum<string>("score").as("score")])
    .groupBy("user_id").execute()
  const byUser = new Map(sums.map((s) => [s.user_id, { money: Number(s.money), score: Number(s.score) }]))
  return wallets
    .map((w) => ({ userId: w.user_id, money: w.money, score: w.active_score, ledger: byUser.get(w.user_id) ?? { money: 0, score: 0 } }))
    .filter((w) => w.money !== w.ledger.money || w.score !== w.ledger.score || w.money < 0 || w.score < 0)
}

export const countRows = async (db: Kysely<DB>, table: "parcel" | "withdrawal" | "ledger" | "outbox" | "idempotency" | "ops_log") =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n)

/**
 * The operations people made: the log's lines but the server's own (the outbox's SMS charges, the scheduler's runs), which
 * go on beside a test's requests whenever the server's background work runs.
 */
export const countPeoplesOperations = async (db: Kysely<DB>) =>
  Number((await db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).where("actor_openid", "<>", SYSTEM_ACTOR).executeTakeFirstOrThrow()).n)

/**
 * A door-delivery order (type 1, 240 fen) for a new parcel of demo-student's, checked in by demo-staff, paid
 * through the app's provider on its payment sheet: open (0) and past its required time at `due`.
 */
export const paidDoorDelivery = async (t: TestApp, tokens: { readonly staff: string; readonly student: string }, clock: () => Date, due: Date) => {
  const expressNo = unique("SF")
  expect((await t.api("POST", "/api/expressTosend", tokens.staff, checkInPayload({ expressNo, receiverPhone: "13800000001" }))).status).toBe(201)
  const parcel = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
  const placed = await t.api("POST", "/api/paotuiOrder", tokens.student, {
    type: 1, toTakeId: parcel, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501",
    friendReceives: false, sexLimit: -1, remark: ""
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(200)
  const id = placed.body.data._id as string
  const prepay = await t.api("GET", `/api/paotuiOrder/prepay/${id}`, tokens.student)
  const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, tokens.student)
  const paid = await t.runtime.paymentProvider.pay(sign.body.data, clock().getTime())
  if (!paid.ok) throw new Error(paid.reason)
  expect((await t.api("POST", "/api/wx/payNotify", undefined, paid.notice)).status).toBe(200)
  await t.db.updateTable("errand_order").set({ require_arrive_time: due }).where("id", "=", id).execute()
  return { id, tradeNo: prepay.body.data.tradeNo as string }
}

/** An answer's `data` decoded with the call's answer Schema, as the web app decodes it (the answer must be 200). */
export const decodedData = <S extends Schema.Top>(answer: S, r: ApiAnswer): S["Type"] => {
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return Schema.decodeUnknownSync(answer as unknown as Schema.Decoder<S["Type"]>)(r.body.data)
}

/**
 * Sends every message the app has queued (the server's own sender may be sending one meanwhile) and waits until none is
 * left: a test that exports the operations log does so once the SMS charges, which the sender logs as it sends, are in.
 */
export const settleOutbox = async (t: Pick<TestApp, "db" | "runtime">, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs
  for (;;) {
    await drainOutbox(t.db, t.runtime.sms, t.runtime.messaging, 100, () => t.runtime.now())
    const left = await t.db.selectFrom("outbox").select((eb) => eb.fn.countAll<string>().as("n"))
      .where("sent_at", "is", null).where("failed_at", "is", null).where("replayed", "=", false).executeTakeFirstOrThrow()
    if (Number(left.n) === 0) return
    if (Date.now() > until) throw new Error(`the outbox still holds ${left.n} message(s) to send`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

