/** SMS codes: random 4-digit codes, stored only as an HMAC keyed with a server secret and bound to the phone. */
import { createHmac, randomInt } from "node:crypto"
import { Effect } from "effect"
import { CaptchaCodes } from "#src/profile/captcha-store"
import { captchaCode } from "#src/profile/phone"

export const captchaCodes = (serverKey: string) => {
  const key = createHmac("sha256", serverKey).update("captcha-code-key").digest()
  return CaptchaCodes.of({
    next: Effect.sync(() => captchaCode(randomInt(10_000))),
    hash: (phone, code) => Effect.sync(() => createHmac("sha256", key).update(`${phone}:${code}`).digest("base64url"))
  })
}
