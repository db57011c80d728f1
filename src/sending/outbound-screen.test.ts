import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { idle, mayPrint, outboundScreen, type OutboundScreen, type OutboundScreenEvent } from "./outbound-screen"
import { sendStatuses } from "./status-machine"

const run = (events: ReadonlyArray<OutboundScreenEvent>, from: OutboundScreen = idle) => events.reduce(outboundScreen, from)

describe("the outbound staff screen", () => {
  it("pay now: scanned → freight set (awaiting payment) → paid → print → reset", () => {
    const scanned = run([{ type: "scan", orderId: "o", status: 10, isDaofu: false }])
    expect(scanned).toEqual({ step: "scanned", orderId: "o" })
    const waiting = outboundScreen(scanned, { type: "freightSet", orderId: "o" })
    expect(waiting).toEqual({ step: "awaitingPayment", orderId: "o", message: "计费成功待支付" })
    expect(mayPrint(waiting)).toBe(false)
    expect(outboundScreen(waiting, { type: "printRequested" })).toMatchObject({ step: "awaitingPayment", message: "寄件客户还没付运费" })
    const paid = outboundScreen(waiting, { type: "freightPaid", orderId: "o" })
    expect(paid).toEqual({ step: "readyToPrint", orderId: "o", payMode: "paid" })
    expect(mayPrint(paid)).toBe(true)
    expect(outboundScreen(paid, { type: "printed" })).toEqual(idle)
  })

  it("cash on delivery: ready to print at once with '到付成功待打印'", () => {
    expect(run([{ type: "scan", orderId: "o", status: 10, isDaofu: false }, { type: "freightSetDaofu", orderId: "o" }]))
      .toEqual({ step: "readyToPrint", orderId: "o", payMode: "daofu", message: "到付成功待打印" })
  })

  it("a scan lands where the order is: awaiting payment, ready, or not found", () => {
    expect(run([{ type: "scan", orderId: "o", status: 20, isDaofu: false }])).toEqual({ step: "awaitingPayment", orderId: "o" })
    expect(run([{ type: "scan", orderId: "o", status: 4, isDaofu: true }])).toMatchObject({ step: "readyToPrint", payMode: "daofu" })
    expect(run([{ type: "scan", orderId: "o", status: 400, isDaofu: false }])).toEqual({ step: "idle", message: "查找寄件信息出错" })
  })

  it("the sender's cancellation clears the screen, another order's does not", () => {
    const s = run([{ type: "scan", orderId: "o", status: 20, isDaofu: false }])
    expect(outboundScreen(s, { type: "userCancelled", orderId: "x" })).toBe(s)
    expect(outboundScreen(s, { type: "userCancelled", orderId: "o" })).toEqual({ step: "idle", message: "该预约单已经被用户取消" })
  })

  const ids = fc.constantFrom("o", "p")
  const event: fc.Arbitrary<OutboundScreenEvent> = fc.oneof(
    fc.record({ type: fc.constant("scan" as const), orderId: ids, status: fc.constantFrom(...sendStatuses), isDaofu: fc.boolean() }),
    fc.record({ type: fc.constantFrom("freightSet" as const, "freightSetDaofu" as const, "freightPaid" as const, "userCancelled" as const), orderId: ids }),
    fc.record({ type: fc.constantFrom("printRequested" as const, "printed" as const) })
  )
  test.prop([fc.array(event, { maxLength: 40 })])("printing happens only from ready-to-print, and an unpaid pay-now order never gets there without its payment", (events) => {
    let s: OutboundScreen = idle
    let paidOrDaofu = new Set<string>()
    for (const e of events) {
      if (e.type === "scan") paidOrDaofu = e.status === 4 || e.status === 5 ? new Set([e.orderId]) : new Set()
      if ((e.type === "freightPaid" && s.step === "awaitingPayment") || (e.type === "freightSetDaofu" && s.step === "scanned")) {
        if (s.orderId === e.orderId) paidOrDaofu.add(e.orderId)
      }
      const next = outboundScreen(s, e)
      if (e.type === "printed" && next !== s) expect(s.step).toBe("readyToPrint")
      if (next.step === "readyToPrint") expect(paidOrDaofu.has(next.orderId)).toBe(true)
      s = next
    }
  })
})
