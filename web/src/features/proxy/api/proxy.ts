/** Proxy pickup: a friend found by phone (masked name only), then chosen to pick the parcel up. */
import { FindFriend, UpdateAgent } from "#src/parcel/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const findFriend = (phone: string) => send(FindFriend, `/api/user/wxuserInfo/${encodeURIComponent(phone)}`)

export const chooseFriend = (toTakeId: string, agentPhone: string) =>
  send(UpdateAgent, "/api/expressTosend/proxy/updateAgent", { method: "PUT", input: { toTakeId, agentPhone }, idempotencyKey: newIdempotencyKey() })
