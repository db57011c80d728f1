/**
 * The statistics' model test (issue 20 "Proof"): random parcel, sending, errand, sign-up and SMS records of two new
 * worksites, at times around the Asia/Shanghai midnights of the last four days (to the millisecond on either side),
 * written straight into the tables the store counts from. A small model counts each figure per worksite and day from
 * the same events; the live figures equal it for every day; the `daily-statistics` job stores the last two closed
 * days with exactly those figures (a stored day equals its live count); a second run changes nothing and logs
 * nothing; `/tongji`'s rows and the daily report compose the same figures. On PGlite, and on real Postgres when
 * TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUser, createWorksite } from "#adapters/postgres/seed"
import { jobNamed } from "#adapters/scheduler/jobs"
import type { Actor } from "#src/shared/actor"
import { shanghaiDay, startOfShanghaiDay } from "#src/shared/time"
import { addDays, datesBetween, spanOf, todayAt } from "#src/statistics/days"
import { COUNT_KEYS, figuresOf, sumFigures, type Counts, type CountKey, type Figures } from "#src/statistics/figures"
import { StatisticsStore } from "#src/statistics/statistics-store"
import { dailyStatistics, figuresOfDays, tongji } from "#src/statistics/use-cases"
import { backends, startTestApp, valueOf, type TestApp } from "../support/test-app"

const HOUR = 3_600_000
/** A few minutes into today: yesterday and the day before are the closed days the job stores. */
const NOW = new Date(startOfShanghaiDay(new Date()).getTime() + 5 * 60_000)
const TODAY = todayAt(NOW)
const DAYS = datesBetween(addDays(TODAY, -3), addDays(TODAY, 1))
const MIDNIGHTS = DAYS.slice(1).map((d) => shanghaiDay(d)!.from.getTime())
const EARLIEST = shanghaiDay(DAYS[0]!)!.from.getTime()
const SMS_UNIT = 4
/** The free hours of the two worksites of a run: the usual 48, and 2 so that some parcels are past them within the days seen. */
const FREE_HOURS = [48, 2] as const
const HEAD_OFFICE: Actor = { userId: "u-admin", openid: "demo-admin", role: "admin" }

const clamp = (t: number) => new Date(Math.min(NOW.getTime() - 1, Math.max(EARLIEST, t)))
/** An instant near one of the midnights: exactly on it, a millisecond either side, or within three hours. */
const instant = fc.tuple(fc.constantFrom(...MIDNIGHTS), fc.oneof({ arbitrary: fc.constantFrom(0, -1, 1), weight: 2 }, { arbitrary: fc.integer({ min: -3 * HOUR, max: 3 * HOUR }), weight: 1 }))
  .map(([m, d]) => clamp(m + d))
const after = fc.oneof(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 40 * HOUR }))
const later = (t: Date, d: number) => clamp(t.getTime() + d)
const site = fc.constantFrom(0, 1)

type Fate = { readonly kind: "shelf"; readonly status: number } | { readonly kind: "takePart" | "selfSign" | "openBox" | "runner" | "returned"; readonly after: number; readonly status: number }
const parcel = fc.record({
  site, at: instant,
  fate: fc.oneof(
    fc.record({ kind: fc.constant("shelf" as const), status: fc.constantFrom(0, 1, 2, 3, 4, 300) }),
    fc.record({ kind: fc.constantFrom("takePart" as const, "selfSign" as const, "openBox" as const), after, status: fc.constant(100) }),
    fc.record({ kind: fc.constant("runner" as const), after, status: fc.constantFrom(5, 6, 100) }),
    fc.record({ kind: fc.constant("returned" as const), after, status: fc.constant(400) })
  ) as fc.Arbitrary<Fate>
})
const payment = fc.option(fc.record({ after, amount: fc.integer({ min: 1, max: 500 }) }), { nil: undefined })
const sending = fc.record({ site, at: instant, paid: payment })
const errand = fc.record({
  site, type: fc.constantFrom(1, 2, 3), at: instant, paid: payment,
  end: fc.option(fc.record({ after, status: fc.constantFrom(4, 100), refunded: fc.integer({ min: 0, max: 100 }) }), { nil: undefined })
})
const person = fc.record({
  site: fc.constantFrom(0, 1, null), at: instant, following: fc.boolean(),
  bound: fc.option(after, { nil: undefined }), passed: fc.option(after, { nil: undefined }), joined: fc.option(after, { nil: undefined })
})
const mostly = fc.constantFrom(true, true, true, false)
const sms = fc.record({ site, at: instant, sent: mostly, credited: mostly })
const world = fc.record({
  parcels: fc.array(parcel, { maxLength: 14 }), sendings: fc.array(sending, { maxLength: 5 }), errands: fc.array(errand, { maxLength: 6 }),
  people: fc.array(person, { maxLength: 6 }), sms: fc.array(sms, { maxLength: 6 })
})
type World = typeof world extends fc.Arbitrary<infer W> ? W : never

