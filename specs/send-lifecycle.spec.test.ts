/**
 * The send order's lifecycle, model-based (spec 001 §4 "Parcel to send status"): random actions of the
 * sender, two runners and staff of two worksites against the core's decisions. A door pickup is one aggregate:
 * its steps before the freight are its type-2 errand's edges (the errand's `decide`, which moves the send order
 * by the edge's `send`), and each step from the freight on is the send table's transition together with the
 * errand's edge for it, which must agree. It moves only along the tables and the freight is paid at most once.
 * The run through the real store is test/integration/sending-model.integration.test.ts.
 */
import { fc, test } from "@fast-check/vitest"
import { afterAll, describe, expect } from "vitest"
import { NotAllowed, StateConflict } from "#src/shared/errors"
import { decide as decideErrand, ErrandStatus, type ErrandActor, type ErrandCommand, type ErrandOrder } from "#src/errand/status-machine"
import {
  decide, initialSendStatus, nextSendStatus, sendTransitions, type SendAction as TableAction, type SendActor, type SendOrder, type SendStatus as Status
} from "#src/sending/status-machine"
import { freight, order, sender, staff } from "#src/sending/send-order.testkit"


/**
 * The lifecycle, model-based: random actions by the sender, two runners, the worksite's staff and another
 * worksite's staff. The model is a stage name, the runner and how often the freight was paid; it says from
 * those alone whether each action must succeed.
 */
type Stage = "reward" | "hall" | "grabbed" | "handed" | "freight" | "pay" | "number" | "out" | "sent" | "closed"
const stageStatus: Record<Stage, Status> = {
  reward: 0, hall: 1, grabbed: 2, handed: 3, freight: 10, pay: 20, number: 4, out: 5, sent: 100, closed: 400
}
interface Model { stage: Stage; runner: string | null; paid: number; daofu: boolean; readonly door: boolean }
interface Real { current: SendOrder; errand: ErrandOrder; paidEvents: number }

/** The send table's transitions, and a door pickup's steps that are its errand's edges alone. */
type ErrandLed = "payReward" | "grab" | "backToWaiting" | "senderHandedOver" | "runnerConfirms"
type SendAction = TableAction | { readonly type: ErrandLed }
const errandCommand: Record<ErrandLed, ErrandCommand> = {
  payReward: { action: "prepay" },
  grab: { action: "grab", runner: { openid: "", name: "跑腿", phone: "13800000009" } },
  backToWaiting: { action: "release", reasonType: 2, reason: "用户临时不寄了" },
  senderHandedOver: { action: "sayTaken" },
  runnerConfirms: { action: "confirmTaken", goodsPic: null }
}
const isErrandLed = (a: SendAction): a is { readonly type: ErrandLed } => Object.hasOwn(errandCommand, a.type)
/** A door pickup still awaiting its reward or runner is closed by cancelling its errand (which refunds a paid reward). */
const closeByCancel: ErrandCommand = { action: "cancel" }
/** The errand edge each send transition goes with on a door pickup. */
const withErrand: Partial<Record<TableAction["type"], (a: TableAction) => ErrandCommand>> = {
  setFreight: (a) => ({ action: "setFreight", freight: a.type === "setFreight" ? a.freight : 0 }),
  setFreightDaofu: () => ({ action: "setFreightDaofu" }),
  payFreight: () => ({ action: "payFreight" }),
  assignNumber: () => ({ action: "arrive" }),
  sendOut: () => ({ action: "shipOut" })
}
const errandActors: Record<string, ErrandActor> = {
  sender: { role: "requester", openid: "s-openid" },
  runnerA: { role: "runner", openid: "ra" },
  runnerB: { role: "runner", openid: "rb" },
  staff: { role: "staff", worksiteId: "w" },
  otherStaff: { role: "staff", worksiteId: "elsewhere" }
}
const T0 = new Date("2026-11-25T04:00:00Z")
const newErrand = (): ErrandOrder => ({
  type: 2, status: ErrandStatus.awaitingPayment, openid: "s-openid", worksiteId: "w", accept: null, payFee: 300, paid: 0, refunded: 0, runnerIncome: 0,
  freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: new Date(T0.getTime() + 3_600_000), toComment: false
})

