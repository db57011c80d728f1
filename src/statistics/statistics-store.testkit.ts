/**
 * In-memory doubles of the statistics' ports for use-case tests: a StatisticsStore over two worksites (stored days
 * kept one per worksite and day like the Postgres store, counts answered from a list), report keys, settings (4 fen
 * an SMS) and the employees the site-admin command finds by phone. It records what the use cases asked the store
 * for, so a test can assert the days and ranges they asked.
 */
import { Effect } from "effect"
import { outcome, recordingPorts } from "../shared/ports.testkit"
import type { Employee } from "../staff/employee"
import { EmployeeStore } from "../staff/staff-store"
import type { Worksite } from "../staff/worksite"
import { figuresOf, sumFigures, type Figures, type Population, type StatisticsSite } from "./figures"
import type { ReportKey } from "./report-key"
import { ReportKeys, StatisticsSettings, StatisticsStore, type SiteDayCounts, type StoredDay } from "./statistics-store"

export const STATS_NOW = new Date("2026-11-28T04:00:00Z") // 12:00 in Shanghai
export const XY: StatisticsSite = { id: "w1", name: "西园驿站", siteCode: "XY01", fullName: "西园" }
export const DY: StatisticsSite = { id: "w2", name: "东园驿站", siteCode: "DY01", fullName: "东园" }
export const STATS_SITES: ReadonlyArray<StatisticsSite> = [XY, DY]

export const employee = (over: Partial<Employee> = {}): Employee =>
  ({ id: "e1", phone: "13900000001", nameZH: "张伟", openid: null, passwordHash: "", worksite: { id: "w1" } as Worksite, ...over })

export interface StatisticsWorldOptions {
  readonly stored?: Array<StoredDay>
  readonly counted?: ReadonlyArray<SiteDayCounts>
  /** Site admins' worksites by openid. */
  readonly siteAdmins?: Record<string, string>
  readonly population?: ReadonlyMap<string, Population>
  readonly unbound?: number
  readonly employees?: ReadonlyArray<Employee>
  readonly keys?: Array<ReportKey>
}

export const statisticsWorld = (options: StatisticsWorldOptions = {}) => {
  const ports = recordingPorts(STATS_NOW, ["new-1", "new-2", "new-3"])
  const stored = options.stored ?? []
  /** The days each `counts` was asked for, with the worksites. */
  const asked: Array<ReadonlyArray<string>> = []
  const askedSites: Array<ReadonlyArray<string>> = []
  const spans: Array<{ day: string; from: Date; end: Date }> = []
  /** The [from, to) each `storedDays` was asked for. */
  const storedAsked: Array<[string, string]> = []
  const populationAsked: Array<ReadonlyArray<string>> = []
  const keys: Array<ReportKey> = options.keys ?? []
  const admins = new Map<string, boolean>([["e1", false]])
  const employees = options.employees ?? [employee()]
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(effect).pipe(
    Effect.provideService(StatisticsSettings, { smsUnitCostFen: 4 }),
    Effect.provideService(StatisticsStore, {
      sites: () => Effect.succeed(STATS_SITES),
      counts: (days, ids) => Effect.sync(() => {
        asked.push(days.map((d) => d.day))
        askedSites.push(ids)
        spans.push(...days)
        return (options.counted ?? []).filter((c) => ids.includes(c.worksiteId) && days.some((d) => d.day === c.day))
      }),
      population: (ids) => Effect.sync(() => {
        populationAsked.push(ids)
        return new Map([...(options.population ?? new Map<string, Population>())].filter(([id]) => ids.includes(id)))
      }),
      unboundFollowers: () => Effect.succeed(options.unbound ?? 0),
      storedDays: (ids, from, to) => Effect.sync(() => {
        storedAsked.push([from, to])
        return stored.filter((s) => ids.includes(s.worksiteId) && s.day >= from && s.day < to)
      }),
      storedTotals: (ids, from, to) => Effect.sync(() => {
        storedAsked.push([from, to])
        return ids.flatMap((worksiteId) => {
          const held = stored.filter((s) => s.worksiteId === worksiteId && s.day >= from && s.day < to)
          return held.length === 0 ? [] : [{ worksiteId, figures: sumFigures(held.map((s) => s.figures)), days: held.map((s) => s.day) }]
        })
      }),
      storedDay: (id) => Effect.succeed(stored.find((s) => s.id === id)),
      storeDay: (d) => Effect.sync(() => {
        const held = stored.find((s) => s.worksiteId === d.worksiteId && s.day === d.day)
        if (!held) { stored.push(d); return { id: d.id, outcome: "inserted" as const } }
        if (JSON.stringify(held.figures) === JSON.stringify(d.figures)) return { id: held.id, outcome: "unchanged" as const }
        stored[stored.indexOf(held)] = { ...d, id: held.id }
        return { id: held.id, outcome: "updated" as const }
      }),
      siteAdminOf: (openid) => Effect.succeed(options.siteAdmins?.[openid]),
      setSiteAdmin: (id, on) => Effect.sync(() => {
        const was = admins.get(id) ?? false
        admins.set(id, on)
        return was !== on
      })
    }),
    Effect.provideService(ReportKeys, {
      create: (k) => Effect.sync(() => { keys.push({ ...k, revokedAt: null }); return `secret-${k.id}` }),
      list: () => Effect.succeed(keys),
      find: (id) => Effect.succeed(keys.find((k) => k.id === id)),
      revoke: (id, at) => Effect.sync(() => {
        const i = keys.findIndex((x) => x.id === id)
        if (i < 0 || keys[i]!.revokedAt) return false
        keys[i] = { ...keys[i]!, revokedAt: at }
        return true
      })
    }),
    Effect.provideService(EmployeeStore, {
      findByOpenid: () => Effect.die(new Error("EmployeeStore.findByOpenid is not part of this double")),
      findByPhone: (phone) => Effect.succeed(employees.find((e) => e.phone === phone)),
      bind: () => Effect.die(new Error("EmployeeStore.bind is not part of this double"))
    })
  ) as Effect.Effect<A, E, never>)
  return { run, ports, stored, asked, askedSites, spans, storedAsked, populationAsked, keys, admins }
}

/** A stored day of a worksite, its id `r-{worksite}-{day}`, zeros but for the figures given. */
export const storedDay = (worksiteId: string, day: string, f: Partial<Figures>, computedAt = new Date(0)): StoredDay =>
  ({ id: `r-${worksiteId}-${day}`, worksiteId, day, figures: { ...figuresOf({}, 4), ...f }, computedAt })
