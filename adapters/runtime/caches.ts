/**
 * What a runtime keeps between runs to spare the database: the carriers and dictionaries (the catalogue, kept by
 * its store for 60 s) and the staff actor's employee record (kept here for EMPLOYEE_TTL_MS).
 */
import { Effect } from "effect"
import type { Employee } from "#src/staff/employee"
import type { EmployeeStore } from "#src/staff/staff-store"
import type { CatalogueCache } from "../postgres/stores/parcel-store"

/** How long a staff member's employee record (with its worksite) is taken as read, as sessions are. */
export const EMPLOYEE_TTL_MS = 5_000

const MAX_EMPLOYEES = 10_000

export type EmployeeCache = Map<string, { readonly until: number; readonly employee: Employee }>

export interface Caches {
  readonly catalogue: CatalogueCache
  readonly employees: EmployeeCache
}

export const emptyCaches = (): Caches => ({ catalogue: new Map(), employees: new Map() })

/**
 * The staff actor is looked up on every station call: a found employee is kept for EMPLOYEE_TTL_MS
 * (an unbound openid is asked again each time), and a bind in this process forgets them all.
 */
export const cachedEmployees = (store: EmployeeStore["Service"], cache: EmployeeCache): EmployeeStore["Service"] => ({
  ...store,
  findByOpenid: (openid) =>
    Effect.suspend(() => {
      const hit = cache.get(openid)
      if (hit && hit.until > Date.now()) return Effect.succeed(hit.employee)
      return store.findByOpenid(openid).pipe(Effect.tap((employee) => Effect.sync(() => {
        if (cache.size >= MAX_EMPLOYEES) cache.clear()
        if (employee) cache.set(openid, { until: Date.now() + EMPLOYEE_TTL_MS, employee })
      })))
    }),
  bind: (employeeId, openid, userId) =>
    Effect.sync(() => cache.clear()).pipe(Effect.andThen(store.bind(employeeId, openid, userId)), Effect.ensuring(Effect.sync(() => cache.clear())))
})
