/**
 * The label's font: Noto Sans SC from @fontsource/noto-sans-sc, split into unicode-range chunks. Each character
 * is drawn with the chunk whose range holds it (see docs/decisions.md); the PDF embeds the chunks as subsets and
 * the TSPL bitmap draws their glyph outlines.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { inflateSync } from "node:zlib"

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("@fontsource/noto-sans-sc")), "files")

type Chunk = { readonly file: string; readonly ranges: ReadonlyArray<readonly [number, number]> }

/** `U+4e00-4e05,U+4e07` → [[0x4e00, 0x4e05], [0x4e07, 0x4e07]]. */
export const parseUnicodeRange = (range: string): Array<readonly [number, number]> =>
  range.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-")
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const
  })

let chunkList: ReadonlyArray<Chunk> | undefined
/** The 400-weight chunks, last of unicode.json first (`[12]` → files/noto-sans-sc-12-400-normal.woff). */
const chunks = (): ReadonlyArray<Chunk> => {
  chunkList ??= Object.entries(JSON.parse(readFileSync(join(FONT_DIR, "..", "unicode.json"), "utf8")) as Record<string, string>)
    .map(([key, range]) => ({ file: `noto-sans-sc-${key.replace(/^\[(\d+)\]$/, "$1")}-400-normal.woff`, ranges: parseUnicodeRange(range) }))
    .reverse()
  return chunkList
}

/**
 * The chunk file that holds the character, or undefined when no chunk does. Where ranges overlap (ASCII is in
 * `[119]` and in `latin`) the last one listed wins, as a browser reads the @font-face rules of index.css.
 */
export const chunkOf = (codePoint: number): string | undefined =>
  chunks().find((c) => c.ranges.some(([from, to]) => codePoint >= from && codePoint <= to))?.file

/**
 * The TrueType font inside a WOFF file (each table inflated, the sfnt directory rebuilt). fontkit reads WOFF
 * itself, but its subsetter then loses the cmap (WOFF) or copies transformed glyphs (WOFF2).
 */
export const sfntOfWoff = (woff: Buffer): Buffer => {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF file")
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20
    const [offset, packed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)]
    const stored = woff.subarray(offset, offset + packed)
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: packed < length ? inflateSync(stored) : stored }
  })
  const head = Buffer.alloc(12 + 16 * count)
  head.writeUInt32BE(woff.readUInt32BE(4), 0)
  const log = Math.floor(Math.log2(count))
  head.writeUInt16BE(count, 4)
  head.writeUInt16BE(2 ** log * 16, 6)
  head.writeUInt16BE(log, 8)
  head.writeUInt16BE(count * 16 - 2 ** log * 16, 10)
  let offset = head.length
  const bodies = tables.map((t, i) => {
    head.writeUInt32BE(t.tag, 12 + i * 16)
    head.writeUInt32BE(t.checksum, 16 + i * 16)
    head.writeUInt32BE(offset, 20 + i * 16)
    head.writeUInt32BE(t.data.length, 24 + i * 16)
    const padded = Buffer.concat([t.data, Buffer.alloc((4 - (t.data.length % 4)) % 4)])
    offset += padded.length
    return padded
  })
  return Buffer.concat([head, ...bodies])
}

const fontBytes = new Map<string, Uint8Array>()
/** The chunk's font as TrueType bytes, read and unpacked once per process. */
export const bytesOf = (file: string): Uint8Array => {
  let bytes = fontBytes.get(file)
  if (!bytes) {
    bytes = new Uint8Array(sfntOfWoff(readFileSync(join(FONT_DIR, file))))
    fontBytes.set(file, bytes)
  }
  return bytes
}

/** Splits text into runs that share a chunk; a character no chunk holds is drawn as '?'. */
export const runsOf = (text: string): Array<{ readonly file: string; readonly text: string }> => {
  const runs: Array<{ file: string; text: string }> = []
  for (const ch of Array.from(text)) {
    const file = chunkOf(ch.codePointAt(0)!)
    const [shown, from] = file ? [ch, file] : ["?", chunkOf(0x3f)!]
    const last = runs.at(-1)
    if (last?.file === from) last.text += shown
    else runs.push({ file: from, text: shown })
  }
  return runs
}
