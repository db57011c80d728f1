import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { ERRAND_STATUSES } from "./status-machine"
import { areTeammates, isTransferable, leaderLookupRefusal, setBuildingLeaderRefusal, transferRefusal, type TeamRunner } from "./transfer"

/** A refusal as the user gets it: its status and message; undefined when the step may go on. */
const asAnswer = (refused: { readonly status: number; readonly message: string } | undefined) => refused && [refused.status, refused.message]
const canTransfer = (...args: Parameters<typeof transferRefusal>) => asAnswer(transferRefusal(...args))
const setBuildingLeaderFailure = (...args: Parameters<typeof setBuildingLeaderRefusal>) => asAnswer(setBuildingLeaderRefusal(...args))

const leader: TeamRunner = { id: "L", openid: "oL", paotuiStatus: 1, isPaotuiLeader: true, paotuiLeader: null, worksiteId: "w1" }
const a: TeamRunner = { id: "a", openid: "oa", paotuiStatus: 1, isPaotuiLeader: false, paotuiLeader: "L", worksiteId: "w1" }
const b: TeamRunner = { ...a, id: "b", openid: "ob" }
const outsider: TeamRunner = { ...a, id: "c", openid: "oc", paotuiLeader: "M" }
const mine = { status: 1, accept: { openid: "oa" } }

describe("handing orders over", () => {
  it("goes only to a teammate under the same leader (the leader included), only at status 1, all or none", () => {
    expect(canTransfer(a, b, [mine])).toBeUndefined()
    expect(canTransfer(a, leader, [mine, mine])).toBeUndefined()
    expect(canTransfer(a, outsider, [mine])).toEqual([403, "转单失败"])
    expect(canTransfer(a, a, [mine])).toEqual([403, "转单失败"])
    expect(canTransfer(a, { ...b, paotuiStatus: 2 }, [mine])).toEqual([403, "转单失败"])
    expect(canTransfer({ ...a, paotuiLeader: null }, { ...b, paotuiLeader: null }, [mine])).toEqual([403, "转单失败"])
    expect(canTransfer(a, b, [mine, { status: 2, accept: { openid: "oa" } }])).toEqual([409, "转单失败"])
    expect(canTransfer(a, b, [mine, { status: 1, accept: { openid: "ob" } }])).toEqual([403, "转单失败"])
    expect(canTransfer(a, b, [])).toEqual([400, "请选择您想转的跑腿单"])
  })

  it("offers an order for hand-over only while accepted (status 1)", () => {
    expect(ERRAND_STATUSES.filter((status) => isTransferable({ status }))).toEqual([1])
  })

  const runner = fc.record({
    id: fc.constantFrom("L", "M", "a", "b"), openid: fc.string(), paotuiStatus: fc.constantFrom(-1, 0, 1, 2), isPaotuiLeader: fc.boolean(),
    paotuiLeader: fc.constantFrom("L", "M", null), worksiteId: fc.constantFrom("w1", "w2", null)
  })
  test.prop([runner, runner])("teammates are symmetric, never oneself, and always joined runners with one leader", (x, y) => {
    expect(areTeammates(x, y)).toBe(areTeammates(y, x))
    if (areTeammates(x, y)) {
      expect(x.id).not.toBe(y.id)
      expect([x.paotuiStatus, y.paotuiStatus]).toEqual([1, 1])
      expect(x.isPaotuiLeader ? x.id : x.paotuiLeader).toBe(y.isPaotuiLeader ? y.id : y.paotuiLeader)
    }
  })
})

describe("finding a building leader", () => {
  it("uses the spec's three messages", () => {
    expect(leaderLookupRefusal("1380000", null, "w1")?.message).toBe("请输入正确的手机号码")
    expect(leaderLookupRefusal("13800000000", null, "w1")?.message).toBe("该用户暂无跑腿资格")
    expect(leaderLookupRefusal("13800000000", { paotuiStatus: 0, worksiteId: "w1" }, "w1")?.message).toBe("该用户暂无跑腿资格")
    expect(leaderLookupRefusal("13800000000", { paotuiStatus: 1, worksiteId: "w2" }, "w1")?.message).toBe("TA不是本网点用户")
    expect(leaderLookupRefusal("13800000000", { paotuiStatus: 1, worksiteId: "w1" }, "w1")).toBeUndefined()
  })

  it("sets only after a lookup, by a leader of the building's worksite", () => {
    const actor = { isPaotuiLeader: true, worksiteId: "w1" }
    expect(setBuildingLeaderFailure(actor, { worksiteId: "w1" }, null)).toEqual([400, "请先查找楼长"])
    expect(setBuildingLeaderFailure({ ...actor, isPaotuiLeader: false }, { worksiteId: "w1" }, null)).toEqual([403, "设置失败"])
    expect(setBuildingLeaderFailure(actor, { worksiteId: "w2" }, { paotuiStatus: 1, worksiteId: "w2" })).toEqual([403, "设置失败"])
    expect(setBuildingLeaderFailure(actor, { worksiteId: "w1" }, { paotuiStatus: 1, worksiteId: "w2" })).toEqual([400, "TA不是本网点用户"])
    expect(setBuildingLeaderFailure(actor, { worksiteId: "w1" }, { paotuiStatus: 1, worksiteId: "w1" })).toBeUndefined()
  })
})
