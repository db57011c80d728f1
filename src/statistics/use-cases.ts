/**
 * The operations statistics (issue 20): who asks decides what they see (access.ts); a day's figures are its stored
 * record once the `daily-statistics` job has written it, else counted live from the records (today always). The
 * calls `/tongji`, `unbindCount`, a record's detail and the daily report; the job's stored days; the operator's
 * report links and site admins. Every change is logged.
 */
import { Effect, Schema } from "effect"
import { SYSTEM_ACTOR } from "../parcel/returns"
import type { Actor } from "../shared/actor"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { EmployeeStore } from "../staff/staff-store"
import {
  covers, dailyDate, HEAD_OFFICE, isHeadOffice, missing, refused, statisticsMessages, tongjiRange, viewerOfKey, type StatisticsViewer
} from "./access"
import { addDays, datesBetween, daysToStore, isClosed, isDate, spanOf, todayAt } from "./days"
import {
  dailyBlocks, FIGURE_KEYS, figuresOf, seenFigures, sumFigures, tongjiRow, zeroFigures, type Figures, type FigureKey, type StatisticsSite
} from "./figures"
import { DAY_MS, keyDaysRefusal, reportKeyState, reportLinkPath, type ReportKey } from "./report-key"
import { ReportKeys, StatisticsSettings, StatisticsStore } from "./statistics-store"

/** Who asks: a signed-in user, or the bearer of a report key (its scope). */
export type StatisticsCaller = { readonly actor: Actor } | { readonly reportKey: { readonly worksiteId: string | null } }

/** The caller's view: the head office's (role admin, a global key), a site admin's or a site key's; anyone else 403. */
export const viewerOf = Effect.fn("statisticsViewer")(function* (caller: StatisticsCaller) {
  if ("reportKey" in caller) return viewerOfKey(caller.reportKey)
  if (caller.actor.role === "admin") return HEAD_OFFICE
  const site = yield* (yield* StatisticsStore).siteAdminOf(caller.actor.openid)
  if (site === undefined) return yield* refused()
  return { worksiteId: site } as StatisticsViewer
})

const sitesInView = Effect.fnUntraced(function* (viewer: StatisticsViewer) {
  return (yield* (yield* StatisticsStore).sites()).filter((s) => covers(viewer, s.id))
})

/** A worksite's day: its figures, the record they were stored as (null: counted now), and when they were counted. */
export interface SiteDayFigures {
  readonly worksiteId: string
  readonly day: string
  readonly figures: Figures
  readonly record: string | null
  readonly computedAt: Date
}

const key = (worksiteId: string, day: string) => `${worksiteId} ${day}`

/** The closed days among `days` as one span of stored records to read (the first, the day after the last), or none. */
const closedSpan = (days: ReadonlyArray<string>, now: Date) => {
  const closed = days.filter((d) => isClosed(d, now))
  if (closed.length === 0) return undefined
  return { from: closed.reduce((a, b) => (a < b ? a : b)), to: addDays(closed.reduce((a, b) => (a > b ? a : b)), 1) }
}

/**
 * The figures of these worksites on these days: a closed day's stored record, else counted from the records (today
 * up to now); a day after today has none yet.
 */
export const figuresOfDays = Effect.fn("figuresOfDays")(function* (worksiteIds: ReadonlyArray<string>, days: ReadonlyArray<string>) {
  const store = yield* StatisticsStore
  const now = yield* (yield* Clock).now
  const today = todayAt(now)
  const span = worksiteIds.length > 0 ? closedSpan(days, now) : undefined
  const stored = span ? yield* store.storedDays(worksiteIds, span.from, span.to) : []
  const storedBy = new Map(stored.map((s) => [key(s.worksiteId, s.day), s]))
  const toCount = days.filter((d) => d <= today && worksiteIds.some((w) => !storedBy.has(key(w, d))))
  const counted = toCount.length > 0 && worksiteIds.length > 0 ? yield* store.counts(toCount.map((d) => spanOf(d, now)), worksiteIds) : []
  const countedBy = new Map(counted.map((c) => [key(c.worksiteId, c.day), c.counts]))
  const unit = (yield* StatisticsSettings).smsUnitCostFen
  return days.flatMap((day) => worksiteIds.map((worksiteId): SiteDayFigures => {
    const s = storedBy.get(key(worksiteId, day))
    if (s) return { worksiteId, day, figures: s.figures, record: s.id, computedAt: s.computedAt }
    const figures = day > today ? zeroFigures : figuresOf(countedBy.get(key(worksiteId, day)) ?? {}, unit)
    return { worksiteId, day, figures, record: null, computedAt: now }
  }))
})

