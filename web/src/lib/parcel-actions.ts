/** The receiver's actions on one parcel: self-sign, open its cabinet box, and a friend's proxy cancel or refusal. */
import { OpenBox, ParcelAction } from "#src/parcel/calls"
import { newIdempotencyKey, send } from "./api-client"

const put = (path: string, id: string) =>
  send(ParcelAction, `${path}/${encodeURIComponent(id)}`, { method: "PUT", idempotencyKey: newIdempotencyKey() })

export const selfSign = (id: string) => put("/api/expressTosend/takepartBySelf", id)
export const cancelAgent = (id: string) => put("/api/expressTosend/proxy/cancelAgent", id)
export const refuseAgent = (id: string) => put("/api/expressTosend/proxy/refuseAgent", id)
export const openBox = (id: string) => send(OpenBox, `/api/box/openFromWX/${encodeURIComponent(id)}`)
