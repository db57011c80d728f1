import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { isDomainError } from "../shared/errors"
import { nextStatus as nextParcelStatus } from "../parcel/status-machine"
import type { ParcelStatus } from "../parcel/parcel-status"
import {
  ERRAND_ACTIONS, ERRAND_STATUSES, cancelReasonTypeOf, ERRAND_TYPES, decide, edgeFor, errandEdges, errandStatusStr, heldAmount, parcelStatusOfErrand, placeErrand,
  type ErrandAction, type ErrandActor, type ErrandCommand, type ErrandOrder, type ErrandStatus, type ErrandType, type Role
} from "./status-machine"

/** The spec's edges (§4 actions by role, live events), written out one by one: [types, from, action, to]. */
const specEdges: ReadonlyArray<readonly [string, ErrandStatus, ErrandAction, ErrandStatus]> = [
  ["1234", -1, "prepay", 0], ["1234", -1, "cancel", 4], ["1234", 0, "cancel", 4], ["1234", -1, "voidUnpaid", 4], ["1234", 0, "voidUnaccepted", 4],
  ["1234", 0, "grab", 1], ["1234", 1, "release", 0], ["234", 2, "release", 0],
  ["134", 1, "takeaway", 2], ["134", 2, "markDelivered", 3], ["134", 2, "confirmReceipt", 100], ["134", 3, "confirmReceipt", 100],
  ["134", 1, "leaderSign", 100], ["134", 2, "leaderSign", 100], ["134", 3, "leaderSign", 100],
  ["2", 1, "sayTaken", 2], ["2", 2, "confirmTaken", 3], ["2", 2, "confirmTakenDaofu", 20], ["2", 3, "setFreight", 10], ["2", 3, "setFreightDaofu", 20], ["2", 10, "payFreight", 20],
  ["2", 20, "arrive", 5], ["2", 5, "shipOut", 100]
]
const specNext = (type: ErrandType, from: ErrandStatus, action: ErrandAction) =>
  specEdges.find(([types, f, a]) => types.includes(String(type)) && f === from && a === action)?.[3]

const type = fc.constantFrom(...ERRAND_TYPES)
const status = fc.constantFrom(...ERRAND_STATUSES)
const action = fc.constantFrom(...ERRAND_ACTIONS)

describe("the errand status machine's table", () => {
  it("allows exactly the spec's edges; nothing else can happen", () => {
    for (const t of ERRAND_TYPES) for (const s of ERRAND_STATUSES) for (const a of ERRAND_ACTIONS) expect([t, s, a, edgeFor(t, s, a)?.to]).toEqual([t, s, a, specNext(t, s, a)])
  })

  test.prop([type, status, action])("any status and action outside the table is refused by decide", (t, s, a) => {
    const order = { type: t, status: s, openid: "req", worksiteId: "w1", accept: { openid: "r1", name: "", phone: "" }, payFee: 1, paid: 0, refunded: 0, runnerIncome: 0, freight: 1, freightPaid: 0, goodsPic: null, createdAt: new Date(0), requireArriveTime: new Date(0), toComment: false } satisfies ErrandOrder
    if (specNext(t, s, a) !== undefined) return
    for (const actor of [{ role: "requester", openid: "req" }, { role: "runner", openid: "r1" }, { role: "staff", worksiteId: "w1" }, { role: "leader", worksiteId: "w1" }, { role: "system" }] as const) {
      const out = decide(order, actor, { action: a, runner: { openid: "r1", name: "", phone: "" }, reasonType: 2, reason: "一二三四五", goodsPic: null, freight: 1 } as ErrandCommand, new Date(1e13))
      expect(isDomainError(out) && out.status).toBe(409)
    }
  })

  it("has one edge per (type, status, action) and leaves final statuses alone", () => {
    for (const t of ERRAND_TYPES) for (const s of ERRAND_STATUSES) for (const a of ERRAND_ACTIONS) {
      expect(errandEdges.filter((e) => e.types.includes(t) && e.from === s && e.action === a).length).toBeLessThanOrEqual(1)
      if (s === 4 || s === 100) expect(edgeFor(t, s, a)).toBeUndefined()
    }
  })

  it("moves a type-1 order's parcel through the parcel machine, edge by edge, to the status that matches", () => {
    const placed = placeErrand(300)
    expect(placed.parcel.reduce<ParcelStatus | undefined>((p, e) => p === undefined ? undefined : nextParcelStatus(p, e), 0)).toBe(parcelStatusOfErrand[placed.status])
    const free = placeErrand(0)
    expect(free.status).toBe(0)
    expect(free.parcel.reduce<ParcelStatus | undefined>((p, e) => p === undefined ? undefined : nextParcelStatus(p, e), 0)).toBe(3)
    for (const e of errandEdges.filter((x) => x.types.includes(1))) {
      const start = parcelStatusOfErrand[e.from] as ParcelStatus
      const end = (e.parcel ?? []).reduce<ParcelStatus | undefined>((p, ev) => (p === undefined ? undefined : nextParcelStatus(p, ev)), start)
      expect([e.action, e.from, end]).toEqual([e.action, e.from, parcelStatusOfErrand[e.to]])
    }
  })

  it("sends the spec's live events", () => {
    const names = (t: ErrandType, s: ErrandStatus, a: ErrandAction) => edgeFor(t, s, a)!.live.map((l) => `${l.name}>${l.to}`)
    expect(names(1, -1, "prepay")).toEqual(["paotuiOrderAdd>hall"])
    expect(names(2, -1, "prepay")).toEqual(["paotuiPickupOrderAdd>hall"])
    expect(names(1, 0, "cancel")).toEqual(["paotuiOrderCancel>requester", "paotuiOrderCancel>hall"])
    expect(names(1, 0, "grab")).toEqual(["paotuiOrderRobbinged>requester", "paotuiOrderRobbinged>hall"])
    expect(names(1, 1, "takeaway")).toContain("paotuiHaveGettedExpress>requester")
    expect(names(2, 2, "confirmTaken")).toEqual(["paotuiConfirmHaveGettedExpress>requester"])
    expect(names(1, 2, "markDelivered")).toEqual(["paotuiSayReceiverGet>requester"])
    expect(names(2, 20, "arrive")).toContain("expressPaotuiArrived>requester")
    expect(names(1, 3, "confirmReceipt")).toContain("paotuiOrderComplete>runner")
    expect(names(1, 1, "leaderSign")).toContain("expressTosendPaotuiSign>requester")
  })

  it("names statuses per type", () => {
    expect([errandStatusStr(1, 2), errandStatusStr(2, 2), errandStatusStr(1, 3), errandStatusStr(2, 3), errandStatusStr(4, -1)]).toEqual(["已取件", "待跑腿确认", "已送达", "待计算运费", "待支付"])
  })
})

