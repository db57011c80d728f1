/** The student's account calls: user info, profile edits, phones and codes, verification, runner application. */
import { Effect } from "effect"
import { Router } from "express"
import {
  ApplyAuth, ApplyPaotui, AuthList, CompleteProfile, completedView, PaotuisByLeader, PhoneCaptcha, reviewedView, submittedView, teamMemberView,
  UnbindPhoneMain, UnbindPhoneVice, UnverifySelf, UpdateIdCardNo, UpdateNewPaotuiOrderRemind, UpdateNickname, UpdatePhoneMain, UpdatePhoneVice,
  UpdateRealname, UpdateSex, UpdateStudentCardUrl, UpdateWorksite, userView, VerifyAuth, VerifyPaotui, WxUserInfo
} from "#src/profile/calls"
import { messages as completeMessages } from "#src/profile/complete-profile"
import { Notices, SetNotice } from "#src/notice/calls"
import { noticeMessages } from "#src/notice/notice"
import { noticeSettings, setNotice } from "#src/notice/use-cases"
import { messages as personalMessages } from "#src/profile/personal-info"
import { messages as phoneMessages } from "#src/profile/phone"
import { messages as profileMessages } from "#src/profile/profile"
import { submissionUnderReview } from "#src/profile/review-queue"
import { messages as runnerMessages } from "#src/profile/runner-application"
import {
  applyAuth, applyPaotui, completeProfile, myAccount, reviewAuth, reviewRunner, sendCaptcha, teamOf, unbindPhoneMain, unbindPhoneVice,
  unverifySelf, updateIdCardNo, updateNewPaotuiOrderRemind, updateNickname, updatePhone, updateRealname, updateSex,
  updateStudentCardUrl, updateWorksite, verificationsToReview
} from "#src/profile/use-cases"
import { messages as verificationMessages } from "#src/profile/verification"
import { worksiteView } from "#src/worksite/calls"
import type { Runtime } from "../../runtime"
import { actorRead, handle } from "../handle"
import { actorOf } from "../outcome"
import { clientAddress } from "../rate-limit"

const saved = () => ({ message: personalMessages.saved })
const done = () => ({ message: profileMessages.done })

/** `GET /api/user/wxuserInfo`: the student's own account (also served by the hot lane). */
export const accountRead = (runtime: Runtime) => actorRead(WxUserInfo, (actor) => runtime.read(myAccount(actor).pipe(Effect.map(userView)), { short: true }))

