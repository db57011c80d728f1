/** The return screen's state: the carrier filter, the parcels awaiting return, and the ones handed back since. */
import { computed, signal } from "@preact/signals-react"
import type { ReturnParcel } from "../api/to-return"

export const ALL_COMPANIES = ""

export const createReturnList = () => {
  const company = signal<string>(ALL_COMPANIES)
  const parcels = signal<ReadonlyArray<ReturnParcel> | undefined>(undefined)
  const error = signal<unknown>(undefined)
  const count = computed(() => parcels.value?.length ?? 0)
  return {
    company,
    parcels,
    error,
    count,
    loaded: (list: ReadonlyArray<ReturnParcel>) => {
      parcels.value = list
      error.value = undefined
    },
    failed: (e: unknown) => { error.value = e },
    /** Removes a parcel once it is handed back, here or on another staff screen ('returnDone'). */
    remove: (id: string) => {
      if (parcels.value) parcels.value = parcels.value.filter((p) => p._id !== id)
    },
    /** The parcel in the list with this express number, if any. */
    byExpressNo: (expressNo: string) => parcels.value?.find((p) => p.expressNo === expressNo)
  }
}
