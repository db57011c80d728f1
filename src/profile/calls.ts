/** The student's account calls (spec 001 §7): each request and answer as one Schema, and the answers' views of the records. */
import { Schema } from "effect"
import { AuthListAnswer } from "./review-queue"
import type { Role } from "../shared/actor"
import { call, callBeside, Flag, Instant, Text, Whole } from "../shared/wire"
import { seesStatistics } from "../staff/site-admin"
import type { WorksiteProfile } from "../worksite/directory"
import { WorksiteView, worksiteView } from "../worksite/calls"
import { IMAGE_URL_MAX } from "../upload/image-upload"
import { NICKNAME_MAX, REALNAME_MAX } from "./personal-info"
import { maskIdCardNo, REJECT_COMMENT_MAX, type TeamMember } from "./profile"
import type { Account } from "./profile-store"
import { INVITATION_MAX } from "./runner-application"
import type { Verification } from "./verification"

const Optional = Schema.NullOr(Schema.String)
const Status = Schema.Literals([-1, 0, 1, 2])
const SexCode = Schema.Literals([0, 1, 2])
const RoleName = Schema.Literals(["student", "runner", "staff", "admin"] satisfies ReadonlyArray<Role>)
const None = Schema.Struct({})

/** The user's worksite (spec 002 §7): what every list shows, its departments and the ids of the carriers it sends with. */
export const AccountWorksiteView = Schema.Struct({
  ...WorksiteView.fields,
  expressSendCompanies: Schema.Array(Schema.String),
  majors: Schema.Array(Schema.String)
})

export const UserView = Schema.Struct({
  _id: Schema.String,
  openid: Schema.String,
  unionid: Optional,
  nickname: Optional,
  realname: Optional,
  sex: SexCode,
  headimgBase64: Optional,
  motto: Optional,
  phoneMain: Optional,
  phoneVice: Optional,
  idCardNo: Optional,
  idCardUrl: Optional,
  studentCardUrl: Optional,
  authStatus: Status,
  rejectComment: Optional,
  paotuiStatus: Status,
  isPaotuiLeader: Schema.Boolean,
  paotuiLeader: Optional,
  invitation: Optional,
  isXYTAdmin: Schema.Boolean,
  pickupAble: Schema.Boolean,
  creditScore: Schema.Number,
  activeScore: Schema.Int,
  money: Schema.Int,
  newPaotuiOrderRemind: Schema.Boolean,
  subscribeTime: Instant,
  role: RoleName,
  worksite: Schema.NullOr(AccountWorksiteView),
  /** A site admin (a bound employee with `site_admin`): sees their worksite's statistics. */
  isSiteAdmin: Schema.Boolean,
  /** Whether `/my` offers 运营报表 (`/tongji`): the head office (role admin) or a site admin. */
  canSeeStatistics: Schema.Boolean
})
export type UserView = typeof UserView.Type

/** The user as `wxuserInfo` shows it (spec 001 §3); the ID number masked. */
export const userView = ({ profile: p, worksite, money, activeScore, isSiteAdmin }: Account): UserView => ({
  _id: p.id, openid: p.openid, unionid: p.unionid, nickname: p.nickname, realname: p.realname, sex: p.sex, headimgBase64: p.headimgBase64, motto: p.motto,
  phoneMain: p.phoneMain, phoneVice: p.phoneVice, idCardNo: maskIdCardNo(p.idCardNo), idCardUrl: p.idCardUrl, studentCardUrl: p.studentCardUrl,
  authStatus: p.authStatus, rejectComment: p.rejectComment, paotuiStatus: p.paotuiStatus, isPaotuiLeader: p.isPaotuiLeader,
  paotuiLeader: p.paotuiLeader, invitation: p.invitation, isXYTAdmin: p.isXYTAdmin, pickupAble: p.pickupAble, creditScore: p.creditScore,
  activeScore, money, newPaotuiOrderRemind: p.newPaotuiOrderRemind, subscribeTime: p.subscribeTime, role: p.role,
  worksite: worksite && { ...worksiteView(worksite), expressSendCompanies: [...worksite.expressSendCompanies], majors: [...worksite.majors] },
  isSiteAdmin, canSeeStatistics: seesStatistics(p.role, isSiteAdmin)
})

