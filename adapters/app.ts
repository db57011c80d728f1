/** Composes the whole server: database, runtime, HTTP, socket and the outbox worker on one port. */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { logger } from "./http/logger"
import { createHttpApp } from "./http/server"
import { drainOutbox } from "./outbox/outbox-worker"
import { migrateToLatest, openDatabase, type DatabaseConfig } from "./postgres/database"
import { seedDemoCampus } from "./postgres/seed"
import { Runtime } from "./runtime"
import { attachSocket } from "./socket/socket-server"

export interface AppOptions {
  readonly port: number
  readonly host?: string
  readonly database: DatabaseConfig
  readonly webDist?: string
  /** Seeds the demo campus into an empty database (default true). */
  readonly seed?: boolean
  /** The development sign-in, on while the messaging app is the local fake (default true). */
  readonly devSignIn?: boolean
  readonly outboxIntervalMs?: number
  /** Served behind TLS (HSTS and upgrade-insecure-requests on). */
  readonly secure?: boolean
}

export interface App {
  readonly url: string
  readonly runtime: Runtime
  close(): Promise<void>
}

export const startApp = async (options: AppOptions): Promise<App> => {
  const database = await openDatabase(options.database)
  try {
    await migrateToLatest(database.db)
    if (options.seed ?? true) await seedDemoCampus(database.db)
    const runtime = await Runtime.create(database)
    const http = createServer(createHttpApp(runtime, { webDist: options.webDist, devSignIn: options.devSignIn ?? true, secure: options.secure ?? false }))
    const io = attachSocket(http, runtime)
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject)
      http.listen(options.port, options.host ?? "0.0.0.0", resolve)
    })
    let draining = false
    const outbox = setInterval(() => {
      if (draining) return
      draining = true
      drainOutbox(database.db, runtime.sms, runtime.messaging)
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
      }
    }
  } catch (e) {
    await database.close()
    throw e
  }
}
