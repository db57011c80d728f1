/**
 * The web app's first load stays within 240 KB of JavaScript as transferred: the entry chunk, every chunk it
 * imports statically and every chunk index.html preloads (the common chunk all routes share, web/chunking.ts), each
 * fetched from the server's file route with a phone browser's Accept-Encoding and counted as the bytes that came over
 * the wire (the build's brotli copies). A route's own chunk comes on top. The budget was 150 KB for the entry alone,
 * when each route then pulled 56–94 small chunks; one common file costs more bytes up front and far fewer round trips
 * (bench/pages.ts, docs/decisions.md). Reads the build's manifest and index.html, so it runs after `npm run build:web`
 * (`npm test` builds first); skipped only when no build is there.
 */
import { existsSync, readFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { resolve } from "node:path"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { staticAssets } from "../../adapters/http/static-assets"
import { MIN_BYTES } from "../../web/precompress"
import { rawGet } from "../support/raw-get"

const BUDGET_BYTES = 240 * 1024
const dist = resolve(import.meta.dirname, "../../web/dist")
const manifestFile = resolve(dist, ".vite/manifest.json")

interface Chunk {
  readonly file: string
  readonly isEntry?: boolean
  readonly imports?: ReadonlyArray<string>
  readonly dynamicImports?: ReadonlyArray<string>
}

/** The files index.html has the browser preload (`<link rel="modulepreload" href="/assets/…">`), as the manifest names them. */
export const preloadedFiles = (html: string): ReadonlyArray<string> =>
  [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => m[1]!)

/** The entry's chunk files, the preloaded ones and those of their static imports, transitively. */
export const firstLoadFiles = (manifest: Readonly<Record<string, Chunk>>, preloaded: ReadonlyArray<string> = []): ReadonlyArray<string> => {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry || preloaded.includes(manifest[k]!.file))
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key]?.imports ?? []) visit(next)
  }
  entries.forEach(visit)
  return [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js"))
}

/** Chrome on Android's Accept-Encoding. */
const PHONE_ENCODINGS = "gzip, deflate, br, zstd"

describe.skipIf(!existsSync(manifestFile))("web first load", () => {
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, Chunk>) : {}
  let url = ""
  let close = () => {}
  beforeAll(async () => {
    const app = express().use(staticAssets(dist))
    const server = app.listen(0, "127.0.0.1")
    await new Promise<void>((r) => server.once("listening", () => r()))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  it(`is at most ${BUDGET_BYTES / 1024} KB of JavaScript as transferred`, async () => {
    const files = firstLoadFiles(manifest, preloadedFiles(readFileSync(resolve(dist, "index.html"), "utf8")))
    const sizes = await Promise.all(files.map(async (f) => {
      const got = await rawGet(`${url}/${f}`, { "accept-encoding": PHONE_ENCODINGS })
      // the build leaves files under 1 KB as they are (web/precompress.ts)
      expect([got.status, got.headers["content-encoding"] ?? (got.body.length < MIN_BYTES ? "br" : "none")], f).toEqual([200, "br"])
      return [f, got.body.length] as const
    }))
    sizes.sort((a, b) => b[1] - a[1])
    const total = sizes.reduce((sum, [, n]) => sum + n, 0)
    const report = sizes.map(([f, n]) => `${f} ${(n / 1024).toFixed(1)} KB`).join(", ")
    expect(files.length).toBeGreaterThan(0)
    expect(total, `first load ${(total / 1024).toFixed(1)} KB transferred: ${report}`).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it("loads the routes' pages later: the entry imports some chunks dynamically", () => {
    const entry = Object.values(manifest).find((c) => c.isEntry)!
    expect(entry.dynamicImports?.length ?? 0).toBeGreaterThan(10)
  })

  it("follows static imports transitively, not dynamic ones", () => {
    expect(firstLoadFiles({
      "main.tsx": { file: "a.js", isEntry: true, imports: ["_b"], dynamicImports: ["page.tsx"] },
      _b: { file: "b.js", imports: ["_c"] },
      _c: { file: "c.js", imports: ["_b"] },
      "page.tsx": { file: "page.js", imports: ["_d"] },
      _d: { file: "d.js" }
    })).toEqual(["a.js", "b.js", "c.js"])
  })

  it("counts what index.html preloads, and what that imports", () => {
    const html = `<script type="module" crossorigin src="/a.js"></script>\n<link rel="modulepreload" crossorigin href="/common.js">`
    expect(preloadedFiles(html)).toEqual(["common.js"])
    expect(firstLoadFiles({
      "main.tsx": { file: "a.js", isEntry: true, dynamicImports: ["page.tsx"] },
      _common: { file: "common.js", imports: ["_e"] },
      _e: { file: "e.js" },
      "page.tsx": { file: "page.js", imports: ["_common"] }
    }, preloadedFiles(html))).toEqual(["a.js", "common.js", "e.js"])
  })
})
