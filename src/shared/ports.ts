/** The ports every use case may read: the clock, new ids, live events and the operations log. */
import { Context, Effect } from "effect"

export class Clock extends Context.Service<Clock, {
  readonly now: Effect.Effect<Date>
}>()("station/Clock") {}

export class Ids extends Context.Service<Ids, {
  readonly next: Effect.Effect<string>
}>()("station/Ids") {}

/** A live event for a socket room, published only after the transaction that raised it commits. */
export interface LiveEvent {
  readonly room:
    | { readonly user: string }
    | { readonly worksite: string }
    /**
     * The errand hall of a worksite (its id): `pickup`, the door pickups' hall, which pickupAble users hear
     * besides the runners; a new sex-limited order goes only to the room of that sex.
     */
    | { readonly hall: string; readonly pickup?: true; readonly sex?: 1 | 2 }
  readonly name: string
  readonly payload: unknown
}

export class Events extends Context.Service<Events, {
  publish(event: LiveEvent): Effect.Effect<void>
}>()("station/Events") {}

/** An outgoing SMS or template message, written in the same transaction and sent by a worker. */
export interface OutgoingMessage {
  readonly channel: "sms" | "template"
  readonly to: string
  readonly template: string
  readonly params: Readonly<Record<string, string>>
}

export class Outbox extends Context.Service<Outbox, {
  /** Queues the message dated `at`, the time of the operation that sends it (so a replay dates it alike). */
  enqueue(message: OutgoingMessage, at: Date): Effect.Effect<void>
}>()("station/Outbox") {}

/**
 * One station operation with its input and outcome, so a replay can rebuild the database. `op` is a name of the
 * catalog (`src/operations/catalog.ts`), which holds each operation's Schemas; the log's writer refuses any other.
 */
export interface StationOperation {
  readonly op: string
  readonly actorOpenid: string
  readonly at: Date
  readonly input: unknown
  readonly outcome: unknown
}

export class OpsLog extends Context.Service<OpsLog, {
  append(operation: StationOperation): Effect.Effect<void>
}>()("station/OpsLog") {}
