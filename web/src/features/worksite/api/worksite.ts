/** A worksite as the chooser lists it: from the index list, or from the nearby list with its distance. */
import type { NearbyWorksite, WorksiteView } from "#src/worksite/calls"

export type Worksite = WorksiteView & Partial<Pick<NearbyWorksite, "distance">>

export const worksiteName = (w: Worksite): string => [w.shortName, w.schoolCampus].filter(Boolean).join(" · ") || w.fullName || w._id
