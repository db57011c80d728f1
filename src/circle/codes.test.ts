import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import {
  CONDITION_LEVELS, FILTER_GOODS_TYPES, GOODS_TYPES, POST_KINDS, PostKind, REACTION_TYPES, ReactionType, acceptsReaction, alreadyReacted, conditionName,
  filterGoodsTypeOf, formGoodsTypeOf, goodsTypeName, isGrade, isRentOrBorrow, BIZ_TYPES
} from "./codes"

/** Spec 002 §3 word for word: the filter's code, its words, and the form's code with the same words. */
const spec: ReadonlyArray<readonly [filter: number, form: number]> = [
  [10, 10], // books
  [20, 20], // daily
  [30, 60], // culture/sport
  [40, 40], // wearing / wearables
  [50, 30], // digital
  [60, 50], // transport
  [0, 70] // other
]

describe("the goods category codes", () => {
  it("map each filter code to the form's code of the same category, as §3 lists them", () => {
    for (const [filter, form] of spec) expect(formGoodsTypeOf(filter)).toBe(form)
    expect(goodsTypeName[formGoodsTypeOf(30)!]).toBe("文体")
    expect(goodsTypeName[formGoodsTypeOf(50)!]).toBe("数码")
  })

  test.prop([fc.integer({ min: -1000, max: 1000 })])("a code the filter does not have maps to nothing; one it has maps to a form code", (code) => {
    const form = formGoodsTypeOf(code)
    expect(form === undefined).toBe(!spec.some(([f]) => f === code))
    if (form !== undefined) expect(GOODS_TYPES).toContain(form)
  })

  test.prop([fc.constantFrom(...FILTER_GOODS_TYPES)])("the mapping is one-to-one and goes back the same way", (filter) => {
    expect(filterGoodsTypeOf(formGoodsTypeOf(filter)!)).toBe(filter)
  })

  test.prop([fc.constantFrom(...GOODS_TYPES)])("every stored category is reached by exactly one filter code", (form) => {
    expect(FILTER_GOODS_TYPES.filter((f) => formGoodsTypeOf(f) === form)).toEqual([filterGoodsTypeOf(form)])
  })

  it("reads no inherited names as codes", () => {
    expect(formGoodsTypeOf(Number("toString"))).toBeUndefined()
    expect(formGoodsTypeOf(-1)).toBeUndefined()
  })
})

describe("the circle's other codes", () => {
  it("lists eleven conditions, named as the picker shows them", () => {
    expect(CONDITION_LEVELS).toEqual([100, 99, 90, 80, 70, 60, 50, 40, 30, 20, 10])
    expect(CONDITION_LEVELS.map(conditionName)).toEqual(["全新", "99新", "九成新", "八成新", "七成新", "六成新", "五成新", "四成新", "三成新", "二成新", "一成新"])
  })

  it("knows grades 0–10 only, and 30–60 as renting and borrowing", () => {
    expect([-1, 0, 10, 11].map(isGrade)).toEqual([false, true, true, false])
    expect(BIZ_TYPES.filter(isRentOrBorrow)).toEqual([30, 40, 50, 60])
  })

  test.prop([fc.constantFrom(...POST_KINDS), fc.constantFrom(...REACTION_TYPES)])(
    "like on all, dislike on the social three, call on teammates, flower on confessions",
    (kind, type) => {
      const expected =
        type === ReactionType.like ||
        (type === ReactionType.dislike && kind !== PostKind.item) ||
        (type === ReactionType.call && kind === PostKind.teammate) ||
        (type === ReactionType.flower && kind === PostKind.confession)
      expect(acceptsReaction(kind, type)).toBe(expected)
    }
  )

  it("has the spec's toast for each reaction given before", () => {
    expect(REACTION_TYPES.map((t) => alreadyReacted[t])).toEqual(["您已赞过", "您已踩过", "您已呼过TA", "您已送过花"])
  })
})
