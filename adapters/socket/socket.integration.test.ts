import { randomBytes } from "node:crypto"
import pg from "pg"
import { io, type Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApp, type App } from "../app"
import type { DatabaseConfig } from "../postgres/database"
import { revokeSession } from "../security/sessions"
import { blankMemory } from "../../test/support/blank-database"

const post = async (app: App, path: string, token: string | undefined, body: unknown, method = "POST") => {
  const res = await fetch(app.url + path, {
    method, body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

const tokenOf = async (app: App, openid: string) => (await post(app, "/auth/dev/token", undefined, { openid })).body.token as string

const connect = (app: App, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(app.url, { auth: { token }, transports: ["websocket"], reconnection: false })
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", (e) => { socket.close(); reject(e) })
  })

const nextEvent = (socket: Socket, name: string) =>
  new Promise<any>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within 5 s`)), 5000)
    socket.once(name, (payload) => { clearTimeout(timer); resolve(payload) })
  })

const checkIn = (app: App, staff: string, expressNo: string) =>
  post(app, "/api/expressTosend", staff, { expressCompany: "ec-sf", storageNo: "S-1", expressNo, weight: "wf-1", receiverPhone: "13800000001" })

describe("live events over socket.io (PGlite)", () => {
  let app: App
  beforeAll(async () => { app = await startApp({ port: 0, database: blankMemory() }) })
  afterAll(async () => { await app?.close() })

  it("refuses a handshake without a valid token", async () => {
    await expect(connect(app, "not-a-token")).rejects.toThrow("登录已失效，请重新进入")
  })

  it("tells the receiver when a parcel is checked in and when it is taken away", async () => {
    const student = await connect(app, await tokenOf(app, "demo-student"))
    const staff = await tokenOf(app, "demo-staff")
    const arrived = nextEvent(student, "expressTotakeAdd")
    const created = await checkIn(app, staff, "SOCK-1")
    expect(created.status).toBe(201)
    const event = await arrived
    expect(event.code).toBe(created.body.data)

    const studentToken = await tokenOf(app, "demo-student")
    const parcel = await fetch(`${app.url}/api/expressTosend/getById/${event._id}`, { headers: { authorization: `Bearer ${studentToken}` } }).then((r) => r.json())
    const qr = JSON.parse(parcel.data.qrContent)
    const taken = nextEvent(student, "takeawaySuccess")
    const done = await post(app, "/api/expressTosend/takepart", staff, {
      worksiteCode: "XY01", expressNo: qr.en, storageNo: qr.sn, tag: qr.tag, signOpenid: qr.roid, isPaotui: false, qr: parcel.data.qrContent
    }, "PUT")
    expect(done.body).toMatchObject({ success: true, message: "确认取件成功" })
    expect(await taken).toEqual({ _id: event._id, status: 100 })
    student.close()
  })

  it("sends nothing for a check-in that fails", async () => {
    const student = await connect(app, await tokenOf(app, "demo-student"))
    const staff = await tokenOf(app, "demo-staff")
    let received = 0
    student.on("expressTotakeAdd", () => { received++ })
    expect((await checkIn(app, staff, "SOCK-DUP")).status).toBe(201)
    expect((await checkIn(app, staff, "SOCK-DUP")).status).toBe(409)
    await new Promise((r) => setTimeout(r, 300))
    expect(received).toBe(1)
    student.close()
  })
})

const url = process.env.TEST_DATABASE_URL
describe.skipIf(!url)("live events shared by two server processes on Postgres", () => {
  const name = `socket_${randomBytes(4).toString("hex")}`
  let a: App
  let b: App
  let target: URL
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database "${name}"`)
    await admin.end()
    target = new URL(url!)
    target.pathname = `/${name}`
    const database: DatabaseConfig = { kind: "postgres", url: target.toString(), poolSize: 5 }
    a = await startApp({ port: 0, database })
    b = await startApp({ port: 0, database })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  })

  /** A check-in made on `from` reaches the receiver's socket on `to`. */
  const deliveredAcross = async (from: App, to: App, expressNo: string) => {
    const student = await connect(to, await tokenOf(to, "demo-student"))
    const arrived = nextEvent(student, "expressTotakeAdd")
    const created = await checkIn(from, await tokenOf(from, "demo-staff"), expressNo)
    expect(created.status).toBe(201)
    expect((await arrived).code).toBe(created.body.data)
    student.close()
  }

  it("delivers a check-in made on one server to a receiver connected to the other", () => deliveredAcross(b, a, "SOCK-PG-1"))

  it("a session revoked on one server disconnects its socket on the other at once", async () => {
    const token = await tokenOf(a, "demo-student")
    const socket = await connect(a, token)
    const gone = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("still connected after 5 s (the periodic check runs every 30 s)")), 5000)
      socket.once("disconnect", (reason) => { clearTimeout(timer); resolve(reason) })
    })
    await revokeSession(b.runtime.db, token, new Date(), b.runtime.publish)
    expect(await gone).toBe("io server disconnect")
  })

  it("listens on a connection of its own, outside the pool, and listens again when it is lost", async () => {
    const admin = new pg.Client({ connectionString: target.toString() })
    await admin.connect()
    try {
      const listening = async () => (await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and application_name = 'station-live-events' and query like 'LISTEN%'", [name])).rows.map((r) => r.pid)
      const before = await listening()
      expect(before).toHaveLength(2) // one per server
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)", [before])
      const deadline = Date.now() + 10_000
      let after = await listening()
      while (after.filter((pid) => !before.includes(pid)).length < 2) {
        if (Date.now() > deadline) throw new Error(`still not listening again after 10 s: ${JSON.stringify(after)}`)
        await new Promise((r) => setTimeout(r, 100))
        after = await listening()
      }
      await deliveredAcross(b, a, "SOCK-PG-2")
    } finally {
      await admin.end()
    }
  })
})