/**
 * The figures of each of these worksites summed over these days, as `figuresOfDays` would give them day by day: the
 * stored days summed by the store (half a year of four worksites is 730 records), the others counted (today up to now).
 */
export const figuresOverDays = Effect.fn("figuresOverDays")(function* (worksiteIds: ReadonlyArray<string>, days: ReadonlyArray<string>) {
  const store = yield* StatisticsStore
  const now = yield* (yield* Clock).now
  const today = todayAt(now)
  const span = worksiteIds.length > 0 ? closedSpan(days, now) : undefined
  const totals = span ? yield* store.storedTotals(worksiteIds, span.from, span.to) : []
  const stored = new Set(totals.flatMap((t) => t.days.map((d) => key(t.worksiteId, d))))
  const toCount = days.filter((d) => d <= today && worksiteIds.some((w) => !stored.has(key(w, d))))
  const counted = toCount.length > 0 && worksiteIds.length > 0 ? yield* store.counts(toCount.map((d) => spanOf(d, now)), worksiteIds) : []
  const unit = (yield* StatisticsSettings).smsUnitCostFen
  return new Map(worksiteIds.map((worksiteId) => [worksiteId, sumFigures([
    totals.find((t) => t.worksiteId === worksiteId)?.figures ?? zeroFigures,
    ...counted.filter((c) => c.worksiteId === worksiteId && !stored.has(key(worksiteId, c.day))).map((c) => figuresOf(c.counts, unit))
  ])]))
})

/** `GET /api/worksite/listForTongji`: the worksites the caller may see. */
export const sitesForTongji = Effect.fn("sitesForTongji")(function* (actor: Actor) {
  return yield* sitesInView(yield* viewerOf({ actor }))
})

/** The sites `/tongji/{worksiteId}` names: −1 (or nothing) every one in view; a site out of view 403, an unknown one 404. */
const namedSites = Effect.fnUntraced(function* (viewer: StatisticsViewer, worksiteId: string | undefined) {
  const all = yield* (yield* StatisticsStore).sites()
  const id = (worksiteId ?? "").trim()
  if (id === "" || id === "-1") return all.filter((s) => covers(viewer, s.id))
  const site = all.find((s) => s.id === id)
  if (site && covers(viewer, site.id)) return [site]
  return yield* (isHeadOffice(viewer) ? missing() : refused())
})

/** `GET /api/worksite/tongji/{worksiteId}?timeBegin&timeEnd`: a row per worksite, the range's sums and who is bound now. */
export const tongji = Effect.fn("tongji")(function* (actor: Actor, worksiteId: string | undefined, timeBegin: string | undefined, timeEnd: string | undefined) {
  const viewer = yield* viewerOf({ actor })
  const range = tongjiRange(timeBegin, timeEnd, yield* (yield* Clock).now)
  if (range instanceof RuleViolation) return yield* range
  const sites = yield* namedSites(viewer, worksiteId)
  const ids = sites.map((s) => s.id)
  const sums = yield* figuresOverDays(ids, datesBetween(range.from, range.to))
  const population = yield* (yield* StatisticsStore).population(ids)
  return sites.map((site) => tongjiRow(site, population.get(site.id) ?? { bound: 0, unsubscribed: 0 }, sums.get(site.id) ?? zeroFigures, isHeadOffice(viewer)))
})

/** `GET /api/user/unbindCount`: followers bound to no worksite, for the head office; null for a site admin. */
export const unbindCount = Effect.fn("unbindCount")(function* (actor: Actor) {
  const viewer = yield* viewerOf({ actor })
  return isHeadOffice(viewer) ? yield* (yield* StatisticsStore).unboundFollowers() : null
})

/** A worksite's day as a record's detail shows it. */
export interface StatisticsRecord {
  readonly id: string
  readonly site: StatisticsSite
  readonly day: string
  readonly live: boolean
  readonly computedAt: Date
  readonly figures: { readonly [K in FigureKey]: number | null }
}

/**
 * `GET /api/statistics/getById/{id}`: a stored worksite-day record, or for a worksite's id that worksite's figures
 * today, counted now. Another worksite's is refused (403) to a site admin or site key; an unknown id is 404.
 */
