/**
 * The statistics' port over Postgres (migration 2026-11-28T0500-statistics): each figure of docs/statistics.md
 * counted set by set for a list of worksites and days in one statement, the stored days, site admins and report
 * keys. A day's events are those at or after its start and before its end (now, for today); the shelf is read as it
 * stood at the day's end.
 */
import { createHash, randomBytes } from "node:crypto"
import { Effect } from "effect"
import { sql, type Kysely, type RawBuilder, type Selectable } from "kysely"
import type { DaySpan } from "#src/statistics/days"
import { FIGURE_KEYS, type CountKey, type FigureKey, type Figures } from "#src/statistics/figures"
import type { ReportKey } from "#src/statistics/report-key"
import { ReportKeys, StatisticsStore, type SiteDayCounts, type StoredDay, type StoredTotal } from "#src/statistics/statistics-store"
import type { DB } from "../schema"
import { query } from "./query"

/** Each figure's column in `daily_statistics`. */
export const FIGURE_COLUMNS = {
  checkedIn: "checked_in", onShelf: "on_shelf", overdue: "overdue", handedOut: "handed_out", lockerOut: "locker_out", returned: "returned",
  sendings: "sendings", sendingIncome: "sending_income", doorDeliveries: "door_deliveries", doorPickups: "door_pickups", errandsPaid: "errands_paid",
  errandsCompleted: "errands_completed", errandIncome: "errand_income", newFollowers: "new_followers", newBindings: "new_bindings",
  verifications: "verifications", runners: "runners", smsCount: "sms_count", smsCost: "sms_cost"
} as const satisfies { readonly [K in FigureKey]: keyof DB["daily_statistics"] }

/** Parcel statuses at the station: waiting (0, 1), on an errand not yet collected (2, 3, 4), due for return (300). */
const ON_SHELF = sql.raw("0, 1, 2, 3, 4, 300")
/** Statuses a parcel reaches by a hand-over that stamps `signed_at`: collected by a runner (5, then 6), signed (100). */
const HANDED_OVER = sql.raw("5, 6, 100")

type Row = { day: string; worksite_id: string; figure: CountKey; n: string | number }

/**
 * One statement: per day of `d` and worksite, each figure's count (or fen). `d` holds the days as
 * (day, day_from, day_end); `sites` the worksites counted.
 */