/** One step of the aggregate: what the tables decide together, or a refusal. */
const step = (r: Real, who: string, a: SendAction): { send: SendOrder; errand: ErrandOrder } | undefined => {
  const send = r.current
  if (isErrandLed(a) || (a.type === "close" && send.doorPickup && (send.status === 0 || send.status === 1))) {
    if (!send.doorPickup) return undefined
    const command = a.type === "close" ? closeByCancel
      : a.type === "grab" ? { ...errandCommand.grab, runner: { openid: errandActors[who]!.openid ?? "", name: "跑腿", phone: "13800000009" } } : errandCommand[a.type as ErrandLed]
    const d = decideErrand(r.errand, errandActors[who]!, command as ErrandCommand, T0)
    if (!("edge" in d)) return undefined
    expect(d.edge.send?.from).toBe(send.status)
    const runnerId = d.order.accept === null ? null : d.order.accept.openid
    return { send: { ...send, status: d.edge.send!.to, runnerId }, errand: d.order }
  }
  const got = decide(send, actors[who]!, a)
  if (!("order" in got)) return undefined
  expect(got.events).toEqual(sendTransitions[a.type].events)
  expect(nextSendStatus(send.status, a.type)).toBe(got.order.status)
  if (!send.doorPickup) return { send: got.order, errand: r.errand }
  const toErrand = withErrand[a.type]
  if (!toErrand) return undefined
  const d = decideErrand(r.errand, errandActors[who]!, toErrand(a), T0)
  // the send table allowed it, so the errand's edge must too, and lead the send order to the same status
  if (!("edge" in d)) throw new Error(`the send table allows ${a.type} by ${who} at ${send.status}, the errand's edge refuses: ${d.message}`)
  expect([d.edge.send?.from, d.edge.send?.to]).toEqual([send.status, got.order.status])
  return { send: got.order, errand: d.order }
}

const actors: Record<string, SendActor> = {
  sender: sender,
  runnerA: { role: "runner", userId: "ra" },
  runnerB: { role: "runner", userId: "rb" },
  staff,
  otherStaff: { role: "staff", worksiteId: "elsewhere" }
}

/** The model's own rule: which actor may move which stage where. */
const expected = (m: Model, who: string, a: SendAction): Stage | undefined => {
  const runnerHolds = who === `runner${m.runner === "ra" ? "A" : m.runner === "rb" ? "B" : "-"}`
  const isStaff = who === "staff"
  const holder = (runnerHolds && m.door) || isStaff
  switch (a.type) {
    case "payReward": return who === "sender" && m.stage === "reward" ? "hall" : undefined
    case "grab": return who.startsWith("runner") && m.door && m.stage === "hall" ? "grabbed" : undefined
    case "backToWaiting": return runnerHolds && (m.stage === "grabbed" || m.stage === "handed") ? "hall" : undefined
    case "senderHandedOver": return who === "sender" && m.stage === "grabbed" ? "handed" : undefined
    case "runnerConfirms": return runnerHolds && m.stage === "handed" ? "freight" : undefined
    case "setFreight": return holder && m.stage === "freight" ? "pay" : undefined
    case "setFreightDaofu": return holder && m.stage === "freight" ? "number" : undefined
    case "payFreight": return who === "sender" && m.stage === "pay" ? "number" : undefined
    case "assignNumber": return isStaff && m.stage === "number" ? "out" : undefined
    case "sendOut": return isStaff && m.stage === "out" ? "sent" : undefined
    case "close": return who === "sender" && (m.stage === "reward" || m.stage === "hall" || (m.stage === "pay" && m.runner === null)) ? "closed" : undefined
  }
}

