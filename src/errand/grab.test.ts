import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { grabRefusal, hall, inHall, sexAllows, type Grabber, type HallOrder } from "./grab"

const runner: Grabber = { openid: "r1", authStatus: 1, paotuiStatus: 1, sex: 1, worksiteId: "w1" }
const NOW = new Date(1e9)
/** The refusal as the user gets it: its status and message; undefined when the grab may go on. */
const canGrab = (u: Grabber, o: HallOrder, now: Date) => {
  const refused = grabRefusal(u, o, now)
  return refused && [refused.status, refused.message]
}
const order: HallOrder = { openid: "req", status: 0, sexLimit: -1, worksiteId: "w1", payFee: 300, createdAt: new Date(0), requireArriveTime: new Date(2e9) }

describe("who may grab", () => {
  it("sends anyone but a verified, joined runner to the runner application", () => {
    for (const [authStatus, paotuiStatus] of [[0, 1], [-1, 1], [2, 1], [1, 0], [1, -1], [1, 2]] as const) {
      expect(canGrab({ ...runner, authStatus, paotuiStatus }, order, NOW)).toEqual([403, "您还不是跑腿员，请先申请跑腿"])
    }
    expect(canGrab(runner, order, NOW)).toBeUndefined()
  })

  it("holds the sex limit with the spec's words", () => {
    expect(canGrab({ ...runner, sex: 2 }, { ...order, sexLimit: 1 }, NOW)).toEqual([403, "对不起，该跑腿单只有男生可接。"])
    expect(canGrab({ ...runner, sex: 1 }, { ...order, sexLimit: 2 }, NOW)).toEqual([403, "对不起，该跑腿单只有女生可接。"])
    expect(canGrab({ ...runner, sex: 0 }, { ...order, sexLimit: 2 }, NOW)).toEqual([403, "对不起，该跑腿单只有女生可接。"])
    expect(canGrab({ ...runner, sex: 2 }, { ...order, sexLimit: 2 }, NOW)).toBeUndefined()
    expect(canGrab({ ...runner, sex: 0 }, { ...order, sexLimit: null }, NOW)).toBeUndefined()
  })

  it("refuses another worksite's order, one's own order, and an order no longer open", () => {
    expect(canGrab({ ...runner, worksiteId: "w2" }, order, NOW)).toEqual([403, "接单失败"])
    expect(canGrab({ ...runner, openid: "req" }, order, NOW)).toEqual([403, "接单失败"])
    expect(canGrab(runner, { ...order, status: 1 }, NOW)).toEqual([409, "接单失败"])
    expect(canGrab(runner, order, new Date(2e9 + 1))).toEqual([409, "接单失败"])
    expect(canGrab(runner, order, new Date(2e9))).toBeUndefined()
  })
})

describe("the hall", () => {
  const anyOrder = fc.record({
    openid: fc.constantFrom("req", "r1"), status: fc.constantFrom(-1, 0, 1, 4), sexLimit: fc.constantFrom(-1, 1, 2, null), worksiteId: fc.constantFrom("w1", "w2"),
    payFee: fc.nat(2000), createdAt: fc.integer({ min: 0, max: 1e9 }).map((n) => new Date(n)), requireArriveTime: fc.integer({ min: 0, max: 2e9 }).map((n) => new Date(n))
  })
  const sex = fc.constantFrom(0, 1, 2)

  test.prop([fc.array(anyOrder, { maxLength: 30 }), sex, fc.constantFrom("time" as const, "fee" as const)])(
    "shows exactly the worksite's open orders the user's sex may take, sorted",
    (orders, s, by) => {
      const user = { sex: s, worksiteId: "w1" }
      const shown = hall(user, orders, by, NOW)
      expect(shown.length).toBe(orders.filter((o) => o.status === 0 && o.worksiteId === "w1" && o.requireArriveTime >= NOW && (o.sexLimit === -1 || o.sexLimit === null || o.sexLimit === s)).length)
      for (const [a, b] of shown.slice(1).map((o, i) => [shown[i]!, o] as const)) {
        if (by === "fee") expect(a.payFee).toBeGreaterThanOrEqual(b.payFee)
        if (by === "time" || a.payFee === b.payFee) expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(b.createdAt.getTime())
      }
    }
  )

  test.prop([anyOrder, sex])("whatever the hall shows, its runner of that sex may grab", (o, s) => {
    const user = { ...runner, sex: s }
    if (inHall(user, o, NOW) && o.openid !== user.openid) expect(canGrab(user, o, NOW)).toBeUndefined()
    if (!sexAllows(o.sexLimit, s)) expect(canGrab(user, o, NOW)).toBeDefined()
  })
})
