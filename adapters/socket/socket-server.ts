/** Live events over socket.io: the token in the handshake, a room per user and per staff worksite. */
import type { Server as HttpServer } from "node:http"
import { createAdapter } from "@socket.io/postgres-adapter"
import { Server } from "socket.io"
import type { LiveEvent } from "../../src/shared/ports"
import type { Runtime } from "../runtime"
import { resolveSession } from "../security/sessions"

export const roomOf = (room: LiveEvent["room"]) => ("user" in room ? `user:${room.user}` : `worksite:${room.worksite}`)

export const attachSocket = (http: HttpServer, runtime: Runtime) => {
  const io = new Server(http, { serveClient: false, cors: { origin: false } })
  if (runtime.database.pool) io.adapter(createAdapter(runtime.database.pool))
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : ""
    const actor = token ? await resolveSession(runtime.db, token, new Date()) : undefined
    if (!actor) return next(new Error("登录已失效，请重新进入"))
    socket.data.actor = actor
    void socket.join(`user:${actor.userId}`)
    const employee = await runtime.db.selectFrom("employee").select("worksite_id").where("openid", "=", actor.openid).executeTakeFirst()
    if (employee) void socket.join(`worksite:${employee.worksite_id}`)
    next()
  })
  runtime.publish = (event) => { io.to(roomOf(event.room)).emit(event.name, event.payload) }
  return io
}