// --- the lifecycle, model-based -------------------------------------------------------------------------

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
    case "release": return holder && (at(1) || (at(2) && t !== 1)) ? 0 : undefined
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

describe("decide", () => {
  const base: ErrandOrder = {
    type: 1, status: 1, openid: "req", worksiteId: "w1", accept: { openid: "r1", name: "小跑", phone: "13800000001" }, payFee: 500, paid: 500, refunded: 0,
    runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: new Date(T0.getTime() + 3 * 3600_000), toComment: false
  }
  const runner: ErrandActor = { role: "runner", openid: "r1" }

  it("asks for a cancel reason of at least 5 characters, and a personal reason costs credit", () => {
    const short = decide(base, runner, { action: "release", reasonType: 1, reason: " 有事 " }, T0)
    expect(isDomainError(short) && short.message).toBe("取消原因不能少于5个字")
    const done = decide(base, runner, { action: "release", reasonType: 1, reason: "临时有事了" }, T0)
    expect(!isDomainError(done) && [done.order.status, done.order.accept, done.personalCancelBy, done.parcel]).toEqual([0, null, "r1", ["releaseErrand"]])
    expect([cancelReasonTypeOf(undefined), cancelReasonTypeOf(2), cancelReasonTypeOf(7)]).toEqual([1, 2, 1])
    const long = decide(base, runner, { action: "release", reasonType: 1, reason: "很".repeat(51) }, T0)
    expect(isDomainError(long) && long.message).toBe("取消原因不能超过50个字")
    const users = decide(base, runner, { action: "release", reasonType: 2, reason: "联系不上用户" }, T0)
    expect(!isDomainError(users) && users.personalCancelBy).toBeUndefined()
  })

  it("refuses someone else's order with 403 and a wrong status with 409, with the spec's failure words", () => {
    const other = decide(base, { role: "runner", openid: "r2" }, { action: "markDelivered" }, T0)
    expect(isDomainError(other) && [other.status, other.message]).toEqual([409, "送达失败"])
    const stranger = decide({ ...base, status: 2 }, { role: "runner", openid: "r2" }, { action: "markDelivered" }, T0)
    expect(isDomainError(stranger) && [stranger.status, stranger.message]).toEqual([403, "送达失败"])
    const grabbedTwice = decide(base, { role: "runner", openid: "r2" }, { action: "grab", runner: { openid: "r2", name: "", phone: "" } }, T0)
    expect(isDomainError(grabbedTwice) && [grabbedTwice.status, grabbedTwice.message]).toEqual([409, "接单失败"])
  })

  it("voids an unpaid order only from 30 minutes on, and refunds an unaccepted one only after its required time", () => {
    const unpaid = { ...base, status: -1 as const, accept: null, paid: 0 }
    expect(isDomainError(decide(unpaid, { role: "system" }, { action: "voidUnpaid" }, new Date(T0.getTime() + 29 * 60_000 + 59_999)))).toBe(true)
    const voided = decide(unpaid, { role: "system" }, { action: "voidUnpaid" }, new Date(T0.getTime() + 30 * 60_000))
    expect(!isDomainError(voided) && [voided.order.status, voided.money, voided.parcel]).toEqual([4, [], ["voidErrand"]])
    const waiting = { ...base, status: 0 as const, accept: null }
    expect(isDomainError(decide(waiting, { role: "system" }, { action: "voidUnaccepted" }, base.requireArriveTime))).toBe(true)
    const refunded = decide(waiting, { role: "system" }, { action: "voidUnaccepted" }, new Date(base.requireArriveTime.getTime() + 1))
    expect(!isDomainError(refunded) && refunded.money).toEqual([{ kind: "refund", amount: 500 }])
  })

  it("credits the runner what the requester paid when the order completes", () => {
    const done = decide({ ...base, status: 3 }, { role: "requester", openid: "req" }, { action: "confirmReceipt" }, T0)
    expect(!isDomainError(done) && [done.money, done.order.toComment, done.parcel]).toEqual([[{ kind: "creditRunner", amount: 500, openid: "r1" }], true, ["signDelivered"]])
  })
})

// Roles are named once here so a new role in the core fails this file's type check until the model knows it.
const _roles: Record<Role, true> = { requester: true, runner: true, leader: true, staff: true, system: true }
void _roles
