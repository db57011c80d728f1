/**
 * Model-based test of the wallet: random sequences of withdrawals (valid and invalid amounts),
 * points conversions, approvals, rejections and clock moves, run against the REAL use cases through
 * the runtime on an in-memory PGlite, compared after every step with a small model that restates
 * the rules on its own (it does not call the rule functions of src/):
 *
 * - amount: present, not above the balance, whole fen within 100..500,000, in that order;
 * - limits over applications that were not rejected: none less than 60 s before, at most 10 and at
 *   most 2,000,000 fen on the same Asia/Shanghai calendar day;
 * - the balance drops by the full amount on applying; a rejection refunds it; an approval keeps it;
 * - points: at least 10 and no more than held; whole blocks of 10 convert at 5 fen a block.
 *
 * Invariants after every step: balance = sum of the user's ledger rows, never negative; per
 * Shanghai day at most 10 non-rejected applications and at most 2,000,000 fen; no two non-rejected
 * applications less than 60 s apart.
 */
import fc from "fast-check"
import { Cause, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { applyWithdrawal, pointsToMoney, reviewWithdrawal } from "#src/wallet/use-cases"
import { newUser, startTestApp, type TestApp, type TestUser } from "../test/support/test-app"

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The calendar date in Asia/Shanghai, from the platform's time-zone data (not from src/). */
const shanghaiCalendar = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })
const shanghaiDay = (ms: number) => shanghaiCalendar.format(ms)

type Status = "pending" | "approved" | "rejected"
interface Application { readonly id: string; readonly money: number; readonly at: number; status: Status }
interface Model { balance: number; points: number; now: number; readonly apps: Application[] }
interface Real { readonly t: TestApp; readonly user: TestUser; now: number }

type Outcome = { readonly ok: true } | { readonly ok: false; readonly message: string }

const refusal = (exit: Exit.Exit<unknown, unknown>): Outcome => {
  if (Exit.isSuccess(exit)) return { ok: true }
  if (Cause.hasDies(exit.cause)) throw new Error(`use case died: ${String(Cause.squash(exit.cause))}`)
  return { ok: false, message: (Cause.squash(exit.cause) as { message: string }).message }
}

/** The model's decision on a withdrawal of `amount` fen now. */
const expectedWithdrawal = (m: Model, amount: number | undefined): Outcome => {
  if (amount === undefined || Number.isNaN(amount) || amount === Infinity || amount === -Infinity) return { ok: false, message: "请输入您的提现金额" }
  if (amount > m.balance) return { ok: false, message: "提现金额不能大于余额" }
  if (Math.floor(amount) !== amount || amount < 100 || amount > 500_000) return { ok: false, message: "提现金额必须>=1 并且 <=5000" }
  const live = m.apps.filter((a) => a.status !== "rejected")
  if (live.some((a) => m.now - a.at < MINUTE)) return { ok: false, message: "每分钟只能提交一次提现申请" }
  const today = live.filter((a) => shanghaiDay(a.at) === shanghaiDay(m.now))
  if (today.length >= 10) return { ok: false, message: "每天最多提现10次" }
  if (today.reduce((s, a) => s + a.money, 0) + amount > 2_000_000) return { ok: false, message: "每日提现总额不能超过20000元" }
  return { ok: true }
}

const expectedConversion = (m: Model, points: number): Outcome =>
  !Number.isFinite(points) || Math.floor(points) !== points || points < 10 ? { ok: false, message: "提现积分必须>=10" }
    : points > m.points ? { ok: false, message: `对不起，您只有${m.points}积可提现` }
    : { ok: true }

