/** A waybill to print in the printer suites: SF from 张三 to 欧阳娜娜 at 北京大学, insured, with a remark. */
import { StateConflict } from "#src/shared/errors"
import { waybillOf, type Waybill } from "#src/sending/waybill"

const contact = { name: "张三", phone: "13800138000", province: "44", city: "4401", county: "440105", provinceName: "广东省", cityName: "广州市", countyName: "海珠区", detail: "新港西路135号" }

export const testWaybill = (expressNo: string, heightMm: 150 | 180 = 180, carrier = { id: "ec-sf", code: "SF", name: "顺丰速运" }): Waybill => {
  const w = waybillOf({
    orderNo: "J1795400000000ABC123", expressNo, sender: contact, receiver: { ...contact, name: "欧阳娜娜", detail: "颐和园路五号北京大学燕园" },
    goodsName: "书籍", goodsCount: 1, freightWeight: 1500, freight: 1200, freightPaid: true, isDaofu: false, insureMoney: 50_000, insureFreight: 250, remark: "轻放，易碎"
  }, carrier, { widthMm: 100, heightMm }, new Date("2026-11-23T04:00:00Z"))
  if (w instanceof StateConflict) throw new Error(w.message)
  return w
}
