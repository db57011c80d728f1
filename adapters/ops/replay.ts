/**
 * Replays an operations log through the real use cases: each operation runs with its recorded time as
 * the clock and, for a check-in, its recorded parcel id as the only new id, then its outcome is
 * compared with the recorded one. Messages the replayed operations put in the outbox are marked as
 * not sent, so a replay never texts anyone twice.
 */
import { Cause, Effect, Exit, Schema } from "effect"
import type { Kysely } from "kysely"
import { CheckIn } from "#src/parcel/calls"
import { cancelAgent, chooseAgent, openBox, refuseAgent, selfSign } from "#src/parcel/receiver"
import { markDueParcels, returnParcel, SYSTEM_ACTOR } from "#src/parcel/returns"
import { checkIn, handOver, HandOverInput } from "#src/parcel/use-cases"
import { recordSafekeepFee, SafekeepFeeInput } from "#src/payment/safekeep-settlement"
import type { Actor } from "#src/shared/actor"
import { isDomainError } from "#src/shared/errors"
import { SendStore } from "#src/sending/send-store"
import { ErrandStore } from "#src/errand/errand-store"
import { bookWith, closeSending, freightPaid, printWaybill, sendOut, setFreight } from "#src/sending/use-cases"
import { randomUUID } from "node:crypto"
import type { DB } from "../postgres/schema"
import type { RunOptions, Runtime, StationServices } from "../runtime"
import { actorByOpenid } from "./actors"
import { decodeLine, type DecodedOperation, type OperationName } from "./ops-log"

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
  /** Stopped before the end of the log. */
  interrupted: boolean
  readonly problems: ReplayProblem[]
}

export const reproduced = (s: ReplaySummary) => s.mismatched === 0 && s.failed === 0 && s.badLines === 0 && !s.interrupted

const CheckInOutcome = Schema.Struct({ id: Schema.String, tag: Schema.Number, code: Schema.String })
const TakePartOutcome = Schema.Struct({ id: Schema.String, status: Schema.Number })
const MarkDueInput = Schema.Struct({ worksiteId: Schema.optional(Schema.String) })
const MarkDueOutcome = Schema.Struct({ count: Schema.Number, ids: Schema.Array(Schema.String) })
const ReturnInput = Schema.Struct({
  _id: Schema.optional(Schema.String), expressNo: Schema.optional(Schema.String), worksiteCode: Schema.optional(Schema.String),
  storageNo: Schema.optional(Schema.String), tag: Schema.optional(Schema.String)
})
const SafekeepFeeOutcome = Schema.Struct({ id: Schema.String, safekeepPaid: Schema.Number })
const ChooseAgentInput = Schema.Struct({ toTakeId: Schema.optional(Schema.String), agentPhone: Schema.optional(Schema.String) })
const ChooseAgentOutcome = Schema.Struct({ id: Schema.String, status: Schema.Number, agentId: Schema.String })
const ParcelIdInput = Schema.Struct({ id: Schema.String })
const OpenBoxOutcome = Schema.Struct({ id: Schema.String, status: Schema.Number, door: Schema.String })
const SetFreightInput = Schema.Struct({
  id: Schema.String, expressCompanyId: Schema.String, freightWeight: Schema.NullOr(Schema.Number), freight: Schema.NullOr(Schema.Number), isDaofu: Schema.Boolean
})
const SetFreightOutcome = Schema.Struct({ id: Schema.String, status: Schema.Number, freight: Schema.NullOr(Schema.Number), isDaofu: Schema.Boolean })
const SendOutInput = Schema.Struct({ worksiteId: Schema.String, code: Schema.String })
const Contact = Schema.Struct({
  name: Schema.String, phone: Schema.String, province: Schema.String, city: Schema.String, county: Schema.String,
  provinceName: Schema.String, cityName: Schema.String, countyName: Schema.String, detail: Schema.String
})
const opt = <S extends Schema.Top>(s: S) => Schema.optional(Schema.UndefinedOr(s))
const BookInput = Schema.Struct({
  sender: Schema.NullOr(Contact), receiver: Schema.NullOr(Contact), expressCompanyId: opt(Schema.String), goodsName: opt(Schema.String),
  goodsCount: opt(Schema.Number), estimateWeight: opt(Schema.Number), insureMoney: opt(Schema.Number), isDaofu: opt(Schema.Boolean), remark: opt(Schema.String),
  requiredDoorService: opt(Schema.Boolean), paotuiRemark: opt(Schema.String), goodsType: opt(Schema.Number), largeCategory: opt(Schema.String),
  dormBuilding: opt(Schema.String), dormFloor: opt(Schema.Number), dormRoom: opt(Schema.String), requireArriveTime: opt(Schema.String),
  sexLimit: opt(Schema.Number), fee: opt(Schema.Number)
})
const BookOutcome = Schema.Struct({
  id: Schema.String, orderNo: Schema.String, status: Schema.Number, errandId: Schema.NullOr(Schema.String), errandOrderNo: Schema.NullOr(Schema.String)
})
const PrintOutcome = Schema.Struct({ id: Schema.String, status: Schema.Number, expressNo: Schema.NullOr(Schema.String) })

