/**
 * The parcel to collect, model-based against the real store: random sequences of check-in, proxy
 * choose/refuse/cancel, self-sign, pickup at the counter and clock advance run through the runtime on
 * PGlite and against a model written apart from the core, with mark-due (the scheduler's job), the return
 * scan and safekeeping fee payment through the pay-in port (prepay, the simulated provider's sheet, the
 * signed notice, sometimes replayed). After every command: the database agrees with the model, storage
 * codes are unique among active parcels, a parcel is taken at most once, a status only ever changed along
 * an edge of `parcelTransitions`, a parcel's paid fee is the sum of its paid trades and never more than
 * the fee due, and a pickup with a fee left to pay is refused.
 *
 * To add a command: a class implementing `ParcelCommand` whose
 * `expect` says, from the model alone, whether it must succeed and the status it leads to, and whose
 * `act` calls the use case; `run` below does the checking, so the invariants hold for it too.
 */
import { Cause, Exit, type Effect } from "effect"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import { createUser, seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime, type StationServices } from "#adapters/runtime"
import { chooseAgent, cancelAgent, refuseAgent, selfSign } from "#src/parcel/receiver"
import { parcelTransitions } from "#src/parcel/status-machine"
import { markDueParcels, returnParcel } from "#src/parcel/returns"
import { checkIn, handOver } from "#src/parcel/use-cases"
import { paySafekeeping } from "#src/payment/safekeeping"
import { paySignFor } from "#src/payment/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import type { Actor } from "#src/shared/actor"
import { blankMemory } from "../test/support/blank-database"

const WORKSITE = "ws-xiyuan"
const HOUR = 3_600_000
const staff: Actor = { userId: "u-staff", openid: "demo-staff", role: "staff" }

interface Person {
  readonly actor: Actor
  readonly phone: string
}

/** Students of the worksite: any may receive a parcel or pick one up for another. */
const people: ReadonlyArray<Person> = [
  { actor: { userId: "u-student", openid: "demo-student", role: "student" }, phone: "13800000001" },
  { actor: { userId: "u-model-a", openid: "model-a", role: "student" }, phone: "15500000001" },
  { actor: { userId: "u-model-b", openid: "model-b", role: "student" }, phone: "15500000002" }
]

interface ModelParcel {
  readonly id: string
  readonly receiver: number
  status: number
  agent: number | undefined
  readonly createdAt: number
  readonly expressNo: string
  taken: number
  /** The safekeeping fee paid so far, in fen. */
  paid: number
}

interface Model {
  now: number
  readonly parcels: Array<ModelParcel>
}

interface Real {
  readonly runtime: Runtime
  readonly db: Database["db"]
}

/** The oracle for the safekeeping fee, written apart from the core: free 48 h, 50 fen per started day, at most 300. */
const feeDue = (p: ModelParcel, now: number) => {
  const over = now - p.createdAt - 48 * HOUR
  return over <= 0 ? 0 : Math.min(300, Math.ceil(over / (24 * HOUR)) * 50)
}
const unpaid = (p: ModelParcel, now: number) => Math.max(0, feeDue(p, now) - p.paid)

/** Every edge of the status machine, as `from>to`. */
const edges = new Set(Object.values(parcelTransitions).flatMap((t) => (t.from as ReadonlyArray<number>).map((from) => `${from}>${t.to}`)))

let sequence = 0
const seen = { ok: 0, refused: 0, agentTaken: 0, selfSigned: 0, feeBlocked: 0, markedDue: 0, returned: 0, feesPaid: 0, paidThenTaken: 0 }

/** What the command must do, judged on the model alone: succeed (and lead to `to`) or be refused. */
type Expectation = { readonly ok: true; readonly to: number; readonly agent?: number | undefined } | { readonly ok: false }

