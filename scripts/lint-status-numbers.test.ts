import { describe, expect, it } from "vitest"
import { plantedLint } from "./planted-project.testkit"

const lint = plantedLint("lint-status-numbers.ts")

describe("the status name rule", () => {
  it("passes statuses compared by name, through predicates, and HTTP answers' codes", () => {
    const r = lint({
      "src/errand/a.ts": [
        "export const S = { accepted: 1, completed: 100 } as const",
        "export const done = (o: { status: number }) => o.status === S.completed",
        "export const ok = (response: { status: number }) => response.status === 401",
        "export const take = (o: { type: number; goodsClass: number }) => o.type === 2 && o.goodsClass !== 3",
        "export const names: Record<number, string> = { 0: '待接单', 100: '已完成' }"
      ].join("\n"),
      "web/src/features/x/page.tsx": "import { S } from '#src/errand/a'\nexport const Card = (p: { status: number }) => <span>{p.status === S.accepted ? 'a' : 'b'}</span>\n"
    })
    expect(r.out).toContain("status name rule: 2 files")
    expect(r.code).toBe(0)
  })

  it("fails on each bare number compared with a status in src/ and web/src, naming the file, line and code", () => {
    const r = lint({
      "src/errand/a.ts": [
        "export const done = (o: { status: number }) => o.status === 100",
        "export const open = (authStatus: number) => -1 !== authStatus",
        "export const after = (u: { paotuiStatus: number }) => u.paotuiStatus >= 1"
      ].join("\n"),
      "web/src/features/x/page.tsx": "export const Card = (p: { status: number }) => <span>{p.status === 4 ? 'a' : 'b'}</span>\n"
    })
    expect(r.code).toBe(1)
    expect(r.out).toContain("src/errand/a.ts:1: o.status === 100")
    expect(r.out).toContain("src/errand/a.ts:2: -1 !== authStatus")
    expect(r.out).toContain("src/errand/a.ts:3: u.paotuiStatus >= 1")
    expect(r.out).toContain("web/src/features/x/page.tsx:1: p.status === 4")
  })

  it("fails on number lists asked about a status, switch cases on a status and statuses written as numbers", () => {
    const r = lint({
      "web/src/lib/b.ts": [
        "export const shelf = (p: { status: number }) => [0, 1, 300].includes(p.status)",
        "export const due = (statuses: number[]) => statuses.includes(4)",
        "export const color = (status: number) => { switch (status) { case 100: return 'green'; default: return 'blue' } }",
        "export const placed = { status: -1, fee: 3 }",
        "export const ACTIVE_STATUSES = [0, 1, 2]"
      ].join("\n")
    })
    expect(r.code).toBe(1)
    for (const line of ["b.ts:1: [0, 1, 300].includes(p.status)", "b.ts:2: statuses.includes(4)", "b.ts:3: 100", "b.ts:4: status: -1", "b.ts:5: ACTIVE_STATUSES = [0, 1, 2]"]) {
      expect(r.out).toContain(line)
    }
  })

  it("leaves tests and testkits alone", () => {
    const r = lint({
      "src/errand/a.test.ts": "export const t = (o: { status: number }) => o.status === 100\n",
      "src/errand/b.testkit.ts": "export const planted = { status: 4 }\n",
      "web/src/lib/c.test.tsx": "export const t = (o: { status: number }) => o.status === 1\n"
    })
    expect(r.out).toContain("status name rule: 0 files")
    expect(r.code).toBe(0)
  })
})