/** `GET /api/user/wxuserInfo`: the signed-in user. */
export const WxUserInfo = call(None, UserView)

/** `PUT /api/user/updateRealname { realname }`. */
export const UpdateRealname = call(Schema.Struct({ realname: Text(REALNAME_MAX) }), Schema.Void)

/** `PUT /api/user/updateNickname { nickname }`. */
export const UpdateNickname = call(Schema.Struct({ nickname: Text(NICKNAME_MAX) }), Schema.Void)

/**
 * `PUT /api/user/updateIdCardNo { idCardNo }`. An ID number, a phone and a code of the wrong length are
 * refused by their own rule with the spec's message, so the wire takes any short text for them.
 */
export const UpdateIdCardNo = call(Schema.Struct({ idCardNo: Text() }), Schema.Void)

/** `PUT /api/user/updateSex { sex }`: 1 male, 2 female. */
export const UpdateSex = call(Schema.Struct({ sex: Whole }), Schema.Void)

/** `PUT /api/user/updateStudentCardUrl { studentCardUrl }`: the stored (signed) URL of the photo. */
export const UpdateStudentCardUrl = call(Schema.Struct({ studentCardUrl: Text(IMAGE_URL_MAX) }), Schema.String)

/** `PUT /api/user/updateWorksite { worksite }`: the worksite now the user's. */
export const UpdateWorksite = call(Schema.Struct({ worksite: Text() }), WorksiteView)

/** `PUT /api/user/updateNewPaotuiOrderRemind { newPaotuiOrderRemind }`. */
export const UpdateNewPaotuiOrderRemind = call(Schema.Struct({ newPaotuiOrderRemind: Flag }), Schema.Void)

/** `GET /api/user/phoneCaptcha/{phone}`: a code is on its way; the code itself is never answered. */
export const PhoneCaptcha = call(Schema.Struct({ phone: Text() }), Schema.Struct({ resendSeconds: Schema.Int }))

export const Phones = Schema.Struct({ phoneMain: Optional, phoneVice: Optional })

/** `PUT /api/user/updatePhoneMain { phoneMain, phoneMainCaptcha }`: both phones after the change. */
export const UpdatePhoneMain = call(Schema.Struct({ phoneMain: Text(), phoneMainCaptcha: Text() }), Phones)

/** `PUT /api/user/updatePhoneVice { phoneVice, phoneViceCaptcha }`. */
export const UpdatePhoneVice = call(Schema.Struct({ phoneVice: Text(), phoneViceCaptcha: Text() }), Phones)

/** `PUT /api/user/unbindPhoneMain`: the vice phone that became main, or null (the profile must be completed again). */
export const UnbindPhoneMain = call(None, Optional)

/** `PUT /api/user/unbindPhoneVice`. */
export const UnbindPhoneVice = call(None, Schema.Void)

/** `PUT /api/user/unverifySelf`: back to −1. */
export const UnverifySelf = call(None, Schema.Struct({ authStatus: Status }))

/** `PUT /api/user/complete`: the worksite, the main phone with its code, the vice phone with its code. */
export const CompleteProfile = call(
  Schema.Struct({ worksite: Text(), phoneMain: Text(), phoneMainCaptcha: Text(), phoneVice: Text(), phoneViceCaptcha: Text() }),
  Schema.Struct({ worksite: WorksiteView, phoneMain: Schema.String, phoneVice: Optional })
)
export type CompleteProfileRequest = typeof CompleteProfile.request.Type

export const completedView = (done: { readonly worksite: WorksiteProfile; readonly phoneMain: string; readonly phoneVice: string | null }): typeof CompleteProfile.answer.Type => ({
  worksite: worksiteView(done.worksite), phoneMain: done.phoneMain, phoneVice: done.phoneVice
})

