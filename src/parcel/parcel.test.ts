import { describe, expect, it } from "vitest"
import { hours, minutes } from "../shared/time"
import {
  ACTIVE_STATUSES,
  cannotTakeMessage,
  DEFAULT_SAFEKEEPING,
  isParty,
  openidOfRole,
  ParcelStatus,
  type PickupParty,
  type PickupRole,
  pickupCheck,
  pickupEvent,
  safekeepingFee,
  statusStr,
  UNPAID_SAFEKEEPING,
  unpaidSafekeeping
} from "./parcel"
import { nextStatus } from "./status-machine"

const checkedIn = new Date("2024-05-01T02:00:00.000Z")
const after = (ms: number) => new Date(checkedIn.getTime() + ms)

describe("unpaidSafekeeping: the fee less what was paid, only while the parcel is on the shelf for its receiver", () => {
  it.each(Object.values(ParcelStatus))("status %i", (status) => {
    const late = after(hours(100))
    const onShelf = ([ParcelStatus.awaitingPickup, ParcelStatus.friendPicking, ParcelStatus.awaitingReturn] as ReadonlyArray<number>).includes(status)
    expect(unpaidSafekeeping({ status, createdAt: checkedIn, safekeepPaidFen: 0 }, late)).toBe(onShelf ? 150 : 0)
    expect(unpaidSafekeeping({ status, createdAt: checkedIn, safekeepPaidFen: 100 }, late)).toBe(onShelf ? 50 : 0)
    expect(unpaidSafekeeping({ status, createdAt: checkedIn, safekeepPaidFen: 200 }, late)).toBe(0)
  })
})

describe("safekeepingFee: free 48 h, then 50 fen per started 24 h, at most 300 fen", () => {
  it.each([
    ["0", 0, 0],
    ["47h59m", hours(47) + minutes(59), 0],
    ["48h", hours(48), 0],
    ["48h+1ms", hours(48) + 1, 50],
    ["72h", hours(72), 50],
    ["72h+1ms", hours(72) + 1, 100],
    ["96h+1ms", hours(96) + 1, 150],
    ["10 days", hours(240), 300],
    ["30 days", hours(720), 300]
  ])("after %s → %i fen", (_, elapsed, fee) => {
    expect(safekeepingFee(checkedIn, after(elapsed as number))).toBe(fee)
  })

  it("is 0 when now precedes the check-in", () => {
    expect(safekeepingFee(checkedIn, after(-hours(100)))).toBe(0)
  })

  it("follows a worksite's own terms", () => {
    const terms = { freeHours: 24, feePerDayFen: 100, capFen: 250 }
    expect(safekeepingFee(checkedIn, after(hours(24)), terms)).toBe(0)
    expect(safekeepingFee(checkedIn, after(hours(24) + 1), terms)).toBe(100)
    expect(safekeepingFee(checkedIn, after(hours(72) + 1), terms)).toBe(250)
  })

  it("defaults to 48 h / 50 fen / 300 fen", () => {
    expect(DEFAULT_SAFEKEEPING).toEqual({ freeHours: 48, feePerDayFen: 50, capFen: 300 })
  })
})

describe("statusStr", () => {
  it.each([
    [0, "待取件"],
    [1, "好友代取"],
    [2, "待支付"],
    [3, "待接单"],
    [4, "跑腿已接单"],
    [5, "已取件"],
    [6, "已送达"],
    [100, "已签收"],
    [300, "待退回"],
    [400, "已退回"]
  ] as const)("status %i → %s", (status, text) => {
    expect(statusStr(status)).toBe(text)
  })

  it("active statuses hold the parcels still on a shelf, never signed (100) or returned (400) ones", () => {
    for (const s of [0, 1, 2, 3, 4, 300] as const) expect(ACTIVE_STATUSES).toContain(s)
    expect(ACTIVE_STATUSES).not.toContain(100)
    expect(ACTIVE_STATUSES).not.toContain(400)
  })
})

const party = (status: ParcelStatus, safekeepUnpaidFen = 0): PickupParty => ({
  status,
  receiverOpenid: "r",
  agentOpenid: "a",
  paotuiOpenid: "p",
  safekeepUnpaidFen
})

const allStatuses = Object.values(ParcelStatus) as ParcelStatus[]
const mayTake: Record<PickupRole, ReadonlyArray<number>> = { receiver: [0, 1, 300], agent: [1], runner: [4] }

describe("pickupCheck for each role and status", () => {
  for (const role of ["receiver", "agent", "runner"] as const) {
    it.each(allStatuses)(`${role}, status %i, fee paid`, (status) => {
      expect(pickupCheck(party(status), role)).toEqual({
        statusStr: statusStr(status),
        canTakeaway: mayTake[role].includes(status)
      })
    })

    it.each(allStatuses)(`${role}, status %i, 50 fen safekeeping unpaid`, (status) => {
      const expected = mayTake[role].includes(status)
        ? { statusStr: "待支付保管费", canTakeaway: false }
        : { statusStr: statusStr(status), canTakeaway: false }
      expect(pickupCheck(party(status, 50), role)).toEqual(expected)
    })
  }

  it("unpaid safekeeping shows '待支付保管费' and blocks the receiver", () => {
    expect(UNPAID_SAFEKEEPING).toBe("待支付保管费")
    expect(pickupCheck(party(0, 100), "receiver")).toEqual({ statusStr: "待支付保管费", canTakeaway: false })
  })

  it("a receiver can take a parcel a friend was asked to pick up; a friend cannot take one still awaiting the receiver", () => {
    expect(pickupCheck(party(1), "receiver").canTakeaway).toBe(true)
    expect(pickupCheck(party(0), "agent").canTakeaway).toBe(false)
  })
})

describe("parties", () => {
  const p: PickupParty = { status: 0, receiverOpenid: "r1", agentOpenid: null, paotuiOpenid: "p1", safekeepUnpaidFen: 0 }

  it("openidOfRole maps receiver/agent/runner", () => {
    expect(openidOfRole(p, "receiver")).toBe("r1")
    expect(openidOfRole(p, "agent")).toBeNull()
    expect(openidOfRole(p, "runner")).toBe("p1")
  })

  it("isParty needs the exact, non-empty openid of that role", () => {
    expect(isParty(p, "receiver", "r1")).toBe(true)
    expect(isParty(p, "runner", "r1")).toBe(false)
    expect(isParty(p, "agent", "")).toBe(false)
    expect(isParty({ ...p, receiverOpenid: "" }, "receiver", "")).toBe(false)
  })
})

describe("after pickup", () => {
  it("a runner collects the goods (5); the receiver or agent signs (100)", () => {
    expect(nextStatus(4, pickupEvent.runner)).toBe(5)
    expect(nextStatus(0, pickupEvent.receiver)).toBe(100)
    expect(nextStatus(1, pickupEvent.agent)).toBe(100)
  })

  it("the refusal names the status", () => {
    expect(cannotTakeMessage("已签收")).toBe("已签收状态的快递不能取件")
  })
})