const reached = new Set<Stage>()

class Act implements fc.Command<Model, Real> {
  constructor(readonly who: string, readonly action: SendAction) {}
  check = () => true
  run(m: Model, r: Real) {
    const want = expected(m, this.who, this.action)
    const got = step(r, this.who, this.action)
    if (want === undefined) {
      expect(got).toBeUndefined()
      return
    }
    if (!got) throw new Error(`expected ${this.action.type} by ${this.who} to lead to ${want}`)
    expect(got.send.status).toBe(stageStatus[want])
    r.current = got.send
    r.errand = got.errand
    if (this.action.type === "payFreight") r.paidEvents++
    if (this.action.type === "grab") m.runner = this.who === "runnerA" ? "ra" : "rb"
    if (this.action.type === "backToWaiting") m.runner = null
    if (this.action.type === "payFreight") m.paid++
    if (this.action.type === "setFreightDaofu") m.daofu = true
    m.stage = want
    reached.add(want)
    expect(m.paid).toBeLessThanOrEqual(1)
    expect(r.paidEvents).toBe(m.paid)
    expect(r.current.freightPaid).toBe(m.paid === 1)
    expect(r.current.runnerId).toBe(m.runner)
    // the errand's money: the reward is held until the parcel goes out, then it is the runner's
    if (m.door) expect([r.errand.paid - r.errand.refunded - r.errand.runnerIncome, r.errand.runnerIncome]).toEqual(want === "sent" ? [0, 300] : [want === "reward" || want === "closed" ? 0 : 300, 0])
  }
  toString = () => `${this.who}:${this.action.type}`
}

const actions: ReadonlyArray<SendAction> = [
  { type: "payReward" }, { type: "grab" }, { type: "backToWaiting" }, { type: "senderHandedOver" }, { type: "runnerConfirms" },
  freight, { type: "setFreightDaofu", companyId: "sf" }, { type: "payFreight" }, { type: "assignNumber", expressNo: "SF123" },
  { type: "sendOut" }, { type: "close" }
]
const byType = (t: SendAction["type"]) => actions.find((a) => a.type === t)!
/** Mostly the pairs that could succeed somewhere, so random runs reach the end; sometimes anyone doing anything. */
const natural: ReadonlyArray<readonly [string, SendAction["type"]]> = [
  ["sender", "payReward"], ["sender", "senderHandedOver"], ["sender", "payFreight"], ["sender", "close"],
  ["runnerA", "grab"], ["runnerB", "grab"], ["runnerA", "runnerConfirms"], ["runnerB", "runnerConfirms"], ["runnerA", "backToWaiting"],
  ["runnerA", "setFreight"], ["runnerB", "setFreightDaofu"],
  ["staff", "setFreight"], ["staff", "setFreightDaofu"], ["staff", "assignNumber"], ["staff", "sendOut"], ["otherStaff", "sendOut"]
]
const command = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...natural).map(([who, t]) => new Act(who, byType(t))) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(actors)), fc.constantFrom(...actions)).map(([who, a]) => new Act(who, a)) }
)

describe("the send-order lifecycle, model-based", () => {
  afterAll(() => expect([...reached].sort()).toEqual(Object.keys(stageStatus).sort()))

  test.prop([fc.boolean(), fc.commands([command], { maxCommands: 200, size: "max" })], { numRuns: 300 })(
    "random actions move only along the table; freight is paid at most once",
    (door, cmds) => {
      reached.add(door ? "reward" : "freight")
      const start = order({ doorPickup: door, status: initialSendStatus(door) })
      fc.modelRun(() => ({ model: { stage: (door ? "reward" : "freight") as Stage, runner: null, paid: 0, daofu: false, door }, real: { current: start, errand: newErrand(), paidEvents: 0 } }), cmds)
    }
  )
})
