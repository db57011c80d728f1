/**
 * Replays an operations log through the real use cases: each operation runs with its recorded time as
 * the clock and, for a check-in, its recorded parcel id as the only new id, then its outcome is
 * compared with the recorded one. Messages the replayed operations put in the outbox are marked as
 * not sent, so a replay never texts anyone twice.
 */
import { Cause, Effect, Exit, Result, Schema, SchemaIssue } from "effect"
import type { Kysely } from "kysely"
import { AddItemOperation, addItemWith, EditItemOperation, editItemWith, ItemStatusOperation, loggedPics, setItemStatus } from "#src/circle/market"
import { HidePostOperation, hidePost, RestorePostOperation, restorePost } from "#src/circle/moderation"
import {
  AskContactOperation, askContact, CallTeammateOperation, callTeammate, DeletePostOperation, deletePost, react, ReactToPostOperation, reportPost,
  ReportPostOperation
} from "#src/circle/post-use-cases"
import { AddSocialPostOperation, publishSocialPost } from "#src/circle/social-use-cases"
import { signedIn } from "#src/circle/viewer"
import { ErrandStore } from "#src/errand/errand-store"
import {
  CancelErrandOperation, ConfirmErrandReceiptOperation, ConfirmErrandTakeawayOperation, ErrandCollectedOperation, ErrandDeliveredOperation, ErrandPaidOperation,
  ErrandPrepayOperation, ErrandTakeawayOperation, GrabErrandOperation, LeaderSignErrandOperation, PlaceErrandOperation, RateErrandOperation,
  ReleaseErrandOperation, TipPaidOperation, TipPrepayOperation, VoidErrandOperation
} from "#src/errand/errand-operations"
import { settleErrandTrade } from "#src/errand/errand-payment"
import {
  cancelOrder, collectedAtStation, confirmReceipt, confirmTakeawayWith, grabOrder, leaderSign, lifecycleMessages, markDelivered, runnerCancel, sayTakeaway
} from "#src/errand/lifecycle"
import { placeErrandOrder, prepayErrand, voidUnacceptedErrand, voidUnpaidErrand } from "#src/errand/ordering"
import { payTip, rateErrand } from "#src/errand/reviews"
import { tipSettlement } from "#src/errand/tip-settlement"
import { PayIn } from "#src/payment/pay-in"
import { messages as tradeMessages, TradeKind, type Trade } from "#src/payment/trade"
import { TradeStore } from "#src/payment/trade-store"
import {
  CancelVerificationOperation, ReviewVerificationOperation, reviewAuth, SubmitVerificationOperation, submitAuthWith, unverifySelf
} from "#src/profile/use-cases"
import { BindStaffOperation, bindRecorded } from "#src/staff/use-cases"
import { NotFound } from "#src/shared/errors"
import { purgePictures, PurgePicturesOperation } from "#src/circle/picture-purge"
import {
  answerUser, AnswerUserOperation, handleSuggestion, HandleSuggestionOperation, replySuggestion, ReplySuggestionOperation, submitSuggestion,
  SubmitSuggestionOperation
} from "#src/feedback/use-cases"
import { issueArticleCode, IssueArticleCodeOperation } from "#src/home/article-code"
import { setNotice, SetNoticeOperation } from "#src/notice/use-cases"
import { remindReturn, RemindReturnOperation } from "#src/parcel/return-reminder"
import { codeForPath, ShortenOperation } from "#src/home/short-url"
import { ExchangeGiftOperation, grantGift, GrantGiftOperation, redeemGift } from "#src/home/subscribe-gift-use-cases"
import { addActivity, AddActivityOperation, endActivity, EndActivityOperation } from "#src/home/use-cases"
import {
  CancelAgentOperation, cancelAgent, ChooseAgentOperation, chooseAgent, OpenBoxOperation, openBox, RefuseAgentOperation, refuseAgent, SelfSignOperation,
  selfSign
} from "#src/parcel/receiver"
import { MarkDueOperation, markDueParcels, ReturnParcelOperation, returnParcel, SYSTEM_ACTOR } from "#src/parcel/returns"
import { checkIn, CheckInOperation, handOverRecorded, TakePartOperation } from "#src/parcel/use-cases"
import { recordSafekeepFee, SafekeepFeeOperation } from "#src/payment/safekeep-settlement"
import { FreightPaidOperation, FreightPrepayOperation } from "#src/sending/settlement"
import { SendStore } from "#src/sending/send-store"
import {
  BookSendingOperation, bookWith, CloseSendingOperation, closeSending, freightPaid, payFreight, printWaybill, PrintWaybillOperation, sendOut, SendOutOperation,
  setFreight, SetFreightOperation
} from "#src/sending/use-cases"
import type { Actor } from "#src/shared/actor"
import { Clock } from "#src/shared/ports"
import { creditSms, SmsCreditOperation } from "#src/support/use-cases"
import {
  createReportLink, CreateReportLinkOperation, revokeReportLink, RevokeReportLinkOperation, setSiteAdmin,
  SetSiteAdminOperation, StoreDayOperation, writeStatisticsDay
} from "#src/statistics/use-cases"
import { isDomainError } from "#src/shared/errors"
import { STATION_OPERATOR, type OperationKind, type OperationName } from "#src/shared/operation"
import { randomUUID } from "node:crypto"
import type { DB } from "../postgres/schema"
import type { RunOptions, Runtime, StationServices } from "../runtime"
import { actorByOpenid } from "./actors"
import { decodeLine, lineNumbering, type DecodedOperation } from "./ops-log"

