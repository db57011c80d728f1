/**
 * The campus circle's codes (spec 002 §3, §7), each written once: what a market item is for and about, how it
 * is paid, its condition and grade, the sexes, the four kinds of post, their reactions and which kind takes which,
 * and the complaint types. The list filter numbers goods differently from the form; `formGoodsTypeOf` is the one
 * way from a filter's code to the form's, which is what items store.
 */

/** What a market item is: 10 want to buy … 70 a skill. */
export const BizType = { wantToBuy: 10, sell: 20, wantToRent: 30, rentOut: 40, wantToBorrow: 50, lend: 60, skill: 70 } as const
export type BizType = (typeof BizType)[keyof typeof BizType]
export const BIZ_TYPES = Object.values(BizType) as ReadonlyArray<BizType>
export const isBizType = (n: unknown): n is BizType => (BIZ_TYPES as ReadonlyArray<unknown>).includes(n)
/** The renting and borrowing kinds, 30–60, which share one set of checks (spec §5). */
export const isRentOrBorrow = (b: BizType): boolean => b >= BizType.wantToRent && b <= BizType.lend

export const bizTypeName: Record<BizType, string> = { 10: "想买", 20: "出售", 30: "想租", 40: "出租", 50: "想借", 60: "借出", 70: "技能" }

/** The goods category as the edit form and the stored item number it. */
export const GoodsType = { books: 10, daily: 20, digital: 30, wearables: 40, transport: 50, cultureSport: 60, other: 70 } as const
export type GoodsType = (typeof GoodsType)[keyof typeof GoodsType]
export const GOODS_TYPES = Object.values(GoodsType) as ReadonlyArray<GoodsType>
export const isGoodsType = (n: unknown): n is GoodsType => (GOODS_TYPES as ReadonlyArray<unknown>).includes(n)

export const goodsTypeName: Record<GoodsType, string> = { 10: "书籍", 20: "生活用品", 30: "数码", 40: "穿戴", 50: "交通", 60: "文体", 70: "其他" }

/** The goods category as the list filter (`paging?goodsType=`) numbers it; books keep 10. */
export const FilterGoodsType = { books: 10, daily: 20, cultureSport: 30, wearing: 40, digital: 50, transport: 60, other: 0 } as const
export type FilterGoodsType = (typeof FilterGoodsType)[keyof typeof FilterGoodsType]
export const FILTER_GOODS_TYPES = Object.values(FilterGoodsType) as ReadonlyArray<FilterGoodsType>

/** A list filter of −1: every item, whatever its kind or category. */
export const ALL = -1

const formOfFilter: Record<FilterGoodsType, GoodsType> = {
  [FilterGoodsType.books]: GoodsType.books,
  [FilterGoodsType.daily]: GoodsType.daily,
  [FilterGoodsType.cultureSport]: GoodsType.cultureSport,
  [FilterGoodsType.wearing]: GoodsType.wearables,
  [FilterGoodsType.digital]: GoodsType.digital,
  [FilterGoodsType.transport]: GoodsType.transport,
  [FilterGoodsType.other]: GoodsType.other
}

/** The stored (form) category a list filter's code stands for, or undefined for a code the filter does not have. */
export const formGoodsTypeOf = (filter: number): GoodsType | undefined =>
  Object.hasOwn(formOfFilter, filter) ? formOfFilter[filter as FilterGoodsType] : undefined

/** The filter's code for a stored category (the filter tab a stored item shows under). */
export const filterGoodsTypeOf = (goodsType: GoodsType): FilterGoodsType =>
  FILTER_GOODS_TYPES.find((f) => formOfFilter[f] === goodsType)!

/** How an item is paid: 1 a friendly price, 2 free or negotiable (its price is stored as −1). */
export const FeeType = { friendly: 1, free: 2 } as const
export type FeeType = (typeof FeeType)[keyof typeof FeeType]
export const isFeeType = (n: unknown): n is FeeType => n === FeeType.friendly || n === FeeType.free

