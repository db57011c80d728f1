import { describe, expect, it } from "vitest"
import { formatTag, storageCode } from "./storage-code"

describe("storage code format: storageNo-tag with a 4-digit tag", () => {
  it("'A-01' with tag 7 → 'A-01-0007'", () => {
    expect(storageCode("A-01", 7)).toBe("A-01-0007")
  })

  it.each([
    [1, "0001"],
    [42, "0042"],
    [999, "0999"],
    [9999, "9999"]
  ])("tag %i → %s", (tag, text) => {
    expect(formatTag(tag)).toBe(text)
  })
})