export interface ReplayLine {
  readonly lineNo: number
  readonly text: string
}

export type ProblemKind = "badLine" | "mismatch" | "failure"

export interface ReplayProblem {
  readonly line: number
  readonly kind: ProblemKind
  readonly op?: OperationName
  readonly message: string
  readonly expected?: unknown
  readonly actual?: unknown
}

export interface ReplaySummary {
  lines: number
  operations: number
  matched: number
  mismatched: number
  failed: number
  badLines: number
  /** Stopped before the end of the log (by the caller's signal). */
  interrupted: boolean
  /** The line the replay stopped at, its first problem (none with `keepGoing`, or when every line reproduced). */
  stoppedAt: number | null
  readonly problems: ReplayProblem[]
}

export const reproduced = (s: ReplaySummary) => s.mismatched === 0 && s.failed === 0 && s.badLines === 0 && !s.interrupted && s.stoppedAt === null

export interface ReplayOptions {
  /**
   * Go on past a problem (a bad line, a mismatch, a failure) and list every one; a mismatching operation's writes are
   * then kept, as later lines may build on them. Without it the replay stops at the first problem, and a mismatching
   * operation's transaction is rolled back: the database holds exactly the lines before it.
   */
  readonly keepGoing?: boolean
  readonly onProgress?: (summary: Readonly<ReplaySummary>) => void
  /** Stops the replay between two lines (Ctrl-C). */
  readonly signal?: AbortSignal
}

/** The new ids a booking took, in the order it takes them: the order, its errand, then the six characters each order number ends with. */
const bookingIds = (o: { readonly id: string; readonly orderNo: string; readonly errandId: string | null; readonly errandOrderNo: string | null }) => {
  const queue = [o.id, ...(o.errandId ? [o.errandId] : []), o.orderNo.slice(-6), ...(o.errandOrderNo ? [o.errandOrderNo.slice(-6)] : [])]
  return () => queue.shift() ?? randomUUID()
}

type Outcome = Readonly<Record<string, unknown>>
type Replayed = { readonly outcome: Outcome; readonly expected: Outcome } | { readonly failure: string; readonly expected: Outcome }

/** A replayed outcome other than the recorded one, failing its transaction so that none of its writes stay. */
class Mismatched {
  constructor(readonly outcome: Outcome) {}
}

/** A logged line whose input and outcome decoded: ready to run as its actor (none for the scheduler's operations). */
interface Ready {
  readonly expected: Outcome
  /** With `rollBackMismatch`, an outcome other than the recorded one rolls its transaction back. */
  readonly run: (runtime: Runtime, actor: Actor | undefined, rollBackMismatch: boolean) => Promise<Replayed>
}

/** How one kind of operation replays: its line decoded with the kind's Schemas (or why it is not such a line), then run. */
interface Replayer<Name extends OperationName> {
  readonly op: Name
  /** False for an operation the scheduler logs under the system actor, which is no user. */
  readonly needsActor: (op: DecodedOperation) => boolean
  readonly decode: (op: DecodedOperation) => Ready | { readonly badLine: string }
}

const noIds = () => {
  throw new Error("this operation takes no new ids")
}

const failureOf = <A, E>(exit: Exit.Exit<A, E>): string => {
  if (Exit.isSuccess(exit)) return ""
  const failure = Cause.squash(exit.cause)
  if (!Cause.hasDies(exit.cause) && isDomainError(failure)) return failure.message
  return `defect: ${failure instanceof Error ? failure.message : String(failure)}`
}

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()
const SHOWN_VALUE = 60
type PathPart = PropertyKey | { readonly key: PropertyKey }
const keyOf = (p: PathPart) => (typeof p === "object" ? p.key : p)

