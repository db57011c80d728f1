/** Unbinds the main phone (the vice becomes main: `data` is it, or null when there was none) or the vice phone. */
import { Schema } from "effect"
import { dataDecoder, messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

const decodeNewMain = dataDecoder(Schema.optional(Schema.NullOr(Schema.String)))

export const putUnbindPhoneMain = async (): Promise<string | null> =>
  (await request("/api/user/unbindPhoneMain", decodeNewMain, { method: "PUT" })) ?? null

export const putUnbindPhoneVice = () => request("/api/user/unbindPhoneVice", messageDecoder, { method: "PUT" })

export const useUnbindPhoneMain = () => useAction(putUnbindPhoneMain)

export const useUnbindPhoneVice = () => useAction(putUnbindPhoneVice)
