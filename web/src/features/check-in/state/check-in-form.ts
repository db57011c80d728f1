/**
 * The check-in form: scanned shelf and express numbers, the receiver phone typed on the keypad in
 * short (last 4) or full mode, the picked receiver, the weight class and the previous storage code.
 */
import { computed, signal } from "@preact/signals-react"
import { SHORT_PHONE_LENGTH, typeFullDigit, typeShortDigit, type CheckInFields } from "#src/parcel/check-in"
import type { ExpressCompany } from "../../../lib/express-companies"
import type { ReceiverCandidate } from "../api/receivers"

export type PhoneMode = "short" | "full"

export interface PickedReceiver {
  readonly id: string
  readonly name: string
  readonly openid: string | undefined
  readonly phone: string
  readonly subscribe: boolean
}

export const candidateName = (c: ReceiverCandidate): string => c.realname || c.nickname || "未命名用户"

/** The candidate's number that ends with the typed digits (main before vice). */
export const candidatePhone = (c: ReceiverCandidate, last4: string): string =>
  [c.phoneMain, c.phoneVice].find((p): p is string => !!p && p.endsWith(last4)) ?? c.phoneMain ?? ""

export const createCheckInForm = () => {
  const company = signal<ExpressCompany | undefined>(undefined)
  const shelf = signal("")
  const expressNo = signal("")
  const phoneMode = signal<PhoneMode>("short")
  const phone = signal("")
  const receiver = signal<PickedReceiver | undefined>(undefined)
  const weight = signal<string | undefined>(undefined)
  const previousCode = signal("")

  const fields = computed<CheckInFields>(() => ({
    expressCompany: company.value?._id,
    storageNo: shelf.value,
    expressNo: expressNo.value,
    weight: weight.value,
    receiverPhone: phone.value
  }))

  /** Types one digit; answers the four digits to look up when the short form just became complete. */
  const typeDigit = (digit: string): string | undefined => {
    receiver.value = undefined
    if (phoneMode.value === "full") {
      phone.value = typeFullDigit(phone.value, digit)
      return undefined
    }
    phone.value = typeShortDigit(phone.value, digit)
    return phone.value.length === SHORT_PHONE_LENGTH ? phone.value : undefined
  }

  const backspace = () => {
    receiver.value = undefined
    phone.value = phone.value.slice(0, -1)
  }

  const clearPhone = () => {
    receiver.value = undefined
    phone.value = ""
  }

  const switchMode = (mode: PhoneMode) => {
    if (mode === phoneMode.value) return
    phoneMode.value = mode
    clearPhone()
  }

  const pickReceiver = (candidate: ReceiverCandidate, last4: string) => {
    const full = candidatePhone(candidate, last4)
    receiver.value = {
      id: candidate._id,
      name: candidateName(candidate),
      openid: candidate.openid ?? undefined,
      phone: full,
      subscribe: candidate.subscribe
    }
    phoneMode.value = "full"
    phone.value = full
  }

  /** After a check-in: a new receiver and parcel may follow on the same shelf. */
  const checkedIn = (code: string, firstWeight: string | undefined) => {
    previousCode.value = code
    receiver.value = undefined
    phoneMode.value = "short"
    phone.value = ""
    weight.value = firstWeight
    expressNo.value = ""
  }

  return {
    company, shelf, expressNo, phoneMode, phone, receiver, weight, previousCode, fields,
    typeDigit, backspace, clearPhone, switchMode, pickReceiver, checkedIn
  }
}
export type CheckInForm = ReturnType<typeof createCheckInForm>
