import { describe, expect, it } from "vitest"
import { misfit, operationNames, operations } from "./catalog"

const at = new Date("2026-11-29T02:00:00Z")
const bindStaff = (input: unknown, outcome: unknown) => ({ op: "bindStaff", actorOpenid: "o-1", at, input, outcome })

describe("the catalog of operations", () => {
  it("files every kind under its own name, once", () => {
    for (const name of operationNames) expect(operations[name].op).toBe(name)
    expect(new Set(Object.values(operations)).size).toBe(operationNames.length)
  })

  it("takes an operation whose input and outcome fit its Schemas", () => {
    expect(misfit(bindStaff({ phone: "13800000001" }, { employeeId: "e-1" }))).toBeUndefined()
  })

  it("names what it refuses: an unknown name, an input or an outcome not of its kind", () => {
    expect(misfit({ ...bindStaff({}, {}), op: "bindStuff" })).toBe('unknown operation "bindStuff"')
    expect(misfit({ ...bindStaff({}, {}), op: "toString" })).toBe('unknown operation "toString"')
    expect(misfit(bindStaff({ phone: 13800000001 }, { employeeId: "e-1" }))).toBe("bindStaff: the input does not fit its Schema")
    expect(misfit(bindStaff({ phone: "13800000001" }, {}))).toBe("bindStaff: the outcome does not fit its Schema")
  })

  it("judges a value as the log will hold it: written as JSON", () => {
    // a Date becomes its ISO text in the log, which a Schema of strings takes and replay decodes alike
    expect(misfit(bindStaff({ phone: new Date(0) }, { employeeId: "e-1" }))).toBeUndefined()
    // a field that is undefined is left out of the JSON: a required one is then missing
    expect(misfit(bindStaff({ phone: undefined }, { employeeId: "e-1" }))).toBe("bindStaff: the input does not fit its Schema")
    // an input or outcome left undefined is judged as missing, not written as JSON
    expect(misfit(bindStaff(undefined, { employeeId: "e-1" }))).toBe("bindStaff: the input does not fit its Schema")
    expect(misfit(bindStaff({ phone: "13800000001" }, undefined))).toBe("bindStaff: the outcome does not fit its Schema")
  })
})
