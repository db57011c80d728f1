import { describe, expect, it } from "vitest"
import { identityEditable, maskIdCardNo, mayListTeam, mayReviewVerifications, reviewCommentRefusal } from "./profile"

describe("the account's own rules", () => {
  it("masks the ID number: the first 6 and the last 4, 8 stars between", () => {
    expect(maskIdCardNo("11010519491231002X")).toBe("110105********002X")
    expect(maskIdCardNo("110105491231002")).toBe("110105********1002")
    expect(maskIdCardNo("1234567")).toBe("*******")
    expect(maskIdCardNo(null)).toBeNull()
    expect(maskIdCardNo("")).toBe("")
  })

  it("staff and admins review; the identity is editable only before submission or after a rejection", () => {
    expect([mayReviewVerifications("staff"), mayReviewVerifications("admin"), mayReviewVerifications("student"), mayReviewVerifications("runner")]).toEqual([true, true, false, false])
    expect([-1, 0, 1, 2].map((s) => identityEditable(s as -1 | 0 | 1 | 2))).toEqual([true, false, false, true])
  })

  it("a team is seen by its leader, its members and admins", () => {
    expect(mayListTeam({ id: "l", paotuiLeader: null, role: "runner" }, "l")).toBe(true)
    expect(mayListTeam({ id: "m", paotuiLeader: "l", role: "runner" }, "l")).toBe(true)
    expect(mayListTeam({ id: "a", paotuiLeader: null, role: "admin" }, "l")).toBe(true)
    expect(mayListTeam({ id: "s", paotuiLeader: "other", role: "staff" }, "l")).toBe(false)
  })

  it("a rejection needs a reason; a comment is at most 200 characters either way", () => {
    expect(reviewCommentRefusal(2, undefined)?.message).toBe("请填写不通过的原因")
    expect(reviewCommentRefusal(2, "  ")?.message).toBe("请填写不通过的原因")
    expect(reviewCommentRefusal(2, "照片模糊")).toBeUndefined()
    expect(reviewCommentRefusal(1, undefined)).toBeUndefined()
    expect(reviewCommentRefusal(2, "长".repeat(200))).toBeUndefined()
    expect(reviewCommentRefusal(2, "长".repeat(201))?.message).toBe("审核意见不能超过200个字")
    expect(reviewCommentRefusal(1, "长".repeat(201))?.message).toBe("审核意见不能超过200个字")
  })
})
