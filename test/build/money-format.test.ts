/**
 * One display rule for money: every web/src file shows fen through `yuan` (src/shared/money.ts, two decimals), so
 * two screens never show one amount as ¥0.50 and ¥0.5. A file that turns fen into yuan by hand (`/ 100`,
 * `.toFixed(`) fails here. Exempt by name: basis points (`_BP / 100` is a percentage) and distances (metres, km).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const files = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [])

const BY_HAND = /\/\s*100\b(?!\d)|\.toFixed\(/
const NOT_MONEY = /_BP\b|metres|km`/

/** Each line of the source that formats a number as money by hand, as `file:line: text`. */
const handFormatted = (path: string, source: string): ReadonlyArray<string> =>
  source.split("\n").flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "").replace(/\/\*.*?\*\//g, "")
    return BY_HAND.test(code) && !NOT_MONEY.test(code) ? [`${path}:${i + 1}: ${line.trim()}`] : []
  })

describe("money on screen goes through yuan", () => {
  it("the scan finds a hand-made amount and passes the shared formatter", () => {
    expect(handFormatted("a.tsx", "const t = `${fee / 100}元`")).toHaveLength(1)
    expect(handFormatted("a.tsx", "const t = (fee / 100).toFixed(1)")).toHaveLength(1)
    expect(handFormatted("a.tsx", "const t = `¥${yuan(fee)}`")).toHaveLength(0)
    expect(handFormatted("a.tsx", "const rate = `${INSURANCE_RATE_BP / 100}%`")).toHaveLength(0)
  })

  it("no web/src file formats fen by hand", () => {
    const found = files("web/src").flatMap((path) => handFormatted(path, readFileSync(path, "utf8")))
    expect(found).toEqual([])
  })
})