abstract class ParcelCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  /** The model parcel the command is about (by a fraction, so shrinking keeps it meaningful). */
  target(m: Readonly<Model>): ModelParcel | undefined {
    return m.parcels.length ? m.parcels[Math.floor(this.pick * m.parcels.length)] : undefined
  }
  check(m: Readonly<Model>) {
    return this.target(m) !== undefined
  }
  abstract expect(p: ModelParcel, m: Readonly<Model>): Expectation
  abstract act(p: ModelParcel, m: Readonly<Model>): Effect.Effect<unknown, unknown, StationServices>
  /** Whether a success hands the parcel out (counts towards "taken at most once"). */
  readonly takes: boolean = false

  async run(m: Model, r: Real) {
    const p = this.target(m)!
    const before = await statusOf(r, p.id)
    const expected = this.expect(p, m)
    const exit = await r.runtime.run(this.act(p, m), { now: new Date(m.now) })
    if (Exit.isFailure(exit) && Cause.hasDies(exit.cause)) throw Cause.squash(exit.cause)
    expect(Exit.isSuccess(exit), `${this.toString()} on ${JSON.stringify(p)}: ${Exit.isFailure(exit) ? JSON.stringify(Cause.squash(exit.cause)) : "ok"}`)
      .toBe(expected.ok)
    const after = await statusOf(r, p.id)
    if (expected.ok) {
      seen.ok++
      p.status = expected.to
      if ("agent" in expected) p.agent = expected.agent
      if (this.takes) p.taken++
    } else {
      seen.refused++
      expect(after).toEqual(before)
    }
    await invariants(m, r, p, before.status, after.status)
  }
}

const statusOf = async (r: Real, id: string) => {
  const row = await r.db.selectFrom("parcel").select(["status", "agent_id"]).where("id", "=", id).executeTakeFirstOrThrow()
  return { status: row.status, agentId: row.agent_id }
}

const invariants = async (m: Model, r: Real, p: ModelParcel, before: number, after: number) => {
  if (before !== after) expect(edges.has(`${before}>${after}`), `${before} → ${after} is not an edge of the status machine`).toBe(true)
  expect(p.taken).toBeLessThanOrEqual(1)
  const row = await statusOf(r, p.id)
  expect(row).toEqual({ status: p.status, agentId: p.agent === undefined ? null : people[p.agent]!.actor.userId })
  const clashes = await sql<{ n: number }>`select count(*)::int as n from (select tag from parcel where status in (0, 1, 2, 3, 4, 300)
    group by worksite_id, tag having count(*) > 1) c`.execute(r.db)
  expect(clashes.rows[0]!.n).toBe(0)
  expect(m.parcels.filter((q) => q.status === 100).every((q) => q.taken === 1)).toBe(true)
  await feesPaidOnce(m, r)
}

/** Every model parcel's paid fee is the sum of its paid trades, what the model paid, and never more than the fee due. */
const feesPaidOnce = async (m: Model, r: Real) => {
  if (m.parcels.length === 0) return
  const ids = m.parcels.map((q) => q.id)
  const rows = await r.db.selectFrom("parcel").select(["id", "safekeep_paid"]).where("id", "in", ids).execute()
  const trades = await r.db.selectFrom("pay_trade").select(["ref_id", "amount_fen"]).where("kind", "=", "safekeep").where("status", "=", "paid")
    .where("ref_id", "in", ids).execute()
  for (const q of m.parcels) {
    const paid = rows.find((row) => row.id === q.id)!.safekeep_paid
    const traded = trades.filter((t) => t.ref_id === q.id).reduce((sum, t) => sum + t.amount_fen, 0)
    expect({ id: q.id, paid, traded }).toEqual({ id: q.id, paid: q.paid, traded: q.paid })
    expect(paid).toBeLessThanOrEqual(feeDue(q, m.now))
  }
}

class CheckIn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly receiver: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    const expressNo = `PM${process.pid}X${++sequence}`
    const exit = await r.runtime.run(checkIn(staff, {
      expressCompany: "ec-sf", storageNo: "M-01", expressNo, weight: "wf-1", receiverPhone: people[this.receiver]!.phone
    }), { now: new Date(m.now) })
    if (Exit.isFailure(exit)) throw new Error(`check-in failed: ${String(Cause.squash(exit.cause))}`)
    const p: ModelParcel = { id: exit.value.parcel.id, receiver: this.receiver, status: 0, agent: undefined, createdAt: m.now, expressNo, taken: 0, paid: 0 }
    expect(exit.value.parcel.receiverId).toBe(people[this.receiver]!.actor.userId)
    m.parcels.push(p)
    await invariants(m, r, p, 0, 0)
  }
  toString = () => `CheckIn(${this.receiver})`
}

