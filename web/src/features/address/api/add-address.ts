/** Adds an address (`POST /api/address/wxadd`): the first one becomes the default. */
import { messageDecoder, newIdempotencyKey, request } from "../../../lib/api-client"
import type { Address } from "../../../../../src/address/address"
import { useAction } from "../../../lib/use-action"

/** The wire body is the core's address without what the server assigns. */
export type NewAddressBody = Omit<Address, "id" | "userId" | "isDefault">

export const postAddress = (body: NewAddressBody) =>
  request("/api/address/wxadd", messageDecoder, { method: "POST", body, idempotencyKey: newIdempotencyKey() })

export const useAddAddress = () => useAction(postAddress)