/** The model: each figure of a worksite (0 or 1) on a day, counted from the events as docs/statistics.md defines it. */
const modelCounts = (w: World, s: number, day: string): Counts => {
  const { from, end } = spanOf(day, NOW)
  const within = (t: Date | undefined) => t !== undefined && t >= from && t < end
  const leftAt = (p: World["parcels"][number]) => (p.fate.kind === "shelf" ? undefined : later(p.at, p.fate.after))
  const parcels = w.parcels.filter((p) => p.site === s)
  const onShelf = parcels.filter((p) => p.at < end && (leftAt(p) === undefined || leftAt(p)! >= end))
  const errands = w.errands.filter((e) => e.site === s)
  const paidAt = (x: { at: Date; paid?: { after: number } | undefined }) => (x.paid ? later(x.at, x.paid.after) : undefined)
  const endAt = (e: World["errands"][number]) => (e.end ? later(e.at, e.end.after) : undefined)
  const paidOf = (e: World["errands"][number]) => e.paid?.amount ?? 0
  const refundedOf = (e: World["errands"][number]) => Math.min(paidOf(e), e.end?.refunded ?? 0)
  const people = w.people.filter((p) => p.site === s)
  const at = (p: World["people"][number], d: number | undefined) => (d === undefined ? undefined : later(p.at, d))
  const count = (xs: ReadonlyArray<unknown>) => xs.length
  return {
    checkedIn: count(parcels.filter((p) => within(p.at))),
    onShelf: count(onShelf),
    overdue: count(onShelf.filter((p) => p.at.getTime() < end.getTime() - FREE_HOURS[s]! * HOUR)),
    handedOut: count(parcels.filter((p) => ["takePart", "selfSign", "runner"].includes(p.fate.kind) && within(leftAt(p)))),
    lockerOut: count(parcels.filter((p) => p.fate.kind === "openBox" && within(leftAt(p)))),
    returned: count(parcels.filter((p) => p.fate.kind === "returned" && within(leftAt(p)))),
    sendings: count(w.sendings.filter((x) => x.site === s && within(x.at))),
    sendingIncome: w.sendings.filter((x) => x.site === s && within(paidAt(x))).reduce((sum, x) => sum + x.paid!.amount, 0),
    doorDeliveries: count(errands.filter((e) => e.type === 1 && within(e.at))),
    doorPickups: count(errands.filter((e) => e.type === 2 && within(e.at))),
    errandsPaid: count(errands.filter((e) => within(paidAt(e)))),
    errandsCompleted: count(errands.filter((e) => e.end?.status === 100 && within(endAt(e)))),
    errandIncome: errands.filter((e) => within(endAt(e))).reduce((sum, e) => sum + paidOf(e) - refundedOf(e), 0),
    newFollowers: count(people.filter((p) => within(p.at))),
    newBindings: count(people.filter((p) => within(at(p, p.bound)))),
    verifications: count(people.filter((p) => within(at(p, p.passed)))),
    runners: count(people.filter((p) => within(at(p, p.joined)))),
    smsCount: count(w.sms.filter((m) => m.site === s && m.sent && m.credited && within(m.at)))
  }
}

let phones = 0
const phone = () => `16${String(process.pid % 1000).padStart(3, "0")}${String(++phones).padStart(6, "0")}`

