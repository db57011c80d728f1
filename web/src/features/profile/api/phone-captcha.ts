/** Asks for a 4-digit code by SMS to a phone (`GET /api/user/phoneCaptcha/{phone}`); the code is never in the answer. */
import { PhoneCaptcha } from "#src/profile/calls"
import { messages } from "#src/profile/phone"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const getPhoneCaptcha = async (phone: string) => {
  await send(PhoneCaptcha, `/api/user/phoneCaptcha/${encodeURIComponent(phone)}`)
  return messages.captchaSent
}

export const usePhoneCaptcha = () => useAction(getPhoneCaptcha)