/** The new ids a booking took, in the order it takes them: the order, its errand, then the six characters each order number ends with. */
const bookingIds = (o: { readonly id: string; readonly orderNo: string; readonly errandId: string | null; readonly errandOrderNo: string | null }) => {
  const queue = [o.id, ...(o.errandId ? [o.errandId] : []), o.orderNo.slice(-6), ...(o.errandOrderNo ? [o.errandOrderNo.slice(-6)] : [])]
  return () => queue.shift() ?? randomUUID()
}

type Outcome = Readonly<Record<string, unknown>>
type Replayed = { readonly outcome: Outcome } | { readonly failure: string } | { readonly badLine: string }

const noIds = () => {
  throw new Error("this operation takes no new ids")
}

const failureOf = <A, E>(exit: Exit.Exit<A, E>): string => {
  if (Exit.isSuccess(exit)) return ""
  const failure = Cause.squash(exit.cause)
  if (!Cause.hasDies(exit.cause) && isDomainError(failure)) return failure.message
  return `defect: ${failure instanceof Error ? failure.message : String(failure)}`
}

/** Operations nobody asked for (the scheduler's) are logged under the system actor, which is no user. */
const needsNoActor = (op: DecodedOperation) => op.op === "markDue" && op.actorOpenid === SYSTEM_ACTOR

/** Runs one logged operation of a use case: its input and outcome decoded, the use case run at the recorded time, its outcome picked out. */
const replayWith = async <I, O extends Outcome, A>(
  runtime: Runtime,
  op: DecodedOperation,
  schemas: { readonly input: Schema.Decoder<I>; readonly outcome: Schema.Decoder<O>; readonly shape: string },
  run: (input: I) => Effect.Effect<A, unknown, StationServices>,
  outcomeOf: (value: A) => Outcome,
  options: (expected: O) => Pick<RunOptions, "ids" | "oneStatement"> = () => ({})
): Promise<Replayed & { readonly expected?: Outcome }> => {
  const input = Schema.decodeUnknownOption(schemas.input)(op.input)
  const expected = Schema.decodeUnknownOption(schemas.outcome)(op.outcome)
  if (input._tag === "None") return { badLine: `input is not a ${op.op} input` }
  if (expected._tag === "None") return { badLine: `outcome is not a ${op.op} outcome ${schemas.shape}` }
  const exit = await runtime.run(run(input.value), { now: op.at, ids: noIds, ...options(expected.value) })
  if (Exit.isFailure(exit)) return { failure: failureOf(exit), expected: expected.value }
  const value = outcomeOf(exit.value)
  return { outcome: Object.fromEntries(Object.keys(expected.value).map((k) => [k, value[k]])), expected: expected.value }
}

const statusOutcome = (p: { readonly id: string; readonly status: number }) => ({ id: p.id, status: p.status })
const STATUS = "{ id, status }"

