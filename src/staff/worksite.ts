/** A worksite (station): where staff work, which carriers it serves and its safekeeping terms. */
import type { SafekeepingTerms } from "../parcel/parcel"

export interface Worksite {
  readonly id: string
  readonly siteCode: string
  readonly shortName: string
  readonly schoolCampus: string
  readonly nameZH: string
  readonly smsAble: boolean
  readonly serviceBegin: string
  readonly serviceEnd: string
  readonly servicePhone: string
  readonly expressCompanies: ReadonlyArray<string>
  readonly safekeeping: SafekeepingTerms
}

export const serviceTimeStr = (w: Pick<Worksite, "serviceBegin" | "serviceEnd">) => `${w.serviceBegin} - ${w.serviceEnd}`
