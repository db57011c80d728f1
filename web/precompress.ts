/**
 * Writes each text file of the build beside itself precompressed, as `.br` (brotli, quality 11) and `.gz` (gzip,
 * level 9), so the server sends a phone the compressed bytes without compressing per request
 * (adapters/http/static-assets.ts). Files under 1 KB, or that would not shrink, are left alone: the headers would
 * cost more than they save.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import type { Plugin } from "vite"

export const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/
export const MIN_BYTES = 1024

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })

/** Compresses every compressible file under `dir`; answers how many it wrote. */
export const precompressDir = (dir: string): number => {
  let written = 0
  for (const file of files(dir).filter((f) => COMPRESSIBLE.test(f))) {
    const bytes = readFileSync(file)
    if (bytes.length < MIN_BYTES) continue
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    const gz = gzipSync(bytes, { level: 9 })
    for (const [suffix, packed] of [[".br", br], [".gz", gz]] as const) {
      if (packed.length >= bytes.length) continue
      writeFileSync(`${file}${suffix}`, packed)
      written++
    }
  }
  return written
}

export const precompress = (): Plugin => {
  let outDir = ""
  return {
    name: "station-precompress",
    apply: "build",
    configResolved: (config) => { outDir = config.build.outDir },
    closeBundle: () => { precompressDir(outDir) }
  }
}