/** A value as a problem shows it, cut short. */
const shown = (value: unknown) => {
  const text = value === undefined ? "nothing" : JSON.stringify(value)
  return text.length > SHOWN_VALUE ? `${text.slice(0, SHOWN_VALUE)}…` : text
}

/** A field's path as it reads in a line: `input.sender.name`, `outcome.ids[1]`. */
const fieldPath = (part: string, path: ReadonlyArray<PathPart>) =>
  path.map(keyOf).reduce<string>((at, key) => (typeof key === "number" ? `${at}[${key}]` : `${at}.${String(key)}`), part)

const valueAt = (value: unknown, path: ReadonlyArray<PathPart>): unknown =>
  path.reduce<unknown>((v, p) => (typeof v === "object" && v !== null ? (v as Record<PropertyKey, unknown>)[keyOf(p)] : undefined), value)

/** What the Schema expected there ("Expected string | undefined | undefined" with each kind once). */
const expectation = (message: string) => `expected ${[...new Set(message.replace(/^Expected /, "").split(" | "))].join(" | ")}`

/**
 * One part of a logged line decoded with its operation kind's Schema, or what is wrong with it: each wrong field by its
 * path in the line, what the Schema expects there and what the line holds.
 */
const decodePart = <A>(schema: Schema.Codec<A>, part: "input" | "outcome", value: unknown): Result.Result<A, string> =>
  Result.mapError(Schema.decodeUnknownResult(schema)(value, { errors: "all" }), (error) =>
    formatIssue(error.issue).issues.map((issue) => {
      const path = issue.path ?? []
      return issue.message === "Missing key"
        ? `${fieldPath(part, path)}: missing`
        : `${fieldPath(part, path)}: ${expectation(issue.message)}, got ${shown(valueAt(value, path))}`
    }).join("; "))

/**
 * Replays a use case's logged operations: the line's input and outcome decoded with the kind's Schemas (those its use case
 * writes with), the use case run at the recorded time as the line's actor, its outcome picked out to compare.
 */
const replayer = <Name extends OperationName, I, O extends Outcome, A>(
  kind: OperationKind<Name, I, O>,
  run: (input: I, actor: Actor, expected: O) => Effect.Effect<A, unknown, StationServices>,
  outcomeOf: (value: A) => Outcome,
  options: (expected: O) => Pick<RunOptions, "ids" | "oneStatement"> = () => ({}),
  needsActor: (op: DecodedOperation) => boolean = () => true
): Replayer<Name> => ({
  op: kind.op,
  needsActor,
  decode: (op) => {
    const input = decodePart(kind.input, "input", op.input)
    const expected = decodePart(kind.outcome, "outcome", op.outcome)
    if (Result.isFailure(input) || Result.isFailure(expected)) {
      const wrong: ReadonlyArray<Result.Result<unknown, string>> = [input, expected]
      return { badLine: wrong.flatMap((part) => (Result.isFailure(part) ? [part.failure] : [])).join("; ") }
    }
    return {
      expected: expected.success,
      run: async (runtime, actor, rollBackMismatch) => {
        if (needsActor(op) && !actor) return { failure: `unknown actor ${op.actorOpenid}: no such user`, expected: expected.success }
        const picked = (result: A): Outcome => {
          const value = outcomeOf(result)
          return Object.fromEntries(Object.keys(expected.success).map((k) => [k, value[k]]))
        }
        const compared = run(input.success, actor!, expected.success).pipe(Effect.flatMap((result) => {
          const outcome = picked(result)
          return rollBackMismatch && differences(expected.success, outcome).length > 0 ? Effect.fail(new Mismatched(outcome)) : Effect.succeed(outcome)
        }))
        const { oneStatement, ...rest } = options(expected.success)
        // a statement run on its own commits before its outcome is compared: one that may have to be rolled back runs in a transaction
        const exit = await runtime.run(compared, { now: op.at, ids: noIds, ...rest, ...(rollBackMismatch ? {} : { oneStatement }) })
        if (Exit.isSuccess(exit)) return { outcome: exit.value, expected: expected.success }
        const failure = Cause.squash(exit.cause)
        if (failure instanceof Mismatched) return { outcome: failure.outcome, expected: expected.success }
        return { failure: failureOf(exit), expected: expected.success }
      }
    }
  }
})

const statusOutcome = (p: { readonly id: string; readonly status: number }) => ({ id: p.id, status: p.status })

/**
 * The payment provider as the log recorded it: a prepay answers the recorded prepay id, a close is closed and a refund
 * is paid back (the replaying server neither opens nor refunds anything at a provider).
 */
