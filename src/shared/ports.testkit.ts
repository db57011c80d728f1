/** Test doubles of the shared ports and a runner that answers a use case's value or its expected failure. */
import { Cause, Effect, Exit } from "effect"
import type { Actor } from "./actor"
import { Clock, Events, Ids, OpsLog, Outbox, type LiveEvent, type OutgoingMessage, type StationOperation } from "./ports"

export type Outcome<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: { readonly _tag: string; readonly message: string } }

/** Runs a fully provided use case; a defect fails the test instead of passing as a refusal. */
export const outcome = async <A, E>(effect: Effect.Effect<A, E, never>): Promise<Outcome<A>> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
  if (Cause.hasDies(exit.cause)) throw Cause.squash(exit.cause)
  return { ok: false, error: Cause.squash(exit.cause) as { _tag: string; message: string } }
}

/** The expected failure as `outcome` answers it, for `toMatchObject`. */
export const refused = (tag: string, message: string) => ({ ok: false, error: { _tag: tag, message } })

export const actor = (over: Partial<Actor> = {}): Actor => ({ userId: "u1", openid: "o1", role: "student", ...over })

/** The clock (a fixed time, or one read from a function), ids, events, outbox and operations log, recording what the use case published. */
export const recordingPorts = (now: Date | (() => Date), ids: ReadonlyArray<string> = ["id-1", "id-2", "id-3"]) => {
  const events: Array<LiveEvent> = []
  const outbox: Array<OutgoingMessage> = []
  /** When each message of `outbox` was dated, in the same order. */
  const queuedAt: Array<Date> = []
  const ops: Array<StationOperation> = []
  let next = 0
  const provide = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    effect.pipe(
      Effect.provideService(Clock, { now: Effect.sync(() => typeof now === "function" ? now() : now) }),
      Effect.provideService(Ids, { next: Effect.sync(() => ids[next++] ?? `id-${next}`) }),
      Effect.provideService(Events, { publish: (event) => Effect.sync(() => void events.push(event)) }),
      Effect.provideService(Outbox, { enqueue: (message, at) => Effect.sync(() => {
        outbox.push(message)
        queuedAt.push(at)
      }) }),
      Effect.provideService(OpsLog, { append: (operation) => Effect.sync(() => void ops.push(operation)) })
    )
  return { events, outbox, queuedAt, ops, provide }
}
