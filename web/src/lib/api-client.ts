/** The HTTP client: bearer token, JSON envelope `{ success, message, data }`, idempotency keys and the 401 exit. */
import { Schema } from "effect"
import type { Call } from "#src/shared/wire"
import { navigate } from "wouter/use-browser-location"
import type {} from "../early" // the window's early calls, declared there; a value imported would tie that entry to this one
import { sessionToken } from "./session"

/** The server said no: `message` is what to show (may be empty when the server gave none). */
export class ApiFailure extends Error {
  constructor(message: string, readonly status: number) {
    super(message)
    this.name = "ApiFailure"
  }
}

const UNAUTHORIZED = 401

/** Whether the server refused the caller's credential (401): a session expired, or a report link's key revoked or expired. */
export const credentialRefused = (error: unknown): boolean => error instanceof ApiFailure && error.status === UNAUTHORIZED

/** The request never got an answer, or the answer was not what the contract says. */
export class TransportFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = "TransportFailure"
  }
}

export type Query = Readonly<Record<string, string | number | boolean | undefined>>

export interface RequestOptions {
  readonly method?: "GET" | "POST" | "PUT" | "DELETE"
  readonly query?: Query
  readonly body?: unknown
  /** A multipart body (uploads); the browser sets its content type. */
  readonly form?: FormData
  readonly idempotencyKey?: string
  /** Sent without the session's bearer token: a circle visitor names itself by its openid instead. */
  readonly anonymous?: boolean
  /**
   * Sent with this bearer instead of the session's: the daily report link's key. A 401 is then the key's (revoked or
   * expired) and is the page's to show, not the session-expired screen.
   */
  readonly bearer?: string
}

export const SESSION_EXPIRED_PATH = "/error/10001"

const withQuery = (path: string, query: Query | undefined): string => {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return search === "" ? path : `${path}?${search}`
}

const messageOf = (body: unknown): string =>
  typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
    ? (body as { message: string }).message
    : ""

const succeeded = (body: unknown): boolean =>
  typeof body === "object" && body !== null && (body as { success?: unknown }).success === true

/**
 * The answer of a call web/src/early.ts started for this page before the app loaded: the same GET path and query,
 * with the same token; taken once, so asking again goes to the server.
 */
const takeEarlyAnswer = (url: string, token: string | undefined): Promise<Response> | undefined => {
  const early = typeof window === "undefined" ? undefined : window.__stationEarlyCalls
  if (!early || early.token !== token || Date.now() > early.until) return undefined
  const answer = early.answers.get(url)
  early.answers.delete(url)
  return answer
}

/** Sends one call and decodes its answer; throws ApiFailure or TransportFailure. */
export const request = async <A>(path: string, decode: (body: unknown) => A, options: RequestOptions = {}): Promise<A> => {
  const headers: Record<string, string> = { Accept: "application/json" }
  const token = options.anonymous ? undefined : options.bearer ?? sessionToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.body !== undefined) headers["Content-Type"] = "application/json"
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey
  const url = withQuery(path, options.query)
  const plainGet = (options.method ?? "GET") === "GET" && options.body === undefined && options.form === undefined && !options.idempotencyKey
  const early = plainGet && options.bearer === undefined ? takeEarlyAnswer(url, token) : undefined
  let response: Response
  try {
    response = await (early ?? fetch(url, {
      method: options.method ?? "GET",
      headers,
      ...(options.form !== undefined ? { body: options.form } : options.body !== undefined ? { body: JSON.stringify(options.body) } : {})
    }))
  } catch (cause) {
    throw new TransportFailure(cause instanceof Error ? cause.message : "network error")
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.status === UNAUTHORIZED && path.startsWith("/api/") && options.bearer === undefined) {
    navigate(SESSION_EXPIRED_PATH)
    throw new ApiFailure(messageOf(body), UNAUTHORIZED)
  }
  if (!response.ok || !succeeded(body)) throw new ApiFailure(messageOf(body), response.status)
  try {
    return decode(body)
  } catch (cause) {
    throw new TransportFailure(`unexpected answer from ${path}: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
}

/** A decoder for the `data` of an answer. */
export const dataDecoder = <S extends Schema.ConstraintDecoder<unknown>>(schema: S): ((body: unknown) => S["Type"]) => {
  const decode = Schema.decodeUnknownSync(Schema.Struct({ data: schema }))
  return (body) => (decode(body) as { readonly data: S["Type"] }).data
}

export interface CallOptions<Input> {
  readonly method?: "GET" | "POST" | "PUT" | "DELETE"
  /** The request, encoded with the call's Schema: as the query of a GET, else as the JSON body. */
  readonly input?: Input
  readonly idempotencyKey?: string
  readonly anonymous?: boolean
  readonly bearer?: string
}

/** Sends one of the core's calls: the request encoded and the answer decoded with the call's own Schemas. */
export const send = async <Req extends Schema.Top, Ans extends Schema.Top>(
  call: Call<Req, Ans>,
  path: string,
  options: CallOptions<Req["Type"]> = {}
): Promise<Ans["Type"]> => {
  const method = options.method ?? "GET"
  const encoded = options.input === undefined ? undefined : (Schema.encodeUnknownSync(call.request as unknown as Schema.Encoder<unknown>)(options.input) as Record<string, unknown>)
  const query = method === "GET" && encoded !== undefined ? (encoded as Query) : undefined
  const body = method !== "GET" ? encoded : undefined
  const decode = Schema.decodeUnknownSync(call.answer as unknown as Schema.Decoder<Ans["Type"]>)
  const answerOf = (answer: unknown) => (call.beside ? answer : (answer as { data?: unknown }).data)
  return request(path, (answer) => decode(answerOf(answer)), {
    method, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}), ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(options.anonymous ? { anonymous: true } : {}), ...(options.bearer !== undefined ? { bearer: options.bearer } : {})
  })
}

/** The server's message when it gave one, else the screen's own wording for the failure. */
export const failureMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiFailure && error.message !== "" ? error.message : fallback

/** A fresh key per submission attempt, so a retried request is applied once. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")
}
