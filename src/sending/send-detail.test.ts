/**
 * The send order's detail page: its signed QR (to its sender, until dispatched or cancelled) which the staff's scan
 * verifies, its timeline from the row and the operations log, the amount due; and the 价格表 from the tariff.
 */
import { describe, expect, it } from "vitest"
import { refused } from "../shared/ports.testkit"
import { priceTable, quoteFreight } from "./freight"
import { actorOf, clerk, sendingWorld, sendRecord, sf, T0, users, zto } from "./send-store.testkit"
import { SendStatus } from "./status-machine"
import { sendTimeline, type LoggedStep } from "./timeline"
import { priceTableOf, scanSending, sendingDetail } from "./use-cases"

const sender = actorOf(users.sender)
const at = (min: number) => new Date(T0.getTime() + min * 60_000)
const qrInvalid = refused("RuleViolation", "二维码校验失败")

describe("the send order's QR", () => {
  it("its sender gets a signed QR the staff's scan reads back as the order; a changed order number fails", async () => {
    const w = sendingWorld()
    const order = sendRecord()
    w.put(order)
    const detail = await w.run(sendingDetail(sender, "s1"))
    if (!detail.ok) throw new Error("expected the detail")
    const content = detail.value.qr!.content
    expect(JSON.parse(content)).toMatchObject({ k: "s", no: order.orderNo, ts: T0.getTime() })
    expect(await w.run(scanSending(clerk, "w1", content))).toEqual({ ok: true, value: order })
    const forged = content.replace(order.orderNo, "JJ20261120120000ZZZZZZ")
    expect(await w.run(scanSending(clerk, "w1", forged))).toMatchObject(qrInvalid)
    expect(await w.run(scanSending(clerk, "w1", JSON.stringify({ k: "s", no: order.orderNo })))).toMatchObject(qrInvalid)
  })

  it("no QR for staff looking at it, nor once it is dispatched or cancelled; another student is told it is not found", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    expect(await w.run(sendingDetail(clerk, "s1"))).toMatchObject({ ok: true, value: { qr: null } })
    expect(await w.run(sendingDetail(actorOf(users.other), "s1"))).toMatchObject(refused("NotFound", "查找寄件信息出错"))
    for (const status of [SendStatus.outOfStock, SendStatus.cancelled]) {
      w.put(sendRecord({ status }))
      expect(await w.run(sendingDetail(sender, "s1"))).toMatchObject({ ok: true, value: { qr: null } })
    }
  })

  it("what is due: the freight and the insurance fee while awaiting payment, else nothing", async () => {
    const w = sendingWorld()
    w.put(sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 1700, freightWeight: 2000 }))
    expect(await w.run(sendingDetail(sender, "s1"))).toMatchObject({ ok: true, value: { due: 1950 } })
    w.put(sendRecord({ status: SendStatus.awaitingNumber, freight: 1700, freightPaid: true }))
    expect(await w.run(sendingDetail(sender, "s1"))).toMatchObject({ ok: true, value: { due: 0 } })
  })

  it("the timeline reads the order's operations from the log", async () => {
    const w = sendingWorld()
    w.put(sendRecord({ status: SendStatus.awaitingNumber, freight: 1700, freightPaid: true }))
    w.send.history.set("s1", [{ op: "setFreight", at: at(5) }, { op: "freightPaid", at: at(9) }])
    const d = await w.run(sendingDetail(sender, "s1"))
    if (!d.ok) throw new Error("expected the detail")
    expect(d.value.timeline.map((s) => [s.key, s.at])).toEqual([["booked", T0], ["freight", at(5)], ["paid", at(9)], ["printed", null], ["dispatched", null]])
  })
})

describe("the timeline", () => {
  const order = { status: SendStatus.outOfStock as number, isDaofu: false, freight: 1700, createdAt: T0, sentAt: at(60) }
  const log: ReadonlyArray<LoggedStep> = [
    { op: "setFreight", at: at(5) }, { op: "freightPaid", at: at(9) }, { op: "printWaybill", at: at(20) }, { op: "sendOut", at: at(60) }
  ]

  it("booked, freight, paid, printed, dispatched, each with its time", () => {
    expect(sendTimeline(order, log)).toEqual([
      { key: "booked", title: "已预约", at: T0 }, { key: "freight", title: "已计费", at: at(5) }, { key: "paid", title: "已支付运费", at: at(9) },
      { key: "printed", title: "已打印面单", at: at(20) }, { key: "dispatched", title: "已出库", at: at(60) }
    ])
  })

  it("cash on delivery has no payment step", () => {
    expect(sendTimeline({ ...order, isDaofu: true }, log).map((s) => s.title)).toEqual(["已预约", "已计费（到付）", "已打印面单", "已出库"])
  })

  it("steps still to come have no time; a cancelled order ends with its cancel and drops the steps it never reached", () => {
    const waiting = sendTimeline({ ...order, status: SendStatus.awaitingFreight, sentAt: null }, [])
    expect(waiting.map((s) => [s.title, s.at])).toEqual([["已预约", T0], ["待驿站计费", null], ["待支付运费", null], ["待打印面单", null], ["待出库", null]])
    const cancelled = sendTimeline({ ...order, status: SendStatus.cancelled, sentAt: null }, [{ op: "setFreight", at: at(5) }, { op: "closeSending", at: at(7) }])
    expect(cancelled.map((s) => [s.key, s.at])).toEqual([["booked", T0], ["freight", at(5)], ["cancelled", at(7)]])
  })
})

describe("the price table", () => {
  const tariff = [
    { worksiteId: "w1", companyCode: "SF", toProvinceCode: "44", firstKg: 1200, extraKg: 500 },
    { worksiteId: "w1", companyCode: "SF", toProvinceCode: "11", firstKg: 1500, extraKg: 800 }
  ]

  it("lists each carrier's provinces (by code) as the tariff prices them; a carrier with no rows is left out", () => {
    expect(priceTable([sf, zto], tariff, (c) => ({ "11": "北京市", "44": "广东省" })[c])).toEqual([{
      companyId: "sf", companyName: "顺丰", companyCode: "SF",
      provinces: [{ provinceCode: "11", provinceName: "北京市", firstKg: 1500, extraKg: 800 }, { provinceCode: "44", provinceName: "广东省", firstKg: 1200, extraKg: 500 }]
    }])
  })

  it("agrees with the quote: first kilogram at 1 kg, plus the additional price per started kilogram", () => {
    const [sfPrices] = priceTable([sf], tariff, () => undefined)
    for (const p of sfPrices!.provinces) {
      expect(quoteFreight(tariff, { worksiteId: "w1", companyCode: "SF", toProvinceCode: p.provinceCode, grams: 1000 })).toBe(p.firstKg)
      expect(quoteFreight(tariff, { worksiteId: "w1", companyCode: "SF", toProvinceCode: p.provinceCode, grams: 2500 })).toBe(p.firstKg + 2 * p.extraKg)
    }
  })

  it("the caller's worksite's table with the provinces' names", async () => {
    const w = sendingWorld()
    w.send.tariff.push(...tariff)
    expect(await w.run(priceTableOf(sender))).toMatchObject({ ok: true, value: [{ companyCode: "SF", provinces: [{ provinceName: "北京市" }, { provinceName: "广东省" }] }] })
    expect(await w.run(priceTableOf(actorOf(users.nowhere)))).toEqual({ ok: true, value: [] })
  })
})
