/** A worksite as the chooser lists it. */
import { Schema } from "effect"

export const Worksite = Schema.Struct({
  _id: Schema.String,
  fullName: Schema.optional(Schema.NullOr(Schema.String)),
  shortName: Schema.optional(Schema.NullOr(Schema.String)),
  schoolCampus: Schema.optional(Schema.NullOr(Schema.String)),
  distance: Schema.optional(Schema.NullOr(Schema.Number))
})
export type Worksite = typeof Worksite.Type

export const worksiteName = (w: Worksite): string => [w.shortName, w.schoolCampus].filter(Boolean).join(" · ") || w.fullName || w._id
