/**
 * Replays an operations log through the real use cases: each operation runs with its recorded time as
 * the clock and, for a check-in, its recorded parcel id as the only new id, then its outcome is
 * compared with the recorded one. Messages the replayed operations put in the outbox are marked as
 * not sent, so a replay never texts anyone twice.
 */
import { Cause, Effect, Exit, Result, Schema, SchemaIssue } from "effect"
import type { Kysely } from "kysely"
import { addItemWith, editItemWith, loggedPics, setItemStatus, viewItem } from "#src/circle/market"
import { hidePost, restorePost } from "#src/circle/moderation"
import { askContact, callTeammate, deletePost, react, reportPost } from "#src/circle/post-use-cases"
import { publishSocialPost } from "#src/circle/social-use-cases"
import { signedIn } from "#src/circle/viewer"
import { ErrandStore } from "#src/errand/errand-store"
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
import { replayPruneTrades } from "#src/payment/trade-retention"
import { replayPruneMessages } from "#src/support/message-retention"
import { reviewAuth, submitAuthWith, unverifySelf } from "#src/profile/use-cases"
import { bindRecorded } from "#src/staff/use-cases"
import { NotFound } from "#src/shared/errors"
import { purgePictures } from "#src/circle/picture-purge"
import { answerUser, handleSuggestion, replySuggestion, submitSuggestion } from "#src/feedback/use-cases"
import { issueArticleCode } from "#src/home/article-code"
import { setNotice } from "#src/notice/use-cases"
import { remindReturn } from "#src/parcel/return-reminder"
import { codeForPath } from "#src/home/short-url"
import { grantGift, redeemGift } from "#src/home/subscribe-gift-use-cases"
import { addActivity, endActivity } from "#src/home/use-cases"
import { Locker } from "#src/locker/locker"
import { cancelAgent, chooseAgent, openBox, refuseAgent, selfSign } from "#src/parcel/receiver"
import { markDueParcels, returnParcel, SYSTEM_ACTOR } from "#src/parcel/returns"
import { checkIn, handOverRecorded } from "#src/parcel/use-cases"
import { recordSafekeepFee } from "#src/payment/safekeep-settlement"
import { SendStore } from "#src/sending/send-store"
import { bookWith, closeSending, freightPaid, payFreight, printWaybill, sendOut, setFreight, setPrinter } from "#src/sending/use-cases"
import type { Actor } from "#src/shared/actor"
import { Clock, Ids } from "#src/shared/ports"
import { chargeSms, creditSms } from "#src/support/use-cases"
import { createReportLink, revokeReportLink, setSiteAdmin, writeStatisticsDay } from "#src/statistics/use-cases"
import { isDomainError } from "#src/shared/errors"
import { STATION_OPERATOR, type OperationKind } from "#src/shared/operation"
import { operations, type OperationName } from "#src/operations/catalog"
import { randomUUID } from "node:crypto"
import { addAddress, deleteAddress } from "#src/address/use-cases"
import { applyPaotui, completeRecorded, confirmPhoneRecorded, editRecorded, follow, reviewRunner, signUp, unbindRecorded, unfollow, updateWorksite } from "#src/profile/use-cases"
import type { DB } from "../postgres/schema"
import { applyWithdrawal, pointsToMoney, reviewWithdrawal, transferWithdrawal } from "#src/wallet/use-cases"
import { Payouts } from "#src/wallet/wallet-store"
import { paySafekeeping } from "#src/payment/safekeeping"
import { expirePrepay, refundTrade, settlements, withDrawnIds } from "#src/settlement/settlements"
import { depositTrade, donationTrade } from "#src/support/use-cases"
import { recordUpload } from "#src/upload/use-cases"
import type { RunOptions, Runtime, StationServices } from "../runtime"
import { actorByOpenid } from "./actors"
import { decodeLine, lineNumbering, type DecodedOperation } from "./ops-log"
import { removeBuildingManager, setBuildingManager, transferOrders } from "#src/errand/team"
import { jobNamed } from "../scheduler/jobs"
import { logOperation } from "#src/shared/operation"

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
  /** Operations per transaction (default `DEFAULT_BATCH`; 1: each operation in its own, as before batches). */
  readonly batch?: number
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

/** Runs an operation's use case in a transaction at the recorded time with the recorded ids: its own, or a batch's. */
type Exec = <A, E>(useCase: Effect.Effect<A, E, StationServices>, options: Pick<RunOptions, "now" | "ids">) => Promise<Exit.Exit<A, E>>

