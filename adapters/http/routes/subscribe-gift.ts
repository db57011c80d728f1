/** The follow gift's calls: the follower's gift and QR, and the staff's redemption of a scanned one. */
import { Effect } from "effect"
import { Router } from "express"
import { ExchangeGift, FollowGift, followGiftView } from "#src/home/calls"
import { messages } from "#src/home/subscribe-gift"
import { exchangeGift, followGift } from "#src/home/subscribe-gift-use-cases"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const subscribeGiftRoutes = (runtime: Runtime) => {
  const r = Router()

  // a run, not a read: the first opening grants the gift
  r.get("/api/sa/getByOpenid", handle(FollowGift, (_, req) => runtime.run(followGift(actorOf(req)).pipe(Effect.map(followGiftView)))))

  r.put("/api/sa/exchange", idempotent(runtime.db), handle(
    ExchangeGift,
    ({ qr }, req) => runtime.run(exchangeGift(actorOf(req), qr).pipe(Effect.map((g) => ({ _id: g.id, status: g.status })))),
    () => ({ message: messages.exchangeDone })
  ))

  return r
}
