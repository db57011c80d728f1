/** Sign-in calls: the development sign-in that stands in for the messaging app, and staff binding. */
import { randomBytes } from "node:crypto"
import { Router } from "express"
import { employeeView } from "../../../src/staff/employee"
import { bindEmployee, employeeByOpenid } from "../../../src/staff/use-cases"
import { demoUsers } from "../../postgres/seed"
import type { Runtime } from "../../runtime"
import { issueSession } from "../../security/sessions"
import { requireActor } from "../auth"
import { actorOf, looseString, sendExit, sendFailure } from "../outcome"

const NONCE_TTL_MS = 5 * 60 * 1000

export const devAuthRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/auth/dev/users", async (_req, res) => {
    res.json({ success: true, data: await demoUsers(runtime.db) })
  })
  r.post("/auth/dev/token", async (req, res) => {
    const openid = looseString((req.body as Record<string, unknown> | undefined)?.openid)
    if (!openid) return sendFailure(res, 400, "openid 不能为空")
    const user = await runtime.db.selectFrom("app_user").select("id").where("openid", "=", openid).executeTakeFirst()
    if (!user) return sendFailure(res, 404, "获取用户信息失败")
    res.json({ success: true, token: await issueSession(runtime.db, user.id, new Date()) })
  })
  return r
}

export const employeeRoutes = (runtime: Runtime) => {
  const r = Router()
  const auth = requireActor(runtime.db)

  r.get("/auth/employee/publicKey", async (_req, res) => {
    const nonce = randomBytes(16).toString("base64url")
    await runtime.db.insertInto("login_nonce").values({ nonce, expires_at: new Date(Date.now() + NONCE_TTL_MS) }).execute()
    res.json({ success: true, data: { publicKey: runtime.secrets.rsaPublicKey, nonce } })
  })

  r.get("/auth/employee/wxlogin", auth, async (req, res) => {
    const q = req.query as Record<string, unknown>
    const input = { phone: looseString(q.phone), password: looseString(q.password), openid: looseString(q.openid) }
    const exit = await runtime.run(bindEmployee(actorOf(req), input), { commitOnFailure: true })
    sendExit(res, exit, ({ token, employee }) => ({ data: employeeView(employee), extra: { token } }))
  })

  r.get("/auth/employee/getByOpen/:openid", auth, async (req, res) => {
    sendExit(res, await runtime.read(employeeByOpenid(actorOf(req), String(req.params.openid))), (employee) => ({ extra: { user: employeeView(employee) } }))
  })

  return r
}
