import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { DEFAULT_SAFEKEEPING } from "./worksite"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { sealedPassword, type Employee } from "./employee"
import { EmployeeStore, LoginGuard, PasswordCipher, PasswordHasher, Sessions } from "./staff-store"
import { bindEmployee, employeeByOpenid, employeeOf } from "./use-cases"

const worksite = {
  id: "w1", siteCode: "GZ01", shortName: "北门", schoolCampus: "北校区", nameZH: "北门驿站", smsAble: true,
  serviceBegin: "08:00", serviceEnd: "20:00", servicePhone: "020-1234", expressCompanies: ["sf"], safekeeping: DEFAULT_SAFEKEEPING, smsCredit: 0
}
const now = new Date("2026-03-02T04:00:00Z")
const MINUTE = 60_000

/** A back office with one employee (password "secret"), nonces n1…n9, and the failures recorded per phone. */
const backOffice = (over: Partial<Employee> = {}, earlierFailures: ReadonlyArray<Date> = []) => {
  const employees: Array<Employee> = [{ id: "e1", phone: "13800138000", nameZH: "张伟", openid: null, passwordHash: "hash:secret", worksite, ...over }]
  const failures: Array<readonly [string, Date]> = earlierFailures.map((at) => ["o7", at])
  const nonces = new Set(["n1", "n2", "n3"])
  const bound: Array<readonly [string, string, string]> = []
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(recordingPorts(now).provide(effect).pipe(
      Effect.provideService(EmployeeStore, {
        findByOpenid: (openid) => Effect.succeed(employees.find((e) => e.openid === openid)),
        findByPhone: (phone) => Effect.succeed(employees.find((e) => e.phone === phone)),
        bind: (id, openid, userId) => Effect.sync(() => void bound.push([id, openid, userId]))
      }),
      Effect.provideService(LoginGuard, {
        consumeNonce: (nonce) => Effect.sync(() => nonces.delete(nonce)),
        failuresSince: (requester, since) => Effect.sync(() => failures.filter(([r, at]) => r === requester && at >= since).length),
        recordFailure: (requester, _phone, at) => Effect.sync(() => void failures.push([requester, at]))
      }),
      Effect.provideService(PasswordCipher, { decrypt: (text) => Effect.succeed(text.startsWith("rsa:") ? text.slice(4) : undefined) }),
      Effect.provideService(PasswordHasher, { verify: (password, hash) => Effect.succeed(hash === `hash:${password}`) }),
      Effect.provideService(Sessions, { issue: (userId, at) => Effect.succeed(`token:${userId}:${at.getTime()}`) })
    ) as Effect.Effect<A, E, never>)
  return { employees, failures, bound, run }
}

const sealed = (password: string, nonce = "n1") => `rsa:${sealedPassword(password, nonce)}`
const caller = actor({ userId: "u7", openid: "o7", role: "student" })

