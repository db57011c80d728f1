/**
 * Rating a completed errand and tipping its runner (`/comment/...`, spec 001 §5, §9): 1–5 stars, at least
 * one service tag with the exclusive pairs 1/2 and 3/4, an optional tip of 1, 2 or 3 yuan or a custom amount.
 */
import { firstRefusal, NotAllowed, RuleViolation, StateConflict } from "../shared/errors"
import { ErrandStatus } from "./status-machine"

export const RatingTag = { goodAttitude: 1, badAttitude: 2, onTime: 3, late: 4 } as const
export type RatingTag = (typeof RatingTag)[keyof typeof RatingTag]
export const ratingTagNames: Record<RatingTag, string> = { 1: "态度很好", 2: "态度较差", 3: "准时送达", 4: "送达超时" }
const EXCLUSIVE: ReadonlyArray<readonly [RatingTag, RatingTag]> = [[1, 2], [3, 4]]

export const TIP_OPTIONS_FEN: ReadonlyArray<number> = [100, 200, 300]
/** The largest tip one rating may carry, in fen. */
export const TIP_MAX_FEN = 20_000

export const ratingMessages = {
  stars: "请为本次跑腿打分，一颗星起步哦",
  tags: "请选择本次服务标签",
  tip: "赏金必须>=0",
  tipTooLarge: "赏金不能超过200元",
  failed: "提交评论失败",
  done: "评论成功"
} as const

export interface RatingInput {
  readonly score: number
  readonly tags: ReadonlyArray<number>
}

const isTag = (t: number): t is RatingTag => t === 1 || t === 2 || t === 3 || t === 4

/** Choosing a tag drops the other one of its pair (the page's toggle). */
export const toggleTag = (tags: ReadonlyArray<RatingTag>, tag: RatingTag): ReadonlyArray<RatingTag> => {
  if (tags.includes(tag)) return tags.filter((t) => t !== tag)
  const other = EXCLUSIVE.find(([a, b]) => a === tag || b === tag)!.find((t) => t !== tag)!
  return [...tags.filter((t) => t !== other), tag].sort()
}

/** The refusal of a rating's first failed check, or undefined. */
export const ratingRefusal = (input: RatingInput): RuleViolation | undefined =>
  firstRefusal([
    [Number.isInteger(input.score) && input.score >= 1 && input.score <= 5, ratingMessages.stars],
    [input.tags.length > 0 && input.tags.every(isTag) && new Set(input.tags).size === input.tags.length, ratingMessages.tags],
    [EXCLUSIVE.every(([a, b]) => !(input.tags.includes(a) && input.tags.includes(b))), ratingMessages.tags]
  ])

/** A custom tip typed in yuan (`"5"`, `"2.5"`, `"0.01"`) as fen, or undefined for anything that is not an amount of at most two decimals. */
export const tipFen = (yuan: string): number | undefined => {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(yuan.trim())
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : undefined
}

/** The refusal of a tip in fen (0 or absent: no tip, fine), or undefined. */
export const tipRefusal = (fen: number | null | undefined): RuleViolation | undefined =>
  fen === null || fen === undefined || fen === 0
    ? undefined
    : firstRefusal([
      [Number.isInteger(fen) && fen > 0, ratingMessages.tip],
      [fen <= TIP_MAX_FEN, ratingMessages.tipTooLarge]
    ])

export interface RatableOrder {
  readonly openid: string
  readonly status: number
  readonly toComment: boolean
  readonly accept: { readonly openid: string } | null
}

/** A completed order not yet rated: its requester may rate it (and tip its runner). */
export const awaitsRating = (order: Pick<RatableOrder, "status" | "toComment">): boolean => order.status === ErrandStatus.completed && order.toComment

/** A completed order whose rating was sent. */
export const isRated = (order: Pick<RatableOrder, "status" | "toComment">): boolean => order.status === ErrandStatus.completed && !order.toComment

/** Only the requester rates, once, a completed order, naming its runner. */
export const mayRate = (order: RatableOrder, openid: string, acceptOpenid: string): boolean =>
  order.openid === openid && awaitsRating(order) && order.accept?.openid === acceptOpenid

/**
 * May the requester pay this tip (`reward/{id}/{amount}`)? On their own completed order with a runner, before
 * the rating is sent, an amount > 0 within the cap. The tip is credited to the runner once the payment is
 * confirmed; it does not pass through the order's errand money.
 */
export const rewardRefusal = (order: RatableOrder, openid: string, fen: number): RuleViolation | NotAllowed | StateConflict | undefined => {
  if (order.openid !== openid || order.accept === null) return new NotAllowed({ message: ratingMessages.failed })
  if (!awaitsRating(order)) return new StateConflict({ message: ratingMessages.failed })
  return fen === 0 ? new RuleViolation({ message: ratingMessages.tip }) : tipRefusal(fen)

}