/** Writes the world's records for two new worksites; answers their ids. */
const write = async (t: TestApp, w: World): Promise<readonly [string, string]> => {
  const run = randomUUID().slice(0, 8)
  const sites = [`ws-m${run}a`, `ws-m${run}b`] as const
  const employees: Array<string> = []
  for (const [i, id] of sites.entries()) {
    await createWorksite(t.db, {
      id, site_code: `M${run}${i}`, short_name: `模型${i}`, school_campus: "", name_zh: `模型站${i}`, sms_able: true, service_begin: "08:00",
      service_end: "21:00", service_phone: "020-1", express_companies: ["ec-sf"], keep_free_hours: FREE_HOURS[i]!
    })
    const employee = `e-m${run}${i}`
    await t.db.insertInto("employee").values({ id: employee, phone: phone(), name_zh: "模型", password_hash: "x", worksite_id: id, openid: null, user_id: null }).execute()
    employees.push(employee)
  }
  const op = (name: string, at: Date, id: string, status: number) =>
    t.db.insertInto("ops_log").values({ op: name, actor_openid: "it-model", at, input: "{}", outcome: JSON.stringify({ id, status }) }).execute()
  for (const [i, p] of w.parcels.entries()) {
    const id = `p-${run}-${i}`
    const left = p.fate.kind === "shelf" ? undefined : later(p.at, p.fate.after)
    await t.db.insertInto("parcel").values({
      id, worksite_id: sites[p.site]!, express_company_id: "ec-sf", express_company_name: "顺丰速运", express_no: `M${run}${i}`, storage_no: "A-01",
      tag: i + 1, weight_id: "wf-1", receiver: "模型", receiver_phone: "13800000001", status: p.fate.status, created_at: p.at,
      checked_in_by: employees[p.site]!, safekeep_paid: 0, receiver_id: null, receiver_openid: null, agent_openid: null, paotui_openid: null, sign_openid: null, agent_id: null, agent: null, agent_phone: null, device_address: null, box_door: null, box_opened_at: null, signed_at: left && p.fate.kind !== "returned" ? left : null
    }).execute()
    if (left) {
      const name = p.fate.kind === "runner" ? "takePart" : p.fate.kind === "returned" ? "returnParcel" : p.fate.kind
      await op(name, left, id, p.fate.kind === "runner" ? 5 : p.fate.status)
    }
  }
  const trade = (kind: string, ref: string, at: Date, amount: number) => t.db.insertInto("pay_trade").values({
    trade_no: `T${randomUUID()}`, kind, ref_id: ref, user_id: "u-student", amount_fen: amount, status: "paid", prepay_id: null, provider_ref: "it-model",
    created_at: at, expires_at: new Date(at.getTime() + 30 * 60_000), paid_at: at
  }).execute()
  for (const [i, s] of w.sendings.entries()) {
    const id = `so-${run}-${i}`
    await t.db.insertInto("send_order").values({
      id, order_no: `SO${run}${i}`, status: 0, worksite_id: sites[s.site]!, sender_id: "u-student", sender: "{}", receiver: "{}", goods_name: "书",
      goods_count: 1, created_at: s.at
    }).execute()
    if (s.paid) await trade("freight", id, later(s.at, s.paid.after), s.paid.amount)
  }
  for (const [i, e] of w.errands.entries()) {
    const id = `eo-${run}-${i}`
    const paid = e.paid?.amount ?? 0
    const refunded = Math.min(paid, e.end?.refunded ?? 0)
    await t.db.insertInto("errand_order").values({
      id, order_no: `EO${run}${i}`, type: e.type, status: e.end?.status ?? (e.paid ? 0 : -1), worksite_id: sites[e.site]!, openid: "demo-student",
      goods_class: 1, fee: 500, pay_fee: paid, paid, refunded: e.end ? refunded : 0, runner_income: e.end ? paid - refunded : 0,
      require_arrive_time: e.at, created_at: e.at, finished_at: e.end ? later(e.at, e.end.after) : null
    }).execute()
    if (e.paid) await trade("errand", id, later(e.at, e.paid.after), paid)
  }
  for (const [i, p] of w.people.entries()) {
    const at = (d: number | undefined) => (d === undefined ? null : later(p.at, d))
    await createUser(t.db, {
      id: `u-${run}-${i}`, openid: `it-m${run}${i}`, nickname: "模型", realname: null, phone_main: null, worksite_id: p.site === null ? null : sites[p.site]!,
      subscribe: p.following, subscribe_time: p.at, created_at: p.at, worksite_bound_at: at(p.bound), auth_passed_at: at(p.passed),
      paotui_joined_at: at(p.joined), auth_status: p.passed === undefined ? -1 : 1, paotui_status: p.joined === undefined ? -1 : 1
    })
  }
  for (const m of w.sms) {
    const row = await t.db.insertInto("outbox").values({
      channel: "sms", recipient: "13800000001", template: "parcelArrived", params: "{}", created_at: m.at, sent_at: m.sent ? m.at : null, worksite_id: sites[m.site]!
    }).returning("id").executeTakeFirstOrThrow()
    if (m.sent && m.credited) {
      await t.db.insertInto("sms_credit_ledger").values({ worksite_id: sites[m.site]!, change: -1, reason: "sms", outbox_id: String(row.id), at: m.at }).execute()
    }
  }
  return sites
}

const figures = (w: World, s: number, day: string): Figures => figuresOf(modelCounts(w, s, day), SMS_UNIT)

