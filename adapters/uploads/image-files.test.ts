import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import sharp from "sharp"
import { afterEach, describe, expect, it } from "vitest"
import { THUMBNAIL_WIDTHS } from "#src/upload/upload"
import { imageFiles, storedFilePath, thumbnailFilePath } from "./image-files"

const hex = "0123456789abcdef0123456789abcdef"
const FOLDER = "20261122"

/** The EXIF tag pointing at the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer | undefined) => exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))

/** A 60×30 JPEG lying on its side (EXIF orientation 6) with a camera and the place it was taken. */
const photoWithGps = () =>
  sharp({ create: { width: 60, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 2700/100", GPSLongitudeRef: "E", GPSLongitude: "116/1 23/1 1800/100" }
    })
    .jpeg()
    .toBuffer()

let roots: Array<string> = []
const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), "image-files-"))
  roots.push(root)
  return root
}
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
  roots = []
})

describe("stored images", () => {
  it("the test photo does carry GPS and orientation 6", async () => {
    const meta = await sharp(await photoWithGps()).metadata()
    expect(meta.orientation).toBe(6)
    expect(meta.exif?.toString("latin1")).toContain("PhoneMaker")
    expect(hasGpsPointer(meta.exif)).toBe(true)
  })

  it("are kept upright with no EXIF, GPS or camera, with WebP thumbnails at the kept widths", async () => {
    const root = newRoot()
    const photo = await photoWithGps()
    await Effect.runPromise(imageFiles(root).save(FOLDER, `${hex}.jpg`, "jpg", photo))
    const kept = readFileSync(storedFilePath(root, FOLDER, `${hex}.jpg`)!)
    const meta = await sharp(kept).metadata()
    expect(meta).toMatchObject({ format: "jpeg", width: 30, height: 60 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(kept.toString("latin1")).not.toContain("PhoneMaker")
    for (const w of THUMBNAIL_WIDTHS) {
      const thumb = await sharp(readFileSync(thumbnailFilePath(root, FOLDER, `${hex}.jpg`, w)!)).metadata()
      // never enlarged: the 30 px wide photo stays 30 px wide
      expect(thumb).toMatchObject({ format: "webp", width: 30, height: 60 })
      expect(thumb.exif).toBeUndefined()
    }
  })

  it("a thumbnail is as wide as its name says when the photo is wider", async () => {
    const root = newRoot()
    const wide = await sharp({ create: { width: 1600, height: 800, channels: 3, background: "#888" } }).png().toBuffer()
    await Effect.runPromise(imageFiles(root).save(FOLDER, `${hex}.png`, "png", wide))
    for (const w of THUMBNAIL_WIDTHS) {
      expect(await sharp(readFileSync(thumbnailFilePath(root, FOLDER, `${hex}.png`, w)!)).metadata()).toMatchObject({ width: w, height: w / 2 })
    }
    expect(await sharp(readFileSync(join(root, FOLDER, `${hex}.png`))).metadata()).toMatchObject({ format: "png", width: 1600 })
  })

  it.each([
    ["HTML named .jpg", "jpg", Buffer.from("<html><script>alert(1)</script></html>")],
    ["SVG", "png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["a JPEG head and nothing else", "jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0x20, 0x20])],
    ["a PNG kept as a GIF", "gif", null]
  ] as const)("%s is refused and leaves no file", async (_what, type, bytes) => {
    const root = newRoot()
    const input = bytes ?? await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).png().toBuffer()
    const exit = await Effect.runPromiseExit(imageFiles(root).save(FOLDER, `${hex}.${type}`, type, input))
    expect(exit).toMatchObject(Exit.fail({ _tag: "RuleViolation", message: "请上传正确格式的图片" }))
    expect(existsSync(join(root, FOLDER)) ? readdirSync(join(root, FOLDER)) : []).toEqual([])
  })

  it("removing an image removes its thumbnails; one already gone is no error", async () => {
    const root = newRoot()
    await Effect.runPromise(imageFiles(root).save(FOLDER, `${hex}.jpg`, "jpg", await photoWithGps()))
    expect(readdirSync(join(root, FOLDER))).toHaveLength(1 + THUMBNAIL_WIDTHS.length)
    await Effect.runPromise(imageFiles(root).remove(FOLDER, `${hex}.jpg`))
    expect(readdirSync(join(root, FOLDER))).toEqual([])
    await Effect.runPromise(imageFiles(root).remove(FOLDER, `${hex}.jpg`))
  })

  it("thumbnail paths follow the stored-path rule", () => {
    expect(thumbnailFilePath("/data", FOLDER, `${hex}.jpg`, 128)).toBe(`/data/${FOLDER}/${hex}_w128.webp`)
    for (const [folder, name] of [["..", `${hex}.jpg`], [FOLDER, `../${hex}.jpg`], [FOLDER, `${hex}_w128.webp`]]) {
      expect(thumbnailFilePath("/data", folder!, name!, 128)).toBeUndefined()
    }
  })
})
