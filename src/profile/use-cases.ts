/**
 * The student's account: profile edits, phones with SMS codes, completing the profile, real-name
 * verification and its review, the runner application and a leader's team.
 */
import { Effect, Schema } from "effect"
import { logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { Clock, Events, Ids, Outbox } from "../shared/ports"
import { employeeOf } from "../staff/use-cases"
import { ownUpload } from "../upload/use-cases"
import { signUrl } from "../upload/upload"
import { messages as worksiteMessages } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import { CaptchaCodes, CaptchaStore, type StoredCaptcha } from "./captcha-store"
import { completeProfileRefusal, messages as completeMessages } from "./complete-profile"
import { idCardNoRefusal, normalizeIdCardNo } from "./id-card"
import { messages as imageMessages, UploadField } from "../upload/image-upload"
import { nicknameRefusal, realnameRefusal, sexRefusal } from "./personal-info"
import { isMobilePhone } from "../shared/phone-number"
import { bindPhone, CAPTCHA_RULES, captchaPhoneDecision, captchaSendDecision, captchaSenderDecision, issueCaptcha, messages as phoneMessages, newPhoneRefusal, phoneEditRefusal, unbindMainPhone, unbindVicePhone, verifyCaptcha, type PhoneType } from "./phone"
import {
  identityEditable, mayListTeam, mayReviewVerifications, messages, reviewCommentRefusal, type ProfileChange, type UserProfile
} from "./profile"
import { ProfileStore } from "./profile-store"
import { REVIEW_LIST_MAX } from "./review-queue"
import { applyAsRunner, messages as runnerMessages, PaotuiStatus, reviewRunnerApplication } from "./runner-application"
import { AuthStatus, reviewVerification, submitVerification, VerificationType, cancelVerification, type Verification } from "./verification"

const userMissing = () => new NotFound({ message: messages.userMissing })
const text = (s: string | undefined) => (s ?? "").trim()

const locked = Effect.fn("lockedProfile")(function* (userId: string) {
  const profile = yield* (yield* ProfileStore).lock(userId)
  if (!profile) return yield* userMissing()
  return profile
})

const save = (userId: string, change: ProfileChange) => ProfileStore.use((s) => s.save(userId, change))

/** The account page: the profile with its worksite and wallet figures. */
export const myAccount = Effect.fn("myAccount")(function* (actor: Actor) {
  const account = yield* (yield* ProfileStore).account(actor.userId)
  if (!account) return yield* userMissing()
  return account
})

// --- plain edits ---------------------------------------------------------------------------------

const identityLocked = (profile: UserProfile) =>
  identityEditable(profile.authStatus) ? undefined : new StateConflict({ message: messages.identityLocked })

/**
 * A plain edit of the user's own profile as the log keeps it: the field and the value saved (trimmed, the ID number
 * normalised; the student card as the stored photo's address, found to be the user's own upload when it was saved).
 */
export const EditProfileOperation = operationKind("editProfile", Schema.Struct({
  field: Schema.Literals(["realname", "nickname", "sex", "idCardNo", "studentCardUrl", "newPaotuiOrderRemind"]),
  value: Schema.Union([Schema.String, Schema.Number, Schema.Boolean])
}), Schema.Struct({ field: Schema.String, value: Schema.Union([Schema.String, Schema.Number, Schema.Boolean]) }))
type ProfileEdit = typeof EditProfileOperation.input.Type

/** Saves one edited field and logs it. */
const saveEdit = Effect.fnUntraced(function* (actor: Actor, edit: ProfileEdit) {
  yield* save(actor.userId, { [edit.field]: edit.value } as ProfileChange)
  yield* logOperation(EditProfileOperation, actor.openid, yield* (yield* Clock).now, edit, edit)
  return edit
})

export const updateRealname = Effect.fn("updateRealname")(function* (actor: Actor, realname: string | undefined) {
  const refused = realnameRefusal(realname)
  if (refused) return yield* refused
  const profile = yield* locked(actor.userId)
  const refusal = identityLocked(profile)
  if (refusal) return yield* refusal
  yield* saveEdit(actor, { field: "realname", value: text(realname) })
})

export const updateNickname = Effect.fn("updateNickname")(function* (actor: Actor, nickname: string | undefined) {
  const refused = nicknameRefusal(nickname)
  if (refused) return yield* refused
  yield* locked(actor.userId)
  yield* saveEdit(actor, { field: "nickname", value: text(nickname) })
})

export const updateSex = Effect.fn("updateSex")(function* (actor: Actor, sex: number | undefined) {
  const refused = sexRefusal(sex)
  if (refused) return yield* refused
  yield* locked(actor.userId)
  yield* saveEdit(actor, { field: "sex", value: sex as 1 | 2 })
})

export const updateIdCardNo = Effect.fn("updateIdCardNo")(function* (actor: Actor, idCardNo: string | undefined) {
  const now = yield* (yield* Clock).now
  const refused = idCardNoRefusal(idCardNo, now)
  if (refused) return yield* refused
  const profile = yield* locked(actor.userId)
  const refusal = identityLocked(profile)
  if (refusal) return yield* refusal
  yield* saveEdit(actor, { field: "idCardNo", value: normalizeIdCardNo(idCardNo!) })
})

/** The student card page: an image this user uploaded. */
export const updateStudentCardUrl = Effect.fn("updateStudentCardUrl")(function* (actor: Actor, url: string | undefined) {
  const upload = yield* ownUpload(actor, url)
  if (!upload) return yield* new RuleViolation({ message: imageMessages.required })
  return yield* studentCardWith(actor, signUrl(upload.dateFolder, upload.fileName))
})

/** The student card once its photo is known to be the user's own (replayed from the log: the photo as recorded). */
const studentCardWith = Effect.fnUntraced(function* (actor: Actor, studentCardUrl: string) {
  yield* locked(actor.userId)
  yield* saveEdit(actor, { field: "studentCardUrl", value: studentCardUrl })
  return studentCardUrl
})

/** A logged edit replayed through the same use case (the student card as recorded, its upload not looked for again). */
export const editRecorded = (actor: Actor, edit: ProfileEdit) => {
  switch (edit.field) {
    case "realname": return updateRealname(actor, String(edit.value)).pipe(Effect.as(edit))
    case "nickname": return updateNickname(actor, String(edit.value)).pipe(Effect.as(edit))
    case "sex": return updateSex(actor, Number(edit.value)).pipe(Effect.as(edit))
    case "idCardNo": return updateIdCardNo(actor, String(edit.value)).pipe(Effect.as(edit))
    case "studentCardUrl": return studentCardWith(actor, String(edit.value)).pipe(Effect.as(edit))
    case "newPaotuiOrderRemind": return updateNewPaotuiOrderRemind(actor, edit.value === true).pipe(Effect.as(edit))
  }
}

const worksiteNamed = Effect.fn("worksiteNamed")(function* (id: string | undefined) {
  if (text(id) === "") return yield* new RuleViolation({ message: worksiteMessages.required })
  const worksite = yield* (yield* Worksites).find(text(id))
  if (!worksite) return yield* new NotFound({ message: worksiteMessages.notFound })
  return worksite
})

/** When the user is bound to a worksite other than theirs: now (the statistics count new bindings by it). */
const boundAt = (profile: UserProfile, worksiteId: string, now: Date) => (profile.worksiteId === worksiteId ? {} : { worksiteBoundAt: now })

/** The user picked (or changed) their worksite. */
export const ChangeWorksiteOperation = operationKind("changeWorksite", Schema.Struct({ worksiteId: Schema.String }), Schema.Struct({ worksiteId: Schema.String }))

export const updateWorksite = Effect.fn("updateWorksite")(function* (actor: Actor, worksiteId: string | undefined) {
  const worksite = yield* worksiteNamed(worksiteId)
  const profile = yield* locked(actor.userId)
  const now = yield* (yield* Clock).now
  yield* save(actor.userId, { worksiteId: worksite.id, ...boundAt(profile, worksite.id, now) })
  yield* logOperation(ChangeWorksiteOperation, actor.openid, now, { worksiteId: worksite.id }, { worksiteId: worksite.id })
  return worksite
})

export const updateNewPaotuiOrderRemind = Effect.fn("updateNewPaotuiOrderRemind")(function* (actor: Actor, remind: boolean | undefined) {
  if (remind === undefined) return yield* new RuleViolation({ message: messages.remindRequired })
  yield* locked(actor.userId)
  yield* saveEdit(actor, { field: "newPaotuiOrderRemind", value: remind })
})

// --- SMS codes and phones --------------------------------------------------------------------------

/** The server counts the resend gap of complete-profile (60 s), the shorter of the two pages' countdowns. */
const RESEND_GAP_SECONDS = CAPTCHA_RULES.resendSeconds.completeProfile
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Sends a fresh 4-digit code to the phone by SMS; the code itself is never answered. The limits count
 * this account's codes, the codes asked from this client address, this account's codes for the phone,
 * and the codes sent to the phone for anyone.
 */
export const sendCaptcha = Effect.fn("sendCaptcha")(function* (actor: Actor, phone: string | undefined, address?: string) {
  const p = text(phone)
  if (!isMobilePhone(p)) return yield* new RuleViolation({ message: phoneMessages.phoneWrong })
  const clock = yield* Clock
  const store = yield* CaptchaStore
  const since = new Date((yield* clock.now).getTime() - DAY_MS)
  const senders = yield* store.lockSender(actor.userId, address, since)
  // read the time once the account is locked: a request that waited for the lock must count the codes
  // sent while it waited, which carry later times than its arrival
  const now = yield* clock.now
  const senderRefusal = captchaSenderDecision(senders, now)
  if (senderRefusal) return yield* senderRefusal
  const toPhone = yield* store.lockPhone(p, since)
  // and again once the phone is locked: other accounts' codes to it, sent while this request waited, count too
  const sentAt = yield* clock.now
  const mine = toPhone.filter((sent) => sent.userId === actor.userId).map((sent) => sent.at)
  const refusal = captchaSendDecision(mine, sentAt, RESEND_GAP_SECONDS) ?? captchaPhoneDecision(toPhone.map((sent) => sent.at), sentAt)
  if (refusal) return yield* refusal
  const codes = yield* CaptchaCodes
  const code = yield* codes.next
  yield* store.insert(actor.userId, issueCaptcha(p, yield* codes.hash(p, code), sentAt), address)
  yield* (yield* Outbox).enqueue({ channel: "sms", to: p, template: "captcha", params: { code } }, sentAt)
  return { resendSeconds: RESEND_GAP_SECONDS }
})

/**
 * Checks each entered code against the latest one this user asked for that phone. Every try is
 * stored (run with commitOnFailure so a wrong code still counts); the codes are spent only by
 * `consume`, once everything else has passed too.
 */
const checkCodes = Effect.fn("checkCodes")(function* (userId: string, entries: ReadonlyArray<{ readonly phone: string; readonly code: string }>, now: Date) {
  const store = yield* CaptchaStore
  const codes = yield* CaptchaCodes
  const checked: Array<{ readonly stored: StoredCaptcha; readonly used: boolean; readonly attempts: number }> = []
  let ok = true
  for (const entry of entries) {
    yield* store.lockPhone(entry.phone, now)
    const stored = yield* store.latest(userId, entry.phone)
    const verdict = verifyCaptcha(stored?.captcha, { phone: entry.phone, code: yield* codes.hash(entry.phone, text(entry.code)) }, now)
    if (!stored || !verdict.captcha) {
      ok = false
      continue
    }
    yield* store.update(stored.id, { attempts: verdict.captcha.attempts, used: stored.captcha.used })
    checked.push({ stored, used: verdict.captcha.used, attempts: verdict.captcha.attempts })
    ok &&= verdict.ok
  }
  const consume = Effect.forEach(checked, (c) => store.update(c.stored.id, { attempts: c.attempts, used: c.used }), { discard: true })
  return { ok, consume }
})

const captchaInvalid = () => new RuleViolation({ message: phoneMessages.captchaInvalid })

const refuseTaken = Effect.fn("refuseTaken")(function* (userId: string, phones: ReadonlyArray<string>) {
  const store = yield* ProfileStore
  for (const phone of phones) {
    if (yield* store.phoneTakenByOther(phone, userId)) return yield* new StateConflict({ message: phoneMessages.phoneTaken })
  }
})

/** The captcha as the log keeps it: that it was confirmed, never the code. */
const Confirmed = Schema.Literal("confirmed")
const Phones = Schema.Struct({ phoneMain: Schema.NullOr(Schema.String), phoneVice: Schema.NullOr(Schema.String) })

/** A phone bound with the code sent to it: the number and which one it is; the code is logged as confirmed. */
export const ConfirmPhoneOperation = operationKind("confirmPhone",
  Schema.Struct({ type: Schema.Literals(["main", "vice"]), phone: Schema.String, captcha: Confirmed }), Phones)

/** The edit-phone page: a new valid number with the code sent to it. */
export const updatePhone = Effect.fn("updatePhone")(function* (actor: Actor, type: PhoneType, phone: string | undefined, captcha: string | undefined) {
  const profile = yield* locked(actor.userId)
  const refused = phoneEditRefusal({ phone, captcha, bound: profile })
  if (refused) return yield* refused
  const p = text(phone)
  const now = yield* (yield* Clock).now
  const codes = yield* checkCodes(actor.userId, [{ phone: p, code: captcha! }], now)
  if (!codes.ok) return yield* captchaInvalid()
  const phones = yield* phoneConfirmed(actor, profile, type, p, now)
  yield* codes.consume
  return phones
})

/** Binds a number whose code was confirmed, and logs it. */
const phoneConfirmed = Effect.fnUntraced(function* (actor: Actor, profile: UserProfile, type: PhoneType, phone: string, now: Date) {
  yield* refuseTaken(actor.userId, [phone])
  const { phoneMain, phoneVice } = bindPhone(profile, type, phone)
  yield* save(actor.userId, { phoneMain, phoneVice })
  yield* logOperation(ConfirmPhoneOperation, actor.openid, now, { type, phone, captcha: "confirmed" }, { phoneMain, phoneVice })
  return { phoneMain, phoneVice }
})

/** A logged confirmation replayed: the code was checked when the phone was bound, so the number is bound again as it was. */
export const confirmPhoneRecorded = Effect.fn("confirmPhoneRecorded")(function* (actor: Actor, type: PhoneType, phone: string) {
  const profile = yield* locked(actor.userId)
  const refused = newPhoneRefusal(phone, profile)
  if (refused) return yield* refused
  return yield* phoneConfirmed(actor, profile, type, phone, yield* (yield* Clock).now)
})

/** A phone unbound (the vice promoted when the main one goes). */
export const UnbindPhoneOperation = operationKind("unbindPhone", Schema.Struct({ type: Schema.Literals(["main", "vice"]) }), Phones)

/** Unbinding the main phone promotes the vice; the answer is the new main phone, or null (complete the profile again). */
export const unbindPhoneMain = Effect.fn("unbindPhoneMain")(function* (actor: Actor) {
  const profile = yield* locked(actor.userId)
  const { phones, newMain } = unbindMainPhone(profile)
  yield* save(actor.userId, { phoneMain: phones.phoneMain, phoneVice: phones.phoneVice })
  yield* logOperation(UnbindPhoneOperation, actor.openid, yield* (yield* Clock).now, { type: "main" }, { phoneMain: phones.phoneMain, phoneVice: phones.phoneVice })
  return newMain ?? null
})

export const unbindPhoneVice = Effect.fn("unbindPhoneVice")(function* (actor: Actor) {
  const profile = yield* locked(actor.userId)
  const phones = unbindVicePhone(profile)
  // nothing to unbind is a state of the account, not a wrong input
  if (phones instanceof RuleViolation) return yield* new StateConflict({ message: phones.message })
  yield* save(actor.userId, { phoneVice: phones.phoneVice })
  yield* logOperation(UnbindPhoneOperation, actor.openid, yield* (yield* Clock).now, { type: "vice" }, { phoneMain: profile.phoneMain, phoneVice: phones.phoneVice })
})

/** A logged unbinding replayed, answering the phones it left. */
export const unbindRecorded = Effect.fn("unbindRecorded")(function* (actor: Actor, type: PhoneType) {
  if (type === "main") yield* unbindPhoneMain(actor)
  else yield* unbindPhoneVice(actor)
  const profile = yield* locked(actor.userId)
  return { phoneMain: profile.phoneMain, phoneVice: profile.phoneVice }
})

export interface CompleteProfileInput {
  readonly worksite?: string | undefined
  readonly phoneMain?: string | undefined
  readonly phoneMainCaptcha?: string | undefined
  readonly phoneVice?: string | undefined
  readonly phoneViceCaptcha?: string | undefined
}

/**
 * A completed profile: the worksite and both phones as saved, and which numbers were confirmed with a code (new ones;
 * the codes are never logged).
 */
export const CompleteProfileOperation = operationKind("completeProfile", Schema.Struct({
  worksiteId: Schema.String, phoneMain: Schema.String, phoneVice: Schema.NullOr(Schema.String),
  confirmed: Schema.Array(Schema.String), captcha: Confirmed
}), Schema.Struct({ worksiteId: Schema.String, phoneMain: Schema.String, phoneVice: Schema.NullOr(Schema.String) }))
type CompletedProfile = typeof CompleteProfileOperation.input.Type

/**
 * Complete profile: the worksite, the main phone with its code (unless the user keeps the main phone
 * they have: no number, or the same one) and, when given, a vice phone with its code.
 */
export const completeProfile = Effect.fn("completeProfile")(function* (actor: Actor, input: CompleteProfileInput) {
  const profile = yield* locked(actor.userId)
  const keepMain = profile.phoneMain !== null && (text(input.phoneMain) === "" || text(input.phoneMain) === profile.phoneMain)
  const viceEnabled = text(input.phoneVice) !== "" || text(input.phoneViceCaptcha) !== ""
  const refused = completeProfileRefusal({ ...input, keepMain, existingMain: profile.phoneMain, viceEnabled })
  if (refused) return yield* refused
  const worksite = yield* worksiteNamed(input.worksite)
  const phoneMain = keepMain ? profile.phoneMain! : text(input.phoneMain)
  const phoneVice = viceEnabled ? text(input.phoneVice) : profile.phoneVice === phoneMain ? null : profile.phoneVice
  const entries = [
    ...(keepMain ? [] : [{ phone: phoneMain, code: input.phoneMainCaptcha! }]),
    ...(viceEnabled ? [{ phone: phoneVice!, code: input.phoneViceCaptcha! }] : [])
  ]
  const now = yield* (yield* Clock).now
  const codes = yield* checkCodes(actor.userId, entries, now)
  if (!codes.ok) return yield* new RuleViolation({ message: completeMessages.captchaInvalid })
  yield* profileCompleted(actor, profile, worksite, { worksiteId: worksite.id, phoneMain, phoneVice, confirmed: entries.map((e) => e.phone), captcha: "confirmed" }, now)
  yield* codes.consume
  return { worksite, phoneMain, phoneVice }
})

/** Saves a completed profile whose codes were confirmed, and logs it. */
const profileCompleted = Effect.fnUntraced(function* (actor: Actor, profile: UserProfile, worksite: { readonly id: string }, c: CompletedProfile, now: Date) {
  yield* refuseTaken(actor.userId, c.confirmed)
  yield* save(actor.userId, { worksiteId: worksite.id, phoneMain: c.phoneMain, phoneVice: c.phoneVice, ...boundAt(profile, worksite.id, now) })
  yield* logOperation(CompleteProfileOperation, actor.openid, now, c, { worksiteId: worksite.id, phoneMain: c.phoneMain, phoneVice: c.phoneVice })
})

/** A logged completion replayed: the codes were checked when it was completed. */
export const completeRecorded = Effect.fn("completeRecorded")(function* (actor: Actor, c: CompletedProfile) {
  const profile = yield* locked(actor.userId)
  const worksite = yield* worksiteNamed(c.worksiteId)
  yield* profileCompleted(actor, profile, worksite, c, yield* (yield* Clock).now)
  return { worksiteId: worksite.id, phoneMain: c.phoneMain, phoneVice: c.phoneVice }
})

// --- real-name verification ----------------------------------------------------------------------

export interface VerificationInput {
  readonly type?: number | undefined
  readonly idCardUrl?: string | undefined
  readonly studentCardUrl?: string | undefined
}

const verificationOf = (p: UserProfile): Verification => ({
  authStatus: p.authStatus, idCardUrl: p.idCardUrl, studentCardUrl: p.studentCardUrl, toAuthRealname: p.toAuthRealname,
  toAuthIdCardNo: p.toAuthIdCardNo, realname: p.realname, idCardNo: p.idCardNo, sex: p.sex, rejectComment: p.rejectComment
})

/**
 * applyAuth: the photos must be this user's own uploads; the name and number are the ones recognition
 * read off the ID photo (what the page sends for them is not trusted).
 */
export const applyAuth = Effect.fn("applyAuth")(function* (actor: Actor, input: VerificationInput) {
  const profile = yield* locked(actor.userId)
  const now = yield* (yield* Clock).now
  const idCard = yield* ownUpload(actor, input.idCardUrl)
  const studentCard = yield* ownUpload(actor, input.studentCardUrl)
  const recognised = idCard?.field === UploadField.idCard ? idCard.ocr : null
  return yield* submitAuthWith(actor, {
    type: input.type === VerificationType.errand ? VerificationType.errand : VerificationType.sending,
    idCardUrl: idCard ? signUrl(idCard.dateFolder, idCard.fileName) : null,
    studentCardUrl: studentCard ? signUrl(studentCard.dateFolder, studentCard.fileName) : null,
    realname: recognised?.realname ?? null,
    idCardNo: recognised?.idCardNo ?? null
  }, profile, now)
})

/**
 * A submission as the log keeps it: the stored photos (found to be the user's own uploads when submitted) and what
 * recognition read off the ID photo then, so a replay neither looks for the uploads nor reads them again.
 */
export const SubmitVerificationOperation = operationKind("submitVerification", Schema.Struct({
  type: Schema.Number, idCardUrl: Schema.NullOr(Schema.String), studentCardUrl: Schema.NullOr(Schema.String),
  realname: Schema.NullOr(Schema.String), idCardNo: Schema.NullOr(Schema.String)
}), Schema.Struct({ authStatus: Schema.Number }))
type Submission = typeof SubmitVerificationOperation.input.Type

/** applyAuth once its photos and recognition are known (replayed from the log). */
export const submitAuthWith = Effect.fn("submitAuthWith")(function* (actor: Actor, s: Submission, known?: UserProfile, at?: Date) {
  const profile = known ?? (yield* locked(actor.userId))
  const now = at ?? (yield* (yield* Clock).now)
  const next = submitVerification(verificationOf(profile), {
    type: s.type === VerificationType.errand ? VerificationType.errand : VerificationType.sending,
    idCardUrl: s.idCardUrl ?? undefined, studentCardUrl: s.studentCardUrl ?? undefined, realname: s.realname ?? undefined, idCardNo: s.idCardNo ?? undefined
  }, now)
  if (next instanceof RuleViolation || next instanceof StateConflict) return yield* next
  yield* save(actor.userId, { ...next, authSubmittedAt: now })
  yield* logOperation(SubmitVerificationOperation, actor.openid, now, s, { authStatus: next.authStatus })
  return next
})

/** A review as the log keeps it: the user, the decision and its comment (under the operator when made with `station verify`). */
export const ReviewVerificationOperation = operationKind("reviewVerification",
  Schema.Struct({ userId: Schema.String, decision: Schema.Number, comment: Schema.NullOr(Schema.String) }),
  Schema.Struct({ userId: Schema.String, authStatus: Schema.Number }))

/** unverifySelf: back to -1 with both photos forgotten. */
export const unverifySelf = Effect.fn("unverifySelf")(function* (actor: Actor) {
  const next = cancelVerification(verificationOf(yield* locked(actor.userId)))
  yield* save(actor.userId, { authStatus: next.authStatus, idCardUrl: next.idCardUrl, studentCardUrl: next.studentCardUrl })
  yield* logOperation(CancelVerificationOperation, actor.openid, yield* (yield* Clock).now, {}, { authStatus: next.authStatus })
  return next
})

/** A user withdrew their own verification (back to −1, both photos forgotten). */
export const CancelVerificationOperation = operationKind("cancelVerification", Schema.Struct({}), Schema.Struct({ authStatus: Schema.Number }))

/** Who reviews: a signed-in staff member or admin, or the operator at the `station` command line. */
export type Reviewer = Actor | "operator"

export const reviewAuth = Effect.fn("reviewAuth")(function* (reviewer: Reviewer, userId: string, decision: number | undefined, comment: string | undefined) {
  if (reviewer !== "operator" && !mayReviewVerifications(reviewer.role)) return yield* new NotAllowed({ message: messages.notReviewer })
  if (decision !== AuthStatus.passed && decision !== AuthStatus.rejected) return yield* new RuleViolation({ message: messages.reviewDecision })
  const refused = reviewCommentRefusal(decision, comment)
  if (refused) return yield* refused
  const target = yield* (yield* ProfileStore).lock(userId)
  if (!target) return yield* userMissing()
  if (reviewer !== "operator" && reviewer.role === "staff") {
    const employee = yield* employeeOf(reviewer)
    if (employee.worksite.id !== target.worksiteId) return yield* new NotAllowed({ message: messages.otherWorksiteUser })
  }
  const next = reviewVerification(verificationOf(target), decision, comment)
  if (next instanceof StateConflict) return yield* next
  const now = yield* (yield* Clock).now
  yield* save(userId, next.authStatus === AuthStatus.passed ? { ...next, authPassedAt: now } : next)
  yield* logOperation(ReviewVerificationOperation, reviewer === "operator" ? STATION_OPERATOR : reviewer.openid, now,
    { userId, decision, comment: comment ?? null }, { userId, authStatus: next.authStatus })
  yield* (yield* Events).publish({ room: { user: userId }, name: "authStatusChanged", payload: { authStatus: next.authStatus, rejectComment: next.rejectComment } })
  return { ...target, ...next }
})

export const pendingVerifications = Effect.fn("pendingVerifications")(function* (limit: number) {
  return yield* (yield* ProfileStore).underReview(limit)
})

/** The review page's list: staff see the submissions of their own worksite, admins every one. */
export const verificationsToReview = Effect.fn("verificationsToReview")(function* (actor: Actor) {
  if (!mayReviewVerifications(actor.role)) return yield* new NotAllowed({ message: messages.notReviewer })
  const worksiteId = actor.role === "staff" ? (yield* employeeOf(actor)).worksite.id : undefined
  return yield* (yield* ProfileStore).underReview(REVIEW_LIST_MAX, worksiteId)
})

// --- runners -------------------------------------------------------------------------------------

/** A runner application: the invitation code and the agreement as given; the leader it joins and the status. */
export const ApplyRunnerOperation = operationKind("applyRunner", Schema.Struct({ invitation: Schema.String, agree: Schema.Boolean }),
  Schema.Struct({ paotuiStatus: Schema.Number, paotuiLeader: Schema.NullOr(Schema.String) }))

export const applyPaotui = Effect.fn("applyPaotui")(function* (actor: Actor, input: { readonly invitation?: string | undefined; readonly agree: boolean }) {
  const profile = yield* locked(actor.userId)
  if (!profile.worksiteId) return yield* new RuleViolation({ message: worksiteMessages.required })
  const worksite = yield* (yield* Worksites).find(profile.worksiteId)
  if (!worksite) return yield* new NotFound({ message: worksiteMessages.notFound })
  const invitation = text(input.invitation)
  const leader = invitation === "" ? undefined : yield* (yield* ProfileStore).leaderByInvitation(worksite.id, invitation)
  const outcome = applyAsRunner({
    applicant: profile, worksite, invitation, agreed: input.agree, invitingLeaderId: leader === actor.userId ? undefined : leader
  })
  if (outcome instanceof RuleViolation || outcome instanceof StateConflict) return yield* outcome
  yield* save(actor.userId, outcome)
  yield* logOperation(ApplyRunnerOperation, actor.openid, yield* (yield* Clock).now, { invitation, agree: input.agree }, outcome)
  return outcome
})

/** A review of a runner application (under the operator when made with `station runners`): approved ones are counted from then on. */
export const ReviewRunnerOperation = operationKind("reviewRunner", Schema.Struct({ userId: Schema.String, decision: Schema.Number }),
  Schema.Struct({ userId: Schema.String, paotuiStatus: Schema.Number }))

/** Runner applications waiting for review, oldest first. */
export const pendingRunnerApplications = Effect.fn("pendingRunnerApplications")(function* (limit: number) {
  return yield* (yield* ProfileStore).runnersUnderReview(limit)
})

/**
 * Approves (1) or rejects (2) a runner application under review, as staff of the applicant's worksite, an admin or the
 * operator. An approval sets when the user joined, which the statistics count approved runners by.
 */
export const reviewRunner = Effect.fn("reviewRunner")(function* (reviewer: Reviewer, userId: string, decision: number | undefined) {
  if (reviewer !== "operator" && !mayReviewVerifications(reviewer.role)) return yield* new NotAllowed({ message: messages.notReviewer })
  const target = yield* (yield* ProfileStore).lock(userId)
  if (!target) return yield* userMissing()
  if (reviewer !== "operator" && reviewer.role === "staff") {
    const employee = yield* employeeOf(reviewer)
    if (employee.worksite.id !== target.worksiteId) return yield* new NotAllowed({ message: messages.otherWorksiteUser })
  }
  const next = reviewRunnerApplication(target.paotuiStatus, decision ?? Number.NaN)
  if (next instanceof RuleViolation || next instanceof StateConflict) return yield* next
  const now = yield* (yield* Clock).now
  yield* save(userId, next.paotuiStatus === PaotuiStatus.joined ? { ...next, paotuiJoinedAt: now } : next)
  yield* logOperation(ReviewRunnerOperation, reviewer === "operator" ? STATION_OPERATOR : reviewer.openid, now,
    { userId, decision: next.paotuiStatus }, { userId, paotuiStatus: next.paotuiStatus })
  return { ...target, ...next }
})

// --- sign-up -------------------------------------------------------------------------------------

/** Who arrived through the messaging app, as it told us: the identity and the profile fields it gave. */
export const Arrival = Schema.Struct({
  openid: Schema.String, unionid: Schema.NullOr(Schema.String), nickname: Schema.NullOr(Schema.String), sex: Schema.Number, subscribe: Schema.Boolean
})
export type Arrival = typeof Arrival.Type

/** A sign-up: the person as the messaging app gave them and the user id they were given (their row's times are the line's). */
export const SignUpOperation = operationKind("signUp", Arrival, Schema.Struct({ id: Schema.String }))

/**
 * The first arrival of someone through the messaging app makes their user (with an empty wallet), logged under their
 * openid; a known openid is answered as it is, and nothing is logged.
 */
export const signUp = Effect.fn("signUp")(function* (arrival: Arrival) {
  const openid = text(arrival.openid)
  if (openid === "") return yield* new RuleViolation({ message: messages.userMissing })
  const store = yield* ProfileStore
  const known = yield* store.findByOpenid(openid)
  if (known) return { id: known.id, signedUp: false }
  const id = yield* (yield* Ids).next
  const now = yield* (yield* Clock).now
  const person = { ...arrival, openid, sex: arrival.sex === 1 || arrival.sex === 2 ? arrival.sex : 0 }
  if (!(yield* store.create({ ...person, id, at: now }))) {
    // someone else's request signed them up meanwhile
    const raced = yield* store.findByOpenid(openid)
    if (!raced) return yield* userMissing()
    return { id: raced.id, signedUp: false }
  }
  yield* logOperation(SignUpOperation, openid, now, person, { id })
  return { id, signedUp: true }
})

/** Who the official account's follow or unfollow event named. */
export const Follower = Schema.Struct({ openid: Schema.String })

/** A known user who had stopped following follows again; a first follow is a sign-up (logged as `signUp`). */
export const FollowOperation = operationKind("follow", Follower, Schema.Struct({ id: Schema.String }))
/** A follower stops following: template messages no longer reach them. */
export const UnfollowOperation = operationKind("unfollow", Follower, Schema.Struct({ id: Schema.String }))

/**
 * Someone follows the official account (its subscribe event, or a sign-in the app says follows): someone new is signed
 * up as following; a known user who did not follow follows from now on (`subscribeTime`); a repeat (the app sends an
 * event again when it had no answer in 5 s) changes and logs nothing.
 */
export const follow = Effect.fn("follow")(function* (arrival: Omit<Arrival, "subscribe">) {
  const openid = text(arrival.openid)
  if (openid === "") return yield* new RuleViolation({ message: messages.userMissing })
  const store = yield* ProfileStore
  let known = yield* store.lockFollower(openid)
  if (!known) {
    const joined = yield* signUp({ ...arrival, openid, subscribe: true })
    if (joined.signedUp) return { id: joined.id, changed: true }
    // signed up meanwhile by another request, perhaps as not following: go on as with a known user
    known = yield* store.lockFollower(openid)
    if (!known) return yield* userMissing()
  }
  if (known.following) return { id: known.id, changed: false }
  const now = yield* (yield* Clock).now
  yield* store.setFollowing(known.id, true, now)
  yield* logOperation(FollowOperation, openid, now, { openid }, { id: known.id })
  return { id: known.id, changed: true }
})

/** A follower stops following (the unsubscribe event); someone unknown or not following changes nothing. */
export const unfollow = Effect.fn("unfollow")(function* (follower: typeof Follower.Type) {
  const openid = text(follower.openid)
  const store = yield* ProfileStore
  const known = openid === "" ? undefined : yield* store.lockFollower(openid)
  if (!known?.following) return { id: known?.id ?? null, changed: false }
  const now = yield* (yield* Clock).now
  yield* store.setFollowing(known.id, false, now)
  yield* logOperation(UnfollowOperation, openid, now, { openid }, { id: known.id })
  return { id: known.id, changed: true }
})

export const teamOf = Effect.fn("teamOf")(function* (actor: Actor, leaderId: string) {
  const store = yield* ProfileStore
  const viewer = yield* store.find(actor.userId)
  if (!viewer) return yield* userMissing()
  if (!mayListTeam(viewer, leaderId)) return yield* new NotAllowed({ message: messages.notYourTeam })
  return yield* store.team(leaderId)
})
