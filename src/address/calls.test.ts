import { Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { DETAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "./address"
import { AddAddress } from "./calls"

const decode = Schema.decodeUnknownExit(AddAddress.request)

describe("AddAddress request", () => {
  it("takes a name and a detail up to their limits and refuses one character more", () => {
    expect(Exit.isSuccess(decode({ name: "名".repeat(NAME_MAX_LENGTH), detail: "址".repeat(DETAIL_MAX_LENGTH) }))).toBe(true)
    expect(Exit.isFailure(decode({ name: "名".repeat(NAME_MAX_LENGTH + 1) }))).toBe(true)
    expect(Exit.isFailure(decode({ detail: "址".repeat(DETAIL_MAX_LENGTH + 1) }))).toBe(true)
  })

  it("reads a value of the wrong kind as absent and a number as its digits", () => {
    expect(decode({ name: { a: 1 }, phone: 13812345678, county: ["440305"], detail: null })).toEqual(Exit.succeed({ phone: "13812345678" }))
  })
})