const verify = async (m: Model, r: Real) => {
  const db = r.t.db
  const wallet = await db.selectFrom("wallet").selectAll().where("user_id", "=", r.user.id).executeTakeFirstOrThrow()
  expect({ money: wallet.money, points: wallet.active_score }).toEqual({ money: m.balance, points: m.points })
  expect(wallet.money).toBeGreaterThanOrEqual(0)
  expect(wallet.active_score).toBeGreaterThanOrEqual(0)
  const ledger = await db.selectFrom("ledger").select(["money", "score"]).where("user_id", "=", r.user.id).execute()
  expect(ledger.reduce((s, l) => s + l.money, 0)).toBe(wallet.money)
  expect(ledger.reduce((s, l) => s + l.score, 0)).toBe(wallet.active_score)

  const rows = await db.selectFrom("withdrawal").selectAll().where("user_id", "=", r.user.id).orderBy("created_at").execute()
  const statusCode: Record<Status, number> = { pending: 0, approved: 1, rejected: 2 }
  expect(rows.map((w) => ({ id: w.id, money: w.money, at: w.created_at.getTime(), status: w.status })).sort((a, b) => a.id.localeCompare(b.id)))
    .toEqual(m.apps.map((a) => ({ id: a.id, money: a.money, at: a.at, status: statusCode[a.status] })).sort((a, b) => a.id.localeCompare(b.id)))

  const live = rows.filter((w) => w.status !== 2)
  const perDay = new Map<string, { count: number; sum: number }>()
  for (const w of live) {
    const day = shanghaiDay(w.created_at.getTime())
    const d = perDay.get(day) ?? { count: 0, sum: 0 }
    perDay.set(day, { count: d.count + 1, sum: d.sum + w.money })
  }
  for (const [day, d] of perDay) {
    expect(d.count, `applications on ${day}`).toBeLessThanOrEqual(10)
    expect(d.sum, `fen applied for on ${day}`).toBeLessThanOrEqual(2_000_000)
  }
  for (let i = 1; i < live.length; i++) {
    expect(live[i]!.created_at.getTime() - live[i - 1]!.created_at.getTime()).toBeGreaterThanOrEqual(MINUTE)
  }
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(readonly amount: number | undefined) {}
  check = () => true
  async run(m: Model, r: Real) {
    const expected = expectedWithdrawal(m, this.amount)
    const exit = await r.t.runtime.run(applyWithdrawal(r.user.actor, this.amount), { now: new Date(r.now) })
    expect(refusal(exit)).toEqual(expected)
    if (Exit.isSuccess(exit)) {
      const amount = this.amount as number
      // 0.6% rounded up to the fen, in integer arithmetic
      expect(exit.value).toMatchObject({ money: amount, fee: Math.floor((amount * 6 + 999) / 1000), balance: m.balance - amount })
      m.balance -= amount
      m.apps.push({ id: exit.value.id, money: amount, at: m.now, status: "pending" })
    }
    await verify(m, r)
  }
  toString = () => `Withdraw(${this.amount})`
}

class Convert implements fc.AsyncCommand<Model, Real> {
  constructor(readonly points: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    const expected = expectedConversion(m, this.points)
    const exit = await r.t.runtime.run(pointsToMoney(r.user.actor, this.points), { now: new Date(r.now) })
    expect(refusal(exit)).toEqual(expected)
    if (expected.ok) {
      const used = this.points - (this.points % 10)
      expect(Exit.isSuccess(exit) && exit.value).toEqual({ points: used, moneyFen: used / 2 })
      m.points -= used
      m.balance += used / 2
    }
    await verify(m, r)
  }
  toString = () => `Convert(${this.points})`
}

class Review implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: "approve" | "reject", readonly pick: number) {}
  check = (m: Readonly<Model>) => m.apps.some((a) => a.status === "pending")
  async run(m: Model, r: Real) {
    const pending = m.apps.filter((a) => a.status === "pending")
    const app = pending[this.pick % pending.length]!
    const exit = await r.t.runtime.run(reviewWithdrawal(app.id, this.action), { now: new Date(r.now) })
    expect(refusal(exit)).toEqual({ ok: true })
    if (this.action === "reject") {
      app.status = "rejected"
      m.balance += app.money
    } else {
      app.status = "approved"
    }
    await verify(m, r)
  }
  toString = () => `${this.action === "approve" ? "Approve" : "Reject"}(#${this.pick})`
}

/** Deciding an application that is no longer pending is refused and changes nothing. */
class ReviewAgain implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: "approve" | "reject", readonly pick: number) {}
  check = (m: Readonly<Model>) => m.apps.some((a) => a.status !== "pending")
  async run(m: Model, r: Real) {
    const decided = m.apps.filter((a) => a.status !== "pending")
    const app = decided[this.pick % decided.length]!
    const exit = await r.t.runtime.run(reviewWithdrawal(app.id, this.action), { now: new Date(r.now) })
    expect(refusal(exit)).toEqual({ ok: false, message: "该提现申请已处理" })
    await verify(m, r)
  }
  toString = () => `${this.action}Again(#${this.pick})`
}

class AdvanceClock implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    m.now += this.ms
    r.now += this.ms
  }
  toString = () => `AdvanceClock(${this.ms >= DAY ? `${(this.ms / DAY).toFixed(2)}d` : this.ms >= HOUR ? `${(this.ms / HOUR).toFixed(2)}h` : `${this.ms / SECOND}s`})`
}

