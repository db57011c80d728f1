/**
 * Paged lists: the page a list answers, and keyset paging for the lists that grow over a year (a student's parcels,
 * the money detail, a runner's orders). Every such list keeps one order — newest first, ties by id — and each page
 * answers a cursor, the last row's place in that order, so the next page starts right after it instead of
 * skipping rows with OFFSET. A bare page number still works (page 1 of any walk is one).
 */
import { Effect } from "effect"
import { RuleViolation } from "./errors"

export const PAGE_SIZE = 20

export interface Page<A> {
  readonly results: ReadonlyArray<A>
  readonly pageNumber: number
  readonly pageCount: number
  readonly recordCount: number
  /** Where the next page starts, when rows follow this page's last one. */
  readonly nextCursor?: string
}

/**
 * A row's place in its list. The order: `at` descending (newest first), ties by `id` ascending. `at` is the stored
 * instant exactly, in UTC with six fraction digits (`2030-01-01T08:00:00.123456Z`), so texts compare as the instants do.
 */
export interface PageKey {
  readonly at: string
  readonly id: string
}

/** The page after page `pageNumber` of a walk, whose last row was `after`; `recordCount` was counted on the walk's first page. */
export interface PageAfter {
  readonly after: PageKey
  readonly pageNumber: number
  readonly recordCount: number
}

/** A page asked by its number (read with OFFSET, as the spec's calls ask), or as the page after a cursor. */
export type PageRequest = number | PageAfter

export const messages = {
  badCursor: "分页参数无效，请刷新列表"
} as const

/** Page numbers start at 1; anything but a whole number from 1 on reads as page 1. */
export const pageNumberOf = (page: number): number => (Number.isSafeInteger(page) && page >= 1 ? page : 1)

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** The key of a row stamped `at` (a `Date` holds milliseconds: the microseconds are zero). */
export const keyOf = (at: Date, id: string): PageKey => ({ at: at.toISOString().replace(/Z$/, "000Z"), id })

/** Negative when `a` comes first in the list's order. */
export const compareKeys = (a: PageKey, b: PageKey): number =>
  a.at > b.at ? -1 : a.at < b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

const isWhole = (n: unknown, min: number): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= min

const toBase64Url = (text: string): string => {
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const fromBase64Url = (text: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

/** The opaque text a page answers as `nextCursor`. */
export const encodeCursor = (c: PageAfter): string =>
  toBase64Url(JSON.stringify([c.pageNumber, c.recordCount, c.after.at, c.after.id]))

/** A cursor read back, or undefined when it is not one this server wrote (edited, cut short, from elsewhere). */
export const decodeCursor = (text: string): PageAfter | undefined => {
  const json = fromBase64Url(text)
  if (json === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!Array.isArray(value) || value.length !== 4) return undefined
  const [pageNumber, recordCount, at, id] = value as ReadonlyArray<unknown>
  if (!isWhole(pageNumber, 1) || pageNumber > 1_000_000 || !isWhole(recordCount, 0)) return undefined
  if (typeof at !== "string" || !AT.test(at) || !Number.isFinite(Date.parse(at)) || typeof id !== "string" || id === "" || id.length > 128) return undefined
  return { after: { at, id }, pageNumber, recordCount }
}

/** A list call's page: after its cursor when one is sent (a bad one is refused), else the page number. */
export const pageRequest = (pageNo: number | undefined, cursor: string | undefined): Effect.Effect<PageRequest, RuleViolation> => {
  if (cursor === undefined || cursor === "") return Effect.succeed(pageNumberOf(pageNo ?? 1))
  const after = decodeCursor(cursor)
  return after === undefined ? Effect.fail(new RuleViolation({ message: messages.badCursor })) : Effect.succeed(after)
}

/**
 * The page answered for `request` from the rows read at its start, in the list's order: up to PAGE_SIZE + 1 of them
 * (one more than the page shows tells whether rows follow). A page by number has the whole list's count (`counted`);
 * a page after a cursor keeps the count its walk made on the first page (no count per page), and its page count says
 * whether another page follows: one more while rows follow, none once they end.
 */
export const pageFrom = <A>(
  rows: ReadonlyArray<A>,
  keyOfRow: (row: A) => PageKey,
  request: PageRequest,
  counted?: number
): Page<A> => {
  const results = rows.slice(0, PAGE_SIZE)
  const more = rows.length > PAGE_SIZE
  const byNumber = typeof request === "number"
  const pageNumber = byNumber ? pageNumberOf(request) : request.pageNumber + 1
  const recordCount = byNumber ? counted ?? rows.length : request.recordCount
  const counting = Math.max(1, Math.ceil(recordCount / PAGE_SIZE))
  const pageCount = byNumber ? (more ? Math.max(counting, pageNumber + 1) : counting) : more ? Math.max(counting, pageNumber + 1) : pageNumber
  const last = results[results.length - 1]
  return {
    results,
    pageNumber,
    pageCount,
    recordCount,
    ...(more && last !== undefined ? { nextCursor: encodeCursor({ after: keyOfRow(last), pageNumber, recordCount }) } : {})
  }
}

/** One page of a whole list held in memory (the in-memory stores), read the way the database reads it. */
export const pageOfList = <A>(all: ReadonlyArray<A>, keyOfRow: (row: A) => PageKey, request: PageRequest): Page<A> => {
  const sorted = [...all].sort((a, b) => compareKeys(keyOfRow(a), keyOfRow(b)))
  if (typeof request === "number") {
    const start = (pageNumberOf(request) - 1) * PAGE_SIZE
    return pageFrom(sorted.slice(start, start + PAGE_SIZE + 1), keyOfRow, request, sorted.length)
  }
  const after = sorted.filter((row) => compareKeys(keyOfRow(row), request.after) > 0)
  return pageFrom(after.slice(0, PAGE_SIZE + 1), keyOfRow, request)
}
