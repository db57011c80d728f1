/** The queue of real-name submissions a reviewer decides: how many a page lists and what it shows of each. */
import { Schema } from "effect"
import { maskIdCardNo, type UserProfile } from "./profile"

export const REVIEW_LIST_MAX = 100

/** One submission as the review page lists it: the recognised name, the ID number masked, both photos. */
export const SubmissionUnderReview = Schema.Struct({
  _id: Schema.String,
  realname: Schema.NullOr(Schema.String),
  idCardNo: Schema.NullOr(Schema.String),
  sex: Schema.Literals([0, 1, 2]),
  idCardUrl: Schema.NullOr(Schema.String),
  studentCardUrl: Schema.NullOr(Schema.String),
  submittedAt: Schema.NullOr(Schema.String),
  worksiteId: Schema.NullOr(Schema.String)
})
export type SubmissionUnderReview = typeof SubmissionUnderReview.Type

export const AuthListAnswer = Schema.Array(SubmissionUnderReview)

export const submissionUnderReview = (p: UserProfile): SubmissionUnderReview => ({
  _id: p.id,
  realname: p.toAuthRealname,
  idCardNo: maskIdCardNo(p.toAuthIdCardNo),
  sex: p.sex,
  idCardUrl: p.idCardUrl,
  studentCardUrl: p.studentCardUrl,
  submittedAt: p.authSubmittedAt?.toISOString() ?? null,
  worksiteId: p.worksiteId
})
