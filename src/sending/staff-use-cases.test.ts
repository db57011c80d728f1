/**
 * The staff side of the sending use cases against the in-memory doubles (send-store.testkit.ts): the outbound
 * screen's scan and sender lookup, the waybill number, printing the electronic waybill (4 → 5 once, a reprint at 5)
 * and its PDF, the dispatch counts, the dispatch scan (5 → 100 once, a repeat or a rival's scan refused as already out) and the
 * tariff import. Each refusal with its class and the spec's words, what is stored, published, printed and logged.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { ErrandStatus } from "../errand/status-machine"
import { worksite as worksiteW1 } from "../parcel/parcel-store.testkit"
import { refused } from "../shared/ports.testkit"
import { messages as bookingMessages } from "./booking"
import { messages as dispatchMessages } from "./dispatch"
import { messages as freightMessages } from "./freight"
import {
  actorOf, clerk, eastClerk, printer150, printer180, renderedWaybill, sendEvents, sendingSettings, sendingWorld, sendRecord, sf, T0, users
} from "./send-store.testkit"
import type { SendRecord } from "./send-store"
import { messages, SendStatus } from "./status-machine"
import {
  expressNumberFor, freightQuote, importTariff, printWaybill, scanSending, senderInfo, sendOut, toScan, toScanAll, waybillPdf
} from "./use-cases"
import { messages as waybillMessages, waybillOf } from "./waybill"

const MIN = 60_000
const sender = actorOf(users.sender)
const notBound = refused("NotAllowed", "请先绑定后台操作用户")
const notYourWorksite = refused("NotAllowed", messages.notYourWorksite)
const notFound = refused("NotFound", "查找寄件信息出错")

const ORDER_NO = "JJ20261120120000ABCDEF"
const SF_NO = "SF20261120120000ABCDEF"

describe("the outbound screen's scan and sender lookup", () => {
  it("the order of the staff member's worksite by its number, by the text after the first comma, or by its waybill number", async () => {
    const w = sendingWorld()
    const order = sendRecord({ status: SendStatus.awaitingOutOfStock, freightPaid: true, expressNo: SF_NO })
    w.put(order)
    for (const [site, code] of [["w1", ORDER_NO], [undefined, `http://x,${ORDER_NO} `], ["", SF_NO]] as const) {
      expect(await w.run(scanSending(clerk, site, code)), `${site} ${code}`).toEqual({ ok: true, value: order })
    }
  })

  it("another worksite's order is not found; naming another worksite is refused; a cancelled order says so", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    expect(await w.run(scanSending(clerk, "w2", ORDER_NO))).toMatchObject(notYourWorksite)
    expect(await w.run(scanSending(eastClerk, undefined, ORDER_NO))).toMatchObject(notFound)
    expect(await w.run(scanSending(clerk, "w1", "JJ?"))).toMatchObject(notFound)
    expect(await w.run(scanSending(sender, "w1", ORDER_NO))).toMatchObject(notBound)
    w.put(sendRecord({ status: SendStatus.cancelled }))
    expect(await w.run(scanSending(clerk, "w1", ORDER_NO))).toMatchObject(refused("StateConflict", "该预约单已经被用户取消"))
  })

  it("the sender of an order at the worksite, by openid; anyone else '获取寄件用户信息出错'", async () => {
    const w = sendingWorld()
    w.put(sendRecord(), sendRecord({ id: "s2", orderNo: "JJ2", senderId: "u-z", senderOpenid: "o-z" }))
    expect(await w.run(senderInfo(clerk, "o-s"))).toEqual({ ok: true, value: users.sender })
    const failed = refused("NotFound", "获取寄件用户信息出错")
    expect(await w.run(senderInfo(eastClerk, "o-s"))).toMatchObject(failed)
    expect(await w.run(senderInfo(clerk, "o-x"))).toMatchObject(failed)
    expect(await w.run(senderInfo(clerk, ""))).toMatchObject(failed)
    // an order's sender without a profile
    expect(await w.run(senderInfo(clerk, "o-z"))).toMatchObject(failed)
    expect(await w.run(senderInfo(sender, "o-s"))).toMatchObject(notBound)
  })
})

describe("the waybill number", () => {
  it("the carrier's code in capitals, then the order number after its capital prefix", () => {
    expect(expressNumberFor("sf", ORDER_NO)).toBe(SF_NO)
    expect(expressNumberFor("Yto", "20261120X")).toBe("YTO20261120X")
    expect(expressNumberFor("ZTO", "jj1A")).toBe("ZTOjj1A")
  })

  test.prop([fc.stringMatching(/^[a-z]{1,4}$/), fc.stringMatching(/^[A-Z]{1,3}$/), fc.stringMatching(/^\d[0-9A-Z]{0,20}$/)])(
    "unique as order numbers are: the prefix goes, the rest stays", (code, prefix, rest) => {
      expect(expressNumberFor(code, `${prefix}${rest}`)).toBe(`${code.toUpperCase()}${rest}`)
    })
})

describe("printing the electronic waybill", () => {
  const paid = sendRecord({ status: SendStatus.awaitingNumber, freight: 1200, freightWeight: 1500, freightPaid: true })
  const printedAnswer = { orderNo: ORDER_NO, expressNo: SF_NO, widthMm: 100, heightMm: 180, pdf: `/api/common/elecWaybill/${ORDER_NO}.pdf` }

  it("the first print gives the number (4 → 5), prints on the worksite's printer, tells the sender and the dispatch count, and is logged", async () => {
    const w = sendingWorld()
    w.put(paid)
    // the order's carrier wins over the one the page sends
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO, expressCompanyId: "zto" }))).toEqual({ ok: true, value: printedAnswer })
    const printed = { ...paid, status: SendStatus.awaitingOutOfStock, expressNo: SF_NO }
    expect(w.order()).toEqual(printed)
    expect(w.ports.events).toEqual([...sendEvents(printed, ["expressTakeinArrived"]), { room: { worksite: "w1" }, name: "w1-sf-toScan", payload: { delta: 1 } }])
    expect(w.ports.ops).toEqual([{ op: "printWaybill", actorOpenid: "staff-o", at: T0, input: { orderNo: ORDER_NO }, outcome: { id: "s1", status: 5, expressNo: SF_NO } }])
    expect(w.printer.jobs.map((j) => [j.printer, j.name])).toEqual([[printer180, ORDER_NO]])
    const waybill = renderedWaybill(w.printer.jobs[0]!.pdf)
    expect(waybill).toEqual(JSON.parse(JSON.stringify(waybillOf(printed, sf, { widthMm: 100, heightMm: 180 }, T0))))
    expect(waybill).toMatchObject({ barcode: { format: "CODE128", value: SF_NO }, payment: "寄付 12.00元", printedOn: "2026-11-20" })
  })

  it("a reprint at 5 prints the same number again and changes nothing", async () => {
    const w = sendingWorld()
    w.put(paid)
    await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))
    const [events, ops, stored] = [w.ports.events.length, w.ports.ops.length, w.order()]
    w.advance(MIN)
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))).toEqual({ ok: true, value: printedAnswer })
    expect([w.ports.events.length, w.ports.ops.length, w.order()]).toEqual([events, ops, stored])
    expect(w.printer.jobs).toHaveLength(2)
    expect(renderedWaybill(w.printer.jobs[1]!.pdf)).toMatchObject({ barcode: { value: SF_NO }, printedOn: "2026-11-20" })
  })

  it("the carrier's sheet on the printer for its height; an order without a carrier takes the page's", async () => {
    const w = sendingWorld()
    w.send.settings.set("w1", sendingSettings("w1", { printers: { 150: printer150, 180: printer180 } }))
    w.put({ ...paid, companyId: null })
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO, expressCompanyId: "zto" })))
      .toEqual({ ok: true, value: { ...printedAnswer, expressNo: "ZTO20261120120000ABCDEF", widthMm: 76, heightMm: 150 } })
    expect(w.printer.jobs.map((j) => j.printer)).toEqual([printer150])
    expect(renderedWaybill(w.printer.jobs[0]!.pdf).carrier).toEqual({ code: "ZTO", name: "中通" })
  })

  it("cash on delivery prints unpaid", async () => {
    const w = sendingWorld()
    w.put(sendRecord({ status: SendStatus.awaitingNumber, isDaofu: true }))
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))).toEqual({ ok: true, value: printedAnswer })
    expect(renderedWaybill(w.printer.jobs[0]!.pdf).payment).toBe("到付")
  })

  it("unpaid freight '寄件客户还没付运费'; before the freight or after dispatch '操作失败'; nothing printed", async () => {
    const w = sendingWorld()
    const cases: ReadonlyArray<readonly [Partial<SendRecord>, string]> = [
      [{ status: SendStatus.awaitingFreight }, waybillMessages.freightUnpaid],
      // booked cash on delivery, its freight not yet set: unpaid all the same
      [{ status: SendStatus.awaitingFreight, isDaofu: true }, waybillMessages.freightUnpaid],
      [{ status: SendStatus.awaitingFreightPayment, freight: 1200 }, waybillMessages.freightUnpaid],
      [{ status: SendStatus.pendingPayment }, messages.actionFailed],
      [{ status: SendStatus.accepted }, messages.actionFailed],
      [{ status: SendStatus.outOfStock, freightPaid: true, expressNo: SF_NO }, messages.actionFailed],
      [{ status: SendStatus.cancelled }, messages.actionFailed],
      [{ status: SendStatus.awaitingOutOfStock, freightPaid: true }, waybillMessages.noNumber],
      [{ status: SendStatus.awaitingOutOfStock, expressNo: SF_NO }, waybillMessages.freightUnpaid]
    ]
    for (const [over, message] of cases) {
      w.put(sendRecord(over))
      expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO })), JSON.stringify(over)).toMatchObject(refused("StateConflict", message))
    }
    expect([w.printer.jobs, w.ports.events, w.ports.ops]).toEqual([[], [], []])
  })

  it("staff of the order's worksite only; a carrier the worksite does not send with '请选择快递公司'", async () => {
    const w = sendingWorld()
    w.put(paid)
    expect(await w.run(printWaybill(sender, { orderNo: ORDER_NO }))).toMatchObject(notBound)
    expect(await w.run(printWaybill(eastClerk, { orderNo: ORDER_NO }))).toMatchObject(notFound)
    expect(await w.run(printWaybill(clerk, {}))).toMatchObject(notFound)
    expect(await w.run(printWaybill(clerk, { orderNo: "JJ?" }))).toMatchObject(notFound)
    w.put({ ...paid, companyId: "ems" })
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO, expressCompanyId: "sf" }))).toMatchObject(refused("RuleViolation", freightMessages.companyRequired))
    w.put({ ...paid, companyId: null })
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))).toMatchObject(refused("RuleViolation", freightMessages.companyRequired))
    expect(w.printer.jobs).toEqual([])
  })

  it("no printer at the worksite, or the printer refusing: '打印失败，请检查打印机状态。' and nothing kept; no settings: not open", async () => {
    const w = sendingWorld()
    const east = { ...paid, worksiteId: "w2" }
    w.put(east)
    expect(await w.run(printWaybill(eastClerk, { orderNo: ORDER_NO }))).toMatchObject(refused("StateConflict", waybillMessages.printerFailed))
    w.send.settings.delete("w2")
    expect(await w.run(printWaybill(eastClerk, { orderNo: ORDER_NO }))).toMatchObject(refused("NotAllowed", bookingMessages.notOpen))
    w.put(paid)
    w.printer.refusing = "缺纸"
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))).toMatchObject(refused("StateConflict", waybillMessages.printerFailed))
    expect([w.order(), w.ports.events, w.ports.ops, w.printer.jobs]).toEqual([paid, [], [], []])
  })

  it("numbered by a rival print meanwhile: '操作失败', the rival's number stays", async () => {
    const w = sendingWorld()
    w.put(paid)
    const rival = { ...paid, status: SendStatus.awaitingOutOfStock, expressNo: "SF-RIVAL" }
    w.race(() => w.put(rival))
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))).toMatchObject(refused("StateConflict", messages.actionFailed))
    expect([w.order(), w.printer.jobs, w.ports.events]).toEqual([rival, [], []])
  })

  it("a door pickup's first print moves its errand with it (20 → 5) and tells its runner", async () => {
    const w = sendingWorld()
    w.doorPickup(SendStatus.awaitingNumber, ErrandStatus.freightPaid, { freight: 1200, freightPaid: true }, { freight: 1200, freightPaid: 1200 })
    expect(await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))).toEqual({ ok: true, value: printedAnswer })
    expect(w.errand()?.status).toBe(ErrandStatus.awaitingWarehouseOut)
    expect(w.ports.events).toEqual([...sendEvents(w.order()!, ["expressTakeinArrived"], "u-r"), { room: { worksite: "w1" }, name: "w1-sf-toScan", payload: { delta: 1 } }])
  })

  it("the printed PDF to staff of the worksite; none before printing", async () => {
    const w = sendingWorld()
    w.put(paid)
    expect(await w.run(waybillPdf(clerk, ORDER_NO))).toMatchObject(notFound)
    await w.run(printWaybill(clerk, { orderNo: ORDER_NO }))
    expect(await w.run(waybillPdf(clerk, ORDER_NO))).toEqual({ ok: true, value: w.printer.jobs[0]!.pdf })
    expect(await w.run(waybillPdf(eastClerk, ORDER_NO))).toMatchObject(notFound)
    expect(await w.run(waybillPdf(clerk, "JJ?"))).toMatchObject(notFound)
    expect(await w.run(waybillPdf(sender, ORDER_NO))).toMatchObject(notBound)
  })
})

describe("the dispatch counts", () => {
  const waiting = (id: string, over: Partial<SendRecord> = {}) =>
    sendRecord({ id, orderNo: `JJ-${id}`, status: SendStatus.awaitingOutOfStock, freightPaid: true, expressNo: `SF-${id}`, ...over })

  it("every carrier of the worksite in its order with its count awaiting dispatch, 0 when none", async () => {
    const w = sendingWorld()
    w.put(waiting("a"), waiting("b"), waiting("c", { companyId: "zto" }), waiting("d", { status: SendStatus.awaitingNumber }), waiting("e", { worksiteId: "w2" }),
      waiting("f", { companyId: null }))
    const counts = [{ _id: "sf", name: "顺丰", count: 2 }, { _id: "zto", name: "中通", count: 1 }]
    expect(await w.run(toScanAll(clerk, "w1"))).toEqual({ ok: true, value: counts })
    expect(await w.run(toScanAll(clerk, ""))).toEqual({ ok: true, value: counts })
    expect(await w.run(toScan(clerk, "w1", "zto"))).toEqual({ ok: true, value: counts[1] })
    w.put(waiting("c", { companyId: "zto", status: SendStatus.outOfStock }))
    expect(await w.run(toScan(clerk, "w1", "zto"))).toEqual({ ok: true, value: { _id: "zto", name: "中通", count: 0 } })
  })

  it("a carrier the worksite does not send with '获取待寄件统计出错'; another worksite refused; a worksite without settings has none", async () => {
    const w = sendingWorld()
    expect(await w.run(toScan(clerk, "w1", "ems"))).toMatchObject(refused("NotFound", dispatchMessages.countsFailed))
    expect(await w.run(toScanAll(clerk, "w2"))).toMatchObject(notYourWorksite)
    expect(await w.run(toScan(clerk, "w2", "sf"))).toMatchObject(notYourWorksite)
    expect(await w.run(toScanAll(sender, "w1"))).toMatchObject(notBound)
    w.employees.push({ id: "e3", phone: "13800138003", nameZH: "北", openid: "staff3-o", passwordHash: "h", worksite: { ...worksiteW1, id: "w3" } })
    expect(await w.run(toScanAll({ userId: "u-staff3", openid: "staff3-o", role: "staff" }, "w3"))).toEqual({ ok: true, value: [] })
  })
})

describe("the dispatch scan", () => {
  const ready = sendRecord({ status: SendStatus.awaitingOutOfStock, freightPaid: true, freight: 1200, expressNo: SF_NO })

  it("5 → 100 once, with the time it went out; the sender and the count told; logged with the scanned code", async () => {
    const w = sendingWorld()
    w.put(ready)
    w.advance(MIN)
    const out = { ...ready, status: SendStatus.outOfStock, sentAt: w.now }
    expect(await w.run(sendOut(clerk, "w1", `scan0,${SF_NO}`))).toEqual({ ok: true, value: { order: out } })
    expect(w.order()).toEqual(out)
    expect(w.ports.events).toEqual([...sendEvents(out, ["expressSended", "expressTakeinSended"]), { room: { worksite: "w1" }, name: "w1-sf-toScan", payload: { delta: -1 } }])
    expect(w.ports.ops).toEqual([{ op: "sendOut", actorOpenid: "staff-o", at: w.now, input: { worksiteId: "w1", code: SF_NO }, outcome: { id: "s1", status: 100 } }])

    w.advance(MIN)
    expect(await w.run(sendOut(clerk, "w1", ORDER_NO))).toMatchObject(refused("StateConflict", "该寄件已出库，请勿重复扫描"))
    expect(w.order()).toEqual(out)
    expect([w.ports.events.length, w.ports.ops.length]).toEqual([5, 1])
  })

  it("a rival scan sent it out meanwhile: refused as already out, nothing of this scan kept", async () => {
    const w = sendingWorld()
    w.put(ready)
    const rival = { ...ready, status: SendStatus.outOfStock, sentAt: T0 }
    w.race(() => w.put(rival))
    w.advance(MIN)
    expect(await w.run(sendOut(clerk, "w1", SF_NO))).toMatchObject(refused("StateConflict", "该寄件已出库，请勿重复扫描"))
    expect([w.order(), w.ports.events, w.ports.ops]).toEqual([rival, [], []])
  })

  it("moved anywhere else meanwhile: '寄件出库失败'", async () => {
    const w = sendingWorld()
    w.put(ready)
    const moved = { ...ready, status: SendStatus.cancelled }
    w.race(() => w.put(moved))
    expect(await w.run(sendOut(clerk, "w1", SF_NO))).toMatchObject(refused("StateConflict", messages.sendOutFailed))
    expect([w.order(), w.ports.events, w.ports.ops]).toEqual([moved, [], []])
  })

  it("not found at the worksite, nothing scanned, another worksite named, not staff; not yet printed says its status", async () => {
    const w = sendingWorld()
    w.put(ready)
    const missing = refused("NotFound", dispatchMessages.notFound)
    expect(await w.run(sendOut(eastClerk, "w2", SF_NO))).toMatchObject(missing)
    expect(await w.run(sendOut(clerk, "w1", "x, "))).toMatchObject(missing)
    expect(await w.run(sendOut(clerk, "w1", "SF?"))).toMatchObject(missing)
    expect(await w.run(sendOut(clerk, "w2", SF_NO))).toMatchObject(notYourWorksite)
    expect(await w.run(sendOut(sender, "w1", SF_NO))).toMatchObject(notBound)
    w.put({ ...ready, status: SendStatus.awaitingNumber })
    expect(await w.run(sendOut(clerk, "w1", SF_NO))).toMatchObject(refused("StateConflict", "待分配单号的寄件不能出库"))
    w.put({ ...ready, status: SendStatus.cancelled })
    expect(await w.run(sendOut(clerk, "", ORDER_NO))).toMatchObject(refused("StateConflict", "已取消的寄件不能出库"))
    expect([w.ports.events, w.ports.ops]).toEqual([[], []])
  })

  it("a door pickup goes out with its errand, which completes and pays its runner", async () => {
    const w = sendingWorld()
    w.doorPickup(SendStatus.awaitingOutOfStock, ErrandStatus.awaitingWarehouseOut, { expressNo: SF_NO, isDaofu: true })
    expect(await w.run(sendOut(clerk, "w1", SF_NO))).toMatchObject({ ok: true, value: { order: { status: SendStatus.outOfStock } } })
    expect(w.errand()).toMatchObject({ status: ErrandStatus.completed, runnerIncome: 300, toComment: true, finishedAt: T0 })
    expect(w.wallet.ledger.map((l) => [l.userId, l.money, l.refId])).toEqual([["u-r", 300, "e1"]])
    expect(w.ports.events.filter((e) => "user" in e.room).map((e) => [e.room, e.name])).toEqual([
      [{ user: "u-s" }, "expressSended"], [{ user: "u-r" }, "expressSended"], [{ user: "u-s" }, "expressTakeinSended"], [{ user: "u-r" }, "expressTakeinSended"]
    ])
  })

  it("a door pickup whose errand is not at its matching step: the errand's refusal, nothing kept (no dispatch, no pay)", async () => {
    const w = sendingWorld()
    w.doorPickup(SendStatus.awaitingOutOfStock, ErrandStatus.freightPaid, { expressNo: SF_NO, isDaofu: true })
    expect(await w.run(sendOut(clerk, "w1", SF_NO))).toMatchObject(refused("StateConflict", "操作失败"))
    expect([w.order()?.status, w.errand()?.status, w.wallet.ledger, w.ports.events, w.ports.ops]).toEqual([SendStatus.awaitingOutOfStock, ErrandStatus.freightPaid, [], [], []])
  })

  it("a door pickup sent out by a rival scan meanwhile: refused as already out, its errand left to the rival", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.awaitingOutOfStock, ErrandStatus.awaitingWarehouseOut, { expressNo: SF_NO })
    w.race(() => w.put({ ...order, status: SendStatus.outOfStock }))
    expect(await w.run(sendOut(clerk, "w1", SF_NO))).toMatchObject(refused("StateConflict", "该寄件已出库，请勿重复扫描"))
    expect([w.errand()?.status, w.wallet.ledger]).toEqual([ErrandStatus.awaitingWarehouseOut, []])
  })
})

describe("the tariff import", () => {
  it("replaces the rows of each (worksite, carrier) it names, keeps the others, answers how many it wrote; quotes use them", async () => {
    const w = sendingWorld()
    w.send.tariff.push(
      { worksiteId: "w1", companyCode: "SF", toProvinceCode: "44", firstKg: 1000, extraKg: 200 },
      { worksiteId: "w1", companyCode: "SF", toProvinceCode: "31", firstKg: 1500, extraKg: 300 },
      { worksiteId: "w1", companyCode: "ZTO", toProvinceCode: "31", firstKg: 800, extraKg: 400 }
    )
    const rows = [
      { worksiteId: "w1", companyCode: "SF", toProvinceCode: "44", firstKg: 900, extraKg: 100 },
      { worksiteId: "w2", companyCode: "SF", toProvinceCode: "11", firstKg: 700, extraKg: 100 }
    ]
    expect(await w.run(importTariff(rows))).toEqual({ ok: true, value: 2 })
    expect(w.send.tariff).toEqual([{ worksiteId: "w1", companyCode: "ZTO", toProvinceCode: "31", firstKg: 800, extraKg: 400 }, ...rows])
    expect(await w.run(freightQuote({ worksiteId: "w1", expressCode: "SF", toProvinceCode: "44", freightWeight: 2000 }))).toEqual({ ok: true, value: 1000 })
    expect(await w.run(freightQuote({ worksiteId: "w1", expressCode: "SF", toProvinceCode: "31", freightWeight: 2000 })))
      .toMatchObject(refused("RuleViolation", freightMessages.autoFreightFailed))
    expect(await w.run(importTariff([]))).toEqual({ ok: true, value: 0 })
  })
})
