/**
 * A socket lives only as long as its session: a revoked session's socket is disconnected at once
 * (through the live-events path) and gets no more events (a pickup code); a session revoked or expired
 * where no event was sent is caught by the periodic check.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { io, type Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createHttpApp } from "#adapters/http/server"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { issueSession, revokeSession, SESSION_ENDED, sessionHash } from "#adapters/security/sessions"
import { attachSocket } from "#adapters/socket/socket-server"
import { checkInPayload, unique } from "../support/test-app"
import { blankMemory } from "../support/blank-database"

const SESSION_CHECK_MS = 300

describe("sockets and their sessions", () => {
  let database: Database
  const closing: Array<() => Promise<void>> = []

  /** The HTTP app and socket server over the shared database, checking sessions every `sessionCheckMs`. */
  const serve = async (sessionCheckMs: number) => {
    const runtime = await Runtime.create(database)
    const http = createServer(createHttpApp(runtime, { devSignIn: true }))
    const sockets = attachSocket(http, runtime, { sessionCheckMs })
    await new Promise<void>((done) => http.listen(0, "127.0.0.1", done))
    closing.push(() => new Promise<void>((done) => sockets.close(() => done())))
    return { runtime, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }
  }
  let runtime: Runtime
  let url: string
  /** A server whose periodic check never runs during the tests: what it does, the revocation event did. */
  let eventOnly: { runtime: Runtime; url: string }

  beforeAll(async () => {
    database = await openDatabase(blankMemory())
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    ;({ runtime, url } = await serve(SESSION_CHECK_MS))
    eventOnly = await serve(60 * 60 * 1000)
  })
  afterAll(async () => {
    for (const close of closing) await close()
    await database?.close()
  })

  const studentToken = () => issueSession(database.db, "u-student", new Date())
  const connect = (token: string, to = url) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(to, { auth: { token }, transports: ["websocket"], reconnection: false })
      socket.once("connect", () => resolve(socket))
      socket.once("connect_error", (e) => { socket.close(); reject(e) })
    })
  const disconnected = (socket: Socket, withinMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs)
      socket.once("disconnect", (reason) => { clearTimeout(timer); resolve(reason) })
    })
  const checkIn = async (to = url) => {
    const staff = await issueSession(database.db, "u-staff", new Date())
    const r = await fetch(`${to}/api/expressTosend`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${staff}` },
      body: JSON.stringify(checkInPayload({ expressNo: unique("SOCK") }))
    })
    expect(r.status).toBe(201)
    return ((await r.json()) as { data: string }).data
  }
  const received = (socket: Socket, name: string) => {
    const payloads: Array<unknown> = []
    socket.on(name, (payload) => payloads.push(payload))
    return payloads
  }

  it("a revoked session's socket is told, disconnected at once and gets no pickup code; the user's other session keeps its socket", async () => {
    const [revokedToken, otherToken] = [await studentToken(), await studentToken()]
    const [revoked, other] = [await connect(revokedToken, eventOnly.url), await connect(otherToken, eventOnly.url)]
    const ended = received(revoked, SESSION_ENDED)
    const revokedCodes = received(revoked, "expressTotakeAdd")
    const otherCodes = received(other, "expressTotakeAdd")
    const gone = disconnected(revoked, 5000)
    await revokeSession(database.db, revokedToken, new Date(), eventOnly.runtime.publish)
    expect(await gone).toBe("io server disconnect")
    expect(ended).toHaveLength(1)

    const code = await checkIn(eventOnly.url)
    await new Promise((done) => setTimeout(done, 500))
    expect(revokedCodes).toEqual([])
    expect(otherCodes).toEqual([expect.objectContaining({ code })])
    expect(other.connected).toBe(true)
    other.close()
  })

  it("a session revoked where no event was sent (another process, the CLI) is caught by the periodic check", async () => {
    const token = await studentToken()
    const socket = await connect(token)
    const gone = disconnected(socket, SESSION_CHECK_MS * 5)
    await database.db.updateTable("session").set({ revoked_at: new Date() }).where("token_hash", "=", sessionHash(token)).execute()
    expect(await gone).toBe("io server disconnect")
  })

  it("an expired session's socket is disconnected by the periodic check", async () => {
    const token = await studentToken()
    const socket = await connect(token)
    const gone = disconnected(socket, SESSION_CHECK_MS * 5)
    await database.db.updateTable("session").set({ expires_at: new Date(Date.now() - 1) }).where("token_hash", "=", sessionHash(token)).execute()
    expect(await gone).toBe("io server disconnect")
  })

  it("a live session's socket stays connected across checks", async () => {
    const socket = await connect(await studentToken())
    await new Promise((done) => setTimeout(done, SESSION_CHECK_MS * 4))
    expect(socket.connected).toBe(true)
    socket.close()
  })

  it("a revoked token cannot connect again", async () => {
    const token = await studentToken()
    await revokeSession(database.db, token, new Date(), runtime.publish)
    await expect(connect(token)).rejects.toThrow("登录已失效，请重新进入")
  })
})