/**
 * `PUT /api/user/applyAuth`: the photos' URLs and the type (1: errands). The name, number and sex the
 * page repeats are read but the server takes them from the recognised ID photo.
 */
export const ApplyAuth = call(
  Schema.Struct({
    type: Whole,
    idCardUrl: Text(IMAGE_URL_MAX),
    studentCardUrl: Text(IMAGE_URL_MAX),
    realname: Text(REALNAME_MAX),
    idCardNo: Text(),
    sex: Whole
  }),
  Schema.Struct({ authStatus: Status, realname: Optional, idCardNo: Optional, sex: SexCode })
)
export type ApplyAuthRequest = typeof ApplyAuth.request.Type

/** The submission as the page confirms it: the recognised name and the masked number. */
export const submittedView = (v: Verification): typeof ApplyAuth.answer.Type => ({
  authStatus: v.authStatus, realname: v.toAuthRealname, idCardNo: maskIdCardNo(v.toAuthIdCardNo), sex: v.sex
})

/**
 * `PUT /api/user/verifyauth/{userId} { authStatus, rejectComment }`: 1 passes, 2 rejects. The comment's
 * limit is in characters and has its own message; the wire takes twice as many UTF-16 units.
 */
export const VerifyAuth = call(
  Schema.Struct({ userId: Text(), authStatus: Whole, rejectComment: Text(2 * REJECT_COMMENT_MAX) }),
  Schema.Struct({ _id: Schema.String, authStatus: Status, rejectComment: Optional })
)

/** `GET /api/user/authList`: the real-name submissions this reviewer may decide, oldest first. */
export const AuthList = call(None, AuthListAnswer)

export const reviewedView = (u: { readonly id: string } & Verification): typeof VerifyAuth.answer.Type => ({
  _id: u.id, authStatus: u.authStatus, rejectComment: u.rejectComment
})

/**
 * `PUT /api/user/applypaotui { invitation, agree }`: the application goes to review (0), in the team of
 * the leader whose code it is. Whether a code is needed is the worksite's to say, not `needInvitation`'s.
 */
/**
 * `PUT /api/user/verifypaotui/{userId} { paotuiStatus }` (not in the spec's call table, beside verifyauth): staff of the
 * applicant's worksite or an admin approve (1) or reject (2) a runner application under review.
 */
export const VerifyPaotui = call(
  Schema.Struct({ userId: Text(), paotuiStatus: Whole }),
  Schema.Struct({ _id: Schema.String, paotuiStatus: Status })
)

/**
 * `POST /auth/dev/follow { openid, nickname, sex, unionid }` (development only, the fake messaging app): someone follows
 * the official account; the first time they are signed up. A session as `token` beside `success`, and their user id.
 */
export const DevFollow = callBeside(
  Schema.Struct({ openid: Text(64), nickname: Text(NICKNAME_MAX), sex: Whole, unionid: Text(64) }),
  Schema.Struct({ token: Schema.String, userId: Schema.String })
)

export const ApplyPaotui = call(
  Schema.Struct({ needInvitation: Flag, invitation: Text(INVITATION_MAX), agree: Flag }),
  Schema.Struct({ paotuiStatus: Status, paotuiLeader: Optional })
)
export type ApplyPaotuiRequest = typeof ApplyPaotui.request.Type

export const TeamMemberView = Schema.Struct({ _id: Schema.String, realname: Optional, phoneMain: Optional, openid: Schema.String })

export const teamMemberView = (m: TeamMember): typeof TeamMemberView.Type => ({ _id: m.id, realname: m.realname, phoneMain: m.phoneMain, openid: m.openid })

/** `GET /api/user/getPaotuisByLeader/{leaderId}`: the leader's joined runners. */
export const PaotuisByLeader = call(Schema.Struct({ leaderId: Text() }), Schema.Array(TeamMemberView))