for (const backend of backends) describe(`statistics model [${backend}]`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(backend, { clock: () => NOW })
  })
  afterAll(async () => { await t?.close() })

  const job = jobNamed("daily-statistics")!
  const storedRows = (ids: ReadonlyArray<string>) =>
    t.db.selectFrom("daily_statistics").selectAll().select((eb) => eb.fn<string>("to_char", [eb.ref("day"), eb.val("YYYY-MM-DD")]).as("day_text"))
      .where("worksite_id", "in", [...ids]).orderBy("worksite_id").orderBy("day").execute()
  const logged = async () => Number((await t.db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).where("op", "=", "storeDailyStatistics").executeTakeFirstOrThrow()).n)

  it("counts each figure per worksite and day as the model does; the job stores the closed days as counted, and twice is once", async () => {
    await fc.assert(fc.asyncProperty(world, async (w) => {
      const ids = await write(t, w)
      const expected = DAYS.flatMap((day) => ids.map((worksiteId, s) => ({ worksiteId, day, figures: figures(w, s, day) })))

      const live = valueOf(await t.runtime.read(figuresOfDays(ids, DAYS)))
      expect(live.map(({ worksiteId, day, figures: f, record }) => ({ worksiteId, day, figures: f, record }))).toEqual(expected.map((e) => ({ ...e, record: null })))

      const first = await job.run(t.runtime, NOW)
      expect(first).toMatchObject({ failed: 0, skipped: 0 })
      const rows = await storedRows(ids)
      expect(rows.map((r) => [r.worksite_id, r.day_text])).toEqual(ids.flatMap((id) => DAYS.slice(1, 3).map((d) => [id, d])))
      const stored = valueOf(await t.runtime.read(figuresOfDays(ids, DAYS)))
      expect(stored.map((d) => d.figures)).toEqual(expected.map((e) => e.figures))
      expect(stored.map((d) => d.record !== null)).toEqual(DAYS.flatMap((day) => ids.map(() => day === DAYS[1] || day === DAYS[2])))
      // a stored day equals its live count
      const recount = valueOf(await t.runtime.read(StatisticsStore.use((s) => s.counts(DAYS.slice(1, 3).map((d) => spanOf(d, NOW)), ids))))
      for (const r of stored.filter((d) => d.record !== null)) {
        const counted = recount.find((c) => c.worksiteId === r.worksiteId && c.day === r.day)?.counts ?? {}
        expect(figuresOf(counted, SMS_UNIT)).toEqual(r.figures)
      }

      const before = await logged()
      const second = await job.run(t.runtime, NOW)
      expect(second).toMatchObject({ stored: 0, failed: 0, skipped: 0 })
      expect(await logged()).toBe(before)
      expect(await storedRows(ids)).toEqual(rows)

      // /tongji's rows over the four days, and a closed day's report, from the same figures
      const range = valueOf(await t.runtime.read(tongji(HEAD_OFFICE, ids[1], DAYS[0], addDays(TODAY, 1))))
      const sum = sumFigures(DAYS.map((d) => figures(w, 1, d)))
      const bound = w.people.filter((p) => p.site === 1)
      expect(range).toEqual([{
        _id: ids[1], name: "模型1", bindCount: bound.length, newBindCount: sum.newBindings, unSubscribeCount: bound.filter((p) => !p.following).length,
        liveOrderCount: sum.handedOut + sum.lockerOut, expessCount: sum.checkedIn, smsCount: sum.smsCount, paotuiCount: sum.errandsPaid
      }])
      const report = valueOf(await t.runtime.read(dailyStatistics({ actor: HEAD_OFFICE }, DAYS[2])))
      const lines = (type: number) => report.find((b) => b.type === type)!.detail.filter((l) => ids.includes(l.worksite))
      const day = ids.map((_, s) => figures(w, s, DAYS[2]!))
      expect(lines(1).map((l) => l.count)).toEqual(day.map((f) => f.handedOut))
      expect(lines(4).map((l) => [l.count, l.money])).toEqual(day.map((f) => [f.errandsCompleted, f.errandIncome]))
      expect(lines(6).map((l) => [l.count, l.money])).toEqual(day.map((f) => [f.smsCount, f.smsCount * SMS_UNIT]))
      expect(lines(2).map((l) => l._id)).toEqual(rows.filter((r) => r.day_text === DAYS[2]).map((r) => r.id))
    }), { numRuns: 10 })
  }, 600_000)

  it("has counted something of every figure across the runs (the generators reach each definition)", () => {
    const seen = new Set<CountKey>()
    fc.sample(world, { numRuns: 200, seed: 7 }).forEach((w) => DAYS.forEach((d) => [0, 1].forEach((s) => {
      const c = modelCounts(w, s, d)
      COUNT_KEYS.filter((k) => c[k] > 0).forEach((k) => seen.add(k))
    })))
    expect([...seen].sort()).toEqual([...COUNT_KEYS].sort())
  })
})
