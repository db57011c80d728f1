/** The user's saved addresses (`GET /api/address/wxlist`). */
import { Addresses, type AddressView } from "#src/address/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type SavedAddress = AddressView

export const fetchAddresses = () => send(Addresses, "/api/address/wxlist")

export const useAddresses = () => useLoad(fetchAddresses, [])
