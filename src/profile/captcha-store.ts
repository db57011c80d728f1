/** Ports of the SMS captcha: where issued codes are kept (hashed), and the code maker. */
import { Context, Effect } from "effect"
import type { CaptchaSenders, IssuedCaptcha } from "./phone"

export interface StoredCaptcha {
  readonly id: string
  /** `code` holds the hash of the code, never the code itself. */
  readonly captcha: IssuedCaptcha
}

export class CaptchaStore extends Context.Service<CaptchaStore, {
  /**
   * Holds the account and the client address against concurrent sends until the transaction ends
   * (before any phone), and returns when codes were sent for each since `since`.
   */
  lockSender(userId: string, address: string | undefined, since: Date): Effect.Effect<CaptchaSenders>
  /**
   * Holds the phone against concurrent sends and checks until the transaction ends, and returns when
   * codes were sent to it since `since`, and for whom.
   */
  lockPhone(phone: string, since: Date): Effect.Effect<ReadonlyArray<{ readonly userId: string; readonly at: Date }>>
  /** Keeps an issued code, with the client address it was asked from. */
  insert(userId: string, captcha: IssuedCaptcha, address?: string): Effect.Effect<void>
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