const countStatement = (days: ReadonlyArray<DaySpan>, worksiteIds: ReadonlyArray<string>) => {
  // a VALUES list, not a JSON record set: the planner then knows how many days there are (one, for today's live
  // count) and reads each table through its index on the day's range instead of hashing all of it (a year: 5 s → ms)
  const spans = sql.join(days.map((d) => sql`(${d.day}::text, ${d.from.toISOString()}::timestamptz, ${d.end.toISOString()}::timestamptz)`))
  const sites = sql.join(worksiteIds)
  // the days' whole span as constants beside each day's own range: the planner then sees how many rows a range holds
  // (a day of a year's log, not a third of it) and takes the index for it
  const from = sql.lit(new Date(Math.min(...days.map((d) => d.from.getTime()))).toISOString())
  const end = sql.lit(new Date(Math.max(...days.map((d) => d.end.getTime()))).toISOString())
  const firstEnd = sql.lit(new Date(Math.min(...days.map((d) => d.end.getTime()))).toISOString())
  const within = (column: RawBuilder<unknown>) =>
    sql`${column} >= d.day_from and ${column} < d.day_end and ${column} >= ${from}::timestamptz and ${column} < ${end}::timestamptz`
  const figure = (name: CountKey) => sql.lit(name)
  const parts: ReadonlyArray<RawBuilder<unknown>> = [
    // parcels checked in
    sql`select d.day, p.worksite_id, ${figure("checkedIn")} as figure, count(*) as n
      from d join parcel p on ${within(sql`p.created_at`)} where p.worksite_id in (${sites}) group by 1, 2`,
    // hand-overs at the counter (receiver, friend, runner) and self-signs; locker openings; returns to the courier: from the operations log
    sql`select d.day, p.worksite_id,
        case o.op when 'openBox' then ${figure("lockerOut")} when 'returnParcel' then ${figure("returned")} else ${figure("handedOut")} end as figure, count(*) as n
      from d join ops_log o on o.op in ('takePart', 'selfSign', 'openBox', 'returnParcel') and ${within(sql`o.at`)}
      join parcel p on p.id = o.outcome->>'id' where p.worksite_id in (${sites}) group by 1, 2, 3`,
    // the shelf at each day's end, and those on it past the worksite's free hours
    sql`select d.day, s.worksite_id, ${figure("onShelf")} as figure, count(*) as n
      from d join shelf s on s.created_at < d.day_end and (s.left_at is null or s.left_at >= d.day_end) group by 1, 2`,
    sql`select d.day, s.worksite_id, ${figure("overdue")} as figure, count(*) as n
      from d join shelf s on s.created_at < d.day_end - s.keep_free_hours * interval '1 hour' and (s.left_at is null or s.left_at >= d.day_end) group by 1, 2`,
    // sendings booked; their freight and insurance paid (the freight trades paid that day)
    sql`select d.day, s.worksite_id, ${figure("sendings")} as figure, count(*) as n
      from d join send_order s on ${within(sql`s.created_at`)} where s.worksite_id in (${sites}) group by 1, 2`,
    sql`select d.day, s.worksite_id, ${figure("sendingIncome")} as figure, sum(t.amount_fen) as n
      from d join pay_trade t on t.kind = 'freight' and ${within(sql`t.paid_at`)} join send_order s on s.id = t.ref_id
      where s.worksite_id in (${sites}) group by 1, 2`,
    // door deliveries (errand type 1) and door pickups (type 2) ordered
    sql`select d.day, e.worksite_id, case e.type when 1 then ${figure("doorDeliveries")} else ${figure("doorPickups")} end as figure, count(*) as n
      from d join errand_order e on e.type in (1, 2) and ${within(sql`e.created_at`)} where e.worksite_id in (${sites}) group by 1, 2, 3`,
    // errands paid (their errand trade paid that day)
    sql`select d.day, e.worksite_id, ${figure("errandsPaid")} as figure, count(distinct e.id) as n
      from d join pay_trade t on t.kind = 'errand' and ${within(sql`t.paid_at`)} join errand_order e on e.id = t.ref_id
      where e.worksite_id in (${sites}) group by 1, 2`,
    // errands completed, and the money kept of those that ended (completed or cancelled) that day
    sql`select d.day, e.worksite_id, ${figure("errandsCompleted")} as figure, count(*) as n
      from d join errand_order e on e.status = 100 and ${within(sql`e.finished_at`)} where e.worksite_id in (${sites}) group by 1, 2`,
    sql`select d.day, e.worksite_id, ${figure("errandIncome")} as figure, sum(e.paid - e.refunded) as n
      from d join errand_order e on e.status in (4, 100) and ${within(sql`e.finished_at`)} where e.worksite_id in (${sites}) group by 1, 2`,
    // people: new followers, new bindings, verifications passed, runners approved (counted at their worksite now)
    sql`select d.day, u.worksite_id, ${figure("newFollowers")} as figure, count(*) as n
      from d join app_user u on ${within(sql`coalesce(u.subscribe_time, u.created_at)`)} where u.worksite_id in (${sites}) group by 1, 2`,
    sql`select d.day, u.worksite_id, ${figure("newBindings")} as figure, count(*) as n
      from d join app_user u on ${within(sql`u.worksite_bound_at`)} where u.worksite_id in (${sites}) group by 1, 2`,
    sql`select d.day, u.worksite_id, ${figure("verifications")} as figure, count(*) as n
      from d join app_user u on ${within(sql`u.auth_passed_at`)} where u.worksite_id in (${sites}) group by 1, 2`,
    sql`select d.day, u.worksite_id, ${figure("runners")} as figure, count(*) as n
      from d join app_user u on ${within(sql`u.paotui_joined_at`)} where u.worksite_id in (${sites}) group by 1, 2`,
    // parcel-notice SMS sent: marked sent and paid with one of the worksite's credit (a replay's silenced rows took none)
    sql`select d.day, o.worksite_id, ${figure("smsCount")} as figure, count(*) as n
      from d join outbox o on o.channel = 'sms' and ${within(sql`o.sent_at`)}
      where o.worksite_id in (${sites}) and exists (select 1 from sms_credit_ledger l where l.outbox_id = o.id and l.reason = 'sms') group by 1, 2`
  ]
  return sql<Row>`
    with d as (select * from (values ${spans}) as x(day, day_from, day_end)),
    returned as (
      select o.outcome->>'id' as id, max(o.at) as at from ops_log o
      where o.op = 'returnParcel' and o.at >= ${firstEnd}::timestamptz group by 1
    ),
    -- on the shelf at some day's end: still there, handed over after the first day's end, or returned after it (three
    -- disjoint sets, each read through its own index: the active tags, the hand-overs by time, the returns in the log)
    shelf as (
      select p.worksite_id, p.created_at, w.keep_free_hours, null::timestamptz as left_at
      from parcel p join worksite w on w.id = p.worksite_id
      where p.worksite_id in (${sites}) and p.status in (${ON_SHELF}) and p.created_at < ${end}::timestamptz
      union all
      select p.worksite_id, p.created_at, w.keep_free_hours, p.signed_at
      from parcel p join worksite w on w.id = p.worksite_id
      where p.worksite_id in (${sites}) and p.status in (${HANDED_OVER}) and p.signed_at >= ${firstEnd}::timestamptz and p.created_at < ${end}::timestamptz
      union all
      select p.worksite_id, p.created_at, w.keep_free_hours, r.at
      from returned r join parcel p on p.id = r.id join worksite w on w.id = p.worksite_id
      where p.worksite_id in (${sites}) and p.status = 400 and p.created_at < ${end}::timestamptz
    )
    ${sql.join(parts, sql` union all `)}`
}

