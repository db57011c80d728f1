/** Ports of the staff area: employees, sign-in guards, the password cipher and hasher, sessions. */
import { Context, Effect } from "effect"
import type { Employee } from "./employee"

export class EmployeeStore extends Context.Service<EmployeeStore, {
  findByOpenid(openid: string): Effect.Effect<Employee | undefined>
  findByPhone(phone: string): Effect.Effect<Employee | undefined>
  bind(employeeId: string, openid: string, userId: string): Effect.Effect<void>
}>()("station/EmployeeStore") {}

export class LoginGuard extends Context.Service<LoginGuard, {
  /** True once for a nonce that was issued and has not expired; false ever after. */
  consumeNonce(nonce: string, now: Date): Effect.Effect<boolean>
  /** Wrong passwords this requester (an openid) sent since then, whatever the phones. */
  failuresSince(requester: string, since: Date): Effect.Effect<number>
  recordFailure(requester: string, phone: string, at: Date): Effect.Effect<void>
}>()("station/LoginGuard") {}

export class PasswordCipher extends Context.Service<PasswordCipher, {
  /** RSA-OAEP-SHA256 over the base64 text; undefined when it does not decrypt. */
  decrypt(base64: string): Effect.Effect<string | undefined>
}>()("station/PasswordCipher") {}

export class PasswordHasher extends Context.Service<PasswordHasher, {
  verify(password: string, hash: string): Effect.Effect<boolean>
}>()("station/PasswordHasher") {}

export class Sessions extends Context.Service<Sessions, {
  issue(userId: string, now: Date): Effect.Effect<string>
}>()("station/Sessions") {}

/** Employees found by the messaging platform's unionid: one person across the platform's apps, each with its own openid. */
export class EmployeesByUnionid extends Context.Service<EmployeesByUnionid, {
  /** The unionid of a signed-in user, null when the platform gave none. */
  unionidOf(userId: string): Effect.Effect<string | null>
  /** The employee bound to any openid of the person with this unionid. */
  findByUnionid(unionid: string): Effect.Effect<Employee | undefined>
}>()("station/EmployeesByUnionid") {}