const recordedProvider = (prepayId?: string | null) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.updateService(effect, PayIn, (payIn) => ({
    ...payIn,
    prepay: () => Effect.succeed({ ok: true as const, prepayId: prepayId ?? "" }),
    close: () => Effect.succeed({ closed: true as const }),
    refund: (r: { readonly refundNo: string }) => Effect.succeed({ ok: true as const, reference: r.refundNo })
  }))

/** The id a trade number was made of (`P`, the time in milliseconds, the id). */
const tradeId = (tradeNo: string) => tradeNo.replace(/^P\d{13}/, "")

/** The provider's notice as recorded: the trade marked paid with the provider's reference, then its settlement. */
const paidAsRecorded = <R>(input: { readonly tradeNo: string; readonly providerRef: string | null }, settle: (trade: Trade) => Effect.Effect<void, never, R>) =>
  Effect.gen(function* () {
    const paid = yield* (yield* TradeStore).markPaid(input.tradeNo, input.providerRef ?? "", yield* (yield* Clock).now)
    if (!paid) return yield* new NotFound({ message: tradeMessages.tradeMissing })
    yield* settle(paid)
    return paid
  })

const errandStatus = (id: string) => ErrandStore.use((s) => s.findById(id)).pipe(Effect.map((o) => ({ id, status: o?.status ?? -1 })))
const sendStatus = (id: string) => SendStore.use((s) => s.findById(id)).pipe(Effect.map((o) => ({ id, status: o?.status ?? -1 })))
const newIds = () => ({ ids: randomUUID })