const toStoredDay = (r: Selectable<DB["daily_statistics"]> & { day_text: string }): StoredDay => ({
  id: r.id, worksiteId: r.worksite_id, day: r.day_text, computedAt: new Date(r.computed_at),
  figures: Object.fromEntries(FIGURE_KEYS.map((k) => [k, Number(r[FIGURE_COLUMNS[k]])])) as unknown as Figures
})

export const statisticsStore = (db: Kysely<DB>) => {
  const stored = () => db.selectFrom("daily_statistics").selectAll().select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day_text"))
  return StatisticsStore.of({
    sites: () =>
      query(() => db.selectFrom("worksite").select(["id", "short_name", "site_code", "full_name"]).orderBy("site_code").execute())
        .pipe(Effect.map((rows) => rows.map((r) => ({ id: r.id, name: r.short_name, siteCode: r.site_code, fullName: r.full_name })))),
    counts: (days, worksiteIds) =>
      days.length === 0 || worksiteIds.length === 0 ? Effect.succeed([]) :
      query(() => countStatement(days, worksiteIds).execute(db)).pipe(Effect.map(({ rows }) => {
        const by = new Map<string, { worksiteId: string; day: string; counts: Partial<Record<CountKey, number>> }>()
        for (const r of rows) {
          const k = `${r.worksite_id} ${r.day}`
          const entry = by.get(k) ?? { worksiteId: r.worksite_id, day: r.day, counts: {} }
          entry.counts[r.figure] = (entry.counts[r.figure] ?? 0) + Number(r.n ?? 0)
          by.set(k, entry)
        }
        return [...by.values()] satisfies ReadonlyArray<SiteDayCounts>
      })),
    population: (worksiteIds) =>
      worksiteIds.length === 0 ? Effect.succeed(new Map()) :
      query(() => db.selectFrom("app_user").select(["worksite_id", sql<string>`count(*)`.as("bound"), sql<string>`count(*) filter (where not subscribe)`.as("unsubscribed")])
        .where("worksite_id", "in", [...worksiteIds]).groupBy("worksite_id").execute())
        .pipe(Effect.map((rows) => new Map(rows.map((r) => [r.worksite_id!, { bound: Number(r.bound), unsubscribed: Number(r.unsubscribed) }])))),
    unboundFollowers: () =>
      query(() => db.selectFrom("app_user").select(sql<string>`count(*)`.as("n")).where("subscribe", "=", true).where("worksite_id", "is", null).executeTakeFirstOrThrow())
        .pipe(Effect.map((r) => Number(r.n))),
    storedDays: (worksiteIds, from, to) =>
      worksiteIds.length === 0 ? Effect.succeed([]) :
      query(() => stored().where("worksite_id", "in", [...worksiteIds]).where(sql<boolean>`day >= ${from}::date and day < ${to}::date`)
        .orderBy("day").orderBy("worksite_id").execute()).pipe(Effect.map((rows) => rows.map(toStoredDay))),
    storedTotals: (worksiteIds, from, to) =>
      worksiteIds.length === 0 ? Effect.succeed([]) :
      query(() => db.selectFrom("daily_statistics").select("worksite_id")
        .select(FIGURE_KEYS.map((k) => sql<string>`sum(${sql.ref(FIGURE_COLUMNS[k])})`.as(k)))
        .select(sql<string>`string_agg(to_char(day, 'YYYY-MM-DD'), ',' order by day)`.as("days"))
        .where("worksite_id", "in", [...worksiteIds]).where(sql<boolean>`day >= ${from}::date and day < ${to}::date`)
        .groupBy("worksite_id").orderBy("worksite_id").execute())
        .pipe(Effect.map((rows) => rows.map((r): StoredTotal => ({
          worksiteId: r.worksite_id,
          figures: Object.fromEntries(FIGURE_KEYS.map((k) => [k, Number((r as unknown as Record<FigureKey, string>)[k])])) as unknown as Figures,
          days: r.days.split(",")
        })))),
    storedDay: (id) => query(() => stored().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toStoredDay(r))),
    storeDay: (d) =>
      query(async () => {
        const figures = Object.fromEntries(FIGURE_KEYS.map((k) => [FIGURE_COLUMNS[k], d.figures[k]])) as { [K in FigureKey as (typeof FIGURE_COLUMNS)[K]]: number }
        const columns = FIGURE_KEYS.map((k) => sql.ref(`daily_statistics.${FIGURE_COLUMNS[k]}`))
        const incoming = FIGURE_KEYS.map((k) => sql.ref(`excluded.${FIGURE_COLUMNS[k]}`))
        const written = await db.insertInto("daily_statistics").values({ id: d.id, worksite_id: d.worksiteId, day: d.day, ...figures, computed_at: d.computedAt })
          .onConflict((oc) => oc.columns(["worksite_id", "day"])
            .doUpdateSet({ ...figures, computed_at: d.computedAt })
            .where(sql<boolean>`(${sql.join(columns)}) is distinct from (${sql.join(incoming)})`))
          .returning("id").executeTakeFirst()
        if (!written) {
          const kept = await db.selectFrom("daily_statistics").select("id").where("worksite_id", "=", d.worksiteId).where(sql<boolean>`day = ${d.day}::date`).executeTakeFirstOrThrow()
          return { id: kept.id, outcome: "unchanged" as const }
        }
        return { id: written.id, outcome: written.id === d.id ? ("inserted" as const) : ("updated" as const) }
      }),
    siteAdminOf: (openid) =>
      query(() => db.selectFrom("employee").select("worksite_id").where("site_admin", "=", true)
        .where((eb) => eb.or([
          eb("openid", "=", openid),
          // the same person signed in through another of the platform's apps (spec 001 §5: found by openid or unionid)
          eb("openid", "in", eb.selectFrom("app_user as bound").innerJoin("app_user as caller", "caller.unionid", "bound.unionid")
            .select("bound.openid").where("caller.openid", "=", openid).where("caller.unionid", "is not", null))
        ]))
        .orderBy("id").executeTakeFirst()).pipe(Effect.map((r) => r?.worksite_id)),
    setSiteAdmin: (employeeId, on) =>
      query(() => db.updateTable("employee").set({ site_admin: on }).where("id", "=", employeeId).where("site_admin", "<>", on).executeTakeFirst())
        .pipe(Effect.map((r) => r.numUpdatedRows === 1n))
  })
}