class ChooseAgent extends ParcelCommand {
  constructor(pick: number, readonly friend: number) { super(pick) }
  expect(p: ModelParcel): Expectation {
    return p.status === 0 && this.friend !== p.receiver ? { ok: true, to: 1, agent: this.friend } : { ok: false }
  }
  act(p: ModelParcel) {
    return chooseAgent(people[p.receiver]!.actor, { toTakeId: p.id, agentPhone: people[this.friend]!.phone })
  }
  override toString = () => `ChooseAgent(${this.pick.toFixed(2)}, ${this.friend})`
}

/** The friend refuses (`by` is the one who asks: only the chosen friend may). */
class RefuseAgent extends ParcelCommand {
  constructor(pick: number, readonly by: number) { super(pick) }
  expect(p: ModelParcel): Expectation {
    return p.status === 1 && p.agent === this.by ? { ok: true, to: 0, agent: undefined } : { ok: false }
  }
  act(p: ModelParcel) {
    return refuseAgent(people[this.by]!.actor, p.id)
  }
  override toString = () => `RefuseAgent(${this.pick.toFixed(2)}, ${this.by})`
}

class CancelAgent extends ParcelCommand {
  constructor(pick: number, readonly by: number) { super(pick) }
  expect(p: ModelParcel): Expectation {
    return p.status === 1 && p.receiver === this.by ? { ok: true, to: 0, agent: undefined } : { ok: false }
  }
  act(p: ModelParcel) {
    return cancelAgent(people[this.by]!.actor, p.id)
  }
  override toString = () => `CancelAgent(${this.pick.toFixed(2)}, ${this.by})`
}

class SelfSign extends ParcelCommand {
  override readonly takes = true
  constructor(pick: number, readonly by: number) { super(pick) }
  expect(p: ModelParcel, m: Readonly<Model>): Expectation {
    const allowed = (p.status === 0 || p.status === 1) && p.receiver === this.by
    if (allowed && unpaid(p, m.now) > 0) seen.feeBlocked++
    return allowed && unpaid(p, m.now) === 0 ? { ok: true, to: 100 } : { ok: false }
  }
  act(p: ModelParcel) {
    return selfSign(people[this.by]!.actor, p.id)
  }
  override toString = () => `SelfSign(${this.pick.toFixed(2)}, ${this.by})`
}

/** Staff hand the parcel to `by` at the counter (the QR is checked by its own tests; here the hand-over). */
class PickUp extends ParcelCommand {
  override readonly takes = true
  constructor(pick: number, readonly by: number) { super(pick) }
  expect(p: ModelParcel, m: Readonly<Model>): Expectation {
    const asReceiver = p.receiver === this.by && [0, 1, 300].includes(p.status)
    const asAgent = p.agent === this.by && p.status === 1
    if ((asReceiver || asAgent) && unpaid(p, m.now) > 0) seen.feeBlocked++
    return (asReceiver || asAgent) && unpaid(p, m.now) === 0 ? { ok: true, to: 100 } : { ok: false }
  }
  act(p: ModelParcel) {
    // the shelf key the staff scan, read from the store (the model does not keep codes)
    return handOverFor(p, people[this.by]!.actor.openid)
  }
  override async run(m: Model, r: Real) {
    const row = await r.db.selectFrom("parcel").select(["express_no", "storage_no", "tag"]).where("id", "=", this.target(m)!.id).executeTakeFirstOrThrow()
    shelfKeys.set(this.target(m)!.id, row)
    const wasAgent = this.target(m)!.agent === this.by
    const hadPaid = this.target(m)!.paid > 0
    await super.run(m, r)
    if (wasAgent && this.target(m)!.status === 100) seen.agentTaken++
    if (hadPaid && this.target(m)!.status === 100) seen.paidThenTaken++
  }
  override toString = () => `PickUp(${this.pick.toFixed(2)}, ${this.by})`
}

const shelfKeys = new Map<string, { express_no: string; storage_no: string; tag: number }>()
const handOverFor = (p: ModelParcel, signOpenid: string) => {
  const key = shelfKeys.get(p.id)!
  return handOver(staff, { expressNo: key.express_no, storageNo: key.storage_no, tag: String(key.tag), signOpenid })
}

/**
 * The scheduler's mark-due job after `advance` hours: every parcel at 0 or 1 checked in 72 h ago or more
 * becomes due (300), the others stay; running it twice changes nothing the second time.
 */
