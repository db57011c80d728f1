/** The lint scripts' tests: a script run on a planted project (path → source) in a temporary folder, removed after each test. */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { afterEach } from "vitest"

const tsx = resolve(import.meta.dirname, "..", "node_modules", ".bin", "tsx")

/** A function that lints a planted project with `scripts/<scriptName>` and answers its exit code and what it printed. */
export const plantedLint = (scriptName: string) => {
  const script = resolve(import.meta.dirname, scriptName)
  let dirs: Array<string> = []
  afterEach(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); dirs = [] })
  return (tree: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), "lint-planted-"))
    dirs.push(root)
    mkdirSync(join(root, "src"), { recursive: true })
    mkdirSync(join(root, "web", "src", "features"), { recursive: true })
    for (const [path, source] of Object.entries(tree)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), source)
    }
    const run = spawnSync(tsx, [script, root], { encoding: "utf8" })
    return { code: run.status, out: run.stdout + run.stderr }
  }
}
