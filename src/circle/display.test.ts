import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { BIZ_TYPES, BizType, FeeType, Sex } from "./codes"
import { circleImageRefusal, confessionSuccess, costText, isSessionParam, postStatusName, priceText, quantityText, statusQuestion } from "./display"
import { PostStatus } from "./status-machine"

describe("who opened a shared circle detail", () => {
  test.prop([fc.string({ minLength: 0, maxLength: 80 })])("a param longer than 32 characters is a session token, else a visitor's openid", (param) => {
    expect(isSessionParam(param)).toBe(param.length > 32)
  })

  it("a 43-character session token is a session; a messaging-app openid of 28 is a visitor", () => {
    expect(isSessionParam("A".repeat(43))).toBe(true)
    expect(isSessionParam("oUpF8uMuAJO_M2pxb1Q9zNjWeS6o")).toBe(false)
    expect(isSessionParam("x".repeat(32))).toBe(false)
    expect(isSessionParam("x".repeat(33))).toBe(true)
  })
})

describe("the circle's picked images", () => {
  it("names the accepted types, then refuses more than 4 MB", () => {
    expect(circleImageRefusal({ name: "a.bmp", size: 10 })?.message).toBe("请上传正确格式的图片（jpg/png/gif）")
    expect(circleImageRefusal({ name: "noextension", size: 10 })?.message).toBe("请上传正确格式的图片（jpg/png/gif）")
    expect(circleImageRefusal({ name: "a.JPG", size: 4_194_305 })?.message).toBe("请上传不超过4M的图片")
    for (const name of ["a.jpg", "b.jpeg", "c.png", "d.gif"]) expect(circleImageRefusal({ name, size: 4_194_304 })).toBeUndefined()
  })
})

describe("how a card shows an item", () => {
  test.prop([fc.constantFrom(...BIZ_TYPES), fc.integer({ min: 0, max: 10_000_000 })])("a friendly price is yuan with two decimals", (bizType, fen) => {
    expect(priceText({ bizType, feeType: FeeType.friendly, price: fen / 100 })).toBe(`¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`)
  })

  it("feeType 2 is free when offered and negotiable when wanted", () => {
    expect(priceText({ bizType: BizType.sell, feeType: FeeType.free, price: -1 })).toBe("免费")
    expect(priceText({ bizType: BizType.lend, feeType: FeeType.free, price: -1 })).toBe("免费")
    expect(priceText({ bizType: BizType.wantToBuy, feeType: FeeType.free, price: -1 })).toBe("面议")
    expect(priceText({ bizType: BizType.wantToBorrow, feeType: FeeType.free, price: -1 })).toBe("面议")
  })

  it("reads cost, quantity and status", () => {
    expect(costText(null)).toBeUndefined()
    expect(costText(35)).toBe("¥35.00")
    expect(quantityText(-1)).toBe("不限")
    expect(quantityText(2)).toBe("2")
    expect([PostStatus.listed, PostStatus.delisted, PostStatus.hidden, PostStatus.deleted].map(postStatusName)).toEqual(["已上架", "已下架", "已屏蔽", "已删除"])
    expect(statusQuestion(PostStatus.listed)).toBe("确认上架？")
    expect(statusQuestion(PostStatus.delisted)).toBe("确认下架？")
  })

  it("thanks a confession to a goddess or a god by TA's sex", () => {
    expect(confessionSuccess(Sex.female)).toBe("成功向你的女神表白")
    expect(confessionSuccess(Sex.male)).toBe("成功向你的男神表白")
  })
})