const replayMarkDue = (runtime: Runtime, op: DecodedOperation) =>
  replayWith(runtime, op, { input: MarkDueInput, outcome: MarkDueOutcome, shape: "{ count, ids }" }, (input) => markDueParcels(input.worksiteId), (r) => ({ ...r }))

const replayOne = async (runtime: Runtime, actor: Actor, op: DecodedOperation): Promise<Replayed & { readonly expected?: Outcome }> => {
  switch (op.op) {
    case "markDue":
      return replayMarkDue(runtime, op)
    case "checkIn":
      return replayWith(runtime, op, { input: CheckIn.request, outcome: CheckInOutcome, shape: "{ id, tag, code }" }, (input) => checkIn(actor, input),
        (r) => ({ id: r.parcel.id, tag: r.parcel.tag, code: r.code }), (expected) => ({ ids: () => expected.id, oneStatement: true }))
    case "takePart":
      return replayWith(runtime, op, { input: HandOverInput, outcome: TakePartOutcome, shape: STATUS }, (input) => handOver(actor, input), statusOutcome)
    case "returnParcel":
      return replayWith(runtime, op, { input: ReturnInput, outcome: TakePartOutcome, shape: STATUS }, (input) => returnParcel(actor, input), statusOutcome)
    case "safekeepFee":
      return replayWith(runtime, op, { input: SafekeepFeeInput, outcome: SafekeepFeeOutcome, shape: "{ id, safekeepPaid }" }, recordSafekeepFee, (r) => ({ ...r }))
    case "chooseAgent":
      return replayWith(runtime, op, { input: ChooseAgentInput, outcome: ChooseAgentOutcome, shape: "{ id, status, agentId }" }, (input) => chooseAgent(actor, input),
        (p) => ({ id: p.id, status: p.status, agentId: p.agentId }))
    case "refuseAgent":
    case "cancelAgent":
    case "selfSign": {
      const useCase = { refuseAgent, cancelAgent, selfSign }[op.op]
      return replayWith(runtime, op, { input: ParcelIdInput, outcome: TakePartOutcome, shape: STATUS }, (input) => useCase(actor, input.id), statusOutcome)
    }
    case "openBox":
      return replayWith(runtime, op, { input: ParcelIdInput, outcome: OpenBoxOutcome, shape: "{ id, status, door }" }, (input) => openBox(actor, input.id),
        (p) => ({ id: p.id, status: p.status, door: p.door }))
    case "setFreight":
      return replayWith(runtime, op, { input: SetFreightInput, outcome: SetFreightOutcome, shape: "{ id, status, freight, isDaofu }" },
        (input) => setFreight(actor, { ...input, freightWeight: input.freightWeight ?? undefined, freight: input.freight ?? undefined }),
        ({ order: o }) => ({ id: o.id, status: o.status, freight: o.freight, isDaofu: o.isDaofu }), () => ({ ids: randomUUID }))
    case "bookSending":
      return replayWith(runtime, op, { input: BookInput, outcome: BookOutcome, shape: "{ id, orderNo, status, errandId, errandOrderNo }" },
        (input) => bookWith(actor, input).pipe(Effect.flatMap((o) =>
          (o.errandId ? ErrandStore.use((s) => s.findById(o.errandId!)) : Effect.succeed(undefined)).pipe(Effect.map((errand) => ({ o, errandOrderNo: errand?.orderNo ?? null }))))),
        ({ o, errandOrderNo }) => ({ id: o.id, orderNo: o.orderNo, status: o.status, errandId: o.errandId, errandOrderNo }),
        (expected) => ({ ids: bookingIds(expected) }))
    case "freightPaid":
      return replayWith(runtime, op, { input: ParcelIdInput, outcome: TakePartOutcome, shape: STATUS },
        (input) => freightPaid({ refId: input.id, userId: actor.userId }),
        (done) => (done ? { id: done.order.id, status: done.order.status } : { id: "", status: -1 }))
    case "printWaybill":
      return replayWith(runtime, op, { input: Schema.Struct({ orderNo: Schema.String }), outcome: PrintOutcome, shape: "{ id, status, expressNo }" },
        (input) => printWaybill(actor, input).pipe(Effect.flatMap((p) => SendStore.use((s) => s.findByOrderNo(p.orderNo)))),
        (o) => ({ id: o?.id ?? "", status: o?.status ?? -1, expressNo: o?.expressNo ?? null }))
    case "sendOut":
      // a completed door pickup credits its runner: the ledger row takes a new id
      return replayWith(runtime, op, { input: SendOutInput, outcome: TakePartOutcome, shape: STATUS }, (input) => sendOut(actor, input.worksiteId, input.code),
        ({ order: o }) => ({ id: o.id, status: o.status }), () => ({ ids: randomUUID }))
    case "closeSending":
      // a door pickup's close cancels its errand, which may refund it: the refund's ledger row takes a new id
      return replayWith(runtime, op, { input: ParcelIdInput, outcome: TakePartOutcome, shape: STATUS }, (input) => closeSending(actor, input.id),
        ({ order: o }) => ({ id: o.id, status: o.status }), () => ({ ids: randomUUID }))
  }
}

