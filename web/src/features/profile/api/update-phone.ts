/** Binds a new main or vice phone with its code (`PUT /api/user/updatePhoneMain|updatePhoneVice`). */
import { UpdatePhoneMain, UpdatePhoneVice } from "#src/profile/calls"
import { messages, type PhoneType } from "#src/profile/phone"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putPhone = async (type: PhoneType, phone: string, captcha: string) => {
  await (type === "main"
    ? send(UpdatePhoneMain, "/api/user/updatePhoneMain", { method: "PUT", input: { phoneMain: phone, phoneMainCaptcha: captcha } })
    : send(UpdatePhoneVice, "/api/user/updatePhoneVice", { method: "PUT", input: { phoneVice: phone, phoneViceCaptcha: captcha } }))
  return messages.saved
}

export const useUpdatePhone = () => useAction(putPhone)
