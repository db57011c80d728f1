/** The pickup screen's state: the last verified QR and what the server said about its parcel. */
import { computed, signal } from "@preact/signals-react"
import { formatTag } from "../../../../../src/parcel/storage-code"
import type { CheckQrResult } from "../api/check-qr"

export const tagText = (tag: string | number): string => (typeof tag === "number" ? formatTag(tag) : tag)

export const companyText = (company: CheckQrResult["expressCompany"]): string =>
  company === undefined || company === null ? "" : typeof company === "string" ? company : company.name

export const createPickup = () => {
  const checked = signal<CheckQrResult | undefined>(undefined)
  const canTakeaway = computed(() => checked.value?.canTakeaway === true)
  return {
    checked,
    canTakeaway,
    verified: (result: CheckQrResult) => { checked.value = result },
    reset: () => { checked.value = undefined }
  }
}
export type Pickup = ReturnType<typeof createPickup>
