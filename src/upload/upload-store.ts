/** Ports of uploads: the record of who uploaded what, and the files themselves. */
import { Context, Effect } from "effect"
import type { RuleViolation } from "../shared/errors"
import type { ImageType } from "./image-upload"
import type { UploadRecord } from "./upload"

export class Uploads extends Context.Service<Uploads, {
  record(upload: UploadRecord): Effect.Effect<void>
  /** The upload stored under this folder and name, when this user made it. */
  findOwn(userId: string, dateFolder: string, fileName: string): Effect.Effect<UploadRecord | undefined>
}>()("station/Uploads") {}

export class ImageFiles extends Context.Service<ImageFiles, {
  /**
   * Keeps the image of the sniffed type re-encoded with no metadata (EXIF, GPS) and turned upright, and its
   * thumbnails (`THUMBNAIL_WIDTHS`); bytes that do not decode as that type are refused ('请上传正确格式的图片')
   * and nothing is written.
   */
  save(dateFolder: string, fileName: string, type: ImageType, bytes: Uint8Array): Effect.Effect<void, RuleViolation>
  /** Removes a stored file and its thumbnails; one already gone is no error. */
  remove(dateFolder: string, fileName: string): Effect.Effect<void>
}>()("station/ImageFiles") {}
