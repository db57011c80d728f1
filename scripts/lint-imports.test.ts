import { describe, expect, it } from "vitest"
import { plantedLint } from "./planted-project.testkit"

const lint = plantedLint("lint-imports.ts")

describe("the import rules", () => {
  it("let a folder import the layers below it", () => {
    const r = lint({ "src/shared/a.ts": "export const a = 1\n", "src/errand/b.ts": 'import { a } from "../shared/a"\nimport { c } from "../payment/c"\nexport const b = a + c\n', "src/payment/c.ts": "export const c = 2\n" })
    expect(r.out).toContain("core layer rule")
    expect(r.code).toBe(0)
  })

  it("fail on an import against the order, naming the file and the two folders", () => {
    const r = lint({ "src/payment/c.ts": 'import { b } from "../errand/b"\nexport const c = b\n', "src/errand/b.ts": "export const b = 1\n" })
    expect(r.code).toBe(1)
    expect(r.out).toContain("src/payment/c.ts imports ../errand/b (payment may not import errand)")
  })

  it("fail on two folders of one layer importing each other, tests included", () => {
    const r = lint({ "src/profile/p.test.ts": 'import { q } from "../parcel/q"\nvoid q\n', "src/parcel/q.ts": "export const q = 1\n" })
    expect(r.code).toBe(1)
    expect(r.out).toContain("profile may not import parcel")
  })

  it("fail on a folder without its place in the layers, and on I/O in the core", () => {
    const r = lint({ "src/unlisted/post.ts": 'import { readFileSync } from "node:fs"\nexport const post = readFileSync\n' })
    expect(r.code).toBe(1)
    expect(r.out).toContain("needs its place in LAYERS (scripts/lint-imports.ts): unlisted")
    expect(r.out).toContain("src/unlisted/post.ts imports node:fs")
  })
})
