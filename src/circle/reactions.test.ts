import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { POST_KINDS, PostKind, REACTION_TYPES } from "./codes"
import { atViewersPlace, contactText, counterOf, itemContactMessage, seenBy } from "./reactions"
import { POST_STATUSES } from "./status-machine"

describe("what a reaction moves", () => {
  it("a like moves zan on every kind; a dislike cai on the social three; a call a teammate's calls; a flower a confession's flower", () => {
    const table = POST_KINDS.map((kind) => [kind, REACTION_TYPES.map((type) => counterOf(kind, type) ?? "-")])
    expect(table).toEqual([
      [10, ["zan", "-", "-", "-"]],
      [20, ["zan", "cai", "calls", "-"]],
      [30, ["zan", "cai", "-", "flower"]],
      [40, ["zan", "cai", "-", "-"]]
    ])
  })
})

describe("who sees a post", () => {
  test.prop([fc.constantFrom(...POST_STATUSES), fc.constantFrom("w1", "w2"), fc.constantFrom("w1", "w2", null), fc.boolean()])(
    "a listed post of the viewer's worksite, or any listed post for a visitor",
    (status, worksiteId, viewerWorksite, visitor) => {
      const place = visitor || worksiteId === viewerWorksite
      expect(atViewersPlace({ worksiteId }, { visitor }, viewerWorksite)).toBe(place)
      expect(seenBy({ status, worksiteId }, { visitor }, viewerWorksite)).toBe(status === 1 && place)
    }
  )
})

describe("a market item's contact", () => {
  const item = { title: "高等数学", phone: " 13812345678 ", wxNo: " seller ", show: null }
  it("is the way the owner chose for a skill, else every way the item has", () => {
    expect(contactText({ ...item, show: 1 })).toBe("手机号：13812345678")
    expect(contactText({ ...item, show: 2 })).toBe("微信号：seller")
    expect(contactText(item)).toBe("手机号：13812345678，微信号：seller")
    expect(contactText({ ...item, wxNo: null })).toBe("手机号：13812345678")
    expect(contactText({ ...item, phone: "" })).toBe("微信号：seller")
  })

  it("is none when the chosen way or every way is blank", () => {
    expect(contactText({ ...item, show: 1, phone: " " })).toBeUndefined()
    expect(contactText({ ...item, show: 2, wxNo: null })).toBeUndefined()
    expect(contactText({ ...item, phone: null, wxNo: "" })).toBeUndefined()
  })

  it("goes to the asker as a template message naming the item", () => {
    expect(itemContactMessage(item, "手机号：1", "o-asker")).toEqual({
      channel: "template", to: "o-asker", template: "circleItemContact", params: { title: "高等数学", contact: "手机号：1" }
    })
    expect(PostKind.item).toBe(10)
  })
})
