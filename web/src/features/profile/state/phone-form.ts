/** The edit-phone page: the new number (digits, at most 11) and its 4-digit code. */
import { signal } from "@preact/signals-react"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { CAPTCHA_LENGTH } from "#src/profile/phone"

export const digitsOnly = (typed: string, max: number): string => typed.replace(/\D/g, "").slice(0, max)

export const createPhoneForm = () => {
  const phone = signal("")
  const captcha = signal("")
  return {
    phone,
    captcha,
    typePhone: (typed: string) => { phone.value = digitsOnly(typed, PHONE_LENGTH) },
    typeCaptcha: (typed: string) => { captcha.value = digitsOnly(typed, CAPTCHA_LENGTH) }
  }
}
