import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { NotAllowed, NotFound, StateConflict } from "../shared/errors"
import { applyToScanDelta, dispatchCounts, scannedCode, sendOutDecision, toScanDelta, toScanEventName } from "./dispatch"
import { nextSendStatus, sendStatuses, sendTransitionNames, SendStatus, type SendOrder } from "./status-machine"

const order = (over: Partial<SendOrder> = {}): SendOrder => ({
  id: "o1", status: SendStatus.awaitingOutOfStock, senderId: "s", worksiteId: "w", companyId: "c-sf", doorPickup: false,
  runnerId: null, freight: 1200, freightWeight: 1000, freightPaid: true, isDaofu: false, expressNo: "SF1", ...over
})

describe("dispatch counts", () => {
  it("lists every carrier of the worksite with its count", () => {
    expect(dispatchCounts([{ id: "a", name: "顺丰" }, { id: "b", name: "圆通" }], new Map([["b", 3]]))).toEqual([
      { _id: "a", name: "顺丰", count: 0 }, { _id: "b", name: "圆通", count: 3 }
    ])
  })

  it("names the live event after the site, the carrier and to-scan", () => {
    expect(toScanEventName("ws-xiyuan", "c-sf")).toBe("ws-xiyuan-c-sf-toScan")
  })

  test.prop([fc.nat(1000), fc.integer({ min: 1, max: 100 })])("a positive delta adds", (count, delta) => {
    expect(applyToScanDelta(count, delta)).toBe(count + delta)
  })

  test.prop([fc.nat(1000), fc.integer({ min: -100, max: -1 })])("a negative delta applies only above zero and never goes below it", (count, delta) => {
    expect(applyToScanDelta(count, delta)).toBe(count === 0 ? 0 : Math.max(0, count + delta))
  })

  test.prop([fc.array(fc.constantFrom(1, -1), { maxLength: 50 })])("counts from ±1 events never go negative, and equal the true count whenever it never did", (deltas) => {
    let shown = 0
    let real = 0
    let everNegative = false
    for (const d of deltas) {
      shown = applyToScanDelta(shown, d)
      real += d
      if (real < 0) everNegative = true
      expect(shown).toBeGreaterThanOrEqual(0)
    }
    if (!everNegative) expect(shown).toBe(real)
  })

  test.prop([fc.constantFrom(...sendStatuses), fc.constantFrom(...sendTransitionNames)])("every transition moves the count by entering or leaving 5", (from, t) => {
    const to = nextSendStatus(from, t)
    if (to === undefined) return
    const expected = t === "assignNumber" ? 1 : t === "sendOut" ? -1 : 0
    expect(toScanDelta(from, to)).toBe(expected)
  })
})

describe("sendOut", () => {
  it("reads the code after the first comma (the check-in scan rule)", () => {
    expect(scannedCode("CODE_128,SF1234567")).toBe("SF1234567")
    expect(scannedCode("a,b,c")).toBe("b,c")
    expect(scannedCode("SF1234567")).toBe("SF1234567")
  })

  it("sends an order awaiting dispatch out once, with its events and −1 on its carrier's count", () => {
    const first = sendOutDecision(order(), "w")
    expect(first).toMatchObject({
      kind: "sendOut", order: { status: 100 }, events: ["expressSended", "expressTakeinSended"], toScan: { event: "w-c-sf-toScan", delta: -1 }
    })
    if (!("kind" in first) || first.kind !== "sendOut") throw new Error("expected sendOut")
    expect(sendOutDecision(first.order, "w")).toEqual(new StateConflict({ message: "该寄件已出库，请勿重复扫描" }))
  })

  it("refuses other worksites and unknown codes as not found, other statuses naming them", () => {
    expect(sendOutDecision(undefined, "w")).toEqual(new NotFound({ message: "没有找到该寄件" }))
    expect(sendOutDecision(order(), "v")).toEqual(new NotFound({ message: "没有找到该寄件" }))
    expect(sendOutDecision(order({ status: 20 }), "w")).toEqual(new StateConflict({ message: "待支付运费的寄件不能出库" }))
    expect(sendOutDecision(order({ status: 400 }), "w")).toEqual(new StateConflict({ message: "已取消的寄件不能出库" }))
  })

  test.prop([fc.constantFrom(...sendStatuses), fc.integer({ min: 1, max: 5 })])("repeating sendOut changes an order at most once", (status, times) => {
    let current = order({ status })
    let changes = 0
    for (let i = 0; i < times; i++) {
      const d = sendOutDecision(current, "w")
      if (d instanceof NotFound || d instanceof NotAllowed || d instanceof StateConflict) continue
      changes++
      current = d.order
    }
    expect(changes).toBe(status === 5 ? 1 : 0)
    if (times > 1 && status === 5) expect(sendOutDecision(current, "w")).toEqual(new StateConflict({ message: "该寄件已出库，请勿重复扫描" }))
    expect(current.status).toBe(status === 5 ? 100 : status)
  })
})
