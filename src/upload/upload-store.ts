/** Ports of uploads: the record of who uploaded what, and the files themselves. */
import { Context, Effect } from "effect"
import type { UploadRecord } from "./upload"

export class Uploads extends Context.Service<Uploads, {
  record(upload: UploadRecord): Effect.Effect<void>
  /** The upload stored under this folder and name, when this user made it. */
  findOwn(userId: string, dateFolder: string, fileName: string): Effect.Effect<UploadRecord | undefined>
}>()("station/Uploads") {}

export class ImageFiles extends Context.Service<ImageFiles, {
  save(dateFolder: string, fileName: string, bytes: Uint8Array): Effect.Effect<void>
  /** Removes a stored file; one already gone is no error. */
  remove(dateFolder: string, fileName: string): Effect.Effect<void>
}>()("station/ImageFiles") {}
