import { describe, expect, it } from "vitest"
import { LedgerType, matchesDetailType } from "./ledger"

describe("ledger types", () => {
  it("are 1 income, 2 withdrawal, 4 points to money", () => {
    expect(LedgerType).toEqual({ income: 1, withdrawal: 2, pointsToMoney: 4 })
  })
})

describe("matchesDetailType (moneyDetail/{type})", () => {
  it("filter 0 lists every row", () => {
    for (const t of [1, 2, 4] as const) expect(matchesDetailType(0, t)).toBe(true)
  })

  it("filter 4 lists only points-to-money rows", () => {
    expect(matchesDetailType(4, 4)).toBe(true)
    expect(matchesDetailType(4, 1)).toBe(false)
    expect(matchesDetailType(4, 2)).toBe(false)
  })

  it.each([1, 2] as const)("filter %i lists only its own type", (filter) => {
    for (const t of [1, 2, 4] as const) expect(matchesDetailType(filter, t)).toBe(t === filter)
  })

  it("an unknown filter lists nothing", () => {
    for (const t of [1, 2, 4] as const) expect(matchesDetailType(3, t)).toBe(false)
  })
})
