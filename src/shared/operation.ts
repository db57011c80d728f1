/**
 * What the operations log keeps of each kind of station operation: its name, one Schema for its input and one for
 * its outcome, defined once next to the use case that logs it and listed in the catalog (`src/operations/catalog.ts`).
 * The use case appends through `logOperation` (or `operationEntry`), so the compiler holds what it writes to the
 * Schemas; the log's writer checks it against the catalog, and `station replay` decodes each line with the same Schemas. A kind keeps the type side of the Schemas it is given: a log line holds plain JSON values,
 * and a call's lenient wire reading (a number read as text, a wrong value read as absent) does not apply to it.
 */
import { Schema } from "effect"
import { OpsLog, type StationOperation } from "./ports"

export interface OperationKind<Name extends string, I, O> {
  readonly op: Name
  readonly input: Schema.Codec<I>
  readonly outcome: Schema.Codec<O>
}

export const operationKind = <const Name extends string, I extends Schema.Top, O extends Schema.Top>(
  op: Name, input: I, outcome: O
): OperationKind<Name, I["Type"], O["Type"]> => ({ op, input: Schema.toType(input), outcome: Schema.toType(outcome) })

/** The operations log's actor for what the station's operator does with `station` (no user). */
export const STATION_OPERATOR = "station-operator"

/** The outcome of an operation that moves one record: its id and new status. */
export const IdStatus = Schema.Struct({ id: Schema.String, status: Schema.Number })

/** The input of an operation on one record named by its id. */
export const ById = Schema.Struct({ id: Schema.String })

/** One operation of this kind as the log keeps it. */
export const operationEntry = <I, O>(
  kind: OperationKind<string, I, O>, actorOpenid: string, at: Date, input: NoInfer<I>, outcome: NoInfer<O>
): StationOperation => ({ op: kind.op, actorOpenid, at, input, outcome })

/** Appends one operation of this kind to the operations log, in the caller's transaction. */
export const logOperation = <I, O>(kind: OperationKind<string, I, O>, actorOpenid: string, at: Date, input: NoInfer<I>, outcome: NoInfer<O>) =>
  OpsLog.use((log) => log.append(operationEntry(kind, actorOpenid, at, input, outcome)))