/** A logged line whose input and outcome decoded: ready to run as its actor (none for the scheduler's operations). */
interface Ready {
  readonly expected: Outcome
  /** With `rollBackMismatch`, an outcome other than the recorded one rolls its transaction back. */
  readonly run: (exec: Exec, actor: Actor | undefined, rollBackMismatch: boolean) => Promise<Replayed>
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

/**
 * The ids the operation drew when it was logged, in order; past them (a replay that draws more than the recording did,
 * whose rows the closing digest then tells apart) the replayer's own.
 */
const recordedIds = (recorded: ReadonlyArray<string>, then: () => string) => {
  const queue = [...recorded]
  return () => queue.shift() ?? then()
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
  options: (expected: O) => Pick<RunOptions, "ids"> = () => ({}),
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
      run: async (exec, actor, rollBackMismatch) => {
        if (needsActor(op) && !actor) return { failure: `unknown actor ${op.actorOpenid}: no such user`, expected: expected.success }
        const picked = (result: A): Outcome => {
          const value = outcomeOf(result)
          return Object.fromEntries(Object.keys(expected.success).map((k) => [k, value[k]]))
        }
        const compared = run(input.success, actor!, expected.success).pipe(Effect.flatMap((result) => {
          const outcome = picked(result)
          return rollBackMismatch && differences(expected.success, outcome).length > 0 ? Effect.fail(new Mismatched(outcome)) : Effect.succeed(outcome)
        }))
        const { ids } = options(expected.success)
        const exit = await exec(compared, { now: op.at, ids: op.ids ? recordedIds(op.ids, ids ?? randomUUID) : ids ?? noIds })
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

/**
 * The cabinet as recorded: a logged `openBox` is one whose door opened (a door that stayed shut logs nothing), so the
 * replay answers "opened" and never opens a real door again.
 */
const doorOpenedAsRecorded = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.updateService(effect, Locker, () => ({ open: () => Effect.succeed({ opened: true as const }) }))

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

/** The recorded ids, handed out in order (then new ones). */
const givenBack = (ids: ReadonlyArray<string>) => {
  const queue = [...ids]
  return () => queue.shift() ?? randomUUID()
}

/** The pay-out provider as recorded: the transfer answers the recorded reference (the replay pays nobody). */
const paidOutAs = (reference: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.updateService(effect, Payouts, () => ({ transfer: () => Effect.succeed({ ok: true as const, reference }) }))

/** A logged safekeeping, donation or SMS top-up prepay opened again: the trade as the log's outcome shows it. */
const prepayAgain = (actor: Actor, input: typeof operations.tradePrepay.input.Type) => Effect.gen(function* () {
  if (input.kind === "safekeep") {
    const t = yield* paySafekeeping(actor, input.parcelId)
    return { tradeNo: t.tradeNo, prepayId: t.prepayId, amountFen: t.totalFee, refId: input.parcelId }
  }
  const t = input.kind === "donation" ? yield* donationTrade(actor) : (yield* depositTrade(actor, { worksiteId: input.worksiteId, money: input.money })).trade
  return { tradeNo: t.tradeNo, prepayId: t.prepayId ?? "", amountFen: t.amountFen, refId: t.refId }
})

/** Every logged kind of operation and how it replays. */
const replayers: { readonly [K in OperationName]: Replayer<K> } = {
  // the scheduler's runs are logged under the system actor, which is no user
  markDue: replayer(operations.markDue, (input) => markDueParcels(input.worksiteId), (r) => ({ ...r }), undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  checkIn: replayer(operations.checkIn, (input, actor) => checkIn(actor, input), (r) => ({ id: r.parcel.id, tag: r.parcel.tag, code: r.code }),
    (expected) => ({ ids: () => expected.id })),
  // the hand-over as the staff confirmed it, checked against whom the QR named when its signature was verified
  takePart: replayer(operations.takePart, (input, actor) => handOverRecorded(actor, input), statusOutcome),
  returnParcel: replayer(operations.returnParcel, (input, actor) => returnParcel(actor, input), statusOutcome),
  safekeepFee: replayer(operations.safekeepFee, recordSafekeepFee, (r) => ({ ...r })),
  chooseAgent: replayer(operations.chooseAgent, (input, actor) => chooseAgent(actor, input), (p) => ({ id: p.id, status: p.status, agentId: p.agentId })),
  refuseAgent: replayer(operations.refuseAgent, (input, actor) => refuseAgent(actor, input.id), statusOutcome),
  cancelAgent: replayer(operations.cancelAgent, (input, actor) => cancelAgent(actor, input.id), statusOutcome),
  selfSign: replayer(operations.selfSign, (input, actor) => selfSign(actor, input.id), statusOutcome),
  openBox: replayer(operations.openBox, (input, actor) => openBox(actor, input.id).pipe(doorOpenedAsRecorded), (p) => ({ id: p.id, status: p.status, door: p.door })),
  setFreight: replayer(operations.setFreight,
    (input, actor) => setFreight(actor, { ...input, freightWeight: input.freightWeight ?? undefined, freight: input.freight ?? undefined }),
    ({ order: o }) => ({ id: o.id, status: o.status, freight: o.freight, isDaofu: o.isDaofu }), () => ({ ids: randomUUID })),
  bookSending: replayer(operations.bookSending,
    (input, actor) => bookWith(actor, input).pipe(Effect.flatMap((o) =>
      (o.errandId ? ErrandStore.use((s) => s.findById(o.errandId!)) : Effect.succeed(undefined)).pipe(Effect.map((errand) => ({ o, errandOrderNo: errand?.orderNo ?? null }))))),
    ({ o, errandOrderNo }) => ({ id: o.id, orderNo: o.orderNo, status: o.status, errandId: o.errandId, errandOrderNo }),
    (expected) => ({ ids: bookingIds(expected) })),
  // the sender's freight prepay: the trade with its recorded number, the provider answering the recorded prepay id
  freightPrepay: replayer(operations.freightPrepay,
    (input, actor, expected) => payFreight(actor, input.id).pipe(recordedProvider(expected.prepayId), Effect.map((p) => ({ id: input.id, ...p }))),
    (p) => ({ id: p.id, tradeNo: p.tradeNo, prepayId: p.prepayId, amountFen: p.totalFee }), (expected) => ({ ids: () => tradeId(expected.tradeNo) })),
  // the provider's notice as recorded: the recorded trade marked paid with the provider's reference, then the order moves
  freightPaid: replayer(operations.freightPaid,
    (input) => paidAsRecorded(input, (t) => Effect.asVoid(freightPaid(t))).pipe(Effect.flatMap((t) => sendStatus(t.refId)), recordedProvider()),
    (r) => ({ ...r }), newIds, () => false),
  printWaybill: replayer(operations.printWaybill,
    (input, actor) => printWaybill(actor, input).pipe(Effect.flatMap((p) => SendStore.use((s) => s.findByOrderNo(p.orderNo)))),
    (o) => ({ id: o?.id ?? "", status: o?.status ?? -1, expressNo: o?.expressNo ?? null })),
  // a completed door pickup credits its runner: the ledger row takes a new id
  sendOut: replayer(operations.sendOut, (input, actor) => sendOut(actor, input.worksiteId, input.code), ({ order: o }) => ({ id: o.id, status: o.status }),
    () => ({ ids: randomUUID })),
  // the operator's printer settings, as checked then
  setPrinter: replayer(operations.setPrinter, (input) =>
    setPrinter(input.worksiteId, String(input.slot), input.printer && { host: input.printer.host, port: String(input.printer.port), protocol: input.printer.protocol, path: input.printer.path }),
  (r) => ({ worksiteId: r.worksiteId }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  // a door pickup's close cancels its errand, which closes or refunds its payment at the provider as recorded; the
  // refund's ledger row takes a new id
  closeSending: replayer(operations.closeSending, (input, actor) => closeSending(actor, input.id).pipe(recordedProvider()), ({ order: o }) => ({ id: o.id, status: o.status }),
    () => ({ ids: randomUUID })),
  // the operator's announcements: `station activity add | end`, logged under the operator, who is no user
  addActivity: replayer(operations.addActivity, (input) => addActivity(input),
    (a) => ({ id: a.id, timeBegin: a.timeBegin.toISOString(), timeEnd: a.timeEnd.toISOString() }), (expected) => ({ ids: () => expected.id }),
    (op) => op.actorOpenid !== STATION_OPERATOR),
  endActivity: replayer(operations.endActivity, (input) => endActivity(input.id), (a) => ({ id: a.id, timeEnd: a.timeEnd.toISOString() }), undefined,
    (op) => op.actorOpenid !== STATION_OPERATOR),
  grantGift: replayer(operations.grantGift, (_, actor) => grantGift(actor), ({ gift }) => ({ id: gift.id, worksiteId: gift.worksiteId }),
    (expected) => ({ ids: () => expected.id })),
  // redeemed as the staff did once the scanned QR was verified: the QR itself was signed with the recording server's key
  exchangeGift: replayer(operations.exchangeGift, (input, actor) => redeemGift(actor, input.id), (g) => ({ id: g.id, status: g.status })),
  // SMS credit added (a deposit credited under its payer, a grant under the operator): the same move at the logged time
  smsCredit: replayer(operations.smsCredit,
    (input) => Clock.use((c) => c.now).pipe(Effect.flatMap((at) => creditSms({ ...input, at })), Effect.as({ worksiteId: input.worksiteId, change: input.change })),
    (r) => ({ ...r }), undefined, () => false),
  // a parcel SMS the outbox's sender sent, under the system actor: its credit taken again (the replay sends nothing)
  chargeSms: replayer(operations.chargeSms, (input) => chargeSms(input), (r) => ({ ...r }), undefined, () => false),
  // the code drawn when it was shortened
  shortenUrl: replayer(operations.shortenUrl, (input, actor) => codeForPath(actor.openid, input.path, input.code), (code) => ({ code })),
  // the job's purge of a deleted post's pictures, under the system actor (the replaying server's own files, if it has them)
  purgeCirclePictures: replayer(operations.purgeCirclePictures, (input) => purgePictures(input.id), ({ files }) => ({ files }),
    undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // feedback: each new row takes its recorded id
  submitSuggestion: replayer(operations.submitSuggestion, (input, actor) => submitSuggestion(actor, input), (id) => ({ id }), (expected) => ({ ids: () => expected.id })),
  replySuggestion: replayer(operations.replySuggestion, (input, actor) => replySuggestion(actor, input.id, input.content),
    ({ suggestion, reply }) => ({ replyId: reply.id, status: suggestion.status }), (expected) => ({ ids: () => expected.replyId })),
  handleSuggestion: replayer(operations.handleSuggestion, (input, actor) => handleSuggestion(actor, input.id), statusOutcome),
  // the job's reminder of one parcel, under the system actor: the marker and the message again (the message not sent)
  remindReturn: replayer(operations.remindReturn, (input) => remindReturn(input.id).pipe(Effect.map((o) => ({ sent: o === "reminded" }))), (r) => ({ ...r }),
    undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // a reminder switch turned: the same switch, answering the same settings
  setNotice: replayer(operations.setNotice, (input, actor) => setNotice(actor, input.kind, input.on), (s) => ({ ...s })),
  answerUser: replayer(operations.answerUser, (input, actor) => answerUser(actor, input.openid, input.content), (a) => ({ id: a.id }), (expected) => ({ ids: () => expected.id })),
  // a new random code (the log never holds one): the same expiry
  issueArticleCode: replayer(operations.issueArticleCode, (_, actor) => issueArticleCode(actor), ({ expiresAt }) => ({ expiresAt: expiresAt.toISOString() })),
  // the pictures as the log kept them: found to be the poster's uploads when the item was posted or edited
  addCircleItem: replayer(operations.addCircleItem, (input, actor) => addItemWith(actor, input, loggedPics), (id) => ({ id }), (expected) => ({ ids: () => expected.id })),
  editCircleItem: replayer(operations.editCircleItem, (input, actor) => editItemWith(actor, input, loggedPics), (r) => ({ ...r })),
  circleItemStatus: replayer(operations.circleItemStatus, (input, actor) => setItemStatus(actor, input), (r) => ({ ...r })),
  circleItemViewed: replayer(operations.circleItemViewed, (input, actor) => viewItem({ ...actor, visitor: input.visitor }, input.id),
    (view) => ({ id: view._id, viewCount: view.view })),
  // the circle: a post as checked when it was made (its images were the poster's own uploads then); a visitor's
  // reaction or report as the visitor's; a contact request and a report take new ids for their rows
  addSocialPost: replayer(operations.addSocialPost, (input, actor) => publishSocialPost(actor, input), (p) => ({ id: p.id, worksiteId: p.worksiteId }),
    (expected) => ({ ids: () => expected.id })),
  reactToPost: replayer(operations.reactToPost,
    (input, actor) => react({ ...actor, visitor: input.visitor }, { id: input.id, bizType: input.kind, type: input.type }).pipe(
      Effect.map(({ answer }) => ({ id: input.id, count: answer }))),
    (r) => ({ ...r })),
  callTeammate: replayer(operations.callTeammate, (input, actor) => callTeammate(actor, input.id).pipe(Effect.map((interest) => ({ id: input.id, interest }))),
    (r) => ({ ...r })),
  askContact: replayer(operations.askContact, (input, actor) => askContact(signedIn(actor), input.id).pipe(Effect.as({ id: input.id })), (r) => ({ ...r }),
    () => ({ ids: randomUUID })),
  reportPost: replayer(operations.reportPost, (input, actor) => reportPost({ ...actor, visitor: input.visitor }, input.id, input.complain),
    statusOutcome, () => ({ ids: randomUUID })),
  deletePost: replayer(operations.deletePost, (input, actor) => deletePost(actor, input.id), statusOutcome),
  // the operator's moderation (`station circle hide | restore`), logged under the operator, who is no user
  hidePost: replayer(operations.hidePost, (input) => hidePost(input.id, input.reason), (p) => ({ ...p }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  restorePost: replayer(operations.restorePost, (input) => restorePost(input.id), (p) => ({ ...p }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  // statistics: the job's stored day written with its logged figures (the records it counted from need not all be logged);
  // a report key made again with its recorded id (its secret is never logged: the replayed one is new); site admins set again
  storeDailyStatistics: replayer(operations.storeDailyStatistics, (input) => writeStatisticsDay(input.worksiteId, input.day, input.figures),
    (w) => ({ id: w.id, outcome: w.outcome }), (expected) => ({ ids: () => expected.id }), (op) => op.actorOpenid !== SYSTEM_ACTOR),
  createReportLink: replayer(operations.createReportLink, (input) => createReportLink(input.worksiteId, input.days),
    ({ key }) => ({ id: key.id, expiresAt: key.expiresAt.toISOString() }), (expected) => ({ ids: () => expected.id }), (op) => op.actorOpenid !== STATION_OPERATOR),
  revokeReportLink: replayer(operations.revokeReportLink, (input) => revokeReportLink(input.id), (k) => ({ id: k.id }), undefined,
    (op) => op.actorOpenid !== STATION_OPERATOR),
  // errands: the order with its recorded id, number and trade number; the provider answers as it did (recordedProvider)
  placeErrand: replayer(operations.placeErrand, (input, actor, expected) => placeErrandOrder(actor, input).pipe(recordedProvider(expected.prepayId),
    Effect.flatMap((o) => TradeStore.use((t) => t.openFor(TradeKind.errand, o.id)).pipe(Effect.map((open) => ({ o, tradeNo: open[0]?.tradeNo ?? null }))))),
    ({ o, tradeNo }) => ({ id: o.id, orderNo: o.orderNo, status: o.status, payFee: o.payFee, tradeNo, prepayId: o.prepayId }),
    (expected) => {
      const queue = [expected.id, expected.orderNo.slice(-6), ...(expected.tradeNo ? [tradeId(expected.tradeNo)] : [])]
      return { ids: () => queue.shift() ?? randomUUID() }
    }),
  errandPrepay: replayer(operations.errandPrepay,
    (input, actor, expected) => prepayErrand(actor, input.id).pipe(recordedProvider(expected.prepayId), Effect.map((p) => ({ id: input.id, ...p }))),
    (p) => ({ id: p.id, tradeNo: p.tradeNo, prepayId: p.prepayId }), (expected) => ({ ids: () => tradeId(expected.tradeNo) })),
  errandPaid: replayer(operations.errandPaid, (input) => paidAsRecorded(input, settleErrandTrade).pipe(Effect.flatMap((t) => errandStatus(t.refId)), recordedProvider()),
    (r) => ({ ...r }), newIds, () => false),
  grabErrand: replayer(operations.grabErrand, (input, actor) => grabOrder(actor, input.orderNo), statusOutcome),
  cancelErrand: replayer(operations.cancelErrand, (input, actor) => cancelOrder(actor, input.orderNo).pipe(recordedProvider()), statusOutcome, newIds),
  releaseErrand: replayer(operations.releaseErrand,
    (input, actor) => runnerCancel(actor, input.orderNo, input.reasonType ?? undefined, input.reason ?? undefined).pipe(recordedProvider()), statusOutcome, newIds),
  errandTakeaway: replayer(operations.errandTakeaway, (input, actor) => sayTakeaway(actor, input.id), statusOutcome),
  confirmErrandTakeaway: replayer(operations.confirmErrandTakeaway, (input, actor) => confirmTakeawayWith(actor, input.id, input.goodsPic, input.isDaofu),
    statusOutcome),
  errandDelivered: replayer(operations.errandDelivered, (input, actor) => markDelivered(actor, input.id), statusOutcome),
  // the runner is paid: the ledger row takes a new id
  confirmErrandReceipt: replayer(operations.confirmErrandReceipt, (input, actor) => confirmReceipt(actor, { id: input.id }).pipe(recordedProvider()), statusOutcome, newIds),
  leaderSignErrand: replayer(operations.leaderSignErrand, (input, actor) => leaderSign(actor, input.id).pipe(recordedProvider()), statusOutcome, newIds),
  errandCollected: replayer(operations.errandCollected, (input, actor) => collectedAtStation(actor.openid, input.parcelId, input.worksiteId).pipe(
    Effect.flatMap((o) => (o ? Effect.succeed(o) : Effect.fail(new NotFound({ message: lifecycleMessages.orderMissing }))))), statusOutcome),
  voidErrand: replayer(operations.voidErrand,
    (input) => (input.reason === "unpaid" ? voidUnpaidErrand(input.id) : voidUnacceptedErrand(input.id)).pipe(Effect.andThen(errandStatus(input.id)), recordedProvider()),
    (r) => ({ ...r }), newIds, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // the credit record takes a new id
  rateErrand: replayer(operations.rateErrand, (input, actor) => rateErrand(actor, input), (r) => ({ orderId: r.orderId, rewardMoney: r.rewardMoney, creditScore: r.creditScore }),
    newIds),
  tipPrepay: replayer(operations.tipPrepay, (input, actor, expected) => payTip(actor, input.id, input.amountFen).pipe(recordedProvider(expected.prepayId)),
    (p) => ({ tradeNo: p.tradeNo, prepayId: p.prepayId }), (expected) => ({ ids: () => tradeId(expected.tradeNo) })),
  tipPaid: replayer(operations.tipPaid, (input) => paidAsRecorded(input, tipSettlement.settle).pipe(Effect.map((t) => ({ id: t.refId }))), (r) => ({ ...r }),
    newIds, () => false),
  // staff binding: the password was checked when it was bound (never logged)
  bindStaff: replayer(operations.bindStaff, (input, actor) => bindRecorded(actor, input.phone), (r) => ({ ...r })),
  // real-name verification: the photos and the recognised name and number as recorded; a review by the operator under the operator
  submitVerification: replayer(operations.submitVerification, (input, actor) => submitAuthWith(actor, input), (v) => ({ authStatus: v.authStatus })),
  reviewVerification: replayer(operations.reviewVerification,
    (input, actor) => reviewAuth(actor ?? "operator", input.userId, input.decision, input.comment ?? undefined),
    (u) => ({ userId: u.id, authStatus: u.authStatus }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  cancelVerification: replayer(operations.cancelVerification, (_, actor) => unverifySelf(actor), (v) => ({ authStatus: v.authStatus })),
  setSiteAdmin: replayer(operations.setSiteAdmin, (input) => setSiteAdmin(input.phone, input.on), (r) => ({ employeeId: r.employee.id, siteAdmin: r.siteAdmin }),
    undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  // accounts: a sign-up makes its user (no actor yet) with the recorded id; a phone or a completed profile is bound again
  // as confirmed (the code was checked then and is never logged); a runner review by the operator under the operator
  signUp: replayer(operations.signUp, (input) => signUp(input), (r) => ({ id: r.id }), (expected) => ({ ids: () => expected.id }), () => false),
  // a follow or an unfollow of a known user as the event named them (a first follow is logged as its sign-up)
  follow: replayer(operations.follow, (input) => follow({ openid: input.openid, unionid: null, nickname: null, sex: 0 }), (r) => ({ id: r.id }), undefined, () => false),
  unfollow: replayer(operations.unfollow, (input) => unfollow(input), (r) => ({ id: r.id ?? "" }), undefined, () => false),
  editProfile: replayer(operations.editProfile, (input, actor) => editRecorded(actor, input), (e) => ({ ...e })),
  confirmPhone: replayer(operations.confirmPhone, (input, actor) => confirmPhoneRecorded(actor, input.type, input.phone), (p) => ({ ...p })),
  unbindPhone: replayer(operations.unbindPhone, (input, actor) => unbindRecorded(actor, input.type), (p) => ({ ...p })),
  completeProfile: replayer(operations.completeProfile, (input, actor) => completeRecorded(actor, input), (c) => ({ ...c })),
  changeWorksite: replayer(operations.changeWorksite, (input, actor) => updateWorksite(actor, input.worksiteId), (w) => ({ worksiteId: w.id })),
  applyRunner: replayer(operations.applyRunner, (input, actor) => applyPaotui(actor, input), (a) => ({ ...a })),
  reviewRunner: replayer(operations.reviewRunner, (input, actor) => reviewRunner(actor ?? "operator", input.userId, input.decision),
    (u) => ({ userId: u.id, paotuiStatus: u.paotuiStatus }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  addAddress: replayer(operations.addAddress, (input, actor) => addAddress(actor, input), (a) => ({ id: a.id, isDefault: a.isDefault }),
    (expected) => ({ ids: () => expected.id })),
  deleteAddress: replayer(operations.deleteAddress, (input, actor) => deleteAddress(actor, input.id).pipe(Effect.as(input)), (r) => ({ ...r })),
  // errand teams: a hand-over to a teammate by the same runner; building leaders set and removed by the same leader, answered
  // from the building as it then is
  transferErrands: replayer(operations.transferErrands, (input, actor) => transferOrders(actor, { ids: input.ids, acceptUserId: input.acceptUserId }),
    (r) => ({ ids: r.ids, acceptOpenid: r.to.openid })),
  setBuildingManager: replayer(operations.setBuildingManager,
    (input, actor) => setBuildingManager(actor, input.buildingId, input.userId).pipe(Effect.andThen(buildingManager(input.buildingId))), (r) => ({ ...r })),
  removeBuildingManager: replayer(operations.removeBuildingManager,
    (input, actor) => removeBuildingManager(actor, input.buildingId).pipe(Effect.andThen(buildingManager(input.buildingId))), (r) => ({ ...r })),
  // a scheduler run, under the system actor: a marker (its items replay from their own lines), which must name a job; the
  // same line is logged again
  jobRun: replayer(operations.jobRun,
    (input, _, expected) => (jobNamed(input.job)
      ? Clock.use((c) => c.now).pipe(Effect.flatMap((at) => logOperation(operations.jobRun, SYSTEM_ACTOR, at, input, expected)), Effect.as(expected))
      : Effect.fail(new NotFound({ message: `no job named ${input.job}` }))),
    (r) => ({ ...r }), undefined, () => false),
  // money: each row takes the id it was given (withdrawals, ledger rows, trades), the provider answers as recorded
  applyWithdrawal: replayer(operations.applyWithdrawal, (input, actor) => withDrawnIds(applyWithdrawal(actor, input.money)),
    ({ value, ids }) => ({ ...value, ledgerId: ids[1] }), (expected) => ({ ids: givenBack([expected.id, expected.ledgerId]) })),
  reviewWithdrawal: replayer(operations.reviewWithdrawal, (input) => withDrawnIds(reviewWithdrawal(input.id, input.action)),
    ({ value, ids }) => ({ id: value.id, status: value.status, ledgerId: ids[0] ?? null }), (expected) => ({ ids: givenBack(expected.ledgerId ? [expected.ledgerId] : []) }),
    (op) => op.actorOpenid !== STATION_OPERATOR),
  payWithdrawal: replayer(operations.payWithdrawal, (input, _, expected) => transferWithdrawal(input.id).pipe(paidOutAs(expected.reference)),
    (w) => ({ id: w.id, status: w.status, reference: w.reference }), undefined, (op) => op.actorOpenid !== STATION_OPERATOR),
  pointsToMoney: replayer(operations.pointsToMoney, (input, actor) => withDrawnIds(pointsToMoney(actor, input.points)),
    ({ value, ids }) => ({ ...value, ledgerId: ids[0] }), (expected) => ({ ids: givenBack([expected.ledgerId]) })),
  // a deposit's row takes its recorded id before its trade does
  tradePrepay: replayer(operations.tradePrepay,
    (input, actor, expected) => prepayAgain(actor, input).pipe(recordedProvider(expected.prepayId),
      Effect.updateService(Ids, () => ({ next: Effect.sync(givenBack([...(input.kind === "deposit" ? [expected.refId] : []), tradeId(expected.tradeNo)])) }))),
    (r) => ({ ...r })),
  tradePaid: replayer(operations.tradePaid,
    (input) => withDrawnIds(paidAsRecorded(input, (t) => settlements[t.kind].settle(t))).pipe(recordedProvider()),
    ({ value: t, ids }) => ({ tradeNo: t.tradeNo, kind: t.kind, refId: t.refId, ids }), (expected) => ({ ids: givenBack(expected.ids) }), () => false),
  refundTrade: replayer(operations.refundTrade, (input) => withDrawnIds(refundTrade(input.tradeNo)).pipe(recordedProvider()),
    ({ value: t, ids }) => ({ tradeNo: t.tradeNo, status: t.status, ids }), (expected) => ({ ids: givenBack(expected.ids) }), (op) => op.actorOpenid !== STATION_OPERATOR),
  expirePrepay: replayer(operations.expirePrepay,
    (input) => expirePrepay(input.tradeNo).pipe(recordedProvider(), Effect.andThen(TradeStore.use((t) => t.find(input.tradeNo)))),
    (t) => ({ tradeNo: t?.tradeNo, status: t?.status }), undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // the same batch at the logged cutoff: the expired trades of the replayed database are the logged ones
  pruneTrades: replayer(operations.pruneTrades, replayPruneTrades, (r) => ({ ...r }), undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // the messages through the logged time: the replayed database holds the same ones, without their delivery marks
  pruneMessages: replayer(operations.pruneMessages, replayPruneMessages, (r) => ({ ...r }), undefined, (op) => op.actorOpenid !== SYSTEM_ACTOR),
  // the row as it was stored (the file itself is not in the log: the replaying server serves none)
  uploadImage: replayer(operations.uploadImage,
    (input, actor, expected) => Effect.all([Clock.use((c) => c.now), Ids.use((i) => i.next)]).pipe(
      Effect.flatMap(([at, id]) => recordUpload(actor, { ...input, id, ocr: expected.ocr, at }))),
    (u) => ({ id: u.id, dateFolder: u.dateFolder, fileName: u.fileName, ocr: u.ocr }), (expected) => ({ ids: () => expected.id }))
}

const buildingManager = (buildingId: string) =>
  ErrandStore.use((s) => s.findBuilding(buildingId)).pipe(Effect.map((b) => ({ buildingId, managerId: b?.managerId ?? null })))

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
 * Operations per transaction by default (`batch`; `--batch 1` replays each in its own). The batched path gives the
 * same database as one by one, spoiled lines included, on check-in logs and on a day of errands, tips, refunds and
 * sending (replay-batches and day-replay integration tests).
 */
export const DEFAULT_BATCH = 200

/** A line ready to replay in a batch: in order, its input and outcome its kind's, not in the future. */
interface Batched {
  readonly lineNo: number
  readonly op: DecodedOperation
  readonly ready: Ready
  readonly needsActor: boolean
}

/** Thrown in a batch's transaction to roll it back: the operation at `index` did not reproduce its outcome there. */
class RedoOneByOne extends Error {
  constructor(readonly index: number) {
    super("redo the batch one by one")
  }
}

/**
 * Replays the lines in order. Stops at the first problem (a line that is not an operation, names an unknown op, is dated
 * after the replaying clock's now or does not fit its op's Schemas; a numbered line that is not the one after the
 * previous, a digest line whose count is not the last line's; an outcome other than the recorded one; a refusal) unless
 * `keepGoing`, which counts it and goes on. The digest line itself is not replayed: the caller compares it with the
 * replayed database.
 *
 * The operations run `batch` to a transaction (`DEFAULT_BATCH`; 1: each in its own). A batch is all or nothing: when one of
 * its operations is refused, dies or answers another outcome than the recorded one, the whole batch is rolled back and
 * its lines up to that one are replayed again one by one, each in its own transaction, as with `batch: 1` — so a problem
 * is found, told and left in the database exactly as one by one; the lines after it go on in batches.
 */
export const replayOperations = async (runtime: Runtime, lines: AsyncIterable<ReplayLine>, options: ReplayOptions = {}): Promise<ReplaySummary> => {
  const { keepGoing = false, onProgress = () => {}, signal } = options
  const batch = Math.max(1, Math.floor(options.batch ?? DEFAULT_BATCH))
  const summary: ReplaySummary = {
    lines: 0, operations: 0, matched: 0, mismatched: 0, failed: 0, badLines: 0, interrupted: false, stoppedAt: null, problems: []
  }
  const actors = new Map<string, Actor | undefined>()
  const numbering = lineNumbering()
  const outboxMark = String((await runtime.db.selectFrom("outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0)
  let silencedAt = 0
  const silenceNow = async () => {
    if (summary.lines - silencedAt < SILENCE_EVERY) return
    silencedAt = summary.lines
    await silenceOutbox(runtime.db, outboxMark)
  }
  const bad = (line: number, message: string, op?: OperationName) => {
    summary.badLines++
    summary.problems.push({ line, kind: "badLine", ...(op ? { op } : {}), message })
  }
  /** Why a decoded operation cannot be replayed as it stands, or how it replays. */
  const prepared = (op: DecodedOperation): Ready | { readonly badLine: string } => {
    const ready = replayers[op.op].decode(op)
    if ("badLine" in ready) return ready
    if (op.at.getTime() > runtime.now().getTime()) {
      return { badLine: `at ${op.at.toISOString()} is in the future (the replaying clock says ${runtime.now().toISOString()})` }
    }
    return ready
  }
  const actorOf = async (db: Kysely<DB>, op: DecodedOperation, needsActor: boolean) => {
    if (!needsActor) return undefined
    if (!actors.has(op.actorOpenid)) actors.set(op.actorOpenid, await actorByOpenid(db, op.actorOpenid))
    return actors.get(op.actorOpenid)
  }
  const ownTransaction: Exec = (useCase, o) => runtime.run(useCase, { ...o, replaying: true })
  /** A line that decoded as an operation, in its own transaction: refused as a whole if it cannot be replayed, else replayed and compared. */
  const replayLine = async (lineNo: number, op: DecodedOperation) => {
    const ready = prepared(op)
    if ("badLine" in ready) return bad(lineNo, ready.badLine, op.op)
    const needsActor = replayers[op.op].needsActor(op)
    const replayed = await ready.run(ownTransaction, await actorOf(runtime.db, op, needsActor), !keepGoing)
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
  /** Counts a line done; true when the replay stops there (a problem, without `keepGoing`). */
  const done = async (lineNo: number, problems: number) => {
    await silenceNow()
    onProgress(summary)
    if (keepGoing || summary.problems.length === problems) return false
    summary.stoppedAt = lineNo
    return true
  }
  /** One line as it always replayed, on its own (its number already checked: `outOfOrder`); true when the replay stops there. */
  const oneLine = async (lineNo: number, line: ReturnType<typeof decodeLine>, outOfOrder: string | undefined): Promise<boolean> => {
    summary.lines++
    const problems = summary.problems.length
    if ("problem" in line) bad(lineNo, line.problem)
    else if (outOfOrder) bad(lineNo, outOfOrder, "op" in line ? line.op : undefined)
    // a line after a gap is itself whole: --keep-going replays it
    if ("op" in line && (!outOfOrder || keepGoing)) await replayLine(lineNo, line)
    return done(lineNo, problems)
  }
  /** The lines of one batch in one transaction: how many of them reproduced (all, or those before the first that did not). */
  const inBatch = async (items: ReadonlyArray<Batched>): Promise<number> => {
    try {
      await runtime.inOneTransaction(async (run, db) => {
        for (const [index, { op, ready, needsActor }] of items.entries()) {
          const replayed = await ready.run(run, await actorOf(db, op, needsActor), true)
          if (CHANGES_ROLE.has(op.op)) actors.delete(op.actorOpenid)
          if ("failure" in replayed || differences(replayed.expected, replayed.outcome).length > 0) throw new RedoOneByOne(index)
        }
      })
      return items.length
    } catch (e) {
      // the batch's lookups may name users its rolled-back lines made
      actors.clear()
      // a commit refused (or any failure of the transaction itself): the first line one by one, then the rest again
      return e instanceof RedoOneByOne ? e.index : 0
    }
  }
  const pending: Batched[] = []
  /** Replays the pending lines in batches; true when the replay stops at one of them. */
  const flush = async (): Promise<boolean> => {
    while (pending.length > 0) {
      const items = pending.splice(0, batch)
      const reproduced = items.length === 1 ? 0 : await inBatch(items)
      if (reproduced === items.length) {
        summary.lines += reproduced
        summary.operations += reproduced
        summary.matched += reproduced
        await silenceNow()
        onProgress(summary)
        continue
      }
      // the batch was rolled back: its lines up to the one that did not reproduce, one by one, then the rest in batches
      for (const item of items.slice(0, reproduced + 1)) {
        summary.lines++
        const problems = summary.problems.length
        await replayLine(item.lineNo, item.op)
        if (await done(item.lineNo, problems)) return true
      }
      pending.unshift(...items.slice(reproduced + 1))
    }
    return false
  }
  try {
    for await (const { lineNo, text } of lines) {
      if (signal?.aborted) {
        summary.interrupted = true
        break
      }
      if (text.trim() === "") continue
      const line = decodeLine(text)
      const outOfOrder = "problem" in line ? undefined : numbering(line)
      if (batch > 1 && "op" in line && !outOfOrder) {
        const ready = prepared(line)
        if (!("badLine" in ready)) {
          pending.push({ lineNo, op: line, ready, needsActor: replayers[line.op].needsActor(line) })
          if (pending.length >= batch && await flush()) break
          continue
        }
      }
      if (await flush() || await oneLine(lineNo, line, outOfOrder)) break
    }
    // interrupted too: the lines read are replayed (a batch at most)
    if (summary.stoppedAt === null) await flush()
  } finally {
    await silenceOutbox(runtime.db, outboxMark)
  }
  return summary
}
