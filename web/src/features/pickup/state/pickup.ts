/**
 * The pickup screen's state: the parcel about to be handed over with the scanned QR text, and, after a personal
 * pick-up QR, its holder and the parcels they may take here, one of which the staff pick.
 */
import { computed, signal } from "@preact/signals-react"
import type { ParcelCheck, PersonCheck } from "#src/parcel/calls"

export interface CheckedQr extends ParcelCheck {
  /** The scanned QR text, sent again with the pickup so the server verifies it there too. */
  readonly qr: string
}

export interface CheckedPerson extends PersonCheck {
  readonly qr: string
}

export const createPickup = () => {
  const checked = signal<CheckedQr | undefined>(undefined)
  const person = signal<CheckedPerson | undefined>(undefined)
  const canTakeaway = computed(() => checked.value?.canTakeaway === true)
  return {
    checked,
    person,
    canTakeaway,
    verified: (result: CheckedQr) => { checked.value = result },
    /** A personal QR's holder and parcels; the only one that may leave is picked at once. */
    personVerified: (result: CheckedPerson) => {
      person.value = result
      const takeable = result.parcels.filter((p) => p.canTakeaway)
      checked.value = takeable.length === 1 ? { ...takeable[0]!, qr: result.qr } : undefined
    },
    pick: (parcel: ParcelCheck) => {
      if (person.value) checked.value = { ...parcel, qr: person.value.qr }
    },
    /** After a hand-over: a personal QR's list loses that parcel and stays for the next; anything else starts over. */
    handedOver: () => {
      const done = checked.value
      checked.value = undefined
      if (person.value && done) {
        person.value = { ...person.value, parcels: person.value.parcels.filter((p) => p.expressNo !== done.expressNo || p.tag !== done.tag) }
      }
    },
    reset: () => {
      checked.value = undefined
      person.value = undefined
    }
  }
}
export type Pickup = ReturnType<typeof createPickup>
