/**
 * The year generator (bench/seed-year.ts) at a small scale on real Postgres: its database passes `station check`'s
 * invariants (wallets equal their ledgers, every paid order at an end or within its deadlines, trades reconciled, SMS
 * credit equal to its ledger), holds the sizes asked for, and its stored statistics are the live counts of its rows.
 */
import { afterAll, beforeAll, expect, it } from "vitest"
import pg from "pg"
import { checkInvariants } from "#adapters/ops/invariants"
import { openDatabase, type Database } from "#adapters/postgres/database"
import { seedYear, yearCounts } from "../../bench/seed-year"
import { YEAR_SITES, type YearSizes } from "../../bench/year-sql"
import { describeOnPostgres, scratchPostgres } from "../support/test-app"

describeOnPostgres("a year of a busy campus, at a small scale", () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>
  let database: Database
  let sizes: YearSizes
  const now = new Date()
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    try {
      return (await client.query<T>(text, values)).rows
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    scratch = await scratchPostgres()
    sizes = await seedYear(scratch.url, { scale: 0.005, now })
    database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 })
  }, 240_000)
  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  })

  it("passes every invariant station check reads", async () => {
    const broken = (await checkInvariants(database.db, now)).filter((r) => !r.ok)
    expect(broken).toEqual([])
  })

  it("holds about the sizes asked for, at four worksites, all before its end", async () => {
    const counts = await yearCounts(scratch.url)
    const [year] = await one<{ parcels: string; errands: string; sends: string; latest: Date; sites: string }>(`
      select (select count(*) from parcel where id like 'py-%') as parcels, (select count(*) from errand_order where id like 'ey-%') as errands,
        (select count(*) from send_order where id like 'sy-%') as sends, (select max(created_at) from parcel) as latest,
        (select count(distinct worksite_id) from parcel where id like 'py-%') as sites`)
    expect(Number(year!.parcels)).toBeGreaterThan(sizes.parcels * 0.95)
    expect(Number(year!.parcels)).toBeLessThan(sizes.parcels * 1.05)
    expect(Number(year!.errands)).toBeGreaterThan(sizes.errands * 0.7)
    expect(Number(year!.sends)).toBeGreaterThan(sizes.sendOrders * 0.9)
    expect(Number(year!.sites)).toBe(YEAR_SITES.length)
    expect(year!.latest.getTime()).toBeLessThan(now.getTime())
    const [future] = await one<{ n: string }>(`
      select (select count(*) from parcel where greatest(created_at, signed_at) > $1) + (select count(*) from ledger where created_at > $1)
        + (select count(*) from errand_order where greatest(created_at, accepted_at, finished_at) > $1)
        + (select count(*) from pay_trade where greatest(created_at, paid_at, refunded_at) > $1)
        + (select count(*) from send_order where greatest(created_at, sent_at) > $1) + (select count(*) from ops_log where at > $1)
        + (select count(*) from outbox where greatest(created_at, sent_at) > $1) as n`, [now])
    expect(Number(future!.n)).toBe(0)
    expect(counts.daily_statistics).toBeGreaterThanOrEqual(365 * YEAR_SITES.length)
    // every parcel's check-in and every hand-over is in the log
    const [log] = await one<{ n: string; handed: string }>(`
      select (select count(*) from ops_log where op in ('checkIn', 'takePart', 'returnParcel')) as n,
        (select count(*) from parcel where id like 'py-%') + (select count(*) from parcel where id like 'py-%' and status in (100, 400)) as handed`)
    expect(Number(log!.n)).toBe(Number(log!.handed))
  })

  it("gives 王强 the busy runner's errands, each credited to his wallet", async () => {
    const [runner] = await one<{ n: string; money: string; wallet: number }>(`
      select count(*) as n, sum(l.money) as money, (select money from wallet where user_id = 'u-runner') as wallet
      from ledger l where l.user_id = 'u-runner' and l.ref_type = 'runnerIncome' and l.ref_id like 'ey-%'`)
    expect(Number(runner!.n)).toBe(sizes.busyRunnerErrands)
    expect(runner!.wallet).toBeGreaterThanOrEqual(Number(runner!.money))
  })

  it("stores each closed day's statistics as the rows count them", async () => {
    const mismatches = await one(`
      select s.worksite_id, s.day, s.checked_in, coalesce(p.n, 0) as parcels from daily_statistics s
      left join (select worksite_id, (created_at at time zone 'Asia/Shanghai')::date as day, count(*) as n from parcel group by 1, 2) p
        on p.worksite_id = s.worksite_id and p.day = s.day
      where s.checked_in <> coalesce(p.n, 0)`)
    expect(mismatches).toEqual([])
    const [stored] = await one<{ checked: string; parcels: string }>(`
      select (select sum(checked_in) from daily_statistics) as checked,
        (select count(*) from parcel where (created_at at time zone 'Asia/Shanghai')::date < (now() at time zone 'Asia/Shanghai')::date) as parcels`)
    expect(Number(stored!.checked)).toBe(Number(stored!.parcels))
  })
})
