/** The employee cache: a found staff member is kept EMPLOYEE_TTL_MS, an unbound openid is asked each time, a bind forgets all. */
import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { Employee } from "#src/staff/employee"
import type { EmployeeStore } from "#src/staff/staff-store"
import type { Worksite } from "#src/staff/worksite"
import { cachedEmployees, EMPLOYEE_TTL_MS, type EmployeeCache } from "./caches"

const employee = (openid: string, worksiteId = "ws-1"): Employee => ({
  id: `e-${openid}`, phone: "13800000000", nameZH: "站员", openid, passwordHash: "hash", worksite: { _id: worksiteId } as unknown as Worksite
})

/** A store whose bindings a test changes, counting the lookups that reach it. */
const store = () => {
  const bound = new Map<string, Employee>()
  let lookups = 0
  const service: EmployeeStore["Service"] = {
    findByOpenid: (openid) => Effect.sync(() => (lookups++, bound.get(openid))),
    findByPhone: () => Effect.die("not used"),
    bind: (_employeeId, openid) => Effect.sync(() => void bound.set(openid, employee(openid, "ws-2")))
  }
  return { bound, service, lookups: () => lookups }
}

describe("cached employees", () => {
  beforeEach(() => { vi.useFakeTimers({ toFake: ["Date"] }) })
  afterEach(() => { vi.useRealTimers() })

  it(`keeps a found employee for ${EMPLOYEE_TTL_MS} ms, then asks the store again`, async () => {
    const s = store()
    s.bound.set("o1", employee("o1"))
    const cache: EmployeeCache = new Map()
    const cached = cachedEmployees(s.service, cache)
    expect(await Effect.runPromise(cached.findByOpenid("o1"))).toEqual(employee("o1"))
    s.bound.delete("o1")
    vi.advanceTimersByTime(EMPLOYEE_TTL_MS - 1)
    expect(await Effect.runPromise(cached.findByOpenid("o1"))).toEqual(employee("o1"))
    expect(s.lookups()).toBe(1)
    vi.advanceTimersByTime(1)
    expect(await Effect.runPromise(cached.findByOpenid("o1"))).toBeUndefined()
    expect(s.lookups()).toBe(2)
  })

  it("asks again for an openid bound to nobody", async () => {
    const s = store()
    const cached = cachedEmployees(s.service, new Map())
    expect(await Effect.runPromise(cached.findByOpenid("nobody"))).toBeUndefined()
    s.bound.set("nobody", employee("nobody"))
    expect(await Effect.runPromise(cached.findByOpenid("nobody"))).toEqual(employee("nobody"))
    expect(s.lookups()).toBe(2)
  })

  it("a bind in this process forgets every kept employee", async () => {
    const s = store()
    s.bound.set("o1", employee("o1"))
    s.bound.set("o2", employee("o2"))
    const cache: EmployeeCache = new Map()
    const cached = cachedEmployees(s.service, cache)
    await Effect.runPromise(cached.findByOpenid("o1"))
    await Effect.runPromise(cached.findByOpenid("o2"))
    expect(cache.size).toBe(2)
    await Effect.runPromise(cached.bind("e-o1", "o1", "u1"))
    expect(cache.size).toBe(0)
    expect((await Effect.runPromise(cached.findByOpenid("o1")))?.worksite).toEqual({ _id: "ws-2" })
  })
})
