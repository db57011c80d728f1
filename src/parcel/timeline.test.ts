import { describe, expect, it } from "vitest"
import { parcelTimeline, type ParcelHistoryFacts, type TimelineParcel } from "./timeline"

const t0 = new Date("2031-03-01T02:00:00Z")
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000)
const parcel: TimelineParcel = {
  expressCompanyName: "顺丰速运", expressNo: "SF1", storageNo: "A", tag: 7, status: 100, createdAt: t0, receiverPhone: "13800000001",
  receiverOpenid: "me", agentOpenid: null, agent: null, paotuiOpenid: null
}
const none: ParcelHistoryFacts = { signedAt: null, signOpenid: null, notices: [], feePayments: [], operations: [] }

describe("a parcel's timeline", () => {
  it("checked in, notice, fee, picked up by the receiver at the counter, in time order", () => {
    const steps = parcelTimeline(parcel, {
      signedAt: later(60), signOpenid: "me", notices: [{ at: later(1), sent: true }], feePayments: [{ at: later(50), amountFen: 50 }], operations: [{ op: "takePart", at: later(60) }]
    })
    expect(steps.map((s) => [s.title, s.detail, s.at])).toEqual([
      ["已入库", "顺丰速运 SF1，取件码 A-0007", t0],
      ["取件通知已发送", "短信发至 138****0001", later(1)],
      ["已支付保管费", "¥0.50", later(50)],
      ["本人已取件", "在驿站取件", later(60)]
    ])
  })

  it("names who took it: a friend, a runner, self-sign", () => {
    expect(parcelTimeline({ ...parcel, agentOpenid: "f", agent: "王五" }, { ...none, signedAt: later(5), signOpenid: "f" }).at(-1)).toMatchObject({ title: "好友已代取", detail: "由好友 王五 代取" })
    expect(parcelTimeline({ ...parcel, paotuiOpenid: "r" }, { ...none, signedAt: later(5), signOpenid: "r" }).at(-1)).toMatchObject({ title: "跑腿员已取件" })
    expect(parcelTimeline(parcel, { ...none, signedAt: later(5), signOpenid: "me", operations: [{ op: "selfSign", at: later(5) }] }).at(-1)).toMatchObject({ detail: "自助签收" })
  })

  it("due for return and returned; a parcel due without a logged mark is due 3 days after check-in", () => {
    const returned = parcelTimeline({ ...parcel, status: 400 }, { ...none, operations: [{ op: "markDue", at: later(4400) }, { op: "returnParcel", at: later(5000) }] })
    expect(returned.map((s) => s.kind)).toEqual(["checkedIn", "dueForReturn", "returned"])
    expect(parcelTimeline({ ...parcel, status: 300 }, none).at(-1)).toMatchObject({ kind: "dueForReturn", at: later(3 * 24 * 60) })
    expect(parcelTimeline({ ...parcel, status: 0 }, none).map((s) => s.kind)).toEqual(["checkedIn"])
  })
})
