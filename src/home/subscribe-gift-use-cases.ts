/**
 * The follow gift's use cases: the follower's `GET /api/sa/getByOpenid` (granting their gift on first opening, at their
 * worksite then) and the staff's `PUT /api/sa/exchange` with the scanned QR, which redeems it once. Both changes are
 * logged, and `station replay` redoes them from the log (the redemption without its QR, verified when it was scanned).
 */
import { Effect, Schema } from "effect"
import { isFresh } from "../parcel/person-qr"
import { People, QrSigner } from "../parcel/parcel-store"
import { QR_INVALID, qrFromText } from "../parcel/pickup-qr"
import { signQr } from "../parcel/receiver"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { ById, IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock, Events, Ids } from "../shared/ports"
import { employeeOf } from "../staff/use-cases"
import { exchangeRefusal, GiftQr, giftSignedText, GiftStatus, messages, type SubscribeGift, type UnsignedGiftQr } from "./subscribe-gift"
import { SubscribeGiftStore } from "./subscribe-gift-store"

export const GrantGiftOperation = operationKind("grantGift", Schema.Struct({}), Schema.Struct({ id: Schema.String, worksiteId: Schema.String }))
export const ExchangeGiftOperation = operationKind("exchangeGift", ById, IdStatus)

/** The caller's gift, granted now if they follow the official account and have none yet (the grant logged). */
export const grantGift = Effect.fn("grantGift")(function* (actor: Actor) {
  const person = yield* (yield* People).findById(actor.userId)
  if (!person) return yield* new NotFound({ message: messages.notFound })
  const store = yield* SubscribeGiftStore
  const held = yield* store.findByUser(person.id)
  if (held) return { gift: held, person }
  if (!person.subscribe) return yield* new StateConflict({ message: messages.notFollowing })
  if (!person.worksiteId) return yield* new StateConflict({ message: messages.noWorksite })
  const now = yield* (yield* Clock).now
  const { gift, granted } = yield* store.grant({
    id: yield* (yield* Ids).next, userId: person.id, worksiteId: person.worksiteId, status: GiftStatus.unexchanged, createdAt: now
  })
  if (granted) yield* logOperation(GrantGiftOperation, actor.openid, now, {}, { id: gift.id, worksiteId: gift.worksiteId })
  return { gift, person }
})

/** `GET /api/sa/getByOpenid`: the caller's gift, its holder and its signed QR (id and issue time) as a PNG data URL. */
export const followGift = Effect.fn("followGift")(function* (actor: Actor) {
  const { gift, person } = yield* grantGift(actor)
  const unsigned: UnsignedGiftQr = { k: "g", gid: gift.id, ts: (yield* (yield* Clock).now).getTime() }
  const { qrimgBase64: qrImage } = yield* signQr(unsigned, giftSignedText(unsigned))
  return { gift, person, qrImage }
})

/** Redeems the gift for the staff of its worksite, once: 0 → 1, the holder told live, the operation logged. */
export const redeemGift = Effect.fn("redeemGift")(function* (actor: Actor, id: string) {
  const employee = yield* employeeOf(actor)
  const store = yield* SubscribeGiftStore
  const gift = yield* store.find(id)
  if (!gift) return yield* new NotFound({ message: messages.notFound })
  if (gift.worksiteId !== employee.worksite.id) return yield* new NotAllowed({ message: messages.otherWorksite })
  const refused = exchangeRefusal(gift.status)
  if (refused) return yield* refused
  const now = yield* (yield* Clock).now
  if (!(yield* store.exchange(gift.id, employee.id, now))) return yield* new StateConflict({ message: messages.exchanged })
  const redeemed: SubscribeGift = { ...gift, status: GiftStatus.exchanged }
  yield* (yield* Events).publish({ room: { user: gift.userId }, name: "subscribeGiftExchanged", payload: { _id: gift.id, status: redeemed.status } })
  yield* logOperation(ExchangeGiftOperation, actor.openid, now, { id }, { id, status: redeemed.status })
  return redeemed
})

/** `PUT /api/sa/exchange {qr}`: the scanned gift QR verified (signature, ten minutes), then redeemed. */
export const exchangeGift = Effect.fn("exchangeGift")(function* (actor: Actor, qrText: string | undefined) {
  yield* employeeOf(actor)
  const qr = Schema.decodeUnknownOption(GiftQr)(qrFromText(qrText ?? ""))
  if (qr._tag === "None") return yield* new RuleViolation({ message: QR_INVALID })
  const { sig, ...unsigned } = qr.value
  if (!(yield* (yield* QrSigner).verify(giftSignedText(unsigned), sig))) return yield* new RuleViolation({ message: QR_INVALID })
  if (!isFresh(unsigned.ts, yield* (yield* Clock).now)) return yield* new RuleViolation({ message: messages.expired })
  return yield* redeemGift(actor, unsigned.gid)
})
