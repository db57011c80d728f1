/**
 * The errand lifecycle, model-based, per order type (spec 001 §4, §5): random role actions, steps along the happy path and
 * clock advances against the core's decide; only the table's edges are taken, the parcel follows its order
 * (type 1), and the requester's money is conserved (paid = refunds + the runner's income + what is held).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { isDomainError } from "#src/shared/errors"
import { nextStatus as nextParcelStatus } from "#src/parcel/status-machine"
import type { ParcelStatus } from "#src/parcel/parcel-status"
import {
  ERRAND_ACTIONS, ERRAND_TYPES, decide, errandEdges, heldAmount, parcelStatusOfErrand, placeErrand,
  type ErrandAction, type ErrandActor, type ErrandCommand, type ErrandOrder, type ErrandStatus, type ErrandType, type Role
} from "#src/errand/status-machine"
const T0 = new Date("2026-11-23T02:00:00.000Z")
const REQUIRE_AFTER_MIN = 180

interface Person { readonly id: string; readonly actor: ErrandActor }
const people: ReadonlyArray<Person> = [
  { id: "requester", actor: { role: "requester", openid: "req" } },
  { id: "stranger", actor: { role: "requester", openid: "someone-else" } },
  { id: "r1", actor: { role: "runner", openid: "r1" } },
  { id: "r2", actor: { role: "runner", openid: "r2" } },
  { id: "requester-as-runner", actor: { role: "runner", openid: "req" } },
  { id: "leader", actor: { role: "leader", openid: "L", worksiteId: "w1" } },
  { id: "leader-elsewhere", actor: { role: "leader", openid: "L2", worksiteId: "w2" } },
  { id: "staff", actor: { role: "staff", worksiteId: "w1" } },
  { id: "staff-elsewhere", actor: { role: "staff", worksiteId: "w2" } },
  { id: "system", actor: { role: "system" } }
]

/** The model: only what the spec's sentences say, no live events, no parcel moves, no money moves. */
interface Model {
  status: ErrandStatus
  runner: string | null
  minutes: number
  payFee: number
  /** What the requester has paid for the errand, what came back, what the runner earned; freight paid. */
  paid: number
  refunded: number
  earned: number
  freight: number | null
  freightPaid: number
}
interface Real {
  order: ErrandOrder
  parcel: ParcelStatus
  moved: { pay: number; refund: number; credit: number; freight: number }
  personalCancels: number
}

/** Who the spec lets do what, in which status, and where it leads (spec §4, our reading in docs/decisions.md). */
const spec = (t: ErrandType, m: Model, person: Person, a: ErrandAction): ErrandStatus | undefined => {
  const { role, openid, worksiteId } = person.actor
  const requester = role === "requester" && openid === "req"
  const holder = role === "runner" && openid === m.runner
  const local = worksiteId === "w1"
  const s = m.status
  const door = t !== 2
  const at = (...ss: ReadonlyArray<ErrandStatus>) => ss.includes(s)
  switch (a) {
    case "prepay": return requester && at(-1) ? 0 : undefined
    case "cancel": return requester && at(-1, 0) ? 4 : undefined
    case "voidUnpaid": return role === "system" && at(-1) && m.minutes >= 30 ? 4 : undefined
    case "voidUnaccepted": return role === "system" && at(0) && m.minutes > REQUIRE_AFTER_MIN ? 4 : undefined
    case "grab": return role === "runner" && openid !== "req" && at(0) && m.minutes <= REQUIRE_AFTER_MIN ? 1 : undefined
    // a type-1 order at 2 has its parcel out of the station: the runner's cancel ends it and the parcel goes back
    case "release": return holder && at(1) ? 0 : holder && at(2) ? (t === 1 ? 4 : 0) : undefined
    case "takeaway": return door && at(1) && (t === 1 ? role === "staff" && local : holder) ? 2 : undefined
    case "markDelivered": return door && holder && at(2) ? 3 : undefined
    case "confirmReceipt": return door && requester && at(2, 3) ? 100 : undefined
    case "leaderSign": return door && role === "leader" && local && at(1, 2, 3) ? 100 : undefined
    case "sayTaken": return !door && requester && at(1) ? 2 : undefined
    case "confirmTaken": return !door && holder && at(2) ? 3 : undefined
    case "confirmTakenDaofu": return !door && holder && at(2) ? 20 : undefined
    case "setFreight": return !door && (holder || (role === "staff" && local)) && at(3) ? 10 : undefined
    case "setFreightDaofu": return !door && (holder || (role === "staff" && local)) && at(3) ? 20 : undefined
    case "payFreight": return !door && requester && at(10) ? 20 : undefined
    case "arrive": return !door && role === "staff" && local && at(20) ? 5 : undefined
    case "shipOut": return !door && role === "staff" && local && at(5) ? 100 : undefined
  }
}

