import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { maskPhone } from "../shared/phone-number"
import { collectorOf, collectStatusStr, collectTabs, friendPhoneRefusal, isCollectTab, maskName, mayCollect, offersDoorDelivery, offersErrandCancel, openBoxRefusal, selfSignRefusal, showsCode, showsReturnTip, tabStatuses, tabTitles } from "./collect"
import { ParcelStatus } from "./parcel-status"
import { nextStatus } from "./status-machine"

const statuses = Object.values(ParcelStatus) as ReadonlyArray<ParcelStatus>
const status = fc.constantFrom(...statuses)

describe("the list's tabs", () => {
  it.each([
    ["ing", "待取件", [0, 1, 2, 3, 4, 5, 6]],
    ["complete", "已签收", [100]],
    ["toreturn", "待退送", [300]],
    ["returned", "已退送", [400]]
  ] as const)("%s (%s) lists %j", (tab, title, listed) => {
    expect(tabTitles[tab]).toBe(title)
    expect([...tabStatuses[tab]].sort((a, b) => a - b)).toEqual(listed)
  })

  it("a parcel with a runner (5 collected, 6 delivered) is not signed yet: it stays under 待取件", () => {
    expect(tabStatuses.complete).not.toContain(ParcelStatus.goodsCollected)
    expect(tabStatuses.complete).not.toContain(ParcelStatus.delivered)
    expect(tabStatuses.ing).toEqual(expect.arrayContaining([ParcelStatus.goodsCollected, ParcelStatus.delivered]))
  })

  test.prop([status])("every status is in exactly one tab", (s) => {
    expect(collectTabs.filter((t) => tabStatuses[t].includes(s))).toHaveLength(1)
  })

  it("only the two return tabs show the 3-day tip; unknown tabs are not tabs", () => {
    expect(collectTabs.filter(showsReturnTip)).toEqual(["toreturn", "returned"])
    for (const bad of ["", "ING", "totake", "cancel", "constructor", "__proto__"]) expect(isCollectTab(bad)).toBe(false)
  })
})

describe("who holds a parcel", () => {
  const parcel = { status: ParcelStatus.friendPicking, receiverId: "u1", agentId: "u2" }
  it("the receiver, the friend chosen for it, nobody else (an empty id is nobody)", () => {
    expect(collectorOf(parcel, "u1")).toBe("receiver")
    expect(collectorOf(parcel, "u2")).toBe("agent")
    expect(collectorOf(parcel, "u3")).toBeUndefined()
    expect(collectorOf({ ...parcel, receiverId: "", agentId: null }, "")).toBeUndefined()
  })

  test.prop([status])("a friend may take it only while chosen (1); the receiver at 0, 1 and 300", (s) => {
    expect(mayCollect("agent", s)).toBe(s === 1)
    expect(mayCollect("receiver", s)).toBe(s === 0 || s === 1 || s === 300)
  })

  test.prop([status, fc.constantFrom("receiver" as const, "agent" as const), fc.integer({ min: 0, max: 300 })])(
    "the code shows only to a holder who may take it now with nothing to pay; an unpaid fee reads 待支付保管费, except due for return (待退回)",
    (s, holder, unpaid) => {
      expect(showsCode(holder, s, unpaid)).toBe(unpaid === 0 && mayCollect(holder, s))
      expect(collectStatusStr(holder, s, unpaid) === "待支付保管费").toBe(unpaid > 0 && mayCollect(holder, s) && s !== 300)
      if (s === 300) expect(collectStatusStr(holder, s, unpaid)).toBe("待退回")
    }
  )
})