describe("binding a back-office account", () => {
  it("binds the caller's openid and signs the caller in", async () => {
    const office = backOffice()
    const answer = await office.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") }))
    expect(answer).toMatchObject({ ok: true, value: { token: `token:u7:${now.getTime()}`, employee: { id: "e1", openid: "o7", nameZH: "张伟" } } })
    expect(office.bound).toEqual([["e1", "o7", "u7"]])
    expect(office.failures).toEqual([])
  })

  it("binding again from the same openid is allowed; from another one it is refused", async () => {
    expect(await backOffice({ openid: "o7" }).run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret"), openid: "o7" })))
      .toMatchObject({ ok: true })
    const taken = backOffice({ openid: "o8" })
    expect(await taken.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") })))
      .toMatchObject(refused("StateConflict", "该后台账号已绑定其他微信用户"))
    expect(taken.bound).toEqual([])
  })

  it("a caller who holds another back-office account is refused (one person, one account), and nothing is bound", async () => {
    const office = backOffice()
    office.employees.push({ ...office.employees[0]!, id: "e2", phone: "13800138001", openid: "o7" })
    expect(await office.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") })))
      .toMatchObject(refused("StateConflict", "你的微信已绑定其他后台账号"))
    expect(office.bound).toEqual([])
    expect(await office.run(bindEmployee(caller, { phone: "13800138001", password: sealed("secret", "n2") }))).toMatchObject({ ok: true })
  })

  it.each([
    [{ phone: "", password: "x" }, "RuleViolation", "电话号码不能为空"],
    [{ phone: "1380013800", password: "x" }, "RuleViolation", "电话号码格式不对"],
    [{ phone: "13800138000" }, "RuleViolation", "密码不能为空"],
    [{ phone: "13800138000", password: sealed("secret"), openid: "o8" }, "NotAllowed", "只能绑定当前登录的微信用户"]
  ])("refuses %j before looking at the password", async (input, tag, message) => {
    const office = backOffice()
    expect(await office.run(bindEmployee(caller, input))).toMatchObject(refused(tag, message))
    expect([office.bound, office.failures]).toEqual([[], []])
  })

  it("a wrong password or an unknown phone is refused with one message and counted", async () => {
    const office = backOffice()
    expect(await office.run(bindEmployee(caller, { phone: "13800138000", password: sealed("guess") })))
      .toMatchObject(refused("Unauthenticated", "手机号码或者密码错误"))
    expect(await office.run(bindEmployee(caller, { phone: "13900139000", password: sealed("secret", "n2") })))
      .toMatchObject(refused("Unauthenticated", "手机号码或者密码错误"))
    expect(office.failures).toEqual([["o7", now], ["o7", now]])
    expect(office.bound).toEqual([])
  })

  it("a spent nonce or a password that does not open is refused", async () => {
    const office = backOffice()
    expect(await office.run(bindEmployee(caller, { phone: "13800138000", password: sealed("guess", "n1") }))).toMatchObject({ ok: false })
    expect(await office.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret", "n1") })))
      .toMatchObject(refused("Unauthenticated", "手机号码或者密码错误"))
    for (const password of ["garbage", "rsa:not json", `rsa:${JSON.stringify({ password: "secret" })}`]) {
      expect(await office.run(bindEmployee(caller, { phone: "13800138000", password }))).toMatchObject(refused("Unauthenticated", "手机号码或者密码错误"))
    }
    expect(office.bound).toEqual([])
  })

  it("five failures of one requester within 15 minutes lock that requester out; older ones do not count", async () => {
    const recent = Array.from({ length: 5 }, (_, i) => new Date(now.getTime() - (14 - i) * MINUTE))
    const locked = backOffice({}, recent)
    expect(await locked.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") })))
      .toMatchObject(refused("LimitReached", "密码错误次数过多，请15分钟后再试"))
    expect(locked.bound).toEqual([])
    const four = backOffice({}, recent.slice(1))
    expect(await four.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") }))).toMatchObject({ ok: true })
    const stale = backOffice({}, [new Date(now.getTime() - 15 * MINUTE - 1), ...recent.slice(1)])
    expect(await stale.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") }))).toMatchObject({ ok: true })
    const edge = backOffice({}, [new Date(now.getTime() - 15 * MINUTE), ...recent.slice(1)])
    expect(await edge.run(bindEmployee(caller, { phone: "13800138000", password: sealed("secret") }))).toMatchObject({ ok: false, error: { _tag: "LimitReached" } })
    const other = backOffice({}, recent)
    expect(await other.run(bindEmployee(actor({ userId: "u8", openid: "o8", role: "student" }), { phone: "13800138000", password: sealed("secret") })))
      .toMatchObject({ ok: true })
  })
})

describe("the employee behind a caller", () => {
  it("is the one bound to the caller's openid, else 'bind first'", async () => {
    const office = backOffice({ openid: "o7" })
    expect(await office.run(employeeOf(caller))).toMatchObject({ ok: true, value: { id: "e1" } })
    expect(await office.run(employeeOf(actor({ openid: "o8" })))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
  })

  it("another openid's employee is looked up only by an admin", async () => {
    const office = backOffice({ openid: "o7" })
    expect(await office.run(employeeByOpenid(caller, "o7"))).toMatchObject({ ok: true, value: { id: "e1" } })
    expect(await office.run(employeeByOpenid(actor({ openid: "o9" }), "o7"))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
    expect(await office.run(employeeByOpenid(actor({ openid: "o9", role: "admin" }), "o7"))).toMatchObject({ ok: true, value: { id: "e1" } })
    expect(await office.run(employeeByOpenid(actor({ openid: "o9", role: "admin" }), "o8"))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
  })
})