const natural: Record<ErrandAction, ReadonlyArray<string>> = {
  prepay: ["requester"], cancel: ["requester"], voidUnpaid: ["system"], voidUnaccepted: ["system"], grab: ["r1", "r1", "r2"], release: ["r1"],
  takeaway: ["staff", "r1"], markDelivered: ["r1"], confirmReceipt: ["requester"], leaderSign: ["leader"], sayTaken: ["requester"],
  confirmTaken: ["r1"], confirmTakenDaofu: ["r1"], setFreight: ["r1", "staff"], setFreightDaofu: ["r1", "staff"], payFreight: ["requester"], arrive: ["staff"], shipOut: ["staff"]
}

class Act implements fc.Command<Model, Real> {
  constructor(readonly t: ErrandType, readonly person: Person, readonly command: ErrandCommand) {}
  check = () => true
  run(m: Model, r: Real) {
    const a = this.command.action
    let expected = spec(this.t, m, this.person, a)
    if (a === "release" && "reason" in this.command && [...this.command.reason.trim()].length < 5) expected = undefined
    if (a === "setFreight" && "freight" in this.command && this.command.freight <= 0) expected = undefined
    const now = new Date(T0.getTime() + m.minutes * 60_000)
    const out = decide(r.order, this.person.actor, this.command, now)
    if (expected === undefined) {
      expect(isDomainError(out), `${this.toString()} at ${m.status} must be refused`).toBe(true)
      return
    }
    if (isDomainError(out)) throw new Error(`${this.toString()} at ${m.status} refused: ${out.message}`)
    expect(out.order.status).toBe(expected)
    reached.add(`${this.t}:${expected}`)

    // The parcel follows through its own machine.
    for (const e of out.parcel) {
      const p = nextParcelStatus(r.parcel, e)
      expect(p, `parcel event ${e} from ${r.parcel}`).toBeDefined()
      r.parcel = p!
    }
    for (const mv of out.money) {
      expect(mv.amount).toBeGreaterThan(0)
      if (mv.kind === "pay") r.moved.pay += mv.amount
      if (mv.kind === "refund") r.moved.refund += mv.amount
      if (mv.kind === "creditRunner") { r.moved.credit += mv.amount; expect(mv.openid).toBe(m.runner) }
      if (mv.kind === "payFreight") r.moved.freight += mv.amount
    }
    if (out.personalCancelBy) r.personalCancels++
    r.order = out.order

    // The model's own bookkeeping.
    if (a === "prepay") m.paid += m.payFee
    if (a === "grab") m.runner = this.person.actor.openid!
    if (a === "release") m.runner = null
    if (a === "setFreight" && "freight" in this.command) m.freight = this.command.freight
    if (a === "payFreight") m.freightPaid += m.freight!
    if (expected === 4) m.refunded = m.paid
    if (expected === 100) m.earned = m.paid
    m.status = expected
  }
  toString = () => `${this.person.id}:${JSON.stringify(this.command)}`
}

/** The model's way forward from each status (the happy path of spec §4), so random runs also get deep. */
const forward = (t: ErrandType, m: Model, pick: number): readonly [string, ErrandCommand] | undefined => {
  const holder = m.runner === "r2" ? "r2" : "r1"
  const steps: Partial<Record<ErrandStatus, readonly [string, ErrandCommand]>> = t === 2
    ? { [-1]: ["requester", { action: "prepay" }], 0: ["r1", { action: "grab", runner: { openid: "r1", name: "跑腿", phone: "13800000000" } }], 1: ["requester", { action: "sayTaken" }],
        2: [holder, pick % 3 === 0 ? { action: "confirmTakenDaofu", goodsPic: "p.jpg" } : { action: "confirmTaken", goodsPic: null }], 3: ["staff", pick % 4 === 1 ? { action: "setFreightDaofu" } : { action: "setFreight", freight: 1200 }],
        10: ["requester", { action: "payFreight" }], 20: ["staff", { action: "arrive" }], 5: ["staff", { action: "shipOut" }] }
    : { [-1]: ["requester", { action: "prepay" }], 0: ["r1", { action: "grab", runner: { openid: "r1", name: "跑腿", phone: "13800000000" } }],
        1: [t === 1 ? "staff" : holder, { action: "takeaway" }],
        2: pick % 2 === 0 ? [holder, { action: "markDelivered" }] : ["requester", { action: "confirmReceipt" }],
        3: ["requester", { action: "confirmReceipt" }] }
  return steps[m.status]
}

class Forward implements fc.Command<Model, Real> {
  constructor(readonly t: ErrandType, readonly pick: number) {}
  check = () => true
  run(m: Model, r: Real) {
    const step = forward(this.t, m, this.pick)
    if (step) new Act(this.t, people.find((p) => p.id === step[0])!, step[1]).run(m, r)
  }
  toString = () => `forward(${this.pick})`
}

/** Every (type, status) the random runs reached, to show they go deep enough to mean something. */
const reached = new Set<string>()