class MarkDue implements fc.AsyncCommand<Model, Real> {
  constructor(readonly advance: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    m.now += this.advance * HOUR
    const before = new Map(m.parcels.map((q) => [q.id, q.status]))
    const due = m.parcels.filter((q) => (q.status === 0 || q.status === 1) && m.now - q.createdAt >= 72 * HOUR)
    const exit = await r.runtime.run(markDueParcels(WORKSITE), { now: new Date(m.now) })
    if (Exit.isFailure(exit)) throw new Error(`mark-due failed: ${String(Cause.squash(exit.cause))}`)
    const mine = new Set(m.parcels.map((q) => q.id))
    expect(exit.value.ids.filter((id) => mine.has(id))).toEqual(due.map((q) => q.id).sort())
    for (const q of due) q.status = 300
    seen.markedDue += due.length
    const again = await r.runtime.run(markDueParcels(WORKSITE), { now: new Date(m.now) })
    expect(Exit.isSuccess(again) && again.value.count).toBe(0)
    for (const q of m.parcels) await invariants(m, r, q, before.get(q.id)!, (await statusOf(r, q.id)).status)
  }
  toString = () => `MarkDue(+${this.advance}h)`
}

/** Staff hand a due parcel back to the courier with the scan of its number (or of another number: refused). */
class ReturnScan extends ParcelCommand {
  constructor(pick: number, readonly wrongNumber: boolean) { super(pick) }
  expect(p: ModelParcel): Expectation {
    return p.status === 300 && !this.wrongNumber ? { ok: true, to: 400 } : { ok: false }
  }
  act(p: ModelParcel) {
    return returnParcel(staff, { _id: p.id, expressNo: this.wrongNumber ? `${p.expressNo}9` : p.expressNo })
  }
  override async run(m: Model, r: Real) {
    await super.run(m, r)
    if (this.target(m)!.status === 400 && !this.wrongNumber) seen.returned++
  }
  override toString = () => `ReturnScan(${this.pick.toFixed(2)}, ${this.wrongNumber ? "wrong number" : "its number"})`
}

/**
 * `by` pays the parcel's safekeeping fee through the pay-in port: prepay, the provider's sheet paid with
 * the server's pay-sign, the signed notice settled (and, when `replay`, sent again: nothing changes).
 * Only the receiver, only while the parcel is on the shelf for them and something is due.
 */
class PayFee extends ParcelCommand {
  constructor(pick: number, readonly by: number, readonly replay: boolean) { super(pick) }
  expect(p: ModelParcel, m: Readonly<Model>): Expectation {
    return p.receiver === this.by && [0, 1, 300].includes(p.status) && unpaid(p, m.now) > 0 ? { ok: true, to: p.status } : { ok: false }
  }
  act(p: ModelParcel) {
    return paySafekeeping(people[this.by]!.actor, p.id)
  }
  override async run(m: Model, r: Real) {
    const p = this.target(m)!
    const due = unpaid(p, m.now)
    const payer = people[this.by]!.actor
    const prepaid = this.expect(p, m).ok
    await super.run(m, r)
    if (!prepaid) return
    const now = new Date(m.now)
    const open = await r.db.selectFrom("pay_trade").select(["prepay_id", "amount_fen"]).where("kind", "=", "safekeep").where("ref_id", "=", p.id)
      .where("status", "=", "created").execute()
    expect(open.map((t) => t.amount_fen)).toEqual([due])
    const sheet = await r.runtime.read(paySignFor(payer, open[0]!.prepay_id!), { now })
    if (Exit.isFailure(sheet)) throw Cause.squash(sheet.cause)
    const paid = await r.runtime.paymentProvider.pay(sheet.value, m.now)
    if (!paid.ok) throw new Error(paid.reason)
    const settled = await r.runtime.run(settleNotice(jsonNotice(paid.notice)), { now })
    expect(Exit.isSuccess(settled) && settled.value.settled).toBe(true)
    p.paid += due
    seen.feesPaid++
    if (this.replay) {
      const again = await r.runtime.run(settleNotice(jsonNotice(paid.notice)), { now })
      expect(Exit.isSuccess(again) ? again.value : again).toEqual({ tradeNo: paid.notice.out_trade_no, settled: false })
    }
    await invariants(m, r, p, p.status, (await statusOf(r, p.id)).status)
  }
  override toString = () => `PayFee(${this.pick.toFixed(2)}, ${this.by}${this.replay ? ", replayed notice" : ""})`
}

