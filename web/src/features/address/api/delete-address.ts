/** Deletes one of the user's addresses (`DELETE /api/address/wxdelete/{id}`); the default one cannot be. */
import { messages } from "#src/address/address"
import { DeleteAddress } from "#src/address/calls"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

/** Resolves with what the server says on success (the core's '删除成功'). */
export const deleteAddress = async (id: string): Promise<string> => {
  await send(DeleteAddress, `/api/address/wxdelete/${encodeURIComponent(id)}`, { method: "DELETE" })
  return messages.deleted
}

export const useDeleteAddress = () => useAction(deleteAddress)
