import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { detailTypes, LedgerType, showsAsIncome } from "./ledger"

describe("ledger types", () => {
  it("keep the numbers stored in existing ledger rows: 1 income, 2 withdrawal, 4 points to money", () => {
    expect(LedgerType).toEqual({ income: 1, withdrawal: 2, pointsToMoney: 4 })
  })
})

describe("detailTypes: the rows /moneyDetail/{filter} lists", () => {
  it("filter 0 (money detail) lists every type", () => {
    expect([...detailTypes(0)].sort()).toEqual([1, 2, 4])
  })

  it("filter 4 (points-to-money records) lists only conversions", () => {
    expect(detailTypes(4)).toEqual([LedgerType.pointsToMoney])
  })

  it.each([1, 2])("filter %i lists only its own type", (filter) => {
    expect(detailTypes(filter)).toEqual([filter])
  })

  test.prop([fc.oneof(fc.integer(), fc.double())])("any other filter lists nothing", (filter) => {
    fc.pre(![0, 1, 2, 4].includes(filter))
    expect(detailTypes(filter)).toEqual([])
  })
})

describe("showsAsIncome: types 1 and 4 are income, the rest expense", () => {
  it.each([[1, true], [4, true], [2, false]])("type %i → %s", (type, income) => {
    expect(showsAsIncome(type)).toBe(income)
  })

  test.prop([fc.integer()])("no other type is income", (type) => {
    fc.pre(type !== 1 && type !== 4)
    expect(showsAsIncome(type)).toBe(false)
  })
})
