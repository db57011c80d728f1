/** Redeems a scanned follow gift QR (`PUT /api/sa/exchange {qr}`). */
import { ExchangeGift } from "#src/home/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const exchangeGift = (qr: string) => send(ExchangeGift, "/api/sa/exchange", { method: "PUT", input: { qr }, idempotencyKey: newIdempotencyKey() })
