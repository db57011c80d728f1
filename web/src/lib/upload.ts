/**
 * Image uploads (`POST /api/upload/uploadFile`, one file in field idCard, studentCard or fileVal): the page's
 * check on the chosen file, compression in the browser to one of the spec's two presets, then the multipart call.
 */
import { chosenImageRefusal, COMPRESSION, type UploadField } from "#src/upload/image-upload"
import { UploadFile, type UploadedView } from "#src/upload/calls"
import { dataDecoder, failureMessage, request } from "./api-client"

export type Uploaded = UploadedView

export type CompressionPreset = keyof typeof COMPRESSION

/** The file a user picked, refused with the spec's message when its name or size is wrong. */
export class ImageRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ImageRefused"
  }
}

/** Width and height of an image file, or undefined when the browser cannot decode it (the server then judges the bytes). */
const dimensionsOf = async (file: File): Promise<{ readonly width: number; readonly height: number } | undefined> => {
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  } catch {
    return undefined
  }
}

/**
 * Fits the image into the preset's box at its quality. The quality applies to JPEG only, so a PNG or GIF that
 * already fits is sent as it is (re-drawing it would gain nothing and would drop a GIF's frames).
 */
export const compressImage = async (file: File, preset: CompressionPreset): Promise<File> => {
  const { maxWidth, maxHeight, quality } = COMPRESSION[preset]
  const size = await dimensionsOf(file)
  if (size === undefined) return file
  const fits = size.width <= maxWidth && size.height <= maxHeight
  if (file.type === "image/gif" || (fits && file.type !== "image/jpeg")) return file
  // the compressor (17 KB as sent) loads with the first photo that needs it, not with every page that offers an upload
  const { default: imageCompression } = await import("browser-image-compression")
  const compressed = await imageCompression(file, {
    maxWidthOrHeight: Math.min(maxWidth, maxHeight),
    initialQuality: quality,
    useWebWorker: false
  })
  return new File([compressed], file.name, { type: compressed.type || file.type, lastModified: file.lastModified })
}

const decodeUploaded = dataDecoder(UploadFile.answer)

export const postImage = (field: UploadField, file: File): Promise<Uploaded> => {
  const form = new FormData()
  form.append(field, file, file.name)
  return request("/api/upload/uploadFile", decodeUploaded, { method: "POST", form })
}

/** Checks, compresses and uploads one picked image; throws ImageRefused, ApiFailure or TransportFailure. */
export const uploadImage = async (field: UploadField, file: File, preset: CompressionPreset): Promise<Uploaded> => {
  const refused = chosenImageRefusal(file)
  if (refused) throw new ImageRefused(refused.message)

  return postImage(field, await compressImage(file, preset))
}

/** What to tell the user when an upload failed: the refusal's or the server's message, else the generic one. */
export const uploadFailureMessage = (error: unknown, fallback: string): string =>
  error instanceof ImageRefused ? error.message : failureMessage(error, fallback)
