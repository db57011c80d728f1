/** Deletes one of the user's addresses (`DELETE /api/address/wxdelete/{id}`); the default one cannot be. */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const deleteAddress = (id: string) => request(`/api/address/wxdelete/${encodeURIComponent(id)}`, messageDecoder, { method: "DELETE" })

export const useDeleteAddress = () => useAction(deleteAddress)
