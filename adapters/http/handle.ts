/**
 * One route, one call: the request (path, query and body together) is decoded with the call's request
 * Schema, the use case runs, and its answer is encoded with the call's answer Schema into `data` (or beside
 * `success`, for the calls the spec answers that way).
 */
import { Exit, Schema } from "effect"
import type { Request, RequestHandler, Response } from "express"
import { BAD_REQUEST, type Call } from "#src/shared/wire"
import { sendExit, sendFailure } from "./outcome"

export interface Reply {
  readonly status?: number
  readonly message?: string | undefined
  readonly extra?: Record<string, unknown>
}

const objectOr = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** Everything a request says: its query, then its JSON body, then its path parameters (which win). */
export const fieldsOf = (req: Request): Record<string, unknown> => ({ ...objectOr(req.query), ...objectOr(req.body), ...req.params })

export const handle = <Req extends Schema.Top, Ans extends Schema.Top, E>(
  call: Call<Req, Ans>,
  run: (input: Req["Type"], req: Request) => Promise<Exit.Exit<Ans["Type"], E>>,
  reply: (answer: Ans["Type"], req: Request) => Reply = () => ({})
): RequestHandler => {
  const decode = Schema.decodeUnknownExit(call.request as unknown as Schema.Decoder<Req["Type"]>)
  const encode = Schema.encodeUnknownSync(call.answer as unknown as Schema.Encoder<unknown>)
  return async (req: Request, res: Response) => {
    const input = decode(fieldsOf(req))
    if (Exit.isFailure(input)) return sendFailure(res, 400, BAD_REQUEST)
    const exit = await run(input.value, req)
    if (Exit.isFailure(exit)) return sendExit(res, exit, () => ({}))
    let data: unknown
    try {
      data = encode(exit.value)
    } catch (defect) {
      return sendExit(res, Exit.die(defect), () => ({}))
    }
    return sendExit(res, exit, (answer) => {
      const said = reply(answer, req)
      return call.beside ? { ...said, extra: { ...said.extra, ...(data as Record<string, unknown>) } } : { ...said, data }
    })
  }
}
