/** Signs pickup QR contents with HMAC-SHA256 and draws them as PNG data URLs. */
import { createHmac, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import QRCode from "qrcode"
import { QrSigner } from "#src/parcel/parcel-store"

export const qrSigner = (key: string) => {
  const mac = (text: string) => createHmac("sha256", key).update(text).digest("base64url")
  return QrSigner.of({
    sign: (text) => Effect.sync(() => mac(text)),
    verify: (text, signature) =>
      Effect.sync(() => {
        const expected = Buffer.from(mac(text))
        const given = Buffer.from(signature)
        return given.length === expected.length && timingSafeEqual(given, expected)
      }),
    image: (content) => Effect.promise(() => QRCode.toDataURL(content, { errorCorrectionLevel: "M", margin: 1, width: 240 }))
  })
}
