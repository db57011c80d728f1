#!/usr/bin/env node
/**
 * The `station` executable: runs the prebuilt bundle (`npm run build:cli`, dist/cli) while it is newer
 * than every source file it was built from, else the TypeScript source through tsx.
 */
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { freshBundle } from "./fresh-bundle.mjs"

const root = resolve(import.meta.dirname, "..")
const bundle = process.env.STATION_SOURCE === "1" ? undefined : freshBundle(root)

if (bundle) {
  await import(pathToFileURL(bundle).href)
} else {
  const { register } = await import("tsx/esm/api")
  register()
  await import(pathToFileURL(join(root, "cli/station.ts")).href)
}
