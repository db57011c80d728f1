/** Uploaded images through sharp: decoded as the sniffed type, turned upright, re-encoded without metadata, and thumbnailed. */
import type { ImageType } from "#src/upload/image-upload"
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "#src/upload/upload"

/** What sharp's metadata calls each type the core sniffs. */
const SHARP_FORMAT: Record<ImageType, string> = { jpg: "jpeg", png: "png", gif: "gif" }

/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_PIXELS = 40_000_000

export interface EncodedImage {
  readonly original: Buffer
  readonly thumbnails: ReadonlyArray<{ readonly width: ThumbnailWidth; readonly bytes: Buffer }>
}

/**
 * The image to keep, or undefined when the bytes are not a whole image of this type. EXIF orientation is applied
 * (`rotate()`) and every metadata block (EXIF with GPS, XMP, IPTC, ICC comments) is left out, as sharp does unless asked
 * to keep it; an animated GIF stays animated.
 */
export const encodeImage = async (type: ImageType, bytes: Uint8Array): Promise<EncodedImage | undefined> => {
  // loaded on the first upload, not when each `station` command starts
  const { default: sharp } = await import("sharp")
  const input = () => sharp(bytes, { animated: type === "gif", limitInputPixels: MAX_PIXELS, failOn: "error" })
  try {
    const meta = await input().metadata()
    if (meta.format !== SHARP_FORMAT[type]) return undefined
    const upright = () => input().rotate()
    const original = await (type === "jpg" ? upright().jpeg({ quality: 85, mozjpeg: true }) : type === "png" ? upright().png() : upright().gif()).toBuffer()
    const thumbnails = await Promise.all(THUMBNAIL_WIDTHS.map(async (width) => ({
      width,
      bytes: await upright().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
    })))
    return { original, thumbnails }
  } catch {
    return undefined
  }
}
