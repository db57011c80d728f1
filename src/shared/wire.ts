/**
 * How a call's fields are read off the wire. A value of the wrong kind reads as absent, so the use case
 * answers with the spec's own message for a missing field; a text longer than its limit cannot be read
 * at all (the call is refused as a bad request).
 */
import { Schema, SchemaGetter } from "effect"

/** A call: the request it reads and the `data` it answers, both from one Schema each. */
export interface Call<Request extends Schema.Top, Answer extends Schema.Top> {
  readonly request: Request
  readonly answer: Answer
  /** The answer's fields sit beside `success` (the spec's `token`, `user`) instead of in `data`. */
  readonly beside: boolean
}

export const call = <Request extends Schema.Top, Answer extends Schema.Top>(request: Request, answer: Answer): Call<Request, Answer> => ({
  request,
  answer,
  beside: false
})

/** A call whose answer is a set of top-level fields of the body, beside `success`. */
export const callBeside = <Request extends Schema.Top, Answer extends Schema.Top>(request: Request, answer: Answer): Call<Request, Answer> => ({
  request,
  answer,
  beside: true
})

export const BAD_REQUEST = "请求不正确"

/** Scanned codes, ids and short free text: the longest value a station screen or form sends. */
export const SHORT_TEXT = 128

/** A field read off the wire by `read`; what it cannot read is absent. */
export const Loose = <T>(read: (value: unknown) => T | undefined, to: Schema.Codec<T | undefined>) =>
  Schema.optional(
    Schema.Unknown.pipe(
      Schema.decodeTo(to, {
        decode: SchemaGetter.transform(read),
        encode: SchemaGetter.transform((value: T | undefined): unknown => value)
      })
    )
  )

const readText = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : undefined

/** Text of at most `max` characters; a finite number reads as its decimal digits. */
export const Text = (max: number = SHORT_TEXT) => Loose(readText, Schema.UndefinedOr(Schema.String.check(Schema.isMaxLength(max))))

const DECIMAL = /^-?\d+(\.\d+)?$/

/** An amount: a JSON number, or a plain decimal string (`12`, `12.5`, `-3`); `1e2`, `0x64`, ` 100 ` are absent. */
export const readAmount = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined
  return typeof value === "string" && DECIMAL.test(value) ? Number(value) : undefined
}

export const Amount = Loose(readAmount, Schema.UndefinedOr(Schema.Finite))

/** A whole number: a JSON integer or a string of digits with an optional minus sign. */
export const readWhole = (value: unknown): number | undefined => {
  const amount = readAmount(value)
  return amount !== undefined && Number.isInteger(amount) && !(typeof value === "string" && value.includes(".")) ? amount : undefined
}

export const Whole = Loose(readWhole, Schema.UndefinedOr(Schema.Finite))

const readFlag = (value: unknown): boolean | undefined =>
  value === true || value === "true" || value === 1 || value === "1" ? true
  : value === false || value === "false" || value === 0 || value === "0" ? false
  : undefined

const readList = (value: unknown): ReadonlyArray<string> | undefined =>
  value === undefined ? undefined
  : (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string")
    .flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) => s !== "")

/** A list of short texts: repeated (`?_id=a&_id=b`) or comma-separated (`?_id=a,b`). */
export const TextList = (max: number = SHORT_TEXT) =>
  Loose(readList, Schema.UndefinedOr(Schema.Array(Schema.String.check(Schema.isMaxLength(max)))))

/** A yes/no: `true`/`false`, `1`/`0` or their strings; anything else is absent. */
export const Flag = Loose(readFlag, Schema.UndefinedOr(Schema.Boolean))

/** A page number of a paged list: a whole number from 1; anything else is the first page. */
export const PageNo = Loose((value) => {
  const n = readWhole(value)
  return n !== undefined && n >= 1 && n <= 10_000 ? n : 1
}, Schema.UndefinedOr(Schema.Int))

/** A page of a list as `pagingForFontend` answers it. */
export const Page = <Item extends Schema.Top>(item: Item) =>
  Schema.Struct({
    pageCount: Schema.Int,
    recordCount: Schema.Int,
    pageNumber: Schema.Int,
    results: Schema.Array(item),
    nextCursor: Schema.optional(Schema.String)
  })

/** The cursor a paged answer gave (`nextCursor`), sent back to read the page after it (src/shared/paging.ts). */
export const Cursor = Text(512)

/** An instant on the wire: an ISO string, a `Date` in the program. */
export const Instant = Schema.DateFromString
