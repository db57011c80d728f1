/** The image upload's answer (spec 001 §7 `uploadFile`): the stored file, and for an ID card what recognition read. */
import { Schema } from "effect"
import { UploadField } from "./image-upload"
import type { OcrResult } from "./ocr"
import type { UploadRecord } from "./upload"

export const OcrView = Schema.Struct({ realname: Schema.String, idCardNo: Schema.String, sex: Schema.Literals([0, 1, 2]) })

const StoredFile = Schema.Struct({ _id: Schema.String, dateFolder: Schema.String, destFileName: Schema.String, url: Schema.String })

/** An ID card's answer repeats the file as `uploadData` and adds `ocrResult` (null when nothing was recognised). */
export const UploadedView = Schema.Struct({
  ...StoredFile.fields,
  uploadData: Schema.optional(StoredFile),
  ocrResult: Schema.optional(Schema.NullOr(OcrView))
})
export type UploadedView = typeof UploadedView.Type

const ocrView = (ocr: OcrResult | null) => ocr && { realname: ocr.realname, idCardNo: ocr.idCardNo, sex: ocr.sex }

export const uploadedView = (u: UploadRecord & { readonly url: string }): UploadedView => {
  const stored = { _id: u.id, dateFolder: u.dateFolder, destFileName: u.fileName, url: u.url }
  return u.field === UploadField.idCard ? { ...stored, uploadData: stored, ocrResult: ocrView(u.ocr) } : stored
}

/** `POST /api/upload/uploadFile` (multipart, read by the adapter): the answer's `data`. */
export const UploadFile = { answer: UploadedView } as const
