/** Uploaded images on disk under `{root}/{yyyymmdd}/{random}.{ext}` with their thumbnails beside, and the safe way back to one of them. */
import { mkdir, rm, writeFile } from "node:fs/promises"
import { join, resolve, sep } from "node:path"
import { Effect } from "effect"
import { RuleViolation } from "#src/shared/errors"
import { messages } from "#src/upload/image-upload"
import { ImageFiles } from "#src/upload/upload-store"
import { isStoredPath, THUMBNAIL_WIDTHS, thumbnailName } from "#src/upload/upload"
import { encodeImage } from "./image-codec"

export const imageFiles = (root: string) => ImageFiles.of({
  save: (dateFolder, fileName, type, bytes) =>
    Effect.gen(function* () {
      const path = storedFilePath(root, dateFolder, fileName)
      if (!path) return yield* Effect.die(new Error(`refusing to store ${dateFolder}/${fileName}`))
      const encoded = yield* Effect.promise(() => encodeImage(type, bytes))
      if (!encoded) return yield* new RuleViolation({ message: messages.format })
      const files = [
        [path, encoded.original] as const,
        ...encoded.thumbnails.map((t) => [thumbnailFilePath(root, dateFolder, fileName, t.width)!, t.bytes] as const)
      ]
      yield* Effect.promise(async () => {
        await mkdir(join(resolve(root), dateFolder), { recursive: true })
        try {
          for (const [p, b] of files) await writeFile(p, b, { flag: "wx", mode: 0o640 })
        } catch (e) {
          await Promise.all(files.map(([p]) => rm(p, { force: true })))
          throw e
        }
      })
    }),
  remove: (dateFolder, fileName) =>
    Effect.promise(async () => {
      const path = storedFilePath(root, dateFolder, fileName)
      if (!path) throw new Error(`refusing to remove ${dateFolder}/${fileName}`)
      await Promise.all(THUMBNAIL_WIDTHS.map((w) => rm(thumbnailFilePath(root, dateFolder, fileName, w)!, { force: true })))
      await rm(path, { force: true })
    })
})

/** The file's path under the root, only for names this server makes (no traversal, no other files). */
export const storedFilePath = (root: string, dateFolder: string, fileName: string): string | undefined => {
  if (!isStoredPath(dateFolder, fileName)) return undefined
  const base = resolve(root)
  const path = resolve(base, dateFolder, fileName)
  return path.startsWith(base + sep) ? path : undefined
}

/** A stored file's thumbnail at one of the kept widths, by the same rule. */
export const thumbnailFilePath = (root: string, dateFolder: string, fileName: string, width: (typeof THUMBNAIL_WIDTHS)[number]): string | undefined => {
  const name = thumbnailName(fileName, width)
  return storedFilePath(root, dateFolder, fileName) && name ? resolve(resolve(root), dateFolder, name) : undefined
}
