/** README's operations table names every operation of the catalog, and no other (issue 22). */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { operationNames } from "#src/operations/catalog"

const readme = readFileSync(resolve(import.meta.dirname, "..", "README.md"), "utf8")

/** The operations named in the second column of the table under "## The operations log". */
const tabled = () => {
  const section = readme.split("\n## The operations log\n")[1]?.split("\n## ")[0] ?? ""
  return section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| area") && !line.startsWith("|---"))
    .flatMap((line) => [...(line.split("|")[2] ?? "").matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]!))
}

describe("README's operations table", () => {
  it("lists every operation the catalog holds, each once, and nothing else", () => {
    const names = tabled()
    expect(names.length).toBeGreaterThan(0)
    expect([...names].sort()).toEqual([...operationNames].sort())
  })
})
