/** Image uploads (ID card, student card, feedback): accepted types, the 4 MB cap, how many, and where the file is shown from. */
import { firstRefusal, PayloadTooLarge, type RuleViolation } from "../shared/errors"

export const IMAGE_RULES = {
  maxBytes: 4_194_304,
  extensions: ["jpg", "jpeg", "png", "gif"],
  perUploader: 1,
  feedbackMax: 3
} as const

/** The two compression presets the client applies before uploading. */
export const COMPRESSION = {
  small: { maxWidth: 800, maxHeight: 800, quality: 0.7 },
  large: { maxWidth: 1600, maxHeight: 1600, quality: 0.8 }
} as const

/** The longest image URL a page sends back: the preview base, date folder and file name. */
export const IMAGE_URL_MAX = 512

export const UploadField = { idCard: "idCard", studentCard: "studentCard", other: "fileVal" } as const
export type UploadField = (typeof UploadField)[keyof typeof UploadField]

export const messages = {
  format: "请上传正确格式的图片",
  tooLarge: "请上传不超过4M的图片",
  onlyOne: "最多只能上传1张图片",
  required: "请上传图片",
  feedbackMax: "最多只能上传3张图片"
} as const

export type ImageType = "jpg" | "png" | "gif"

const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>) => prefix.every((b, i) => bytes[i] === b)

/** The type the file's first bytes show, whatever its name says. */
export const sniffImageType = (bytes: Uint8Array): ImageType | undefined =>
  startsWith(bytes, [0xff, 0xd8, 0xff])
    ? "jpg"
    : startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      ? "png"
      : startsWith(bytes, [0x47, 0x49, 0x46, 0x38])
        ? "gif"
        : undefined

const extensionOf = (fileName: string) => fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase()

/** The page's check on a chosen file: its name's extension, then its size. */
export const chosenImageRefusal = (file: { readonly name: string; readonly size: number }): RuleViolation | undefined =>
  firstRefusal([
    [file.name.includes(".") && (IMAGE_RULES.extensions as ReadonlyArray<string>).includes(extensionOf(file.name)), messages.format],
    [file.size <= IMAGE_RULES.maxBytes, messages.tooLarge]
  ])

/** The server's check on the received bytes: the real type, then the size. */
export const receivedImageRefusal = (bytes: Uint8Array): RuleViolation | PayloadTooLarge | undefined =>
  firstRefusal([[sniffImageType(bytes) !== undefined, messages.format]]) ??
  (bytes.length <= IMAGE_RULES.maxBytes ? undefined : new PayloadTooLarge({ message: messages.tooLarge }))


/** One image per uploader; the student card page needs one. */
export const singleImageRefusal = (count: number, required: boolean): RuleViolation | undefined =>
  firstRefusal([
    [!required || count > 0, messages.required],
    [count <= IMAGE_RULES.perUploader, messages.onlyOne]
  ])

export const feedbackImagesRefusal = (count: number): RuleViolation | undefined =>
  firstRefusal([[count <= IMAGE_RULES.feedbackMax, messages.feedbackMax]])

/** Where an uploaded file is shown from: the preview base, the date folder and the stored name. */
export const uploadedUrl = (previewBase: string, dateFolder: string, destFileName: string): string =>
  `${previewBase.replace(/\/+$/, "")}/${dateFolder}/${destFileName}`
