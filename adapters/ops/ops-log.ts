/** The operations log as JSON lines: read in commit order for export, and one exported line decoded back. */
import { Schema } from "effect"
import type { Kysely } from "kysely"
import type { StationOperation } from "#src/shared/ports"
import type { DB } from "../postgres/schema"

export type OperationName = StationOperation["op"]
/** Every kind of operation, as a record so that the compiler refuses a kind left out. */
const KINDS: { readonly [K in OperationName]: true } = {
  checkIn: true, takePart: true, markDue: true, returnParcel: true, safekeepFee: true, chooseAgent: true, refuseAgent: true, cancelAgent: true,
  selfSign: true, openBox: true, bookSending: true, setFreight: true, freightPrepay: true, freightPaid: true, printWaybill: true, sendOut: true, closeSending: true,
  addActivity: true, endActivity: true, grantGift: true, exchangeGift: true, smsCredit: true, shortenUrl: true, purgeCirclePictures: true,
  submitSuggestion: true, replySuggestion: true, handleSuggestion: true, answerUser: true, issueArticleCode: true,
  addCircleItem: true, editCircleItem: true, circleItemStatus: true,
  addSocialPost: true, reactToPost: true, callTeammate: true, askContact: true, reportPost: true, deletePost: true, hidePost: true, restorePost: true,
  storeDailyStatistics: true, createReportLink: true, revokeReportLink: true, setSiteAdmin: true,
  setNotice: true, remindReturn: true,
  placeErrand: true, errandPrepay: true, errandPaid: true, grabErrand: true, cancelErrand: true, releaseErrand: true, errandTakeaway: true, confirmErrandTakeaway: true, errandDelivered: true, confirmErrandReceipt: true,
  leaderSignErrand: true, errandCollected: true, voidErrand: true, rateErrand: true, tipPrepay: true, tipPaid: true, bindStaff: true, submitVerification: true, reviewVerification: true, cancelVerification: true,
  applyWithdrawal: true, reviewWithdrawal: true, payWithdrawal: true, pointsToMoney: true, tradePrepay: true, tradePaid: true, refundTrade: true, expirePrepay: true,
  uploadImage: true
}
export const OPERATIONS = Object.keys(KINDS) as ReadonlyArray<OperationName>

/** One exported line: `{ op, actorOpenid, at, input, outcome }` with `at` as an ISO timestamp. */
export interface LoggedOperation {
  readonly op: OperationName
  readonly actorOpenid: string
  readonly at: string
  readonly input: unknown
  readonly outcome: unknown
}

export interface LogWindow {
  /** Inclusive. */
  readonly from?: Date | undefined
  /** Exclusive. */
  readonly to?: Date | undefined
}

/** Every logged operation in the window, in log order, read in batches so a long log never sits in memory. */
export async function* loggedOperations(db: Kysely<DB>, window: LogWindow = {}, batch = 1000): AsyncGenerator<LoggedOperation> {
  let after: string | undefined
  for (;;) {
    const rows = await db.selectFrom("ops_log").selectAll()
      .$if(after !== undefined, (q) => q.where("seq", ">", after!))
      .$if(window.from !== undefined, (q) => q.where("at", ">=", window.from!))
      .$if(window.to !== undefined, (q) => q.where("at", "<", window.to!))
      .orderBy("seq").limit(batch).execute()
    for (const r of rows) {
      yield { op: r.op as OperationName, actorOpenid: r.actor_openid, at: new Date(r.at).toISOString(), input: r.input, outcome: r.outcome }
    }
    if (rows.length < batch) return
    after = String(rows[rows.length - 1]!.seq)
  }
}

const Line = Schema.Struct({
  op: Schema.String,
  actorOpenid: Schema.String,
  at: Schema.String,
  input: Schema.Unknown,
  outcome: Schema.Unknown
})

export interface DecodedOperation {
  readonly op: OperationName
  readonly actorOpenid: string
  readonly at: Date
  readonly input: unknown
  readonly outcome: unknown
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/** Decodes one line, or says why it cannot be replayed. */
export const decodeLine = (text: string): DecodedOperation | { readonly problem: string } => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return { problem: `invalid JSON (${(e as Error).message})` }
  }
  const line = Schema.decodeUnknownOption(Line)(json)
  if (line._tag === "None") return { problem: "not an operation: needs op, actorOpenid, at, input, outcome" }
  const { op, actorOpenid, at, input, outcome } = line.value
  if (!OPERATIONS.includes(op as OperationName)) return { problem: `unknown op ${JSON.stringify(op)}` }
  const time = new Date(at)
  if (!ISO.test(at) || Number.isNaN(time.getTime())) return { problem: `at is not an ISO timestamp: ${JSON.stringify(at)}` }
  return { op: op as OperationName, actorOpenid, at: time, input, outcome }
}
