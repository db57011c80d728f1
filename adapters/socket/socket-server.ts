/**
 * Live events over socket.io: the token in the handshake, a room per user, per staff worksite and
 * per session. A socket lives only as long as its session: a revocation disconnects it at once
 * (through the live-events path, so on every server process), and a periodic check catches sessions
 * that expired or were revoked where no event was sent.
 */
import type { Server as HttpServer } from "node:http"
import { createAdapter } from "@socket.io/postgres-adapter"
import { Effect, Exit } from "effect"
import type pg from "pg"
import { Server } from "socket.io"
import { EmployeeStore } from "#src/staff/staff-store"
import { ErrandParties, type ErrandPerson } from "#src/errand/errand-parties"
import { isJoinedRunner } from "#src/profile/runner-application"
import type { LiveEvent } from "#src/shared/ports"
import { logger } from "../http/logger"
import type { Runtime } from "../runtime"
import { liveSessions, resolveSession, SESSION_ENDED, sessionHash } from "../security/sessions"

export const roomOf = (room: LiveEvent["room"]) =>
  "user" in room ? `user:${room.user}`
  : "hall" in room ? `${room.pickup ? "pickup" : "hall"}:${room.hall}${room.sex === undefined ? "" : `:sex:${room.sex}`}`
  : `worksite:${room.worksite}`

const sessionRoom = (hash: string) => `session:${hash}`

/**
 * The errand hall rooms a user hears, each with the room of their sex (new sex-limited orders go only there):
 * joined runners (paotuiStatus 1) of a worksite its hall and its door-pickup hall; pickupAble users the
 * door-pickup hall alone (spec 001 §6: they also receive the live pickup-order events).
 */
export const hallRooms = (p: ErrandPerson | undefined): ReadonlyArray<string> => {
  if (!p?.worksiteId) return []
  const runner = isJoinedRunner(p)
  const halls: ReadonlyArray<{ readonly hall: string; readonly pickup?: true }> = [
    ...(runner ? [{ hall: p.worksiteId }] : []),
    ...(runner || p.pickupAble ? [{ hall: p.worksiteId, pickup: true as const }] : [])
  ]
  const sex = p.sex === 1 || p.sex === 2 ? p.sex : undefined
  return halls.flatMap((hall) => [roomOf(hall), ...(sex ? [roomOf({ ...hall, sex })] : [])])
}

export const TOKEN_INVALID = "登录已失效，请重新进入"

export interface SocketOptions {
  /** How often every open socket's session is checked again (default 30 s). */
  readonly sessionCheckMs?: number
}

export const attachSocket = (http: HttpServer, runtime: Runtime, options: SocketOptions = {}) => {
  const io = new Server(http, { serveClient: false, cors: { origin: false } })
  // the adapter calls nothing of its pool but connect() and query()
  if (runtime.database.pubSub) io.adapter(createAdapter(runtime.database.pubSub as pg.Pool))
  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : ""
      const actor = token ? await resolveSession(runtime.db, token, runtime.now()) : undefined
      if (!actor) return next(new Error(TOKEN_INVALID))
      socket.data.actor = actor
      socket.data.session = sessionHash(token)
      void socket.join([`user:${actor.userId}`, sessionRoom(socket.data.session)])
      // the same lookup the staff use cases make, so staff found through their other openid hear their worksite too
      const employee = await runtime.read(Effect.gen(function* () {
        return yield* (yield* EmployeeStore).findByOpenid(actor.openid)
      }))
      if (Exit.isSuccess(employee) && employee.value) void socket.join(`worksite:${employee.value.worksite.id}`)
      const halls = await runtime.read(Effect.gen(function* () {
        return hallRooms(yield* (yield* ErrandParties).byId(actor.userId))
      }))
      if (Exit.isSuccess(halls) && halls.value.length > 0) void socket.join([...halls.value])
      next()
    } catch (err) {
      logger.error({ err }, "socket handshake failed")
      next(new Error("系统繁忙，请稍后再试"))
    }
  })

  const endSession = (hash: string) => {
    io.to(sessionRoom(hash)).emit(SESSION_ENDED)
    io.in(sessionRoom(hash)).disconnectSockets(true)
  }

  runtime.publish = (event) => {
    if (event.name === SESSION_ENDED) return endSession((event.payload as { session: string }).session)
    io.to(roomOf(event.room)).emit(event.name, event.payload)
  }

  let checking = false
  const recheck = async () => {
    const open = [...io.of("/").sockets.values()]
    if (checking || open.length === 0) return
    checking = true
    try {
      const live = await liveSessions(runtime.db, [...new Set(open.map((s) => s.data.session as string))], runtime.now())
      for (const socket of open) {
        if (live.has(socket.data.session)) continue
        socket.emit(SESSION_ENDED)
        socket.disconnect(true)
      }
    } catch (err) {
      logger.error({ err }, "socket session check failed")
    } finally {
      checking = false
    }
  }
  const timer = setInterval(() => { void recheck() }, options.sessionCheckMs ?? 30_000)
  timer.unref()
  http.once("close", () => clearInterval(timer))
  return io
}
