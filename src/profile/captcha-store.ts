/** Ports of the SMS captcha: where issued codes are kept (hashed), and the code maker. */
import { Context, Effect } from "effect"
import type { IssuedCaptcha } from "./phone"

export interface StoredCaptcha {
  readonly id: string
  /** `code` holds the hash of the code, never the code itself. */
  readonly captcha: IssuedCaptcha
}

export class CaptchaStore extends Context.Service<CaptchaStore, {
  /**
   * Holds the phone against concurrent sends and checks until the transaction ends, and returns when
   * codes were sent to it since `since`.
   */
  lockPhone(phone: string, since: Date): Effect.Effect<ReadonlyArray<Date>>
  insert(userId: string, captcha: IssuedCaptcha): Effect.Effect<void>
  /** The latest code this user asked for this phone. */
  latest(userId: string, phone: string): Effect.Effect<StoredCaptcha | undefined>
  update(id: string, captcha: Pick<IssuedCaptcha, "attempts" | "used">): Effect.Effect<void>
}>()("station/CaptchaStore") {}

export class CaptchaCodes extends Context.Service<CaptchaCodes, {
  /** A fresh random 4-digit code. */
  readonly next: Effect.Effect<string>
  /** A keyed one-way hash of the code for this phone, so a stored code is of no use to whoever reads the table. */
  hash(phone: string, code: string): Effect.Effect<string>
}>()("station/CaptchaCodes") {}
