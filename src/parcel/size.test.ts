import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { parcelSize } from "./size"

const demoClasses = [{ _id: "wf-1" }, { _id: "wf-2" }, { _id: "wf-3" }, { _id: "wf-4" }]

describe("parcel size from the weight class", () => {
  it("is the class's place in the dictionary", () => {
    expect(demoClasses.map((w) => parcelSize(demoClasses, w._id))).toEqual([1, 2, 3, 4])
  })

  it("is unknown for a class the dictionary does not have", () => {
    expect(parcelSize(demoClasses, "wf-9")).toBeNull()
    expect(parcelSize([], "wf-1")).toBeNull()
  })

  test.prop([fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 12 }), fc.nat()])(
    "grows with the class and stays within 1..4",
    (ids, pick) => {
      const classes = ids.map((_id) => ({ _id }))
      const i = pick % ids.length
      const size = parcelSize(classes, ids[i]!)
      expect(size).toBe(Math.min(i + 1, 4))
      if (i > 0) expect(size!).toBeGreaterThanOrEqual(parcelSize(classes, ids[i - 1]!)!)
    }
  )
})
