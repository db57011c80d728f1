/** The complete-profile form: the chosen worksite, the main phone and code (unless one is kept), the optional vice phone and code. */
import { computed, signal } from "@preact/signals-react"
import type { CompleteProfileForm } from "#src/profile/complete-profile"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { CAPTCHA_LENGTH } from "#src/profile/phone"
import type { ChosenWorksite } from "../../../lib/session"
import { digitsOnly } from "./phone-form"

export const createCompleteProfileForm = (initial: { readonly worksite: ChosenWorksite | undefined; readonly existingMain: string | null }) => {
  const worksite = signal(initial.worksite)
  const phoneMain = signal("")
  const phoneMainCaptcha = signal("")
  const viceEnabled = signal(false)
  const phoneVice = signal("")
  const phoneViceCaptcha = signal("")
  const keepMain = initial.existingMain !== null && initial.existingMain !== ""
  const fields = computed((): CompleteProfileForm => ({
    worksite: worksite.value?.id,
    keepMain,
    existingMain: initial.existingMain,
    phoneMain: phoneMain.value,
    phoneMainCaptcha: phoneMainCaptcha.value,
    viceEnabled: viceEnabled.value,
    phoneVice: phoneVice.value,
    phoneViceCaptcha: phoneViceCaptcha.value
  }))
  return {
    worksite,
    phoneMain,
    phoneMainCaptcha,
    viceEnabled,
    phoneVice,
    phoneViceCaptcha,
    keepMain,
    fields,
    typePhoneMain: (t: string) => { phoneMain.value = digitsOnly(t, PHONE_LENGTH) },
    typePhoneMainCaptcha: (t: string) => { phoneMainCaptcha.value = digitsOnly(t, CAPTCHA_LENGTH) },
    typePhoneVice: (t: string) => { phoneVice.value = digitsOnly(t, PHONE_LENGTH) },
    typePhoneViceCaptcha: (t: string) => { phoneViceCaptcha.value = digitsOnly(t, CAPTCHA_LENGTH) }
  }
}
