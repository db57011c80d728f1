/** Storage codes: a 4-digit tag per worksite, the next free one after the last issued, shown as shelf-tag. */
export const TAG_MIN = 1
export const TAG_MAX = 9999

const TAG_COUNT = TAG_MAX - TAG_MIN + 1

/** The tag `steps` places after `last`, wrapping 9999 → 1: the one place the wrap is defined. */
export const nextTagAfter = (last: number, steps: number): number =>
  ((((last - TAG_MIN + steps) % TAG_COUNT) + TAG_COUNT) % TAG_COUNT) + TAG_MIN

/** The `count` tags after `last`, in the order they are handed out. */
export const tagsAfter = (last: number, count: number): ReadonlyArray<number> =>
  Array.from({ length: Math.min(count, TAG_COUNT) }, (_, i) => nextTagAfter(last, i + 1))

/**
 * The first tag after `last` (wrapping 9999 → 1) that no active parcel holds,
 * or undefined when every tag is taken.
 */
export const nextFreeTag = (last: number, isTaken: (tag: number) => boolean): number | undefined =>
  tagsAfter(last, TAG_COUNT).find((tag) => !isTaken(tag))

export const formatTag = (tag: number): string => String(tag).padStart(4, "0")

export const storageCode = (storageNo: string, tag: number): string => `${storageNo}-${formatTag(tag)}`
