/**
 * Builds the `station` command into `dist/cli/` (one ES module per command, packages left to
 * node_modules), so it starts without compiling TypeScript. `cli/run.mjs` runs it while it is newer
 * than every source file.
 */
import { build } from "esbuild"
import { resolve } from "node:path"
import { projectRoot } from "./root"

export const buildCli = async (outdir = resolve(projectRoot, "dist/cli")) => {
  await build({
    entryPoints: [resolve(projectRoot, "cli/station.ts")],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    banner: { js: "// Built by `npm run build:cli` from cli/station.ts; do not edit." }
  })
  return outdir
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outdir = await buildCli()
  process.stdout.write(`station: built ${outdir}\n`)
}
