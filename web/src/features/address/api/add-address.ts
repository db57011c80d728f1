/** Adds an address (`POST /api/address/wxadd`): the first one becomes the default. */
import { AddAddress, type NewAddress } from "#src/address/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const postAddress = (input: NewAddress) => send(AddAddress, "/api/address/wxadd", { method: "POST", input, idempotencyKey: newIdempotencyKey() })

export const useAddAddress = () => useAction(postAddress)
