import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { isDomainError } from "../shared/errors"
import { ERRAND_STATUSES, ERRAND_TYPES, decide, type ErrandOrder, type ErrandStatus, type ErrandType } from "./status-machine"
import { ERRAND_ENDS, PEOPLE_GRACE_MS, SCHEDULER_GRACE_MS, errandDeadline, overdueErrand, type ErrandClock } from "./stuck"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = new Date("2026-11-20T04:00:00.000Z")
/** Placed at T0 (Shanghai noon), required by 23:00 that evening. */
const REQUIRED = new Date("2026-11-20T15:00:00.000Z")
const at = (ms: number) => new Date(ms)
const order = (type: ErrandType, status: ErrandStatus, paid = 300): ErrandClock => ({ type, status, paid, createdAt: T0, requireArriveTime: REQUIRED })

describe("a paid errand order stuck past its deadlines", () => {
  it("awaiting payment: stuck an hour after its 30-minute payment deadline, waiting for the scheduler's void", () => {
    const o = order(4, -1)
    const since = T0.getTime() + 30 * MINUTE + HOUR
    expect(overdueErrand(o, at(since))).toBeUndefined()
    expect(overdueErrand(o, at(since + 1))).toEqual({
      deadline: at(T0.getTime() + 30 * MINUTE), stuckSince: at(since), waitsFor: ["prepay (requester)", "cancel (requester)", "voidUnpaid (system)"]
    })
  })

  it("awaiting acceptance: stuck an hour after its required time, waiting for a runner, its requester or the scheduler's void", () => {
    const o = order(1, 0)
    expect(overdueErrand(o, at(REQUIRED.getTime() + HOUR))).toBeUndefined()
    expect(overdueErrand(o, at(REQUIRED.getTime() + HOUR + 1))).toEqual({
      deadline: REQUIRED, stuckSince: at(REQUIRED.getTime() + HOUR), waitsFor: ["cancel (requester)", "voidUnaccepted (system)", "grab (runner)"]
    })
  })

  it("a step people take: three days after its required time, with the steps that could still end it", () => {
    const since = REQUIRED.getTime() + 72 * HOUR
    const cases: ReadonlyArray<readonly [ErrandType, ErrandStatus, ReadonlyArray<string>]> = [
      [1, 1, ["release (runner)", "takeaway (staff)", "leaderSign (leader)"]],
      [3, 2, ["release (runner)", "markDelivered (runner)", "confirmReceipt (requester)", "leaderSign (leader)"]],
      [4, 3, ["confirmReceipt (requester)", "leaderSign (leader)"]],
      [2, 1, ["release (runner)", "sayTaken (requester)"]],
      [2, 3, ["setFreight (runner/staff)", "setFreightDaofu (runner/staff)"]],
      [2, 10, ["payFreight (requester)"]],
      [2, 20, ["arrive (staff)"]],
      [2, 5, ["shipOut (staff)"]]
    ]
    for (const [type, status, waitsFor] of cases) {
      expect([type, status, overdueErrand(order(type, status), at(since))]).toEqual([type, status, undefined])
      expect([type, status, overdueErrand(order(type, status), at(since + 1))]).toEqual([type, status, { deadline: REQUIRED, stuckSince: at(since), waitsFor }])
    }
  })

  it("an order that took no money, or has ended, is never stuck", () => {
    const later = at(REQUIRED.getTime() + 365 * 24 * HOUR)
    for (const type of ERRAND_TYPES) for (const status of ERRAND_STATUSES) expect(overdueErrand(order(type, status, 0), later)).toBeUndefined()
    for (const type of ERRAND_TYPES) for (const status of ERRAND_ENDS) expect(overdueErrand(order(type, status), later)).toBeUndefined()
  })

  test.prop([fc.constantFrom(-1, 0) as fc.Arbitrary<-1 | 0>, fc.constantFrom(...ERRAND_TYPES), fc.integer({ min: -2 * HOUR, max: 48 * HOUR })])(
    "the scheduler's void is due before an order it leaves counts as stuck",
    (status, type, requiredAfter) => {
      const o: ErrandOrder = {
        type, status, openid: "req", worksiteId: "w1", accept: null, payFee: 300, paid: 300, refunded: 0, runnerIncome: 0, freight: null,
        freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: at(T0.getTime() + requiredAfter), toComment: false
      }
      const { stuckSince } = overdueErrand(o, at(8.64e15))!
      const voided = decide(o, { role: "system" }, { action: status === -1 ? "voidUnpaid" : "voidUnaccepted" }, stuckSince)
      expect(isDomainError(voided)).toBe(false)
      expect(errandDeadline(o).graceMs).toBe(SCHEDULER_GRACE_MS)
    }
  )

  test.prop([fc.constantFrom(...ERRAND_TYPES), fc.constantFrom(...ERRAND_STATUSES), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 30 * 24 * HOUR }), fc.integer({ min: 0, max: 30 * 24 * HOUR })])(
    "once stuck, stuck at every later time; never stuck before its required time plus the scheduler's grace",
    (type, status, paid, first, gap) => {
      const o = order(type, status, paid)
      const early = overdueErrand(o, at(T0.getTime() + first))
      if (early) expect(overdueErrand(o, at(T0.getTime() + first + gap))).toEqual(early)
      if (T0.getTime() + first <= Math.min(REQUIRED.getTime(), T0.getTime() + 30 * MINUTE) + SCHEDULER_GRACE_MS) expect(early).toBeUndefined()
      if (early) expect(errandDeadline(o).graceMs === SCHEDULER_GRACE_MS || early.stuckSince.getTime() === REQUIRED.getTime() + PEOPLE_GRACE_MS).toBe(true)
    }
  )
})
