/** Staff use cases: binding a back-office account and finding the employee behind a caller. */
import { Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { LimitReached, NotAllowed, RuleViolation, Unauthenticated } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { bindingRefusal, bindRefusal, LOGIN_ATTEMPTS, messages, openSealedPassword } from "./employee"
import { EmployeesByUnionid, EmployeeStore, LoginGuard, PasswordCipher, PasswordHasher, Sessions } from "./staff-store"

/** A binding as the log keeps it: the employee's phone (never the password, checked when it was bound) and the employee bound. */
export const BindStaffOperation = operationKind("bindStaff", Schema.Struct({ phone: Schema.String }), Schema.Struct({ employeeId: Schema.String }))

/** The employee bound to the caller, or the spec's 'bind first' refusal. */
export const employeeOf = Effect.fn("employeeOf")(function* (actor: Actor) {
  const employee = yield* (yield* EmployeeStore).findByOpenid(actor.openid)
  if (!employee) return yield* new NotAllowed({ message: messages.notBound })
  return employee
})

export const employeeByOpenid = Effect.fn("employeeByOpenid")(function* (actor: Actor, openid: string) {
  if (openid !== actor.openid && actor.role !== "admin") return yield* new NotAllowed({ message: messages.notBound })
  return yield* employeeOf({ ...actor, openid })
})

/**
 * `GET /auth/employee/getByUnionid/{unionid}`: the employee bound to any openid of the person with this
 * unionid (staff are found by openid or unionid). Only the caller's own unionid, or an admin.
 */
export const employeeByUnionid = Effect.fn("employeeByUnionid")(function* (actor: Actor, unionid: string) {
  const lookup = yield* EmployeesByUnionid
  if (actor.role !== "admin" && (unionid === "" || (yield* lookup.unionidOf(actor.userId)) !== unionid)) {
    return yield* new NotAllowed({ message: messages.notBound })
  }
  const employee = yield* lookup.findByUnionid(unionid)
  if (!employee) return yield* new NotAllowed({ message: messages.notBound })
  return employee
})

/**
 * Binds the caller's openid to the employee with this phone and password. Only a password that
 * decrypts with a fresh nonce and is wrong counts as a failure, and against the caller (who can lock
 * out no one else). Runs so that the spent nonce and a failed attempt are kept even when binding fails.
 */
export const bindEmployee = Effect.fn("bindEmployee")(function* (
  actor: Actor,
  input: { readonly phone?: string | undefined; readonly password?: string | undefined; readonly openid?: string | undefined }
) {
  const refused = bindRefusal(input)
  if (refused) return yield* refused
  const phone = input.phone as string
  if (input.openid !== undefined && input.openid !== actor.openid) return yield* new NotAllowed({ message: messages.notYourOpenid })
  const now = yield* (yield* Clock).now
  const guard = yield* LoginGuard
  const failures = yield* guard.failuresSince(actor.openid, new Date(now.getTime() - LOGIN_ATTEMPTS.windowMs))
  if (failures >= LOGIN_ATTEMPTS.max) return yield* new LimitReached({ message: messages.tooManyAttempts })
  const refuse = new Unauthenticated({ message: messages.wrongCredentials })
  const sealed = openSealedPassword((yield* (yield* PasswordCipher).decrypt(input.password as string)) ?? "")
  if (!sealed || !(yield* guard.consumeNonce(sealed.nonce, now))) return yield* refuse
  const employees = yield* EmployeeStore
  const employee = yield* employees.findByPhone(phone)
  if (!employee || !(yield* (yield* PasswordHasher).verify(sealed.password, employee.passwordHash))) {
    yield* guard.recordFailure(actor.openid, phone, now)
    return yield* refuse
  }
  yield* bindChecked(actor, employee, now)
  const token = yield* (yield* Sessions).issue(actor.userId, now)
  return { token, employee: { ...employee, openid: actor.openid } }
})

/** Binds the employee whose password was checked to the caller, and logs it. */
const bindChecked = Effect.fnUntraced(function* (actor: Actor, employee: { readonly id: string; readonly openid: string | null; readonly phone: string }, now: Date) {
  const employees = yield* EmployeeStore
  const refused = bindingRefusal(employee, actor.openid, yield* employees.findByOpenid(actor.openid))
  if (refused) return yield* refused
  yield* employees.bind(employee.id, actor.openid, actor.userId)
  yield* logOperation(BindStaffOperation, actor.openid, now, { phone: employee.phone }, { employeeId: employee.id })
})

/** A logged binding replayed: the password was checked when it was bound, so the employee is found by phone and bound again. */
export const bindRecorded = Effect.fn("bindRecorded")(function* (actor: Actor, phone: string) {
  const employee = yield* (yield* EmployeeStore).findByPhone(phone)
  if (!employee) return yield* new Unauthenticated({ message: messages.wrongCredentials })
  yield* bindChecked(actor, employee, yield* (yield* Clock).now)
  return { employeeId: employee.id }
})
