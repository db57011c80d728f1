/** Stored uploads: the date folder and random file name an image is kept under, and reading a photo URL back. */
import { shanghaiDate } from "../shared/time"
import type { ImageType, UploadField } from "./image-upload"
import type { OcrResult } from "./ocr"

/** The path uploaded files are served under (`/sign/{dateFolder}/{destFileName}`). */
export const SIGN_PATH = "/sign"

export interface UploadRecord {
  readonly id: string
  readonly userId: string
  readonly field: UploadField
  readonly dateFolder: string
  readonly fileName: string
  readonly bytes: number
  /** What ID-card recognition read off the photo; null when it was not an ID card upload or nothing was recognised. */
  readonly ocr: OcrResult | null
  readonly createdAt: Date
}

/** The day's folder, yyyymmdd in Asia/Shanghai. */
export const dateFolderOf = (at: Date): string => shanghaiDate(at).replace(/-/g, "")

/** A file name nobody can guess: the 32 hex digits of a random id, then the sniffed type. */
export const storedFileName = (randomId: string, type: ImageType): string | undefined => {
  const hex = randomId.replace(/-/g, "").toLowerCase()
  return /^[0-9a-f]{32}$/.test(hex) ? `${hex}.${type}` : undefined
}

const DATE_FOLDER = /^\d{8}$/
const FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/

/** Only names this server makes are ever looked up on disk: no dots, slashes or encodings can slip through. */
export const isStoredPath = (dateFolder: string, fileName: string): boolean => DATE_FOLDER.test(dateFolder) && FILE_NAME.test(fileName)

/**
 * The widths (px) each upload is also kept at, as WebP, for the pages' display sizes at 2×: 128 for 64 px
 * avatars and list icons, 256 for the ~110-128 px grid thumbnails, 780 for full-width (390 px) pictures.
 */
export const THUMBNAIL_WIDTHS = [128, 256, 780] as const
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number]

/** The thumbnail of a stored file at one width: `{hex}_w{width}.webp`, beside the original. */
export const thumbnailName = (fileName: string, width: ThumbnailWidth): string | undefined =>
  FILE_NAME.test(fileName) ? `${fileName.slice(0, 32)}_w${width}.webp` : undefined

/** The smallest kept width at least as wide as asked (the largest when more is asked); undefined for no usable width. */
export const thumbnailWidthFor = (asked: unknown): ThumbnailWidth | undefined => {
  if (typeof asked !== "string" || !/^\d{1,5}$/.test(asked)) return undefined
  const w = Number(asked)
  return w === 0 ? undefined : THUMBNAIL_WIDTHS.find((t) => t >= w) ?? THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1]
}

export const signUrl = (dateFolder: string, fileName: string): string => `${SIGN_PATH}/${dateFolder}/${fileName}`

/**
 * The date folder and file name of a photo URL as the page sends it back: `/sign/{d}/{f}`, or the same behind
 * any preview base (`https://host/sign/{d}/{f}`); undefined for anything else.
 */
export const storedPathOf = (url: string | undefined): { readonly dateFolder: string; readonly fileName: string } | undefined => {
  if (url === undefined) return undefined
  const path = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/, "")
  const parts = path.split("/").filter((p) => p !== "")
  const [dateFolder, fileName] = parts.slice(-2)
  return parts.length >= 2 && dateFolder !== undefined && fileName !== undefined && isStoredPath(dateFolder, fileName) ? { dateFolder, fileName } : undefined
}
