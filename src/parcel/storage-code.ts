/** Storage codes: a 4-digit tag per worksite, the next free one after the last issued, shown as shelf-tag. */
export const TAG_MAX = 9999

export const nextTagAfter = (last: number, steps: number): number => ((last - 1 + steps + TAG_MAX) % TAG_MAX) + 1

/**
 * The first tag after `last` (wrapping 9999 → 1) that no active parcel holds,
 * or undefined when every tag is taken.
 */
export const nextFreeTag = (last: number, isTaken: (tag: number) => boolean): number | undefined => {
  for (let step = 1; step <= TAG_MAX; step++) {
    const tag = nextTagAfter(last, step)
    if (!isTaken(tag)) return tag
  }
  return undefined
}

export const formatTag = (tag: number): string => String(tag).padStart(4, "0")

export const storageCode = (storageNo: string, tag: number): string => `${storageNo}-${formatTag(tag)}`
