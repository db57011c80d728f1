/** Every change of a wallet is a ledger row; types 1 (income, refunds too) and 4 (points) add, 2 takes. */
export const LedgerType = {
  income: 1,
  withdrawal: 2,
  pointsToMoney: 4
} as const
export type LedgerType = (typeof LedgerType)[keyof typeof LedgerType]

/** What a ledger row is for; with `refId`, the thing it names (an errand order, a tip's trade, a withdrawal). */
export const LedgerRef = {
  opening: "opening",
  runnerIncome: "runnerIncome",
  errandRefund: "errandRefund",
  tip: "tip",
  withdrawal: "withdrawal",
  pointsToMoney: "pointsToMoney"
} as const
export type LedgerRef = (typeof LedgerRef)[keyof typeof LedgerRef]

export interface LedgerEntry {
  readonly id: string
  readonly userId: string
  readonly type: LedgerType
  readonly money: number
  readonly score: number
  readonly remark: string
  readonly refType: LedgerRef
  readonly refId: string | null
  readonly createdAt: Date
}

/** A ledger row's remark: what it is, and the order it is for when there is one (`跑腿收入（PT…）`). */
export const ledgerRemark = (label: string, orderNo?: string): string => (orderNo ? `${label}（${orderNo}）` : label)

const ledgerTypes: ReadonlyArray<LedgerType> = Object.values(LedgerType)

/** The ledger types the money detail list `/moneyDetail/{filter}` shows: 0 every type, a type only itself, else none. */
export const detailTypes = (filter: number): ReadonlyArray<LedgerType> =>
  filter === 0 ? ledgerTypes : ledgerTypes.filter((type) => type === filter)

/** Types 1 and 4 show as income ('+'), every other type as an expense ('-'). */
export const showsAsIncome = (type: number): boolean => type === LedgerType.income || type === LedgerType.pointsToMoney