export const statisticsRecord = Effect.fn("statisticsRecord")(function* (caller: StatisticsCaller, id: string | undefined) {
  const viewer = yield* viewerOf(caller)
  const store = yield* StatisticsStore
  const sites = yield* store.sites()
  const stored = id ? yield* store.storedDay(id) : undefined
  const siteId = stored?.worksiteId ?? id ?? ""
  const site = sites.find((s) => s.id === siteId)
  if (!site) return yield* missing()
  if (!covers(viewer, site.id)) return yield* refused()
  const headOffice = isHeadOffice(viewer)
  if (stored) {
    return { id: stored.id, site, day: stored.day, live: false, computedAt: stored.computedAt, figures: seenFigures(stored.figures, headOffice) } satisfies StatisticsRecord
  }
  const [today] = yield* figuresOfDays([site.id], [todayAt(yield* (yield* Clock).now)])
  return { id: site.id, site, day: today!.day, live: true, computedAt: today!.computedAt, figures: seenFigures(today!.figures, headOffice) } satisfies StatisticsRecord
})

/**
 * `GET /api/statistics/daily/{date}`: the six blocks of a day (spec 001 §9), a line per worksite in view; a line
 * links to its stored record, or for today to its worksite's live figures.
 */
export const dailyStatistics = Effect.fn("dailyStatistics")(function* (caller: StatisticsCaller, date: string | undefined) {
  const viewer = yield* viewerOf(caller)
  const now = yield* (yield* Clock).now
  const day = dailyDate(date, now)
  if (day instanceof RuleViolation) return yield* day
  const sites = yield* sitesInView(viewer)
  const figures = yield* figuresOfDays(sites.map((s) => s.id), [day])
  const today = day === todayAt(now)
  return dailyBlocks(sites.map((site) => {
    const f = figures.find((x) => x.worksiteId === site.id)!
    return { site, figures: seenFigures(f.figures, isHeadOffice(viewer)), link: f.record ?? (today ? site.id : null) }
  }))
})

/** `station stats`: a day's figures of every worksite (or one, by id or site code), as the head office sees them. */
export const dayFiguresForOperator = Effect.fn("dayFiguresForOperator")(function* (date: string, worksite?: string) {
  if (!isDate(date)) return yield* new RuleViolation({ message: statisticsMessages.badRange })
  const all = yield* (yield* StatisticsStore).sites()
  const sites = worksite === undefined ? all : all.filter((s) => s.id === worksite || s.siteCode === worksite)
  if (sites.length === 0) return yield* new NotFound({ message: statisticsMessages.siteMissing })
  const figures = yield* figuresOfDays(sites.map((s) => s.id), [date])
  return sites.map((site) => ({ site, ...figures.find((f) => f.worksiteId === site.id)! }))
})

// --- the daily-statistics job ---------------------------------------------------------------------

const Whole = Schema.Int
export const StoredFigures = Schema.Struct(Object.fromEntries(FIGURE_KEYS.map((k) => [k, Whole])) as { readonly [K in FigureKey]: typeof Whole })

/** A worksite's closed day written as the operations log keeps it: its figures, and the record (its id) and what the write did. */
export const StoreDayOperation = operationKind("storeDailyStatistics",
  Schema.Struct({ worksiteId: Schema.String, day: Schema.String, figures: StoredFigures }),
  Schema.Struct({ id: Schema.String, outcome: Schema.Literals(["inserted", "updated"]) }))

/** The job's items: each worksite's last two closed days (`{worksiteId}@{day}`). */
export const dueStatisticsDays = Effect.fn("dueStatisticsDays")(function* () {
  const sites = yield* (yield* StatisticsStore).sites()
  const now = yield* (yield* Clock).now
  return daysToStore(now).flatMap((day) => sites.map((s) => `${s.id}@${day}`))
})

export type StoreDayOutcome = "stored" | "unchanged" | "skipped"
export const STORE_DAY_OUTCOMES: ReadonlyArray<StoreDayOutcome> = ["stored", "unchanged", "skipped"]

/** Writes a worksite's day with these figures, logged under the system actor when it changed anything (replayed as it is). */
export const writeStatisticsDay = Effect.fn("writeStatisticsDay")(function* (worksiteId: string, day: string, figures: Figures) {
  const now = yield* (yield* Clock).now
  const written = yield* (yield* StatisticsStore).storeDay({ id: yield* (yield* Ids).next, worksiteId, day, figures, computedAt: now })
  if (written.outcome !== "unchanged") {
    yield* logOperation(StoreDayOperation, SYSTEM_ACTOR, now, { worksiteId, day, figures }, { id: written.id, outcome: written.outcome })
  }
  return written
})

