/**
 * Short-lived signed links (the runner's spreadsheet, opened on a computer with no session): an HMAC-SHA256
 * over the path and the expiry, with a key derived from the server's QR secret for this use only.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export interface LinkSigner {
  /** `path?expires=…&sig=…`, valid until `expiresAt`. */
  sign(path: string, expiresAt: Date): string
  /** Whether the link was signed here for this path and `now` is before its expiry. */
  check(path: string, expires: unknown, sig: unknown, now: Date): "ok" | "expired" | "bad"
}

const mac = (key: Buffer, path: string, expires: string) => createHmac("sha256", key).update(`${path}\n${expires}`).digest()

export const linkSigner = (serverSecret: string, purpose: string): LinkSigner => {
  const key = createHmac("sha256", serverSecret).update(`signed-link:${purpose}`).digest()
  return {
    sign: (path, expiresAt) => {
      const expires = String(Math.floor(expiresAt.getTime() / 1000))
      return `${path}?expires=${expires}&sig=${mac(key, path, expires).toString("base64url")}`
    },
    check: (path, expires, sig, now) => {
      if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof sig !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "bad"
      const given = Buffer.from(sig, "base64url")
      const wanted = mac(key, path, expires)
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return "bad"
      return Number(expires) * 1000 > now.getTime() ? "ok" : "expired"
    }
  }
}
