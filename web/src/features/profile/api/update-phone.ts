/** Binds a new main or vice phone with its code (`PUT /api/user/updatePhoneMain|updatePhoneVice`). */
import type { PhoneType } from "../../../../../src/profile/phone"
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putPhone = (type: PhoneType, phone: string, captcha: string) =>
  type === "main"
    ? request("/api/user/updatePhoneMain", messageDecoder, { method: "PUT", body: { phoneMain: phone, phoneMainCaptcha: captcha } })
    : request("/api/user/updatePhoneVice", messageDecoder, { method: "PUT", body: { phoneVice: phone, phoneViceCaptcha: captcha } })

export const useUpdatePhone = () => useAction(putPhone)
