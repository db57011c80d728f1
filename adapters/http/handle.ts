/**
 * One route, one call: the request (path, query and body together) is decoded with the call's request
 * Schema, the use case runs, and its answer is encoded with the call's answer Schema into `data` (or beside
 * `success`, for the calls the spec answers that way).
 */
import type { ServerResponse } from "node:http"
import { Exit, Schema } from "effect"
import type { Request, RequestHandler, Response } from "express"
import type { Actor } from "#src/shared/actor"
import { BAD_REQUEST, type Call } from "#src/shared/wire"
import { actorOf, sendExit, sendFailure } from "./outcome"

export interface Reply {
  readonly status?: number
  readonly message?: string | undefined
  readonly extra?: Record<string, unknown>
}

const objectOr = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** Everything a request says: its query, then its JSON body, then its path parameters (which win). */
export const fieldsOf = (req: Request): Record<string, unknown> => ({ ...objectOr(req.query), ...objectOr(req.body), ...req.params })

/** Sends a use case's outcome, its answer encoded with the call's answer Schema. */
const answering = <Ans extends Schema.Top>(call: Call<Schema.Top, Ans>) => {
  const encode = Schema.encodeUnknownSync(call.answer as unknown as Schema.Encoder<unknown>)
  return <E>(res: ServerResponse, exit: Exit.Exit<Ans["Type"], E>, reply: (answer: Ans["Type"]) => Reply) => {
    if (Exit.isFailure(exit)) return sendExit(res, exit, () => ({}))
    let data: unknown
    try {
      data = encode(exit.value)
    } catch (defect) {
      return sendExit(res, Exit.die(defect), () => ({}))
    }
    return sendExit(res, exit, (answer) => {
      const said = reply(answer)
      return call.beside ? { ...said, extra: { ...said.extra, ...(data as Record<string, unknown>) } } : { ...said, data }
    })
  }
}

/**
 * Decodes the request with the call's request Schema, runs the use case, and sends its answer and what
 * is said beside it, both taken from the use case's value by `split`.
 */
const routed = <Req extends Schema.Top, Ans extends Schema.Top, V, E>(
  call: Call<Req, Ans>,
  run: (input: Req["Type"], req: Request) => Promise<Exit.Exit<V, E>>,
  split: (value: V, req: Request) => { readonly answer: Ans["Type"]; readonly said: Reply }
): RequestHandler => {
  const decode = Schema.decodeUnknownExit(call.request as unknown as Schema.Decoder<Req["Type"]>)
  const answer = answering(call)
  return async (req: Request, res: Response) => {
    const input = decode(fieldsOf(req))
    if (Exit.isFailure(input)) return sendFailure(res, 400, BAD_REQUEST)
    const exit = await run(input.value, req)
    if (Exit.isFailure(exit)) return sendExit(res, exit, () => ({}))
    const { answer: value, said } = split(exit.value, req)
    answer(res, Exit.succeed(value), () => said)
  }
}

export const handle = <Req extends Schema.Top, Ans extends Schema.Top, E>(
  call: Call<Req, Ans>,
  run: (input: Req["Type"], req: Request) => Promise<Exit.Exit<Ans["Type"], E>>,
  reply: (answer: Ans["Type"], req: Request) => Reply = () => ({})
): RequestHandler => routed(call, run, (answer, req) => ({ answer, said: reply(answer, req) }))

/** A use case's answer with the message the status table gave it. */
export interface Said<A> {
  readonly answer: A
  readonly message: string | undefined
}

/**
 * `handle` for a use case that says what happened beside its answer (a freight change, a close): the
 * message travels in the outcome, so an Idempotency-Key repeat says it too.
 */
export const handleSaying = <Req extends Schema.Top, Ans extends Schema.Top, E>(
  call: Call<Req, Ans>,
  run: (input: Req["Type"], req: Request) => Promise<Exit.Exit<Said<Ans["Type"]>, E>>
): RequestHandler => routed(call, run, ({ answer, message }) => ({ answer, said: { message } }))

/**
 * A call that asks nothing but who is signed in (the student's own account, say): a route for express,
 * and the same answer for the hot lane, which serves it without express.
 */
export interface ActorRead {
  readonly route: RequestHandler
  readonly answer: (actor: Actor, res: ServerResponse) => Promise<void>
}

export const actorRead = <Ans extends Schema.Top, E>(
  call: Call<Schema.Struct<{}>, Ans>,
  run: (actor: Actor) => Promise<Exit.Exit<Ans["Type"], E>>
): ActorRead => {
  const answer = answering(call)
  const serve = async (actor: Actor, res: ServerResponse) => answer(res, await run(actor), () => ({}))
  return { route: async (req, res) => serve(actorOf(req), res), answer: serve }
}