class Advance implements fc.Command<Model, Real> {
  constructor(readonly by: number) {}
  check = () => true
  run(m: Model) { m.minutes += this.by }
  toString = () => `advance ${this.by}min`
}

const commandFor = (t: ErrandType): fc.Arbitrary<fc.Command<Model, Real>> => {
  // Mostly the type's own actions (the leader's sign, which ends an order at once, less often), some foreign ones.
  const own: ReadonlyArray<ErrandAction> = t === 2
    ? ["prepay", "cancel", "voidUnpaid", "voidUnaccepted", "grab", "release", "sayTaken", "confirmTaken", "confirmTakenDaofu", "setFreight", "setFreightDaofu", "payFreight", "arrive", "shipOut"]
    : ["prepay", "cancel", "voidUnpaid", "voidUnaccepted", "grab", "release", "takeaway", "takeaway", "markDelivered", "markDelivered", "confirmReceipt"]
  const actions = [...own, ...own, ...ERRAND_ACTIONS]
  const act = fc.tuple(fc.constantFrom(...actions), fc.boolean(), fc.constantFrom(...people), fc.string({ maxLength: 8 }), fc.integer({ min: -100, max: 5000 }), fc.constantFrom<1 | 2>(1, 2))
    .chain(([a, useNatural, anyone, reason, freight, reasonType]) =>
      (useNatural ? fc.constantFrom(...natural[a].filter((id) => a !== "takeaway" || (t === 1) === (id === "staff")).map((id) => people.find((p) => p.id === id)!)) : fc.constant(anyone)).map((person) => {
        const command: ErrandCommand =
          a === "grab" ? { action: a, runner: { openid: person.actor.openid ?? "", name: "跑腿", phone: "13800000000" } }
          : a === "release" ? { action: a, reasonType, reason: reason.length % 3 === 0 ? reason : "临时有事无法配送" }
          : a === "confirmTaken" || a === "confirmTakenDaofu" ? { action: a, goodsPic: reason || null }
          : a === "setFreight" ? { action: a, freight }
          : { action: a }
        return new Act(t, person, command)
      })
    )
  return fc.oneof(
    { weight: 6, arbitrary: act },
    { weight: 2, arbitrary: fc.nat(5).map((n) => new Forward(t, n)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 120 }).map((n) => new Advance(n)) }
  )
}

describe.each(ERRAND_TYPES.map((t) => [t]))("the lifecycle of a type-%s order", (t) => {
  test.prop([fc.integer({ min: 0, max: 5000 }), fc.commands([commandFor(t)], { maxCommands: 80, size: "max" })], { numRuns: 300 })(
    "random role actions and clock advances take only the table's edges, and money is conserved",
    (payFee, cmds) => {
      const placed = placeErrand(payFee)
      const order: ErrandOrder = {
        type: t, status: placed.status, openid: "req", worksiteId: "w1", accept: null, payFee, paid: 0, refunded: 0, runnerIncome: 0,
        freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: new Date(T0.getTime() + REQUIRE_AFTER_MIN * 60_000), toComment: false
      }
      let parcel: ParcelStatus = 0
      for (const e of placed.parcel) parcel = nextParcelStatus(parcel, e)!
      const model: Model = { status: placed.status, runner: null, minutes: 0, payFee, paid: 0, refunded: 0, earned: 0, freight: null, freightPaid: 0 }
      const real: Real = { order, parcel, moved: { pay: 0, refund: 0, credit: 0, freight: 0 }, personalCancels: 0 }
      fc.modelRun(() => ({ model, real }), cmds)

      const o = real.order
      // The requester's payment = runner income + refunds + what is still held; nothing is held once final.
      expect(o.paid).toBe(model.paid)
      expect(o.paid).toBe(o.runnerIncome + o.refunded + heldAmount(o))
      expect([o.paid, o.refunded, o.runnerIncome, o.freightPaid]).toEqual([real.moved.pay, real.moved.refund, real.moved.credit, real.moved.freight])
      expect([o.refunded, o.runnerIncome, o.freightPaid]).toEqual([model.refunded, model.earned, model.freightPaid])
      if (o.status === 4 || o.status === 100) expect(heldAmount(o)).toBe(0)
      if (o.status === 100) expect(o.toComment).toBe(true)
      expect(heldAmount(o)).toBeGreaterThanOrEqual(0)
      if (t === 1) expect(real.parcel).toBe(parcelStatusOfErrand[o.status])
    }
  )
})

it("the random runs reach every status each type can be in", () => {
  for (const e of errandEdges) for (const t of e.types) expect(reached, `${t}:${e.to}`).toContain(`${t}:${e.to}`)
})

// Roles are named once here so a new role in the core fails this file's type check until the model knows it.
const _roles: Record<Role, true> = { requester: true, runner: true, leader: true, staff: true, system: true }
void _roles
