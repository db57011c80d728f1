/**
 * A parcel's size (spec 001 §3: 1 small, 2 medium, 3 large, 4 extra large). Staff choose no size at check-in,
 * only the approximate weight (`weightFeeType`); the weight classes, in the dictionary's order, are the sizes.
 */
export type ParcelSize = 1 | 2 | 3 | 4

const LARGEST: ParcelSize = 4

/** The size of a parcel of this weight class: its place in the dictionary (1-based), classes past the fourth extra large; none for an unknown class. */
export const parcelSize = (weightClasses: ReadonlyArray<{ readonly _id: string }>, weightId: string): ParcelSize | null => {
  const at = weightClasses.findIndex((w) => w._id === weightId)
  return at < 0 ? null : (Math.min(at + 1, LARGEST) as ParcelSize)
}
