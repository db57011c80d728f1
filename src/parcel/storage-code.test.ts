import { describe, expect, it } from "vitest"
import { formatTag, nextFreeTag, nextTagAfter, storageCode, TAG_MAX, TAG_MIN, tagsAfter } from "./storage-code"

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

describe("nextTagAfter wraps 9999 → 1", () => {
  it.each([
    [0, 1, 1],
    [1, 1, 2],
    [9998, 1, 9999],
    [9999, 1, 1],
    [9999, 2, 2],
    [5, 9999, 5],
    [9990, 20, 11]
  ])("after %i, step %i → %i", (last, steps, tag) => {
    expect(nextTagAfter(last, steps)).toBe(tag)
  })
})

describe("tagsAfter: the window a store looks at, in hand-out order", () => {
  it("runs across the wrap", () => {
    expect(tagsAfter(9996, 6)).toEqual([9997, 9998, 9999, 1, 2, 3])
    expect(tagsAfter(0, 3)).toEqual([1, 2, 3])
  })

  it("holds every tag once at most, ending with the last issued", () => {
    const all = tagsAfter(4321, 20_000)
    expect(all).toHaveLength(TAG_MAX - TAG_MIN + 1)
    expect(new Set(all).size).toBe(all.length)
    expect(all.at(-1)).toBe(4321)
  })
})

describe("nextFreeTag", () => {
  it("is the next tag after the last issued when free", () => {
    expect(nextFreeTag(0, () => false)).toBe(1)
    expect(nextFreeTag(41, () => false)).toBe(42)
  })

  it("wraps from 9999 to 1", () => {
    expect(nextFreeTag(9999, () => false)).toBe(1)
    expect(nextFreeTag(9998, (t) => t === 9999)).toBe(1)
  })

  it("skips tags held by active parcels", () => {
    const active = new Set([42, 43, 45])
    expect(nextFreeTag(41, (t) => active.has(t))).toBe(44)
  })

  it("may return the last tag itself when it was freed and everything else is taken", () => {
    expect(nextFreeTag(17, (t) => t !== 17)).toBe(17)
  })

  it("is undefined only when every tag is taken", () => {
    expect(nextFreeTag(1, () => true)).toBeUndefined()
    expect(nextFreeTag(5000, (t) => t !== 4999)).toBe(4999)
    expect(TAG_MAX).toBe(9999)
  })
})
