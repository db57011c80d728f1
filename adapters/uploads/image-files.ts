/** Uploaded images on disk under `{root}/{yyyymmdd}/{random}.{ext}`, and the safe way back to one of them. */
import { mkdir, rm, writeFile } from "node:fs/promises"
import { join, resolve, sep } from "node:path"
import { Effect } from "effect"
import { ImageFiles } from "#src/upload/upload-store"
import { isStoredPath } from "#src/upload/upload"

export const imageFiles = (root: string) => ImageFiles.of({
  save: (dateFolder, fileName, bytes) =>
    Effect.promise(async () => {
      const path = storedFilePath(root, dateFolder, fileName)
      if (!path) throw new Error(`refusing to store ${dateFolder}/${fileName}`)
      await mkdir(join(resolve(root), dateFolder), { recursive: true })
      await writeFile(path, bytes, { flag: "wx", mode: 0o640 })
    }),
  remove: (dateFolder, fileName) =>
    Effect.promise(async () => {
      const path = storedFilePath(root, dateFolder, fileName)
      if (!path) throw new Error(`refusing to remove ${dateFolder}/${fileName}`)
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
