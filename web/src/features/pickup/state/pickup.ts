/** The pickup screen's state: the last verified QR, its scanned text, and what the server said about its parcel. */
import { computed, signal } from "@preact/signals-react"
import type { CheckQrAnswer } from "#src/parcel/calls"

export interface CheckedQr extends CheckQrAnswer {
  /** The scanned QR text, sent again with the pickup so the server verifies it there too. */
  readonly qr: string
}

export const createPickup = () => {
  const checked = signal<CheckedQr | undefined>(undefined)
  const canTakeaway = computed(() => checked.value?.canTakeaway === true)
  return {
    checked,
    canTakeaway,
    verified: (result: CheckedQr) => { checked.value = result },
    reset: () => { checked.value = undefined }
  }
}
export type Pickup = ReturnType<typeof createPickup>
