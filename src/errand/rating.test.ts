import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { awaitsRating, isRated, mayRate, ratingRefusal, rewardRefusal, tipRefusal, tipFen, toggleTag, type RatingTag } from "./rating"

describe("a rating", () => {
  it("needs a star, then a tag, then no exclusive pair", () => {
    expect(ratingRefusal({ score: 0, tags: [] })?.message).toBe("请为本次跑腿打分，一颗星起步哦")
    expect(ratingRefusal({ score: 6, tags: [1] })?.message).toBe("请为本次跑腿打分，一颗星起步哦")
    expect(ratingRefusal({ score: 1, tags: [] })?.message).toBe("请选择本次服务标签")
    expect(ratingRefusal({ score: 1, tags: [5] })?.message).toBe("请选择本次服务标签")
    expect(ratingRefusal({ score: 3, tags: [1, 2] })?.message).toBe("请选择本次服务标签")
    expect(ratingRefusal({ score: 3, tags: [3, 4] })?.message).toBe("请选择本次服务标签")
    expect(ratingRefusal({ score: 5, tags: [1, 3] })).toBeUndefined()
    expect(ratingRefusal({ score: 2, tags: [2, 4] })).toBeUndefined()
  })

  test.prop([fc.array(fc.constantFrom<RatingTag>(1, 2, 3, 4), { maxLength: 12 })])("toggling tags never holds both of a pair", (clicks) => {
    const tags = clicks.reduce<ReadonlyArray<RatingTag>>(toggleTag, [])
    expect(tags.includes(1) && tags.includes(2)).toBe(false)
    expect(tags.includes(3) && tags.includes(4)).toBe(false)
    if (tags.length > 0) expect(ratingRefusal({ score: 1, tags })).toBeUndefined()
  })

  it("takes tips of 1/2/3 yuan or a custom amount, never negative", () => {
    expect([tipFen("1"), tipFen("2.5"), tipFen("0.01"), tipFen(" 3.10 ")]).toEqual([100, 250, 1, 310])
    expect([tipFen("-1"), tipFen("1.234"), tipFen("abc"), tipFen("")]).toEqual([undefined, undefined, undefined, undefined])
    expect([tipRefusal(undefined)?.message, tipRefusal(0)?.message, tipRefusal(100)?.message, tipRefusal(20_000)?.message]).toEqual([undefined, undefined, undefined, undefined])
    expect([tipRefusal(-1)?.message, tipRefusal(1.5)?.message, tipRefusal(20_001)?.message]).toEqual(["赏金必须>=0", "赏金必须>=0", "赏金不能超过200元"])
  })

  it("is the requester's, once, on a completed order of that runner", () => {
    const order = { openid: "req", status: 100, toComment: true, accept: { openid: "r1" } }
    expect(mayRate(order, "req", "r1")).toBe(true)
    expect(mayRate(order, "r1", "r1")).toBe(false)
    expect(mayRate(order, "req", "r2")).toBe(false)
    expect(mayRate({ ...order, toComment: false }, "req", "r1")).toBe(false)
    expect(mayRate({ ...order, status: 3 }, "req", "r1")).toBe(false)
  })

  it("is awaited on a completed order until it is sent; then the order is rated", () => {
    expect([awaitsRating({ status: 100, toComment: true }), isRated({ status: 100, toComment: true })]).toEqual([true, false])
    expect([awaitsRating({ status: 100, toComment: false }), isRated({ status: 100, toComment: false })]).toEqual([false, true])
    for (const status of [-1, 0, 1, 2, 3, 4, 5, 10, 20]) {
      expect([status, awaitsRating({ status, toComment: true }), isRated({ status, toComment: false })]).toEqual([status, false, false])
    }
  })
})

describe("a tip", () => {
  const order = { openid: "req", status: 100, toComment: true, accept: { openid: "r1" } }
  it("is paid by the requester on a completed order before the rating, and must be more than nothing", () => {
    const rewardFailure = (...args: Parameters<typeof rewardRefusal>) => { const r = rewardRefusal(...args); return r && { status: r.status, message: r.message } }
    expect(rewardFailure(order, "req", 200)).toBeUndefined()
    expect(rewardFailure(order, "req", 0)).toEqual({ status: 400, message: "赏金必须>=0" })
    expect(rewardFailure(order, "req", -100)).toEqual({ status: 400, message: "赏金必须>=0" })
    expect(rewardFailure(order, "req", 20_001)).toEqual({ status: 400, message: "赏金不能超过200元" })
    expect(rewardFailure(order, "r1", 200)).toEqual({ status: 403, message: "提交评论失败" })
    expect(rewardFailure({ ...order, toComment: false }, "req", 200)).toEqual({ status: 409, message: "提交评论失败" })
    expect(rewardFailure({ ...order, status: 3 }, "req", 200)).toEqual({ status: 409, message: "提交评论失败" })
  })
})