export const userRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/user/wxuserInfo", accountRead(runtime).route)

  r.put("/api/user/updateRealname", handle(UpdateRealname, ({ realname }, req) => runtime.run(updateRealname(actorOf(req), realname)), saved))

  r.put("/api/user/updateNickname", handle(UpdateNickname, ({ nickname }, req) => runtime.run(updateNickname(actorOf(req), nickname)), saved))

  r.put("/api/user/updateIdCardNo", handle(UpdateIdCardNo, ({ idCardNo }, req) => runtime.run(updateIdCardNo(actorOf(req), idCardNo)), saved))

  r.put("/api/user/updateSex", handle(UpdateSex, ({ sex }, req) => runtime.run(updateSex(actorOf(req), sex)), saved))

  r.put("/api/user/updateStudentCardUrl", handle(UpdateStudentCardUrl, ({ studentCardUrl }, req) =>
    runtime.run(updateStudentCardUrl(actorOf(req), studentCardUrl)), saved))

  r.put("/api/user/updateWorksite", handle(UpdateWorksite, ({ worksite }, req) =>
    runtime.run(updateWorksite(actorOf(req), worksite).pipe(Effect.map(worksiteView))), () => ({ message: completeMessages.worksiteChanged })))

  r.put("/api/user/updateNewPaotuiOrderRemind", handle(UpdateNewPaotuiOrderRemind, ({ newPaotuiOrderRemind }, req) =>
    runtime.run(updateNewPaotuiOrderRemind(actorOf(req), newPaotuiOrderRemind)), () => ({ message: profileMessages.remindSaved })))

  r.get("/api/user/notices", handle(Notices, (_, req) => runtime.read(noticeSettings(actorOf(req)))))

  r.put("/api/user/notices", handle(SetNotice, ({ kind, on }, req) => runtime.run(setNotice(actorOf(req), kind, on)), () => ({ message: noticeMessages.saved })))

  r.get("/api/user/phoneCaptcha/:phone", handle(PhoneCaptcha, ({ phone }, req) => runtime.run(sendCaptcha(actorOf(req), phone, clientAddress(req))), () => ({
    message: phoneMessages.captchaSent
  })))

  // a wrong code still counts as a try: the attempt is kept although the change is refused
  r.put("/api/user/updatePhoneMain", handle(UpdatePhoneMain, ({ phoneMain, phoneMainCaptcha }, req) =>
    runtime.run(updatePhone(actorOf(req), "main", phoneMain, phoneMainCaptcha), { commitOnFailure: true }), saved))

  r.put("/api/user/updatePhoneVice", handle(UpdatePhoneVice, ({ phoneVice, phoneViceCaptcha }, req) =>
    runtime.run(updatePhone(actorOf(req), "vice", phoneVice, phoneViceCaptcha), { commitOnFailure: true }), saved))

  r.put("/api/user/unbindPhoneMain", handle(UnbindPhoneMain, (_, req) => runtime.run(unbindPhoneMain(actorOf(req))), done))

  r.put("/api/user/unbindPhoneVice", handle(UnbindPhoneVice, (_, req) => runtime.run(unbindPhoneVice(actorOf(req))), done))

  r.put("/api/user/unverifySelf", handle(UnverifySelf, (_, req) =>
    runtime.run(unverifySelf(actorOf(req)).pipe(Effect.map((v) => ({ authStatus: v.authStatus })))), done))

  r.put("/api/user/complete", handle(CompleteProfile, (input, req) =>
    runtime.run(completeProfile(actorOf(req), input).pipe(Effect.map(completedView)), { commitOnFailure: true }), saved))

  r.get("/api/user/authList", handle(AuthList, (_, req) =>
    runtime.read(verificationsToReview(actorOf(req)).pipe(Effect.map((list) => list.map(submissionUnderReview))))))

  r.put("/api/user/applyAuth", handle(ApplyAuth, ({ type, idCardUrl, studentCardUrl }, req) =>
    runtime.run(applyAuth(actorOf(req), { type, idCardUrl, studentCardUrl }).pipe(Effect.map(submittedView))), () => ({
    message: verificationMessages.submitted
  })))

  r.put("/api/user/verifyauth/:userId", handle(VerifyAuth, ({ userId, authStatus, rejectComment }, req) =>
    runtime.run(reviewAuth(actorOf(req), userId ?? "", authStatus, rejectComment).pipe(Effect.map(reviewedView))), done))

  r.put("/api/user/applypaotui", handle(ApplyPaotui, ({ invitation, agree }, req) =>
    runtime.run(applyPaotui(actorOf(req), { invitation, agree: agree === true })), () => ({ message: runnerMessages.applied })))

  r.put("/api/user/verifypaotui/:userId", handle(VerifyPaotui, ({ userId, paotuiStatus }, req) =>
    runtime.run(reviewRunner(actorOf(req), userId ?? "", paotuiStatus).pipe(Effect.map((u) => ({ _id: u.id, paotuiStatus: u.paotuiStatus })))), done))

  r.get("/api/user/getPaotuisByLeader/:leaderId", handle(PaotuisByLeader, ({ leaderId }, req) =>
    runtime.read(teamOf(actorOf(req), leaderId ?? "").pipe(Effect.map((team) => team.map(teamMemberView))))))

  return r
}