describe("finding a friend", () => {
  it.each([
    [undefined, "请先根据手机号查找您的朋友"],
    ["", "请先根据手机号查找您的朋友"],
    ["1380000000", "请输入正确的手机号码"],
    ["138000000011", "请输入正确的手机号码"],
    ["1380000000a", "请输入正确的手机号码"],
    ["13800000001", undefined]
  ])("phone %j → %j", (phone, message) => {
    expect(friendPhoneRefusal(phone)?.message).toBe(message)
  })

  it("names and phones shown to others are masked", () => {
    expect(maskName("李明")).toBe("李*")
    expect(maskName("欧阳娜娜")).toBe("欧***")
    expect(maskName("A")).toBe("A*")
    expect(maskName(" ")).toBe("*")
    expect(maskPhone("13800000001")).toBe("138****0001")
  })

  test.prop([fc.string({ minLength: 2, maxLength: 12 })])("a masked name keeps only its first character", (name) => {
    const masked = [...maskName(name)]
    expect(masked.slice(1).every((c) => c === "*")).toBe(true)
  })
})

describe("self-sign", () => {
  const ok = { selfSignAble: true, type: 0, status: ParcelStatus.awaitingPickup, unpaidFen: 0 }
  it("needs the worksite's selfSignAble, a shelf parcel, a status that allows it and no fee left", () => {
    expect(selfSignRefusal(ok)).toBeUndefined()
    expect(selfSignRefusal({ ...ok, selfSignAble: false })?.status).toBe(409)
    expect(selfSignRefusal({ ...ok, status: ParcelStatus.friendPicking })).toBeUndefined()
    expect(selfSignRefusal({ ...ok, selfSignAble: false })?.message).toBe("本网点暂未开通自助签收")
    expect(selfSignRefusal({ ...ok, type: 2 })?.message).toBe("柜机快递请扫码或远程开箱取件")
    expect(selfSignRefusal({ ...ok, status: ParcelStatus.signed })?.message).toBe("已签收状态的快递不能签收")
    expect(selfSignRefusal({ ...ok, status: ParcelStatus.awaitingReturn })?.message).toBe("待退回状态的快递不能签收")
    expect(selfSignRefusal({ ...ok, unpaidFen: 50 })?.message).toBe("待支付保管费状态的快递不能签收")
  })
})

describe("the cabinet door", () => {
  const ok = { holder: "receiver" as const, type: 2, status: ParcelStatus.awaitingPickup, unpaidFen: 0, opened: false }
  it("opens for a cabinet parcel its holder may take, once, with no fee left", () => {
    expect(openBoxRefusal(ok)).toBeUndefined()
    expect(openBoxRefusal({ ...ok, opened: true })?.status).toBe(409)
    expect(openBoxRefusal({ ...ok, type: 3 })).toBeUndefined()
    expect(openBoxRefusal({ ...ok, holder: "agent", status: ParcelStatus.friendPicking })).toBeUndefined()
    expect(openBoxRefusal({ ...ok, type: 0 })?.message).toBe("该快递不在快递柜中")
    expect(openBoxRefusal({ ...ok, opened: true })?.message).toBe("柜门已打开过，请联系驿站工作人员")
    expect(openBoxRefusal({ ...ok, holder: "agent" })?.message).toBe("待取件状态的快递不能取件")
    expect(openBoxRefusal({ ...ok, unpaidFen: 100 })?.message).toBe("待支付保管费状态的快递不能取件")
  })

  it("door delivery is offered for a shelf parcel at 0 where the worksite runs errands", () => {
    expect(offersDoorDelivery(0, true, 0)).toBe(true)
    expect(offersDoorDelivery(0, false, 0)).toBe(false)
    expect(offersDoorDelivery(1, true, 0)).toBe(false)
    expect(offersDoorDelivery(0, true, 2)).toBe(false)
    expect(offersDoorDelivery(0, true, 1)).toBe(false)
  })

  test.prop([status, fc.boolean()])("取消任务 is offered to the receiver at 2 and 3 only, where voiding the errand puts the parcel back to 0", (s, isAgent) => {
    const offered = offersErrandCancel(s, isAgent)
    expect(offered).toBe(!isAgent && (s === ParcelStatus.awaitingErrandPayment || s === ParcelStatus.awaitingRunner))
    if (offered) expect(nextStatus(s, "voidErrand")).toBe(ParcelStatus.awaitingPickup)
  })
})
