/** The prebuilt `station` bundle (dist/cli/station.js) if it is newer than every source file it is built from. */
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"

const newestSource = (root) => {
  let newest = statSync(join(root, "package.json")).mtimeMs
  for (const dir of ["cli", "src", "adapters", "migrations"]) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
    }
  }
  return newest
}

/** @param {string} root the project root */
export const freshBundle = (root) => {
  const bundle = join(root, "dist/cli/station.js")
  return existsSync(bundle) && statSync(bundle).mtimeMs >= newestSource(root) ? bundle : undefined
}
