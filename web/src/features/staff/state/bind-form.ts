/** The bind screen's inputs: the phone (digits only, at most 11, remembered), the password, input focus. */
import { signal } from "@preact/signals-react"
import { PHONE_LENGTH } from "#src/shared/phone-number"

export const createBindForm = (initialPhone: string) => {
  const phone = signal(initialPhone)
  const password = signal("")
  const focused = signal(false)
  return {
    phone,
    password,
    focused,
    typePhone: (text: string) => { phone.value = text.replace(/\D/g, "").slice(0, PHONE_LENGTH) }
  }
}
export type BindForm = ReturnType<typeof createBindForm>