/** A report key as stored: only its SHA-256, never the key. */
export const reportKeyHash = (key: string) => createHash("sha256").update(key).digest("base64url")

const toReportKey = (r: Selectable<DB["report_key"]>): ReportKey => ({
  id: r.id, worksiteId: r.worksite_id, createdBy: r.created_by, createdAt: new Date(r.created_at), expiresAt: new Date(r.expires_at),
  revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at)
})

export const reportKeys = (db: Kysely<DB>) => ReportKeys.of({
  create: (k) =>
    query(async () => {
      const key = randomBytes(32).toString("base64url")
      await db.insertInto("report_key").values({
        id: k.id, key_hash: reportKeyHash(key), worksite_id: k.worksiteId, created_by: k.createdBy, created_at: k.createdAt, expires_at: k.expiresAt
      }).execute()
      return key
    }),
  list: () => query(() => db.selectFrom("report_key").selectAll().orderBy("created_at", "desc").orderBy("id").execute()).pipe(Effect.map((rows) => rows.map(toReportKey))),
  find: (id) => query(() => db.selectFrom("report_key").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toReportKey(r))),
  revoke: (id, at) =>
    query(() => db.updateTable("report_key").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n))
})

/** The scope of a report key sent as a bearer, if it is one that works now (not revoked, not expired): looked up every time, so a revoke counts at once. */
export const resolveReportKey = async (db: Kysely<DB>, key: string, now: Date): Promise<{ readonly id: string; readonly worksiteId: string | null } | undefined> => {
  if (!/^[A-Za-z0-9_-]{43}$/.test(key)) return undefined
  const row = await db.selectFrom("report_key").select(["id", "worksite_id"]).where("key_hash", "=", reportKeyHash(key))
    .where("revoked_at", "is", null).where("expires_at", ">", now).executeTakeFirst()
  return row && { id: row.id, worksiteId: row.worksite_id }
}
