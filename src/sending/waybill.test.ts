import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { StateConflict } from "../shared/errors"
import type { BookingContact } from "./booking"
import { pageSetup, waybillOf, type WaybillOrder, type WaybillPrinters } from "./waybill"

const p150 = { host: "10.0.0.15", port: 9100, protocol: "raw9100" } as const
const p180 = { host: "10.0.0.18", port: 9100, protocol: "ipp", path: "/ipp/print" } as const
const both: WaybillPrinters = { 150: p150, 180: p180 }

describe("the waybill's page", () => {
  it("takes the carrier's height and width, printed on the worksite's printer for that height", () => {
    expect(pageSetup({ id: "a", code: "SF", name: "顺丰", surfaceHeight: 150, surfaceWidth: 100 }, both)).toEqual({ widthMm: 100, heightMm: 150, printer: p150 })
    expect(pageSetup({ id: "a", code: "YTO", name: "圆通", surfaceHeight: 180, surfaceWidth: 76 }, both)).toEqual({ widthMm: 76, heightMm: 180, printer: p180 })
  })

  it("a 76 × 130 label prints on the short-label printer (printer150) at 130 mm, or on the other at 180 when there is only that", () => {
    expect(pageSetup({ id: "a", code: "YTO", name: "圆通", surfaceHeight: 130, surfaceWidth: 76 }, both)).toEqual({ widthMm: 76, heightMm: 130, printer: p150 })
    expect(pageSetup({ id: "a", code: "YTO", name: "圆通", surfaceHeight: 130, surfaceWidth: 76 }, { 180: p180 })).toEqual({ widthMm: 76, heightMm: 180, printer: p180 })
    expect(pageSetup({ id: "a", code: "X", name: "X", surfaceHeight: 180 }, { 150: p150 })).toEqual({ widthMm: 100, heightMm: 150, printer: p150 })
  })

  it("defaults to 180 × 100 and falls back to the printer the worksite has", () => {
    expect(pageSetup({ id: "a", code: "X", name: "X" }, both)).toEqual({ widthMm: 100, heightMm: 180, printer: p180 })
    expect(pageSetup({ id: "a", code: "X", name: "X", surfaceHeight: 150 }, { 180: p180 })).toMatchObject({ heightMm: 180, printer: p180 })
    expect(pageSetup({ id: "a", code: "X", name: "X" }, {})).toEqual(new StateConflict({ message: "打印失败，请检查打印机状态。" }))
  })

  test.prop([fc.option(fc.oneof(fc.constantFrom(130, 150, 180), fc.integer({ min: -10, max: 400 }))), fc.option(fc.integer({ min: -10, max: 400 })), fc.boolean(), fc.boolean()])(
    "the height is always 130, 150 or 180 with a printer for it; the width always 50–120",
    (h, w, has150, has180) => {
      const printers: WaybillPrinters = { ...(has150 ? { 150: p150 } : {}), ...(has180 ? { 180: p180 } : {}) }
      const setup = pageSetup({ id: "a", code: "X", name: "X", surfaceHeight: h ?? undefined, surfaceWidth: w ?? undefined }, printers)
      if (!has150 && !has180) return void expect(setup).toEqual(new StateConflict({ message: "打印失败，请检查打印机状态。" }))
      if (setup instanceof StateConflict) throw new Error("expected a page")
      expect([130, 150, 180]).toContain(setup.heightMm)
      expect(setup.printer).toBe(setup.heightMm === 180 ? p180 : p150)
      if (((h === 130 || h === 150) && has150) || (h === 180 && has180)) expect(setup.heightMm).toBe(h)
      if (setup.heightMm === 130) expect(h).toBe(130)
      expect(setup.widthMm).toBe(w !== null && w >= 50 && w <= 120 ? w : 100)
    }
  )
})

const contact = (name: string, detail: string): BookingContact => ({
  name, phone: "13800000001", province: "44", city: "4401", county: "440106", provinceName: "广东省", cityName: "广州市", countyName: "天河区", detail
})
const order: WaybillOrder = {
  orderNo: "J2026112300001", expressNo: "SF1234567890", sender: contact("张三", "中山大道1号"), receiver: contact("李四", "天河路2号"),
  goodsName: "书", goodsCount: 2, freightWeight: 1500, freight: 1700, freightPaid: true, isDaofu: false, insureMoney: 50_000, insureFreight: 250, remark: "轻放"
}
const carrier = { id: "c-sf", code: "SF", name: "顺丰速运" }
const page = { widthMm: 100, heightMm: 150 as const }
const now = new Date("2026-11-23T17:00:00Z")

describe("the waybill's content", () => {
  it("shows the carrier, the number as a barcode, both parties, goods, insurance and freight", () => {
    expect(waybillOf(order, carrier, page, now)).toEqual({
      page: { widthMm: 100, heightMm: 150 },
      carrier: { code: "SF", name: "顺丰速运" },
      barcode: { format: "CODE128", value: "SF1234567890" },
      orderNo: "J2026112300001",
      sender: { name: "张*", phone: "138****0001", address: "广东省广州市天河区中山大道1号" },
      receiver: { name: "李*", phone: "138****0001", address: "广东省广州市天河区天河路2号" },
      goods: "书 × 2",
      weight: "1.5kg",
      insurance: "保价 500.00元，保费 2.50元",
      payment: "寄付 17.00元",
      remark: "轻放",
      printedOn: "2026-11-24"
    })
  })

  it("is a privacy waybill: names and phones masked, a municipality without 市辖区, the order's own values untouched", () => {
    const receiver = { ...contact("欧阳娜娜", "海淀路5号"), phone: "13912345678", provinceName: "北京市", cityName: "市辖区", countyName: "海淀区" }
    const o = { ...order, receiver }
    expect(waybillOf(o, carrier, page, now)).toMatchObject({ receiver: { name: "欧阳**", phone: "139****5678", address: "北京市海淀区海淀路5号" } })
    expect(o.receiver).toMatchObject({ name: "欧阳娜娜", phone: "13912345678" })
  })

  it("cash on delivery and uninsured say so", () => {
    expect(waybillOf({ ...order, isDaofu: true, freightPaid: false, freight: null, insureMoney: 0, insureFreight: 0 }, carrier, page, now))
      .toMatchObject({ payment: "到付", insurance: "未保价" })
  })

  it("no waybill for unpaid freight or without a number", () => {
    expect(waybillOf({ ...order, freightPaid: false }, carrier, page, now)).toEqual(new StateConflict({ message: "寄件客户还没付运费" }))
    expect(waybillOf({ ...order, expressNo: null }, carrier, page, now)).toEqual(new StateConflict({ message: "该寄件还没有快递单号" }))
  })
})