class AdvanceClock implements fc.AsyncCommand<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true
  async run(m: Model) {
    m.now += this.hours * HOUR
  }
  toString = () => `AdvanceClock(${this.hours}h)`
}

const pick = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
const person = fc.integer({ min: 0, max: people.length - 1 })

const commands = fc.commands(
  [
    person.map((p) => new CheckIn(p)),
    fc.tuple(pick, person).map(([x, f]) => new ChooseAgent(x, f)),
    fc.tuple(pick, person).map(([x, f]) => new ChooseAgent(x, f)),
    fc.tuple(pick, person).map(([x, b]) => new RefuseAgent(x, b)),
    fc.tuple(pick, person).map(([x, b]) => new CancelAgent(x, b)),
    fc.tuple(pick, person).map(([x, b]) => new SelfSign(x, b)),
    fc.tuple(pick, person).map(([x, b]) => new PickUp(x, b)),
    fc.tuple(pick, person).map(([x, b]) => new PickUp(x, b)),
    fc.integer({ min: 1, max: 60 }).map((h) => new AdvanceClock(h)),
    fc.integer({ min: 0, max: 80 }).map((h) => new MarkDue(h)),
    fc.tuple(pick, fc.boolean()).map(([x, w]) => new ReturnScan(x, w)),
    fc.tuple(pick, person, fc.boolean()).map(([x, b, replay]) => new PayFee(x, b, replay)),
    fc.tuple(pick, person, fc.boolean()).map(([x, b, replay]) => new PayFee(x, b, replay))
  ],
  { maxCommands: 30 }
)

describe("the parcel to collect against the real store (model-based, PGlite)", () => {
  let database: Database
  let real: Real

  beforeAll(async () => {
    database = await openDatabase(blankMemory())
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    for (const p of people.slice(1)) {
      await createUser(database.db, { id: p.actor.userId, openid: p.actor.openid, nickname: p.actor.openid, realname: "模型", phone_main: p.phone, worksite_id: WORKSITE, role: "student" }, {})
    }
    await database.db.updateTable("worksite").set({ self_sign_able: true }).where("id", "=", WORKSITE).execute()
    real = { runtime: await Runtime.create(database), db: database.db }
  })
  afterAll(async () => {
    await database?.close()
  })

  it("random check-ins, proxy choices, refusals, cancels, self-signs, pickups, mark-due, returns, fee payments and time keep every invariant", async () => {
    let start = Date.parse("2026-03-02T08:00:00Z")
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        start += 400 * HOUR
        await fc.asyncModelRun(() => ({ model: { now: start, parcels: [] }, real }), cmds)
      }),
      {
        numRuns: 40,
        examples: [[[new CheckIn(0), new ChooseAgent(0, 1), new PickUp(0, 1), new PickUp(0, 0)]],
          [[new CheckIn(0), new AdvanceClock(50), new SelfSign(0, 0), new ChooseAgent(0, 2), new RefuseAgent(0, 2), new PickUp(0, 0)]],
          [[new CheckIn(1), new ChooseAgent(0, 2), new MarkDue(73), new PickUp(0, 2), new PickUp(0, 1), new PayFee(0, 2, false), new PayFee(0, 1, true),
            new PayFee(0, 1, false), new PickUp(0, 1), new ReturnScan(0, false)]],
          [[new CheckIn(0), new CheckIn(2), new AdvanceClock(40), new MarkDue(33), new ReturnScan(0.9, true), new ReturnScan(0.9, false), new ReturnScan(0.9, false),
            new PayFee(0.9, 2, false), new AdvanceClock(30), new PayFee(0, 0, true), new AdvanceClock(30), new PayFee(0, 0, false), new PickUp(0, 0)]]]
      }
    )
    expect(seen.ok).toBeGreaterThan(0)
    expect(seen.refused).toBeGreaterThan(0)
    expect(seen.agentTaken).toBeGreaterThan(0)
    expect(seen.feeBlocked).toBeGreaterThan(0)
    expect(seen.markedDue).toBeGreaterThan(0)
    expect(seen.returned).toBeGreaterThan(0)
    expect(seen.feesPaid).toBeGreaterThan(0)
    expect(seen.paidThenTaken).toBeGreaterThan(0)
  }, 120_000)
})
