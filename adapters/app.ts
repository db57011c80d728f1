/** Composes the whole server: database, runtime, HTTP, socket and the outbox worker on one port. */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import type { AddressInfo } from "node:net"
import { logger } from "./http/logger"
import { createHttpApp, type RateLimits } from "./http/server"
import { drainOutbox } from "./outbox/outbox-worker"
import { migrateToLatest, openDatabase, type DatabaseConfig } from "./postgres/database"
import { seedDemoCampus } from "./postgres/seed"
import { defaultUploadsDir, Runtime } from "./runtime"
import { attachSocket } from "./socket/socket-server"

export interface AppOptions {
  readonly port: number
  readonly host?: string
  readonly database: DatabaseConfig
  readonly webDist?: string
  /** Seeds the demo campus into an empty database (default true). */
  readonly seed?: boolean
  /** The moment the demo campus is seeded at (default now): two databases seeded at one moment hold equal rows. */
  readonly seedAt?: Date
  /** The development sign-in (default: on while the messaging app is the local fake). */
  readonly devSignIn?: boolean
  readonly outboxIntervalMs?: number
  /** Served behind TLS (HSTS and upgrade-insecure-requests on). */
  readonly secure?: boolean
  /**
   * Where uploaded images are kept. Default: `uploads` beside the PGlite directory, `$DATA_DIR/uploads`
   * with Postgres, and a temporary directory removed on close with an in-memory database.
   */
  readonly uploadsDir?: string
  /** The use cases' clock (default the real time). */
  readonly clock?: () => Date
  /** Request limits other than the defaults (`RATE_LIMITS` in http/server.ts). */
  readonly rateLimits?: RateLimits
  /** The settings the providers are chosen by (default the process's environment). */
  readonly env?: NodeJS.ProcessEnv
}

export interface App {
  readonly url: string
  readonly runtime: Runtime
  close(): Promise<void>
}

const uploadsDirFor = (options: AppOptions): { dir: string; temporary: boolean } =>
  options.uploadsDir ? { dir: options.uploadsDir, temporary: false }
    : options.database.kind === "pglite" ? { dir: join(dirname(options.database.dataDir), "uploads"), temporary: false }
    : options.database.kind === "postgres" ? { dir: defaultUploadsDir(), temporary: false }
    : { dir: mkdtempSync(join(tmpdir(), "station-uploads-")), temporary: true }

export const startApp = async (options: AppOptions): Promise<App> => {
  const uploads = uploadsDirFor(options)
  const removeUploads = () => { if (uploads.temporary) rmSync(uploads.dir, { recursive: true, force: true }) }
  let database
  try {
    database = await openDatabase(options.database)
  } catch (e) {
    removeUploads()
    throw e
  }
  try {
    await migrateToLatest(database.db)
    if (options.seed ?? true) await seedDemoCampus(database.db, options.seedAt)
    await database.share()
    const runtime = await Runtime.create(database, { uploadsDir: uploads.dir, clock: options.clock, env: options.env })
    const http = createServer(createHttpApp(runtime, {
      webDist: options.webDist, devSignIn: options.devSignIn ?? runtime.messagingApp === runtime.messaging, secure: options.secure ?? false, rateLimits: options.rateLimits
    }))
    const io = attachSocket(http, runtime)
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject)
      http.listen(options.port, options.host ?? "0.0.0.0", resolve)
    })
    let draining = false
    const outbox = setInterval(() => {
      if (draining) return
      draining = true
      drainOutbox(database.db, runtime.smsGateway, runtime.messagingApp, undefined, () => runtime.now())
        .catch((err: unknown) => logger.error({ err }, "outbox worker failed"))
        .finally(() => { draining = false })
    }, options.outboxIntervalMs ?? 1000)
    const { port } = http.address() as AddressInfo
    return {
      url: `http://127.0.0.1:${port}`,
      runtime,
      close: async () => {
        clearInterval(outbox)
        await new Promise<void>((resolve) => io.close(() => resolve()))
        await database.close()
        removeUploads()
      }
    }
  } catch (e) {
    await database.close()
    removeUploads()
    throw e
  }
}
