/**
 * The send order's lifecycle, model-based (spec 001 §4 "Parcel to send status"): random actions of the
 * sender, two runners and staff of two worksites against the core's decide; it moves only along the table
 * and the freight is paid at most once. The run through the real store, with its errand, is
 * test/integration/sending-model.integration.test.ts.
 */
import { fc, test } from "@fast-check/vitest"
import { afterAll, describe, expect } from "vitest"
import { NotAllowed, StateConflict } from "#src/shared/errors"
import {
  decide, initialSendStatus, nextSendStatus, sendTransitions, type SendAction, type SendActor, type SendOrder, type SendStatus as Status
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
interface Real { current: SendOrder; paidEvents: number }

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
    case "runnerCancel": return runnerHolds && m.door && m.stage === "out" ? "number" : undefined
    case "sendOut": return isStaff && m.stage === "out" ? "sent" : undefined
    case "close": return who === "sender" && (m.stage === "reward" || m.stage === "hall" || (m.stage === "pay" && m.runner === null)) ? "closed" : undefined
  }
}

const reached = new Set<Stage>()

class Act implements fc.Command<Model, Real> {
  constructor(readonly who: string, readonly action: SendAction) {}
  check = () => true
  run(m: Model, r: Real) {
    const before = r.current
    const want = expected(m, this.who, this.action)
    const got = decide(before, actors[this.who]!, this.action)
    if (want === undefined) {
      expect(got).toSatisfy((g) => g instanceof NotAllowed || g instanceof StateConflict)
      return
    }
    if (!("order" in got)) throw new Error(`expected ${this.action.type} by ${this.who} to lead to ${want}, got ${got.message}`)
    expect(got.order.status).toBe(stageStatus[want])
    expect(nextSendStatus(before.status, this.action.type)).toBe(got.order.status)
    expect(got.events).toEqual(sendTransitions[this.action.type].events)
    r.current = got.order
    if (this.action.type === "payFreight") r.paidEvents++
    if (this.action.type === "grab") m.runner = this.who === "runnerA" ? "ra" : "rb"
    if (this.action.type === "backToWaiting" || this.action.type === "runnerCancel") m.runner = null
    if (this.action.type === "payFreight") m.paid++
    if (this.action.type === "setFreightDaofu") m.daofu = true
    m.stage = want
    reached.add(want)
    expect(m.paid).toBeLessThanOrEqual(1)
    expect(r.paidEvents).toBe(m.paid)
    expect(r.current.freightPaid).toBe(m.paid === 1)
    expect(r.current.runnerId).toBe(m.runner)
  }
  toString = () => `${this.who}:${this.action.type}`
}

const actions: ReadonlyArray<SendAction> = [
  { type: "payReward" }, { type: "grab" }, { type: "backToWaiting" }, { type: "senderHandedOver" }, { type: "runnerConfirms" },
  freight, { type: "setFreightDaofu", companyId: "sf" }, { type: "payFreight" }, { type: "assignNumber", expressNo: "SF123" },
  { type: "runnerCancel" }, { type: "sendOut" }, { type: "close" }
]
const byType = (t: SendAction["type"]) => actions.find((a) => a.type === t)!
/** Mostly the pairs that could succeed somewhere, so random runs reach the end; sometimes anyone doing anything. */
const natural: ReadonlyArray<readonly [string, SendAction["type"]]> = [
  ["sender", "payReward"], ["sender", "senderHandedOver"], ["sender", "payFreight"], ["sender", "close"],
  ["runnerA", "grab"], ["runnerB", "grab"], ["runnerA", "runnerConfirms"], ["runnerB", "runnerConfirms"], ["runnerA", "backToWaiting"],
  ["runnerA", "setFreight"], ["runnerB", "setFreightDaofu"], ["runnerA", "runnerCancel"], ["runnerB", "runnerCancel"],
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
      fc.modelRun(() => ({ model: { stage: (door ? "reward" : "freight") as Stage, runner: null, paid: 0, daofu: false, door }, real: { current: start, paidEvents: 0 } }), cmds)
    }
  )
})
