/** Asks for a 4-digit code by SMS to a phone (`GET /api/user/phoneCaptcha/{phone}`); the code is never in the answer. */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const getPhoneCaptcha = (phone: string) => request(`/api/user/phoneCaptcha/${encodeURIComponent(phone)}`, messageDecoder)

export const usePhoneCaptcha = () => useAction(getPhoneCaptcha)
