/** A worksite (station): where staff work, which carriers it serves and its safekeeping terms. */

/** A worksite's safekeeping fee: free for the first hours, then a fee per started 24 h, capped (src/parcel applies it). */
export interface SafekeepingTerms {
  readonly freeHours: number
  readonly feePerDayFen: number
  readonly capFen: number
}

export const DEFAULT_SAFEKEEPING: SafekeepingTerms = { freeHours: 48, feePerDayFen: 50, capFen: 300 }

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
  /** SMS it may still send. */
  readonly smsCredit: number
}

export const serviceTimeStr = (w: Pick<Worksite, "serviceBegin" | "serviceEnd">) => `${w.serviceBegin} - ${w.serviceEnd}`
