/** Unbinds the main phone (the vice becomes main: the answer is it, or null when there was none) or the vice phone. */
import { UnbindPhoneMain, UnbindPhoneVice } from "#src/profile/calls"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putUnbindPhoneMain = () => send(UnbindPhoneMain, "/api/user/unbindPhoneMain", { method: "PUT" })

export const putUnbindPhoneVice = () => send(UnbindPhoneVice, "/api/user/unbindPhoneVice", { method: "PUT" })

export const useUnbindPhoneMain = () => useAction(putUnbindPhoneMain)

export const useUnbindPhoneVice = () => useAction(putUnbindPhoneVice)
