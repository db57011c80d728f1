/**
 * The errand fee (spec 001 §9, DESIGN §6) and its discount, in fen. The page and the server call the
 * same functions; the server never takes a fee from the client.
 */

/** Item class of an errand: 1 small (under 0.5 kg), 2 medium (0.5–2 kg), 3 large (over 2 kg). */
export type GoodsClass = 1 | 2 | 3
export const GOODS_CLASSES: ReadonlyArray<GoodsClass> = [1, 2, 3]

/** The nine fee tiers of a worksite, in fen. */
export interface FeeTiers {
  readonly liftSmallFee: number
  readonly liftMiddleFee: number
  readonly liftBigFee: number
  readonly smallFeeOne: number
  readonly smallFeeTwo: number
  readonly middleFeeOne: number
  readonly middleFeeTwo: number
  readonly bigFeeOne: number
  readonly bigFeeTwo: number
}

export const FEE_TIER_NAMES = [
  "liftSmallFee", "liftMiddleFee", "liftBigFee", "smallFeeOne", "smallFeeTwo", "middleFeeOne", "middleFeeTwo", "bigFeeOne", "bigFeeTwo"
] as const satisfies ReadonlyArray<keyof FeeTiers>

/** A large-item sub-category with its own fees (fen). */
export interface SpecialGood {
  readonly id: string
  readonly name: string
  readonly liftFee: number
  readonly feeOne: number
  readonly feeTwo: number
}

/** The synthetic 'other' sub-category: it uses the large-item fees. */
export const OTHER_SPECIAL_GOOD_ID = "-1"
export const OTHER_SPECIAL_GOOD_NAME = "其他"

export interface FeeBuilding {
  readonly isLift: boolean
  /** The building's own tiers; each one set overrides the worksite's. */
  readonly fees?: Partial<FeeTiers> | undefined
  /** The building's own sub-categories; when it has none, the worksite's apply. */
  readonly specialGoods?: ReadonlyArray<SpecialGood> | undefined
}

export interface FeeWorksite {
  readonly fees: FeeTiers
  readonly specialGoods: ReadonlyArray<SpecialGood>
}

export const MIN_FLOOR = -1
export const MAX_FLOOR = 30
export const isFloor = (floor: number): boolean => Number.isInteger(floor) && floor >= MIN_FLOOR && floor <= MAX_FLOOR && floor !== 0
/** Floors below 4 (−1 included) pay tier one; 4 and up tier two. */
export const floorTier = (floor: number): 1 | 2 => (floor < 4 ? 1 : 2)

/** The tiers that apply in this building: the building's own where set, else the worksite's. */
export const tiersFor = (worksite: FeeWorksite, building: FeeBuilding): FeeTiers => {
  const own = building.fees ?? {}
  const pick = (name: keyof FeeTiers): number => {
    const v = own[name]
    return v !== undefined && Number.isInteger(v) && v >= 0 ? v : worksite.fees[name]
  }
  return Object.fromEntries(FEE_TIER_NAMES.map((n) => [n, pick(n)])) as unknown as FeeTiers
}

/** The large-item sub-categories offered in this building, 'other' last. */
export const specialGoodsFor = (worksite: FeeWorksite, building: FeeBuilding): ReadonlyArray<SpecialGood> => {
  const tiers = tiersFor(worksite, building)
  const own = building.specialGoods && building.specialGoods.length > 0 ? building.specialGoods : worksite.specialGoods
  return [
    ...own.filter((g) => g.id !== OTHER_SPECIAL_GOOD_ID),
    { id: OTHER_SPECIAL_GOOD_ID, name: OTHER_SPECIAL_GOOD_NAME, liftFee: tiers.liftBigFee, feeOne: tiers.bigFeeOne, feeTwo: tiers.bigFeeTwo }
  ]
}

export interface FeeInput {
  readonly worksite: FeeWorksite
  readonly building: FeeBuilding
  readonly floor: number
  readonly goodsClass: GoodsClass
  /** Required for large items: one of `specialGoodsFor`, or 'other'. */
  readonly specialGoodId?: string | undefined
}

/** The errand fee in fen, or undefined when the floor is not one of −1..30 (no 0) or a large item names no known sub-category. */
export const errandFee = (input: FeeInput): number | undefined => {
  if (!isFloor(input.floor)) return undefined
  const tiers = tiersFor(input.worksite, input.building)
  const tier = floorTier(input.floor)
  const lift = input.building.isLift
  switch (input.goodsClass) {
    case 1:
      return lift ? tiers.liftSmallFee : tier === 1 ? tiers.smallFeeOne : tiers.smallFeeTwo
    case 2:
      return lift ? tiers.liftMiddleFee : tier === 1 ? tiers.middleFeeOne : tiers.middleFeeTwo
    case 3: {
      const good = specialGoodsFor(input.worksite, input.building).find((g) => g.id === input.specialGoodId)
      if (!good) return undefined
      return lift ? good.liftFee : tier === 1 ? good.feeOne : good.feeTwo
    }
  }
}

/**
 * A discount activity (spec §3 Activity): `discount` in tenths off (2 → pay 80%), or, when `fee` (a fixed
 * price in fen) is set, the order costs at most that price. `countDaily` caps its orders per Asia/Shanghai
 * day (null: no cap).
 */
export interface Activity {
  readonly id: string
  readonly title: string
  readonly discount: number | null
  readonly fee: number | null
  readonly countDaily: number | null
  readonly remark: string
}

export interface Priced {
  /** The errand fee before any discount. */
  readonly fee: number
  /** The amount taken off, in fen. */
  readonly discount: number
  /** What the requester pays: fee − discount, never negative, never above the fee. */
  readonly payable: number
}

/** payable = fee × (10 − discount) / 10, rounded half up to the fen; discount clamped to 0..10 (hundredths kept). */
export const payableWithTenths = (fee: number, tenths: number): number => {
  if (!Number.isFinite(tenths)) return fee
  const off = Math.min(1000, Math.max(0, Math.round(tenths * 100)))
  return Math.floor((2 * fee * (1000 - off) + 1000) / 2000)
}

/** The price of an errand under an activity (or none). */
export const price = (fee: number, activity: Activity | null | undefined): Priced => {
  if (!activity) return { fee, discount: 0, payable: fee }
  if (activity.fee !== null && Number.isFinite(activity.fee)) {
    const discount = Math.max(0, fee - Math.max(0, Math.round(activity.fee)))
    return { fee, discount, payable: fee - discount }
  }
  const payable = activity.discount === null ? fee : payableWithTenths(fee, activity.discount)
  return { fee, discount: fee - payable, payable }
}

export const ACTIVITY_FULL = "今日已约满"

/** Whether one more order may use the activity today, given how many already did (Asia/Shanghai day). */
export const canOrder = (activity: Activity | null | undefined, ordersToday: number): boolean =>
  !activity || activity.countDaily === null || ordersToday < activity.countDaily

/** The banner's answer (`GET /api/active/one/1/{worksiteId}/1`): may one order now, and at what discount. */
export const activityOffer = (activity: Activity | null | undefined, ordersToday: number) => ({
  canOrder: canOrder(activity, ordersToday),
  discount: activity?.discount ?? null,
  data: activity ?? null
})