/** One item of the job: the worksite's closed day counted and stored; a second run finds it unchanged. */
export const storeStatisticsDay = Effect.fn("storeStatisticsDay")(function* (item: string) {
  const at = item.lastIndexOf("@")
  const worksiteId = item.slice(0, at)
  const day = item.slice(at + 1)
  const now = yield* (yield* Clock).now
  if (at <= 0 || !isDate(day) || !isClosed(day, now)) return "skipped" as StoreDayOutcome
  const [counted] = yield* (yield* StatisticsStore).counts([spanOf(day, now)], [worksiteId])
  const figures = figuresOf(counted?.counts ?? {}, (yield* StatisticsSettings).smsUnitCostFen)
  const written = yield* writeStatisticsDay(worksiteId, day, figures)
  return (written.outcome === "unchanged" ? "unchanged" : "stored") as StoreDayOutcome
})

// --- report links and site admins (the operator's) ---------------------------------------------------

export const CreateReportLinkOperation = operationKind("createReportLink",
  Schema.Struct({ worksiteId: Schema.NullOr(Schema.String), days: Schema.Int }), Schema.Struct({ id: Schema.String, expiresAt: Schema.String }))
export const RevokeReportLinkOperation = operationKind("revokeReportLink", Schema.Struct({ id: Schema.String }), Schema.Struct({ id: Schema.String }))
export const SetSiteAdminOperation = operationKind("setSiteAdmin",
  Schema.Struct({ phone: Schema.String, on: Schema.Boolean }), Schema.Struct({ employeeId: Schema.String, siteAdmin: Schema.Boolean }))

/** The worksite a command names, by id or site code. */
const siteNamed = Effect.fnUntraced(function* (ref: string) {
  const site = (yield* (yield* StatisticsStore).sites()).find((s) => s.id === ref || s.siteCode === ref)
  if (!site) return yield* new NotFound({ message: statisticsMessages.siteMissing })
  return site
})

/**
 * `station report-link create [--worksite] [--days]`: a key for one worksite (its site admin's view) or every one,
 * lasting `days`; answers the key's secret once, in the link to yesterday's report.
 */
export const createReportLink = Effect.fn("createReportLink")(function* (worksite: string | null, days: number) {
  const refusal = keyDaysRefusal(days)
  if (refusal) return yield* refusal
  const site = worksite === null ? null : yield* siteNamed(worksite)
  const now = yield* (yield* Clock).now
  const key = { id: yield* (yield* Ids).next, worksiteId: site?.id ?? null, createdBy: STATION_OPERATOR, createdAt: now, expiresAt: new Date(now.getTime() + days * DAY_MS) }
  const secret = yield* (yield* ReportKeys).create(key)
  yield* logOperation(CreateReportLinkOperation, STATION_OPERATOR, now, { worksiteId: key.worksiteId, days }, { id: key.id, expiresAt: key.expiresAt.toISOString() })
  return { key: { ...key, revokedAt: null } satisfies ReportKey, site, secret, path: reportLinkPath(addDays(todayAt(now), -1), secret) }
})

/** `station report-link list`: every key with its state now, newest first. */
export const reportLinks = Effect.fn("reportLinks")(function* () {
  const keys = yield* (yield* ReportKeys).list()
  const sites = yield* (yield* StatisticsStore).sites()
  const now = yield* (yield* Clock).now
  return keys.map((k) => ({ ...k, site: sites.find((s) => s.id === k.worksiteId) ?? null, state: reportKeyState(k, now) }))
})

/** `station report-link revoke <id>`: the key stops working at once; a second revoke is a conflict. */
export const revokeReportLink = Effect.fn("revokeReportLink")(function* (id: string) {
  const keys = yield* ReportKeys
  if (!(yield* keys.find(id))) return yield* new NotFound({ message: statisticsMessages.keyMissing })
  const now = yield* (yield* Clock).now
  if (!(yield* keys.revoke(id, now))) return yield* new StateConflict({ message: statisticsMessages.keyRevoked })
  yield* logOperation(RevokeReportLinkOperation, STATION_OPERATOR, now, { id }, { id })
  return (yield* keys.find(id))!
})

/** `station staff site-admin <phone> on|off`: the employee of that phone becomes a site admin of their worksite, or stops being one. */
export const setSiteAdmin = Effect.fn("setSiteAdmin")(function* (phone: string, on: boolean) {
  const employee = yield* (yield* EmployeeStore).findByPhone(phone.trim())
  if (!employee) return yield* new NotFound({ message: statisticsMessages.employeeMissing })
  const changed = yield* (yield* StatisticsStore).setSiteAdmin(employee.id, on)
  if (changed) yield* logOperation(SetSiteAdminOperation, STATION_OPERATOR, yield* (yield* Clock).now, { phone: employee.phone, on }, { employeeId: employee.id, siteAdmin: on })
  return { employee, siteAdmin: on, changed, bound: employee.openid !== null }
})
