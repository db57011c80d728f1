import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { isDomainError } from "../shared/errors"
import { nextStatus as nextParcelStatus } from "../parcel/status-machine"
import type { ParcelStatus } from "../parcel/parcel-status"
import {
  ERRAND_ACTIONS, ERRAND_STATUSES, cancelReasonTypeOf, ERRAND_TYPES, decide, edgeFor, errandEdges, errandStatusStr, mayAct, offersRunnerQr,
  parcelStatusOfErrand, placeErrand, type ErrandAction, type ErrandActor, type ErrandCommand, type ErrandOrder, type ErrandStatus, type ErrandType, type Role
} from "./status-machine"

/** The spec's edges (§4 actions by role, live events), written out one by one: [types, from, action, to]. */
const specEdges: ReadonlyArray<readonly [string, ErrandStatus, ErrandAction, ErrandStatus]> = [
  ["1234", -1, "prepay", 0], ["1234", -1, "cancel", 4], ["1234", 0, "cancel", 4], ["1234", -1, "voidUnpaid", 4], ["1234", 0, "voidUnaccepted", 4],
  ["1234", 0, "grab", 1], ["1234", 1, "release", 0], ["234", 2, "release", 0], ["1", 2, "release", 4],
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

describe("what an order's page offers its viewer", () => {
  /** Spec §4 "Actions by role", as the order card offers them: [viewer, action, types, statuses]. */
  const offered: ReadonlyArray<readonly [Role, ErrandAction, string, ReadonlyArray<number>]> = [
    ["requester", "prepay", "1234", [-1]], ["requester", "cancel", "1234", [-1, 0]], ["requester", "sayTaken", "2", [1]],
    ["requester", "confirmReceipt", "134", [2, 3]],
    ["runner", "markDelivered", "134", [2]], ["runner", "confirmTaken", "2", [2]], ["runner", "takeaway", "34", [1]],
    ["runner", "setFreight", "2", [3]], ["runner", "release", "1234", [1, 2]]
  ]

  it("offers each viewer exactly the spec's actions at the spec's statuses, for every type and status", () => {
    for (const [role, a, types, at] of offered) for (const t of ERRAND_TYPES) for (const s of ERRAND_STATUSES) {
      expect([role, a, t, s, mayAct(role, t, s, a)]).toEqual([role, a, t, s, types.includes(String(t)) && at.includes(s)])
    }
  })

  it("offers only what the table lets that role do, and nothing at a type or status it does not know", () => {
    const roles: ReadonlyArray<Role> = ["requester", "runner", "leader", "staff", "system"]
    for (const role of roles) for (const t of ERRAND_TYPES) for (const s of ERRAND_STATUSES) for (const a of ERRAND_ACTIONS) {
      if (mayAct(role, t, s, a)) expect(edgeFor(t, s, a)?.by).toContain(role)
    }
    expect(mayAct("staff", 1, 1, "takeaway")).toBe(true)
    expect(mayAct("runner", 1, 1, "takeaway")).toBe(false)
    expect([mayAct("requester", 9, -1, "prepay"), mayAct("requester", 1, 7, "cancel")]).toEqual([false, false])
  })

  it("shows the runner's pickup QR only for a type-1 order held at status 1 that names its parcel", () => {
    const held = { type: 1, status: 1, toTakeId: "p1" }
    expect(offersRunnerQr(held)).toBe(true)
    expect([offersRunnerQr({ ...held, toTakeId: null }), offersRunnerQr({ ...held, status: 2 }), offersRunnerQr({ ...held, type: 3 })]).toEqual([false, false, false])
  })
})

// --- the lifecycle, model-based -------------------------------------------------------------------------

const T0 = new Date("2026-11-23T02:00:00.000Z")


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
