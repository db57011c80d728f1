/** The statistics' ports: the records counted per worksite and day, the stored days, site admins, report keys and settings. */
import { Context, Effect } from "effect"
import type { DaySpan } from "./days"
import type { Counts, Figures, Population, StatisticsSite } from "./figures"
import type { ReportKey } from "./report-key"

/** What the store counted for one worksite on one day (a figure it found nothing for is left out). */
export interface SiteDayCounts {
  readonly worksiteId: string
  readonly day: string
  readonly counts: Partial<Counts>
}

/** A worksite's closed day as the `daily-statistics` job stored it. */
export interface StoredDay {
  readonly id: string
  readonly worksiteId: string
  readonly day: string
  readonly figures: Figures
  /** When its figures were last written (a run that found them the same leaves it). */
  readonly computedAt: Date
}

/** A worksite's stored days of a range summed: the figures added up, and which days they are. */
export interface StoredTotal {
  readonly worksiteId: string
  readonly figures: Figures
  readonly days: ReadonlyArray<string>
}

export type StoreOutcome = "inserted" | "updated" | "unchanged"

export class StatisticsStore extends Context.Service<StatisticsStore, {
  /** Every worksite, by site code. */
  sites(): Effect.Effect<ReadonlyArray<StatisticsSite>>
  /** The figures of these worksites on these days, counted from the records, set by set. */
  counts(days: ReadonlyArray<DaySpan>, worksiteIds: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<SiteDayCounts>>
  /** Who is bound to each of these worksites now. */
  population(worksiteIds: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, Population>>
  /** Followers of the official account bound to no worksite. */
  unboundFollowers(): Effect.Effect<number>
  /** The stored days of these worksites from `from` (inclusive) to `to` (exclusive). */
  storedDays(worksiteIds: ReadonlyArray<string>, from: string, to: string): Effect.Effect<ReadonlyArray<StoredDay>>
  /** The stored days of these worksites from `from` (inclusive) to `to` (exclusive), summed per worksite (a worksite with none is left out). */
  storedTotals(worksiteIds: ReadonlyArray<string>, from: string, to: string): Effect.Effect<ReadonlyArray<StoredTotal>>
  storedDay(id: string): Effect.Effect<StoredDay | undefined>
  /** Writes a worksite's day (one per worksite and day: an existing one keeps its id); unchanged when its figures were these already. */
  storeDay(day: StoredDay): Effect.Effect<{ readonly id: string; readonly outcome: StoreOutcome }>
  /** The worksite this openid is a site admin of (a bound employee with `site_admin`), if any. */
  siteAdminOf(openid: string): Effect.Effect<string | undefined>
  /** Makes the employee a site admin or not; false when it already was so. */
  setSiteAdmin(employeeId: string, on: boolean): Effect.Effect<boolean>
}>()("station/StatisticsStore") {}

/** Report keys: made with their secret (handed out once, kept only hashed), listed, revoked. */
export class ReportKeys extends Context.Service<ReportKeys, {
  /** Stores the key and answers its secret, which is never stored. */
  create(key: Omit<ReportKey, "revokedAt">): Effect.Effect<string>
  list(): Effect.Effect<ReadonlyArray<ReportKey>>
  find(id: string): Effect.Effect<ReportKey | undefined>
  /** Revokes it if it is not yet; false when it already was. */
  revoke(id: string, at: Date): Effect.Effect<boolean>
}>()("station/ReportKeys") {}

/** The statistics' configuration. */
export class StatisticsSettings extends Context.Service<StatisticsSettings, {
  /** What one SMS of a worksite costs, in fen (SMS_UNIT_COST_FEN, default 4). */
  readonly smsUnitCostFen: number
}>()("station/StatisticsSettings") {}