const differences = (expected: Outcome, actual: Outcome) =>
  Object.keys(expected).filter((k) => JSON.stringify(expected[k]) !== JSON.stringify(actual[k])).map((k) => `${k}: recorded ${JSON.stringify(expected[k])}, replayed ${JSON.stringify(actual[k])}`)

/** Marks the outbox rows written since `after` as not to be sent. */
const silenceOutbox = async (db: Kysely<DB>, after: string) => {
  await db.updateTable("outbox").set({ sent_at: new Date(), last_error: "not sent: written by station replay" })
    .where("id", ">", after).where("sent_at", "is", null).where("failed_at", "is", null).execute()
}

const SILENCE_EVERY = 500

export const replayOperations = async (
  runtime: Runtime,
  lines: AsyncIterable<ReplayLine>,
  onProgress: (summary: Readonly<ReplaySummary>) => void = () => {},
  signal?: AbortSignal
): Promise<ReplaySummary> => {
  const summary: ReplaySummary = { lines: 0, operations: 0, matched: 0, mismatched: 0, failed: 0, badLines: 0, interrupted: false, problems: [] }
  const actors = new Map<string, Actor | undefined>()
  const outboxMark = String((await runtime.db.selectFrom("outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0)
  const bad = (line: number, message: string) => {
    summary.badLines++
    summary.problems.push({ line, kind: "badLine", message })
  }
  try {
    for await (const { lineNo, text } of lines) {
      if (signal?.aborted) {
        summary.interrupted = true
        break
      }
      if (text.trim() === "") continue
      summary.lines++
      const op = decodeLine(text)
      if ("problem" in op) {
        bad(lineNo, op.problem)
      } else {
        if (!needsNoActor(op) && !actors.has(op.actorOpenid)) actors.set(op.actorOpenid, await actorByOpenid(runtime.db, op.actorOpenid))
        const actor = actors.get(op.actorOpenid)
        const replayed: Replayed & { readonly expected?: Outcome } = needsNoActor(op)
          ? await replayMarkDue(runtime, op)
          : actor
            ? await replayOne(runtime, actor, op)
            : { failure: `unknown actor ${op.actorOpenid}: no such user` }
        if ("badLine" in replayed) {
          bad(lineNo, replayed.badLine)
        } else {
          summary.operations++
          if ("failure" in replayed) {
            summary.failed++
            summary.problems.push({ line: lineNo, kind: "failure", op: op.op, message: replayed.failure, expected: replayed.expected ?? op.outcome })
          } else {
            const diff = differences(replayed.expected!, replayed.outcome)
            if (diff.length === 0) summary.matched++
            else {
              summary.mismatched++
              summary.problems.push({ line: lineNo, kind: "mismatch", op: op.op, message: diff.join("; "), expected: replayed.expected, actual: replayed.outcome })
            }
          }
        }
      }
      if (summary.lines % SILENCE_EVERY === 0) await silenceOutbox(runtime.db, outboxMark)
      onProgress(summary)
    }
  } finally {
    await silenceOutbox(runtime.db, outboxMark)
  }
  return summary
}
