/** Uploading an image: the type by its bytes, the size cap, ID-card recognition, and where it is kept. */
import { Effect } from "effect"
import type { Actor } from "../shared/actor"
import { PayloadTooLarge, RuleViolation } from "../shared/errors"
import { Clock, Ids } from "../shared/ports"
import { messages, receivedImageRefusal, singleImageRefusal, sniffImageType, UploadField } from "./image-upload"
import { Ocr, type OcrResult } from "./ocr"
import { dateFolderOf, signUrl, storedFileName, storedPathOf, type UploadRecord } from "./upload"
import { ImageFiles, Uploads } from "./upload-store"

export interface ReceivedFile {
  readonly field: UploadField
  readonly bytes: Uint8Array
}

/** One image in one of the three fields; an ID card also goes through recognition. */
export const uploadImage = Effect.fn("uploadImage")(function* (actor: Actor, files: ReadonlyArray<ReceivedFile>) {
  const refused = singleImageRefusal(files.length, true)
  if (refused) return yield* refused
  const file = files[0]!
  const received = receivedImageRefusal(file.bytes)
  if (received) return yield* received

  const type = sniffImageType(file.bytes)!
  const now = yield* (yield* Clock).now
  const id = yield* (yield* Ids).next
  const fileName = storedFileName(id, type)
  if (!fileName) return yield* Effect.die(new Error(`the id port gave ${id}, not a random UUID`))
  let ocr: OcrResult | null = null
  if (file.field === UploadField.idCard) {
    const outcome = yield* (yield* Ocr).recognise(file.bytes)
    if (outcome.ok) ocr = outcome.result
  }
  const dateFolder = dateFolderOf(now)
  yield* (yield* ImageFiles).save(dateFolder, fileName, file.bytes)
  const record: UploadRecord = { id, userId: actor.userId, field: file.field, dateFolder, fileName, bytes: file.bytes.length, ocr, createdAt: now }
  yield* (yield* Uploads).record(record)
  return { ...record, url: signUrl(dateFolder, fileName) }
})

/** The caller's own upload behind a photo URL, if it is one. */
export const ownUpload = Effect.fn("ownUpload")(function* (actor: Actor, url: string | undefined) {
  const path = storedPathOf(url)
  if (!path) return undefined
  return yield* (yield* Uploads).findOwn(actor.userId, path.dateFolder, path.fileName)
})

/** A photo the caller uploaded, as the path it is served under; anything else (someone else's, made up) is '请上传图片'. */
export const ownImagePath = Effect.fn("ownImagePath")(function* (actor: Actor, url: string | undefined) {
  const upload = yield* ownUpload(actor, url)
  if (!upload) return yield* new RuleViolation({ message: messages.required })
  return signUrl(upload.dateFolder, upload.fileName)
})

/** An optional photo: none (absent or blank) is null; one given must be the caller's own upload (`ownImagePath`). */
export const optionalOwnImagePath = Effect.fn("optionalOwnImagePath")(function* (actor: Actor, url: string | undefined) {
  if (url === undefined || url.trim() === "") return null
  return yield* ownImagePath(actor, url)
})
