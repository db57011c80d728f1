/** The follow gifts' port. */
import { Context, Effect } from "effect"
import type { SubscribeGift } from "./subscribe-gift"

export class SubscribeGiftStore extends Context.Service<SubscribeGiftStore, {
  find(id: string): Effect.Effect<SubscribeGift | undefined>
  findByUser(userId: string): Effect.Effect<SubscribeGift | undefined>
  /** Grants the gift unless the user has one already; the user's gift either way. */
  grant(gift: SubscribeGift): Effect.Effect<{ readonly gift: SubscribeGift; readonly granted: boolean }>
  /** Moves the gift 0 → 1 only if it is still 0, recording who and when; false when it was already redeemed. */
  exchange(id: string, employeeId: string, at: Date): Effect.Effect<boolean>
}>()("station/SubscribeGiftStore") {}
