/** Every change of a wallet is a ledger row; types 1 (income, refunds too) and 4 (points) add, 2 takes. */
export const LedgerType = {
  income: 1,
  withdrawal: 2,
  pointsToMoney: 4
} as const
export type LedgerType = (typeof LedgerType)[keyof typeof LedgerType]

export interface LedgerEntry {
  readonly id: string
  readonly userId: string
  readonly type: LedgerType
  readonly money: number
  readonly score: number
  readonly remark: string
  readonly refId: string | null
  readonly createdAt: Date
}

/** List filter of the money detail page: 0 lists every row, another number only rows of that type. */
export const matchesDetailType = (filter: number, type: LedgerType) => filter === 0 || filter === type
