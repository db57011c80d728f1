/**
 * Shares an embedded PGlite with `station` commands over a Unix socket beside the data directory
 * (pglite-socket speaks the Postgres protocol). The socket clients and the server's own queries take
 * turns on PGlite's one session: a client holds it from its first message until a Sync or simple query
 * leaves no transaction open, so no batch or transaction of one side runs inside the other's.
 */
import type { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { SessionLock } from "./pglite-dialect"

/** pg finds a socket as `{dir}/.s.PGSQL.{port}`. */
export const SOCKET_PORT = 5432
const socketFile = (dir: string) => join(dir, `.s.PGSQL.${SOCKET_PORT}`)
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100

const SYNC = "S".charCodeAt(0)
const QUERY = "Q".charCodeAt(0)

/** PGlite as pglite-socket uses it, with every client message taken under the session lock. */
const takingTurns = (lite: PGlite, session: SessionLock, closed: () => boolean): PGlite => {
  let release: (() => void) | undefined
  let batchEnded = true
  const letGo = () => {
    release?.()
    release = undefined
  }
  return {
    get waitReady() { return lite.waitReady },
    // pglite-socket keeps feeding the client that holds a transaction; here that is whoever holds the session.
    isInTransaction: () => release !== undefined,
    runExclusive: async <T>(run: () => Promise<T>) => {
      release ??= await session.acquire()
      try {
        return await lite.runExclusive(run)
      } finally {
        if (batchEnded && !lite.isInTransaction()) letGo()
      }
    },
    execProtocolRawStream: (message: Uint8Array, options: Parameters<PGlite["execProtocolRawStream"]>[1]) => {
      // A startup message begins with its length (first byte 0); a batch ends with Sync or a simple query.
      batchEnded = message[0] === SYNC || message[0] === QUERY || message[0] === 0
      return lite.execProtocolRawStream(message, options)
    },
    // Only called when the client holding the session disconnects.
    exec: async (sql: string) => {
      try {
        if (!closed() && lite.isInTransaction()) await lite.exec(sql)
      } catch {
        // the database is closing
      } finally {
        letGo()
      }
      return []
    }
  } as unknown as PGlite
}

export interface SharedSocket {
  readonly dir: string
  stop(): Promise<void>
}

/** Listens on `{preferredDir}/.s.PGSQL.5432` (or a private temporary directory when that path is too long). */
export const shareOverSocket = async (lite: PGlite, session: SessionLock, preferredDir: string): Promise<SharedSocket> => {
  const temporary = socketFile(preferredDir).length > MAX_SOCKET_PATH
  const dir = temporary ? mkdtempSync(join(tmpdir(), "station-socket-")) : preferredDir
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  rmSync(socketFile(dir), { force: true })
  let closed = false
  const server = new PGLiteSocketServer({ db: takingTurns(lite, session, () => closed), path: socketFile(dir), maxConnections: 16 })
  await server.start()
  chmodSync(socketFile(dir), 0o600)
  return {
    dir,
    stop: async () => {
      await server.stop()
      // Disconnected clients roll back on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 20))
      closed = true
      rmSync(socketFile(dir), { force: true })
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
