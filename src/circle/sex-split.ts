/**
 * The discovery page's sex split of sold teammates (`sfPercent`) and confessions (`bbPercent`), spec 002 §3: how
 * many posts are about a man (`nanSum`) and a woman (`nvSum`) and their whole percents, which add up to 100 by the
 * largest remainder (a tie goes to the fewer posts, so
 * 199 to 1 shows 99% and 1%); 0 and 0 when there are none.
 */
import { Sex } from "./codes"

export interface SexSplit {
  readonly nanSum: number
  readonly nvSum: number
  readonly nanPercent: number
  readonly nvPercent: number
}

/** Whole shares of `total` in proportion to the counts, adding up to `total` (largest remainder; a tie to the smaller count, then the earlier). */
export const largestRemainder = (counts: ReadonlyArray<number>, total: number): ReadonlyArray<number> => {
  const sum = counts.reduce((a, b) => a + b, 0)
  if (sum === 0) return counts.map(() => 0)
  const exact = counts.map((c) => (c * total) / sum)
  const shares = exact.map(Math.floor)
  const left = total - shares.reduce((a, b) => a + b, 0)
  const byRemainder = exact.map((e, i) => ({ i, r: e - shares[i]! })).sort((a, b) => b.r - a.r || counts[a.i]! - counts[b.i]! || a.i - b.i)
  for (const { i } of byRemainder.slice(0, left)) shares[i]! += 1
  return shares
}

export const sexSplit = (nanSum: number, nvSum: number): SexSplit => {
  const [nanPercent, nvPercent] = largestRemainder([nanSum, nvSum], 100) as [number, number]
  return { nanSum, nvSum, nanPercent, nvPercent }
}

/** The split of a list of posts' sexes (1 male, 0 female; anything else counts for neither). */
export const sexSplitOf = (sexes: ReadonlyArray<number>): SexSplit =>
  sexSplit(sexes.filter((s) => s === Sex.male).length, sexes.filter((s) => s === Sex.female).length)