/** Every logged kind of operation and how it replays. */
const replayers: { readonly [K in OperationName]: Replayer<K> } = {
  // the scheduler's runs are logged under the system actor, which is no user
  markDue: replayer(MarkDueOperation, (input) => markDueParcels(input.worksiteId), (r) => ({ ...r }), undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  checkIn: replayer(CheckInOperation, (input, actor) => checkIn(actor, input), (r) => ({ id: r.parcel.id, tag: r.parcel.tag, code: r.code }),
    (expected) => ({ ids: () => expected.id, oneStatement: true })),
  // the hand-over as the staff confirmed it, checked against whom the QR named when its signature was verified
  takePart: replayer(TakePartOperation, (input, actor) => handOverRecorded(actor, input), statusOutcome),
  returnParcel: replayer(ReturnParcelOperation, (input, actor) => returnParcel(actor, input), statusOutcome),
  safekeepFee: replayer(SafekeepFeeOperation, recordSafekeepFee, (r) => ({ ...r })),
  chooseAgent: replayer(ChooseAgentOperation, (input, actor) => chooseAgent(actor, input), (p) => ({ id: p.id, status: p.status, agentId: p.agentId })),
  refuseAgent: replayer(RefuseAgentOperation, (input, actor) => refuseAgent(actor, input.id), statusOutcome),
  cancelAgent: replayer(CancelAgentOperation, (input, actor) => cancelAgent(actor, input.id), statusOutcome),
  selfSign: replayer(SelfSignOperation, (input, actor) => selfSign(actor, input.id), statusOutcome),
  openBox: replayer(OpenBoxOperation, (input, actor) => openBox(actor, input.id), (p) => ({ id: p.id, status: p.status, door: p.door })),
  setFreight: replayer(SetFreightOperation,
    (input, actor) => setFreight(actor, { ...input, freightWeight: input.freightWeight ?? undefined, freight: input.freight ?? undefined }),
    ({ order: o }) => ({ id: o.id, status: o.status, freight: o.freight, isDaofu: o.isDaofu }), () => ({ ids: randomUUID })),
  bookSending: replayer(BookSendingOperation,
    (input, actor) => bookWith(actor, input).pipe(Effect.flatMap((o) =>
      (o.errandId ? ErrandStore.use((s) => s.findById(o.errandId!)) : Effect.succeed(undefined)).pipe(Effect.map((errand) => ({ o, errandOrderNo: errand?.orderNo ?? null }))))),
    ({ o, errandOrderNo }) => ({ id: o.id, orderNo: o.orderNo, status: o.status, errandId: o.errandId, errandOrderNo }),
    (expected) => ({ ids: bookingIds(expected) })),
  // the sender's freight prepay: the trade with its recorded number, the provider answering the recorded prepay id
  freightPrepay: replayer(FreightPrepayOperation,
    (input, actor, expected) => payFreight(actor, input.id).pipe(recordedProvider(expected.prepayId), Effect.map((p) => ({ id: input.id, ...p }))),
    (p) => ({ id: p.id, tradeNo: p.tradeNo, prepayId: p.prepayId, amountFen: p.totalFee }), (expected) => ({ ids: () => tradeId(expected.tradeNo) })),
  // the provider's notice as recorded: the recorded trade marked paid with the provider's reference, then the order moves
  freightPaid: replayer(FreightPaidOperation,
    (input) => paidAsRecorded(input, (t) => Effect.asVoid(freightPaid(t))).pipe(Effect.flatMap((t) => sendStatus(t.refId)), recordedProvider()),
    (r) => ({ ...r }), newIds, () => false),
  printWaybill: replayer(PrintWaybillOperation,
    (input, actor) => printWaybill(actor, input).pipe(Effect.flatMap((p) => SendStore.use((s) => s.findByOrderNo(p.orderNo)))),
    (o) => ({ id: o?.id ?? "", status: o?.status ?? -1, expressNo: o?.expressNo ?? null })),
  // a completed door pickup credits its runner: the ledger row takes a new id
  sendOut: replayer(SendOutOperation, (input, actor) => sendOut(actor, input.worksiteId, input.code), ({ order: o }) => ({ id: o.id, status: o.status }),
    () => ({ ids: randomUUID })),
  // a door pickup's close cancels its errand, which may refund it: the refund's ledger row takes a new id
  closeSending: replayer(CloseSendingOperation, (input, actor) => closeSending(actor, input.id), ({ order: o }) => ({ id: o.id, status: o.status }),
    () => ({ ids: randomUUID })),
  // the operator's announcements: `station activity add | end`, logged under the operator, who is no user
  addActivity: replayer(AddActivityOperation, (input) => addActivity(input),
    (a) => ({ id: a.id, timeBegin: a.timeBegin.toISOString(), timeEnd: a.timeEnd.toISOString() }), (expected) => ({ ids: () => expected.id }),
    (op) => op.actorOpenid !== STATION_OPERATOR),
  endActivity: replayer(EndActivityOperation, (input) => endActivity(input.id), (a) => ({ id: a.id, timeEnd: a.timeEnd.toISOString() }), undefined,
    (op) => op.actorOpenid !== STATION_OPERATOR),
  grantGift: replayer(GrantGiftOperation, (_, actor) => grantGift(actor), ({ gift }) => ({ id: gift.id, worksiteId: gift.worksiteId }),
    (expected) => ({ ids: () => expected.id })),
  // redeemed as the staff did once the scanned QR was verified: the QR itself was signed with the recording server's key
  exchangeGift: replayer(ExchangeGiftOperation, (input, actor) => redeemGift(actor, input.id), (g) => ({ id: g.id, status: g.status })),
  // SMS credit added (a deposit credited under its payer, a grant under the operator): the same move at the logged time
  smsCredit: replayer(SmsCreditOperation,
    (input) => Clock.use((c) => c.now).pipe(Effect.flatMap((at) => creditSms({ ...input, at })), Effect.as({ worksiteId: input.worksiteId, change: input.change })),
    (r) => ({ ...r }), undefined, () => false),
  // the code drawn when it was shortened
  shortenUrl: replayer(ShortenOperation, (input, actor) => codeForPath(actor.openid, input.path, input.code), (code) => ({ code })),
  // the job's purge of a deleted post's pictures, under the system actor (the replaying server's own files, if it has them)
  purgeCirclePictures: replayer(PurgePicturesOperation, (input) => purgePictures(input.id), ({ files }) => ({ files }),
    undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // feedback: each new row takes its recorded id
  submitSuggestion: replayer(SubmitSuggestionOperation, (input, actor) => submitSuggestion(actor, input), (id) => ({ id }), (expected) => ({ ids: () => expected.id })),
  replySuggestion: replayer(ReplySuggestionOperation, (input, actor) => replySuggestion(actor, input.id, input.content),
    ({ suggestion, reply }) => ({ replyId: reply.id, status: suggestion.status }), (expected) => ({ ids: () => expected.replyId })),
  handleSuggestion: replayer(HandleSuggestionOperation, (input, actor) => handleSuggestion(actor, input.id), statusOutcome),
  // the job's reminder of one parcel, under the system actor: the marker and the message again (the message not sent)
  remindReturn: replayer(RemindReturnOperation, (input) => remindReturn(input.id).pipe(Effect.map((o) => ({ sent: o === "reminded" }))), (r) => ({ ...r }),
    undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // a reminder switch turned: the same switch, answering the same settings
  setNotice: replayer(SetNoticeOperation, (input, actor) => setNotice(actor, input.kind, input.on), (s) => ({ ...s })),
  answerUser: replayer(AnswerUserOperation, (input, actor) => answerUser(actor, input.openid, input.content), (a) => ({ id: a.id }), (expected) => ({ ids: () => expected.id })),
  // a new random code (the log never holds one): the same expiry
  issueArticleCode: replayer(IssueArticleCodeOperation, (_, actor) => issueArticleCode(actor), ({ expiresAt }) => ({ expiresAt: expiresAt.toISOString() })),
  // the pictures as the log kept them: found to be the poster's uploads when the item was posted or edited
  addCircleItem: replayer(AddItemOperation, (input, actor) => addItemWith(actor, input, loggedPics), (id) => ({ id }), (expected) => ({ ids: () => expected.id })),
  editCircleItem: replayer(EditItemOperation, (input, actor) => editItemWith(actor, input, loggedPics), (r) => ({ ...r })),
  circleItemStatus: replayer(ItemStatusOperation, (input, actor) => setItemStatus(actor, input), (r) => ({ ...r })),
  // the circle: a post as checked when it was made (its images were the poster's own uploads then); a visitor's
  // reaction or report as the visitor's; a contact request and a report take new ids for their rows
  addSocialPost: replayer(AddSocialPostOperation, (input, actor) => publishSocialPost(actor, input), (p) => ({ id: p.id, worksiteId: p.worksiteId }),
    (expected) => ({ ids: () => expected.id })),
  reactToPost: replayer(ReactToPostOperation,
    (input, actor) => react({ ...actor, visitor: input.visitor }, { id: input.id, bizType: input.kind, type: input.type }).pipe(
      Effect.map(({ answer }) => ({ id: input.id, count: answer }))),
    (r) => ({ ...r })),
  callTeammate: replayer(CallTeammateOperation, (input, actor) => callTeammate(actor, input.id).pipe(Effect.map((interest) => ({ id: input.id, interest }))),
    (r) => ({ ...r })),
  askContact: replayer(AskContactOperation, (input, actor) => askContact(signedIn(actor), input.id).pipe(Effect.as({ id: input.id })), (r) => ({ ...r }),
    () => ({ ids: randomUUID })),
  reportPost: replayer(ReportPostOperation, (input, actor) => reportPost({ ...actor, visitor: input.visitor }, input.id, input.complain),
    statusOutcome, () => ({ ids: randomUUID })),
  deletePost: replayer(DeletePostOperation, (input, actor) => deletePost(actor, input.id), statusOutcome),
  // the operator's moderation (`station circle hide | restore`), logged under the operator, who is no user
  hidePost: replayer(HidePostOperation, (input) => hidePost(input.id, input.reason), (p) => ({ ...p }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  restorePost: replayer(RestorePostOperation, (input) => restorePost(input.id), (p) => ({ ...p }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  // statistics: the job's stored day written with its logged figures (the records it counted from need not all be logged);
  // a report key made again with its recorded id (its secret is never logged: the replayed one is new); site admins set again
  storeDailyStatistics: replayer(StoreDayOperation, (input) => writeStatisticsDay(input.worksiteId, input.day, input.figures),
    (w) => ({ id: w.id, outcome: w.outcome }), (expected) => ({ ids: () => expected.id }), (op) => op.actorOpenid !== SYSTEM_ACTOR),
  createReportLink: replayer(CreateReportLinkOperation, (input) => createReportLink(input.worksiteId, input.days),
    ({ key }) => ({ id: key.id, expiresAt: key.expiresAt.toISOString() }), (expected) => ({ ids: () => expected.id }), (op) => op.actorOpenid !== STATION_OPERATOR),
  revokeReportLink: replayer(RevokeReportLinkOperation, (input) => revokeReportLink(input.id), (k) => ({ id: k.id }), undefined,
    (op) => op.actorOpenid !== STATION_OPERATOR),
  // errands: the order with its recorded id, number and trade number; the provider answers as it did (recordedProvider)
  placeErrand: replayer(PlaceErrandOperation, (input, actor, expected) => placeErrandOrder(actor, input).pipe(recordedProvider(expected.prepayId),
    Effect.flatMap((o) => TradeStore.use((t) => t.openFor(TradeKind.errand, o.id)).pipe(Effect.map((open) => ({ o, tradeNo: open[0]?.tradeNo ?? null }))))),
    ({ o, tradeNo }) => ({ id: o.id, orderNo: o.orderNo, status: o.status, payFee: o.payFee, tradeNo, prepayId: o.prepayId }),
    (expected) => {
      const queue = [expected.id, expected.orderNo.slice(-6), ...(expected.tradeNo ? [tradeId(expected.tradeNo)] : [])]
      return { ids: () => queue.shift() ?? randomUUID() }
    }),
  errandPrepay: replayer(ErrandPrepayOperation, (input, actor, expected) => prepayErrand(actor, input.id).pipe(recordedProvider(expected.prepayId)),
    (p) => ({ tradeNo: p.tradeNo, prepayId: p.prepayId }), (expected) => ({ ids: () => tradeId(expected.tradeNo) })),
  errandPaid: replayer(ErrandPaidOperation, (input) => paidAsRecorded(input, settleErrandTrade).pipe(Effect.flatMap((t) => errandStatus(t.refId)), recordedProvider()),
    (r) => ({ ...r }), newIds, () => false),
  grabErrand: replayer(GrabErrandOperation, (input, actor) => grabOrder(actor, input.orderNo), statusOutcome),
  cancelErrand: replayer(CancelErrandOperation, (input, actor) => cancelOrder(actor, input.orderNo).pipe(recordedProvider()), statusOutcome, newIds),
  releaseErrand: replayer(ReleaseErrandOperation,
    (input, actor) => runnerCancel(actor, input.orderNo, input.reasonType ?? undefined, input.reason ?? undefined).pipe(recordedProvider()), statusOutcome, newIds),
  errandTakeaway: replayer(ErrandTakeawayOperation, (input, actor) => sayTakeaway(actor, input.id), statusOutcome),
  confirmErrandTakeaway: replayer(ConfirmErrandTakeawayOperation, (input, actor) => confirmTakeawayWith(actor, input.id, input.goodsPic, input.isDaofu),
    statusOutcome),
  errandDelivered: replayer(ErrandDeliveredOperation, (input, actor) => markDelivered(actor, input.id), statusOutcome),
  // the runner is paid: the ledger row takes a new id
  confirmErrandReceipt: replayer(ConfirmErrandReceiptOperation, (input, actor) => confirmReceipt(actor, { id: input.id }).pipe(recordedProvider()), statusOutcome, newIds),
  leaderSignErrand: replayer(LeaderSignErrandOperation, (input, actor) => leaderSign(actor, input.id).pipe(recordedProvider()), statusOutcome, newIds),
  errandCollected: replayer(ErrandCollectedOperation, (input, actor) => collectedAtStation(actor.openid, input.parcelId, input.worksiteId).pipe(
    Effect.flatMap((o) => (o ? Effect.succeed(o) : Effect.fail(new NotFound({ message: lifecycleMessages.orderMissing }))))), statusOutcome),
  voidErrand: replayer(VoidErrandOperation,
    (input) => (input.reason === "unpaid" ? voidUnpaidErrand(input.id) : voidUnacceptedErrand(input.id)).pipe(Effect.andThen(errandStatus(input.id)), recordedProvider()),
    (r) => ({ ...r }), newIds, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // the credit record takes a new id
  rateErrand: replayer(RateErrandOperation, (input, actor) => rateErrand(actor, input), (r) => ({ orderId: r.orderId, rewardMoney: r.rewardMoney, creditScore: r.creditScore }),
    newIds),
  tipPrepay: replayer(TipPrepayOperation, (input, actor, expected) => payTip(actor, input.id, input.amountFen).pipe(recordedProvider(expected.prepayId)),
    (p) => ({ tradeNo: p.tradeNo, prepayId: p.prepayId }), (expected) => ({ ids: () => tradeId(expected.tradeNo) })),
  tipPaid: replayer(TipPaidOperation, (input) => paidAsRecorded(input, tipSettlement.settle).pipe(Effect.map((t) => ({ id: t.refId }))), (r) => ({ ...r }),
    newIds, () => false),
  // staff binding: the password was checked when it was bound (never logged)
  bindStaff: replayer(BindStaffOperation, (input, actor) => bindRecorded(actor, input.phone), (r) => ({ ...r })),
  // real-name verification: the photos and the recognised name and number as recorded; a review by the operator under the operator
  submitVerification: replayer(SubmitVerificationOperation, (input, actor) => submitAuthWith(actor, input), (v) => ({ authStatus: v.authStatus })),
  reviewVerification: replayer(ReviewVerificationOperation,
    (input, actor) => reviewAuth(actor ?? "operator", input.userId, input.decision, input.comment ?? undefined),
    (u) => ({ userId: u.id, authStatus: u.authStatus }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  cancelVerification: replayer(CancelVerificationOperation, (_, actor) => unverifySelf(actor), (v) => ({ authStatus: v.authStatus })),
  setSiteAdmin: replayer(SetSiteAdminOperation, (input) => setSiteAdmin(input.phone, input.on), (r) => ({ employeeId: r.employee.id, siteAdmin: r.siteAdmin }),
    undefined, (op) => op.actorOpenid !== STATION_OPERATOR)
}

const differences = (expected: Outcome, actual: Outcome) =>
  Object.keys(expected).filter((k) => JSON.stringify(expected[k]) !== JSON.stringify(actual[k])).map((k) => `${k}: recorded ${JSON.stringify(expected[k])}, replayed ${JSON.stringify(actual[k])}`)

/** Marks the outbox rows written since `after` as not to be sent. */
const silenceOutbox = async (db: Kysely<DB>, after: string) => {
  await db.updateTable("outbox").set({ sent_at: new Date(), last_error: "not sent: written by station replay" })
    .where("id", ">", after).where("sent_at", "is", null).where("failed_at", "is", null).execute()
}

const SILENCE_EVERY = 500

/** The operations after which their actor's role is another (a binding makes a user staff): the actor is looked up again. */
const CHANGES_ROLE: ReadonlySet<OperationName> = new Set(["bindStaff"])

/**
 * Replays the lines in order, each operation in its own transaction. Stops at the first problem (a line that is not an
 * operation, names an unknown op, is dated after the replaying clock's now or does not fit its op's Schemas; a numbered
 * line that is not the one after the previous, a digest line whose count is not the last line's; an outcome other than
 * the recorded one; a refusal) unless `keepGoing`, which counts it and goes on. The digest line itself is not replayed:
 * the caller compares it with the replayed database.
 */
export const replayOperations = async (runtime: Runtime, lines: AsyncIterable<ReplayLine>, options: ReplayOptions = {}): Promise<ReplaySummary> => {
  const { keepGoing = false, onProgress = () => {}, signal } = options
  const summary: ReplaySummary = {
    lines: 0, operations: 0, matched: 0, mismatched: 0, failed: 0, badLines: 0, interrupted: false, stoppedAt: null, problems: []
  }
  const actors = new Map<string, Actor | undefined>()
  const numbering = lineNumbering()
  const outboxMark = String((await runtime.db.selectFrom("outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0)
  const bad = (line: number, message: string, op?: OperationName) => {
    summary.badLines++
    summary.problems.push({ line, kind: "badLine", ...(op ? { op } : {}), message })
  }
  /** A line that decoded as an operation: refused as a whole if its input or outcome is not its kind's, else replayed and compared. */
  const replayLine = async (lineNo: number, op: DecodedOperation) => {
    const replay = replayers[op.op]
    const ready = replay.decode(op)
    if ("badLine" in ready) return bad(lineNo, ready.badLine, op.op)
    if (op.at.getTime() > runtime.now().getTime()) {
      return bad(lineNo, `at ${op.at.toISOString()} is in the future (the replaying clock says ${runtime.now().toISOString()})`, op.op)
    }
    const needsActor = replay.needsActor(op)
    if (needsActor && !actors.has(op.actorOpenid)) actors.set(op.actorOpenid, await actorByOpenid(runtime.db, op.actorOpenid))
    const replayed = await ready.run(runtime, needsActor ? actors.get(op.actorOpenid) : undefined, !keepGoing)
    if (CHANGES_ROLE.has(op.op)) actors.delete(op.actorOpenid)
    summary.operations++
    if ("failure" in replayed) {
      summary.failed++
      summary.problems.push({ line: lineNo, kind: "failure", op: op.op, message: replayed.failure, expected: replayed.expected })
      return
    }
    const diff = differences(replayed.expected, replayed.outcome)
    if (diff.length === 0) summary.matched++
    else {
      summary.mismatched++
      summary.problems.push({ line: lineNo, kind: "mismatch", op: op.op, message: diff.join("; "), expected: replayed.expected, actual: replayed.outcome })
    }
  }
  try {
    for await (const { lineNo, text } of lines) {
      if (signal?.aborted) {
        summary.interrupted = true
        break
      }
      if (text.trim() === "") continue
      summary.lines++
      const problems = summary.problems.length
      const line = decodeLine(text)
      const outOfOrder = "problem" in line ? undefined : numbering(line)
      if ("problem" in line) bad(lineNo, line.problem)
      else if (outOfOrder) bad(lineNo, outOfOrder, "op" in line ? line.op : undefined)
      // a line after a gap is itself whole: --keep-going replays it
      if ("op" in line && (!outOfOrder || keepGoing)) await replayLine(lineNo, line)
      if (summary.lines % SILENCE_EVERY === 0) await silenceOutbox(runtime.db, outboxMark)
      onProgress(summary)
      if (!keepGoing && summary.problems.length > problems) {
        summary.stoppedAt = lineNo
        break
      }
    }
  } finally {
    await silenceOutbox(runtime.db, outboxMark)
  }
  return summary
}
