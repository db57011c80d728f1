/**
 * The student's account: profile edits, phones with SMS codes, completing the profile, real-name
 * verification and its review, the runner application and a leader's team.
 */
import { Effect, Schema } from "effect"
import { logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { Clock, Events, Outbox } from "../shared/ports"
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
import { bindPhone, CAPTCHA_RULES, captchaPhoneDecision, captchaSendDecision, captchaSenderDecision, issueCaptcha, messages as phoneMessages, phoneEditRefusal, unbindMainPhone, unbindVicePhone, verifyCaptcha, type PhoneType } from "./phone"
import {
  identityEditable, mayListTeam, mayReviewVerifications, messages, reviewCommentRefusal, type ProfileChange, type UserProfile
} from "./profile"
import { ProfileStore } from "./profile-store"
import { REVIEW_LIST_MAX } from "./review-queue"
import { applyAsRunner } from "./runner-application"
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

export const updateRealname = Effect.fn("updateRealname")(function* (actor: Actor, realname: string | undefined) {
  const refused = realnameRefusal(realname)
  if (refused) return yield* refused
  const profile = yield* locked(actor.userId)
  const refusal = identityLocked(profile)
  if (refusal) return yield* refusal
  yield* save(actor.userId, { realname: text(realname) })
})

export const updateNickname = Effect.fn("updateNickname")(function* (actor: Actor, nickname: string | undefined) {
  const refused = nicknameRefusal(nickname)
  if (refused) return yield* refused
  yield* locked(actor.userId)
  yield* save(actor.userId, { nickname: text(nickname) })
})

export const updateSex = Effect.fn("updateSex")(function* (actor: Actor, sex: number | undefined) {
  const refused = sexRefusal(sex)
  if (refused) return yield* refused
  yield* locked(actor.userId)
  yield* save(actor.userId, { sex: sex as 1 | 2 })
})

export const updateIdCardNo = Effect.fn("updateIdCardNo")(function* (actor: Actor, idCardNo: string | undefined) {
  const now = yield* (yield* Clock).now
  const refused = idCardNoRefusal(idCardNo, now)
  if (refused) return yield* refused
  const profile = yield* locked(actor.userId)
  const refusal = identityLocked(profile)
  if (refusal) return yield* refusal
  yield* save(actor.userId, { idCardNo: normalizeIdCardNo(idCardNo!) })
})

/** The student card page: an image this user uploaded. */
export const updateStudentCardUrl = Effect.fn("updateStudentCardUrl")(function* (actor: Actor, url: string | undefined) {
  const upload = yield* ownUpload(actor, url)
  if (!upload) return yield* new RuleViolation({ message: imageMessages.required })
  yield* locked(actor.userId)
  const studentCardUrl = signUrl(upload.dateFolder, upload.fileName)
  yield* save(actor.userId, { studentCardUrl })
  return studentCardUrl
})

const worksiteNamed = Effect.fn("worksiteNamed")(function* (id: string | undefined) {
  if (text(id) === "") return yield* new RuleViolation({ message: worksiteMessages.required })
  const worksite = yield* (yield* Worksites).find(text(id))
  if (!worksite) return yield* new NotFound({ message: worksiteMessages.notFound })
  return worksite
})

/** When the user is bound to a worksite other than theirs: now (the statistics count new bindings by it). */
const boundAt = Effect.fnUntraced(function* (profile: UserProfile, worksiteId: string) {
  return profile.worksiteId === worksiteId ? {} : { worksiteBoundAt: yield* (yield* Clock).now }
})

export const updateWorksite = Effect.fn("updateWorksite")(function* (actor: Actor, worksiteId: string | undefined) {
  const worksite = yield* worksiteNamed(worksiteId)
  const profile = yield* locked(actor.userId)
  yield* save(actor.userId, { worksiteId: worksite.id, ...(yield* boundAt(profile, worksite.id)) })
  return worksite
})

export const updateNewPaotuiOrderRemind = Effect.fn("updateNewPaotuiOrderRemind")(function* (actor: Actor, remind: boolean | undefined) {
  if (remind === undefined) return yield* new RuleViolation({ message: messages.remindRequired })
  yield* locked(actor.userId)
  yield* save(actor.userId, { newPaotuiOrderRemind: remind })
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
  yield* (yield* Outbox).enqueue({ channel: "sms", to: p, template: "captcha", params: { code } })
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

/** The edit-phone page: a new valid number with the code sent to it. */
export const updatePhone = Effect.fn("updatePhone")(function* (actor: Actor, type: PhoneType, phone: string | undefined, captcha: string | undefined) {
  const profile = yield* locked(actor.userId)
  const refused = phoneEditRefusal({ phone, captcha, bound: profile })
  if (refused) return yield* refused
  const p = text(phone)
  const now = yield* (yield* Clock).now
  const codes = yield* checkCodes(actor.userId, [{ phone: p, code: captcha! }], now)
  if (!codes.ok) return yield* captchaInvalid()
  yield* refuseTaken(actor.userId, [p])
  const { phoneMain, phoneVice } = bindPhone(profile, type, p)
  yield* save(actor.userId, { phoneMain, phoneVice })
  yield* codes.consume
  return { phoneMain, phoneVice }
})

/** Unbinding the main phone promotes the vice; the answer is the new main phone, or null (complete the profile again). */
export const unbindPhoneMain = Effect.fn("unbindPhoneMain")(function* (actor: Actor) {
  const profile = yield* locked(actor.userId)
  const { phones, newMain } = unbindMainPhone(profile)
  yield* save(actor.userId, { phoneMain: phones.phoneMain, phoneVice: phones.phoneVice })
  return newMain ?? null
})

export const unbindPhoneVice = Effect.fn("unbindPhoneVice")(function* (actor: Actor) {
  const profile = yield* locked(actor.userId)
  const phones = unbindVicePhone(profile)
  // nothing to unbind is a state of the account, not a wrong input
  if (phones instanceof RuleViolation) return yield* new StateConflict({ message: phones.message })
  yield* save(actor.userId, { phoneVice: phones.phoneVice })
})

export interface CompleteProfileInput {
  readonly worksite?: string | undefined
  readonly phoneMain?: string | undefined
  readonly phoneMainCaptcha?: string | undefined
  readonly phoneVice?: string | undefined
  readonly phoneViceCaptcha?: string | undefined
}

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
  yield* refuseTaken(actor.userId, entries.map((e) => e.phone))
  yield* save(actor.userId, { worksiteId: worksite.id, phoneMain, phoneVice, ...(yield* boundAt(profile, worksite.id)) })
  yield* codes.consume
  return { worksite, phoneMain, phoneVice }
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
  return outcome
})

export const teamOf = Effect.fn("teamOf")(function* (actor: Actor, leaderId: string) {
  const store = yield* ProfileStore
  const viewer = yield* store.find(actor.userId)
  if (!viewer) return yield* userMissing()
  if (!mayListTeam(viewer, leaderId)) return yield* new NotAllowed({ message: messages.notYourTeam })
  return yield* store.team(leaderId)
})
