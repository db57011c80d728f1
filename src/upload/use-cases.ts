/** Uploading an image: the type by its bytes, the size cap, ID-card recognition, and where it is kept. */
import { Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { PayloadTooLarge, RuleViolation } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { messages, receivedImageRefusal, singleImageRefusal, sniffImageType, UploadField, type ImageType } from "./image-upload"
import { Ocr, type OcrResult } from "./ocr"
import { dateFolderOf, signUrl, storedFileName, storedPathOf, type UploadRecord } from "./upload"
import { ImageFiles, Uploads } from "./upload-store"

export interface ReceivedFile {
  readonly field: UploadField
  readonly bytes: Uint8Array
}

/** One image in one of the three fields; an ID card also goes through recognition. The upload is logged (`recordUpload`). */
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
  const dateFolder = dateFolderOf(now)
  yield* (yield* ImageFiles).save(dateFolder, fileName, type, file.bytes)
  let ocr: OcrResult | null = null
  if (file.field === UploadField.idCard) {
    const outcome = yield* (yield* Ocr).recognise(file.bytes)
    if (outcome.ok) ocr = outcome.result
  }
  const sha256 = yield* Effect.promise(() => crypto.subtle.digest("SHA-256", new Uint8Array(file.bytes)))
  const record = yield* recordUpload(actor, { id, field: file.field, type, size: file.bytes.length, sha256: hex(new Uint8Array(sha256)), ocr, at: now })
  return { ...record, url: signUrl(dateFolder, fileName) }
})

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

/**
 * An uploaded image as the log keeps it, under its owner: the field, the sniffed type, the size and the SHA-256 of the
 * bytes (never the bytes); the stored row's id and file name, and what recognition read off an ID card.
 */
export const UploadImageOperation = operationKind("uploadImage",
  Schema.Struct({ field: Schema.Literals(Object.values(UploadField)), type: Schema.Literals(["jpg", "png", "gif"]), size: Schema.Int, sha256: Schema.String }),
  Schema.Struct({
    id: Schema.String, dateFolder: Schema.String, fileName: Schema.String,
    ocr: Schema.NullOr(Schema.Struct({ realname: Schema.String, idCardNo: Schema.String, sex: Schema.Literals([0, 1, 2]) }))
  }))

/** The upload's row, named by its id and dated now, and its log line; a replay makes the row again from the line (the file itself is not in the log). */
export const recordUpload = Effect.fn("recordUpload")(function* (actor: Actor, upload: {
  readonly id: string
  readonly field: UploadField
  readonly type: ImageType
  readonly size: number
  readonly sha256: string
  readonly ocr: OcrResult | null
  readonly at: Date
}) {
  const fileName = storedFileName(upload.id, upload.type)
  if (!fileName) return yield* Effect.die(new Error(`the id port gave ${upload.id}, not a random UUID`))
  const record: UploadRecord = {
    id: upload.id, userId: actor.userId, field: upload.field, dateFolder: dateFolderOf(upload.at), fileName, bytes: upload.size, ocr: upload.ocr, createdAt: upload.at
  }
  yield* (yield* Uploads).record(record)
  yield* logOperation(UploadImageOperation, actor.openid, upload.at, { field: upload.field, type: upload.type, size: upload.size, sha256: upload.sha256 },
    { id: record.id, dateFolder: record.dateFolder, fileName, ocr: upload.ocr })
  return record
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
