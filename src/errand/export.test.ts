import { describe, expect, it } from "vitest"
import type { ErrandOrderRecord } from "./errand-store"
import { NotFound } from "../shared/errors"
import { EXPORT_COLUMNS, exportRow, exportSheet } from "./export"

const order: ErrandOrderRecord = {
  id: "e1", orderNo: "P20261123001", type: 1, status: 100, openid: "req", worksiteId: "w1", accept: { openid: "r1", name: "小跑", phone: "13800000001" },
  payFee: 360, paid: 360, refunded: 0, runnerIncome: 360, freight: null, freightPaid: 0, goodsPic: null, createdAt: new Date(0), requireArriveTime: new Date(1),
  toComment: true, sexLimit: -1, goodsClass: 2, specialGoodId: null, buildingId: "b1", floor: -1, dormRoom: "B101", proxyReceiver: null, proxyReceiverPhone: null,
  remark: "", toTakeId: "p1", fee: 450, activityId: "a1", prepayId: "wx1", acceptedAt: null, finishedAt: null
}
const parcel = { expressCompanyName: "顺丰速运", storageNo: "A1", tag: 7, receiver: "张三", receiverPhone: "13900000000" }

describe("the runner's spreadsheet", () => {
  it("has the spec's 13 columns", () => {
    expect(EXPORT_COLUMNS).toHaveLength(13)
    const row = exportRow({ order, parcel, buildingName: "东1栋", requesterName: "张三", requesterPhone: "13900000000" })
    expect(row).toHaveLength(13)
    expect(row).toEqual(["P20261123001", "顺丰速运", row[2], "小跑", "13800000001", "3.60", "3.60", "已支付", "东1栋", "-1楼", "B101", "张三", "13900000000"])
    expect(row[2]).toMatch(/^A1-/)
  })

  it("names the friend who receives it, and says how it was paid", () => {
    const friend = exportRow({ order: { ...order, proxyReceiver: "李四", proxyReceiverPhone: "13700000000", paid: 360, refunded: 360 }, parcel, buildingName: null, requesterName: "", requesterPhone: "" })
    expect([friend[6], friend[7], friend[11], friend[12]]).toEqual(["0.00", "已退款", "李四", "13700000000"])
    expect(exportRow({ order: { ...order, paid: 0, payFee: 0 }, parcel: null, buildingName: null, requesterName: "王五", requesterPhone: "1" })[7]).toBe("无需支付")
    expect(exportRow({ order: { ...order, paid: 0 }, parcel: null, buildingName: null, requesterName: "王五", requesterPhone: "1" }).slice(7, 8)).toEqual(["未支付"])
  })

  it("says 暂无数据 when there is nothing to export", () => {
    expect(exportSheet([])).toEqual(new NotFound({ message: "暂无数据" }))
    expect(exportSheet([{ order, parcel, buildingName: "东1栋", requesterName: "", requesterPhone: "" }])).toEqual([EXPORT_COLUMNS, exportRow({ order, parcel, buildingName: "东1栋", requesterName: "", requesterPhone: "" })])
  })
})
