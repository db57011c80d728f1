/** Sign-in calls: the development sign-in that stands in for the messaging app, and staff binding. */
import { Effect, Exit } from "effect"
import { Router } from "express"
import { NotFound, RuleViolation } from "#src/shared/errors"
import { BindEmployee, DevToken, DevUsers, EmployeeByOpenid, EmployeeByUnionid, employeeView, messages, PublicKey } from "#src/staff/calls"
import { bindEmployee, employeeByOpenid, employeeByUnionid } from "#src/staff/use-cases"
import { issueTokenFor } from "../../ops/actors"
import { demoUsers } from "../../postgres/seed"
import type { Runtime } from "../../runtime"
import { issueLoginNonce } from "../../security/login-nonces"
import { requireActor, type SessionLookup } from "../auth"
import { handle } from "../handle"
import { actorOf } from "../outcome"

export const devAuthRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/auth/dev/users", handle(DevUsers, async () => Exit.succeed(await demoUsers(runtime.db))))
  r.post("/auth/dev/token", handle(DevToken, async ({ openid }): Promise<Exit.Exit<typeof DevToken.answer.Type, RuleViolation | NotFound>> => {
    if (!openid) return Exit.fail(new RuleViolation({ message: messages.openidRequired }))
    const issued = await issueTokenFor(runtime.db, openid, runtime.now())
    return issued ? Exit.succeed({ token: issued.token }) : Exit.fail(new NotFound({ message: messages.userNotFound }))
  }))
  return r
}

export const employeeRoutes = (runtime: Runtime, sessions: SessionLookup) => {
  const r = Router()
  const auth = requireActor(sessions)

  r.get("/auth/employee/publicKey", handle(PublicKey, async () =>
    Exit.succeed({ publicKey: runtime.secrets.rsaPublicKey, nonce: await issueLoginNonce(runtime.db, runtime.now()) })))

  r.get("/auth/employee/wxlogin", auth, handle(
    BindEmployee,
    (input, req) => runtime.run(bindEmployee(actorOf(req), input).pipe(Effect.map(({ token, employee }) => ({ token, data: employeeView(employee) }))), { commitOnFailure: true })
  ))

  r.get("/auth/employee/getByOpen/:openid", auth, handle(
    EmployeeByOpenid,
    ({ openid }, req) => runtime.read(employeeByOpenid(actorOf(req), openid ?? "").pipe(Effect.map((employee) => ({ user: employeeView(employee) }))))
  ))

  r.get("/auth/employee/getByUnionid/:unionid", auth, handle(
    EmployeeByUnionid,
    ({ unionid }, req) => runtime.read(employeeByUnionid(actorOf(req), unionid ?? "").pipe(Effect.map((employee) => ({ user: employeeView(employee) }))))
  ))

  return r
}