/** A condition: 100 brand new, 99, then 90 … 10 (nine to one tenths). */
export const CONDITION_LEVELS = [100, 99, 90, 80, 70, 60, 50, 40, 30, 20, 10] as const
export type ConditionLevel = (typeof CONDITION_LEVELS)[number]
export const isConditionLevel = (n: unknown): n is ConditionLevel => (CONDITION_LEVELS as ReadonlyArray<unknown>).includes(n)
const TENTHS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
export const conditionName = (level: ConditionLevel): string =>
  level === 100 ? "全新" : level === 99 ? "99新" : `${TENTHS[level / 10]}成新`

/** Who a book is for: 0 all grades, 1–4 year one to four, then exam preparation and degrees. */
export const GRADES = [
  [0, "所有年级"], [1, "大一"], [2, "大二"], [3, "大三"], [4, "大四"], [5, "考研"], [6, "考公"], [7, "硕士"], [8, "博士"], [9, "出国留学"], [10, "其他"]
] as const satisfies ReadonlyArray<readonly [number, string]>
export type Grade = (typeof GRADES)[number][0]
export const isGrade = (n: unknown): n is Grade => GRADES.some(([g]) => g === n)

/** A person's sex on a post: 1 male, 0 female; the social forms start at −1, not chosen. */
export const Sex = { male: 1, female: 0, unchosen: -1 } as const
export type ChosenSex = typeof Sex.male | typeof Sex.female
export const isChosenSex = (n: unknown): n is ChosenSex => n === Sex.male || n === Sex.female

/** How a skill's author is reached: 1 by phone, 2 by chat account. */
export const Show = { phone: 1, wxNo: 2 } as const
export type Show = (typeof Show)[keyof typeof Show]
export const isShow = (n: unknown): n is Show => n === Show.phone || n === Show.wxNo

/** The four kinds of post, as `active`'s bizType numbers them: a market item and the three social kinds. */
export const PostKind = { item: 10, teammate: 20, confession: 30, message: 40 } as const
export type PostKind = (typeof PostKind)[keyof typeof PostKind]
export const POST_KINDS = Object.values(PostKind) as ReadonlyArray<PostKind>
export type SocialKind = Exclude<PostKind, typeof PostKind.item>
export const SOCIAL_KINDS: ReadonlyArray<SocialKind> = [PostKind.teammate, PostKind.confession, PostKind.message]
export const isPostKind = (n: unknown): n is PostKind => (POST_KINDS as ReadonlyArray<unknown>).includes(n)

/** A reaction to a post, once per person: like, dislike, call (a teammate), flower (a confession). */
export const ReactionType = { like: 20, dislike: 30, call: 40, flower: 50 } as const
export type ReactionType = (typeof ReactionType)[keyof typeof ReactionType]
export const REACTION_TYPES = Object.values(ReactionType) as ReadonlyArray<ReactionType>
export const isReactionType = (n: unknown): n is ReactionType => (REACTION_TYPES as ReadonlyArray<unknown>).includes(n)

/** The kinds of post each reaction applies to. */
export const reactionKinds: Record<ReactionType, ReadonlyArray<PostKind>> = {
  [ReactionType.like]: POST_KINDS,
  [ReactionType.dislike]: SOCIAL_KINDS,
  [ReactionType.call]: [PostKind.teammate],
  [ReactionType.flower]: [PostKind.confession]
}

export const acceptsReaction = (kind: PostKind, type: ReactionType): boolean => reactionKinds[type].includes(kind)

/** The toast when the reaction was given before (`active` answers 0). */
export const alreadyReacted: Record<ReactionType, string> = {
  [ReactionType.like]: "您已赞过",
  [ReactionType.dislike]: "您已踩过",
  [ReactionType.call]: "您已呼过TA",
  [ReactionType.flower]: "您已送过花"
}

/** A report's reason: fraud, advertising, infringement, pornography, other. */
export const ComplaintType = { fraud: 10, advertising: 20, infringement: 30, pornography: 40, other: 0 } as const
export type ComplaintType = (typeof ComplaintType)[keyof typeof ComplaintType]
export const COMPLAINT_TYPES = Object.values(ComplaintType) as ReadonlyArray<ComplaintType>
export const isComplaintType = (n: unknown): n is ComplaintType => (COMPLAINT_TYPES as ReadonlyArray<unknown>).includes(n)
export const complaintName: Record<ComplaintType, string> = { 10: "欺诈", 20: "广告", 30: "侵权", 40: "色情", 0: "其他" }
