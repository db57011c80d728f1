/** Active points to money: whole blocks of 10 points, each point worth `ratio` fen; the remainder stays. */
import { RuleViolation } from "../shared/errors"

export const POINTS_BLOCK = 10
export const DEFAULT_POINTS_RATIO = 0.5

export const messages = {
  tooFew: "提现积分必须>=10",
  notEnough: (held: number) => `对不起，您只有${held}积可提现`,
  done: "提现成功",
  failed: "提现失败"
} as const

export const convertPoints = (input: {
  readonly requested: number
  readonly held: number
  readonly ratio?: number
}): RuleViolation | { readonly points: number; readonly moneyFen: number } => {
  const { requested, held } = input
  if (!Number.isInteger(requested) || requested < POINTS_BLOCK) return new RuleViolation({ message: messages.tooFew })
  if (requested > held) return new RuleViolation({ message: messages.notEnough(held) })
  const points = Math.floor(requested / POINTS_BLOCK) * POINTS_BLOCK
  return { points, moneyFen: Math.round(points * (input.ratio ?? DEFAULT_POINTS_RATIO)) }
}