/** A run of applications a fixed gap apart (each step checked like Withdraw): reaches the daily limits. */
class Series implements fc.AsyncCommand<Model, Real> {
  constructor(readonly gapMs: number, readonly amounts: ReadonlyArray<number>) {}
  check = () => true
  async run(m: Model, r: Real) {
    for (const amount of this.amounts) {
      await new AdvanceClock(this.gapMs).run(m, r)
      await new Withdraw(amount).run(m, r)
    }
  }
  toString = () => `Series(every ${this.gapMs / SECOND}s: ${this.amounts.join(", ")})`
}

const amountArb: fc.Arbitrary<number | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 100, max: 500_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 100, max: 3_000 }) },
  { weight: 2, arbitrary: fc.constantFrom(100, 200_000, 400_000, 500_000) },
  { weight: 2, arbitrary: fc.constantFrom<number | undefined>(undefined, Number.NaN, Infinity, -Infinity, 0, 50, 99, -5, 1.5, 100.5, 500_001, 1e9, 2 ** 53) },
  { weight: 1, arbitrary: fc.double() }
)
const pointsArb = fc.oneof(
  fc.integer({ min: -20, max: 300 }),
  fc.integer({ min: 0, max: 200_000 }),
  fc.constantFrom(Number.NaN, 1.5, 10.5, Infinity, -Infinity)
)
const clockArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 59 }).map((s) => s * SECOND) },
  { weight: 2, arbitrary: fc.constant(MINUTE) },
  { weight: 6, arbitrary: fc.integer({ min: 60, max: 600 }).map((s) => s * SECOND) },
  { weight: 2, arbitrary: fc.integer({ min: 10 * MINUTE, max: 6 * HOUR }) },
  { weight: 1, arbitrary: fc.integer({ min: 6 * HOUR, max: 3 * DAY }) }
)
const withdraw = fc.tuple(amountArb).map(([a]) => new Withdraw(a))
const advance = clockArb.map((ms) => new AdvanceClock(ms))
const series = fc.record({
  gap: fc.oneof(fc.constant(MINUTE), fc.integer({ min: 30, max: 300 }).map((s) => s * SECOND)),
  amounts: fc.array(fc.oneof(fc.integer({ min: 100, max: 2_000 }), fc.constantFrom(300_000, 500_000)), { minLength: 3, maxLength: 12 })
}).map(({ gap, amounts }) => new Series(gap, amounts))
const commands = fc.commands(
  [
    // listed more than once to weigh them: enough applications a day to reach the daily limits
    withdraw, withdraw, withdraw, withdraw,
    pointsArb.map((p) => new Convert(p)),
    fc.nat().map((k) => new Review("approve", k)),
    fc.nat().map((k) => new Review("reject", k)),
    fc.tuple(fc.constantFrom<"approve" | "reject">("approve", "reject"), fc.nat()).map(([a, k]) => new ReviewAgain(a, k)),
    advance, advance, advance,
    series
  ],
  { maxCommands: 80, size: "+1" }
)

const startArb = fc.record({
  money: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 3_000_000 }), fc.constantFrom(3_000_000, 10_000_000)),
  points: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 100_000 })),
  // somewhere in 2030–2036, often just before a Shanghai midnight (16:00 UTC)
  now: fc.oneof(
    fc.integer({ min: 0, max: 6 * 365 }).chain((d) => fc.integer({ min: -30 * MINUTE, max: 0 }).map((o) => Date.UTC(2030, 0, 1, 16) + d * DAY + o)),
    fc.integer({ min: Date.UTC(2030, 0, 1), max: Date.UTC(2036, 0, 1) })
  )
})

describe("wallet model: the real use cases against an independent model", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp("pglite")
  })
  afterAll(async () => {
    await t?.close()
  })

  it("every step agrees with the model and keeps the invariants", async () => {
    await fc.assert(
      fc.asyncProperty(startArb, commands, async (start, cmds) => {
        // a fresh user per run (and per shrink), so runs never see each other's applications
        const user = await newUser(t.db, { money: start.money, activeScore: start.points })
        const model: Model = { balance: start.money, points: start.points, now: start.now, apps: [] }
        const real: Real = { t, user, now: start.now }
        await verify(model, real)
        await fc.asyncModelRun(() => ({ model, real }), cmds)
      }),
      { numRuns: 40 }
    )
  }, 120_000)
})
