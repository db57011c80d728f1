/** Reading and writing the text chunks of a PNG (tEXt, decoded as UTF-8), for the local OCR fake and its tests. */
import { deflateSync } from "node:zlib"

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** The tEXt chunks of a PNG by keyword; undefined when the bytes are not a well-formed PNG up to IEND. */
export const pngTextChunks = (bytes: Uint8Array): Map<string, string> | undefined => {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length < 8 || !buf.subarray(0, 8).equals(SIGNATURE)) return undefined
  const texts = new Map<string, string>()
  let at = 8
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at)
    const type = buf.toString("latin1", at + 4, at + 8)
    const end = at + 12 + length
    if (end > buf.length) return undefined
    const data = buf.subarray(at + 8, at + 8 + length)
    if (crc32(buf.subarray(at + 4, at + 8 + length)) !== buf.readUInt32BE(at + 8 + length)) return undefined
    if (type === "tEXt") {
      const nul = data.indexOf(0)
      if (nul > 0) texts.set(data.toString("latin1", 0, nul), data.toString("utf8", nul + 1))
    }
    if (type === "IEND") return texts
    at = end
  }
  return undefined
}

const chunk = (type: string, data: Uint8Array): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, "latin1")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A 1×1 grey PNG with the given tEXt chunks, padded with a private chunk to `padTo` bytes when asked. */
export const pngWithText = (texts: Readonly<Record<string, string>> = {}, padTo = 0): Buffer => {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
  // one scanline: filter byte 0 and one black pixel
  const idat = deflateSync(Buffer.from([0, 0]))
  const parts = [
    SIGNATURE, chunk("IHDR", ihdr),
    ...Object.entries(texts).map(([k, v]) => chunk("tEXt", Buffer.concat([Buffer.from(k, "latin1"), Buffer.from([0]), Buffer.from(v, "utf8")]))),
    chunk("IDAT", idat)
  ]
  const size = parts.reduce((n, p) => n + p.length, 0) + 12
  if (padTo > size + 12) parts.push(chunk("prVt", Buffer.alloc(padTo - size - 12)))
  parts.push(chunk("IEND", Buffer.alloc(0)))
  return Buffer.concat(parts)
}
