/**
 * Paged lists of the stores, 20 rows a page. The lists that grow over a year use `keysetPaged`, in the core's list
 * order (src/shared/paging.ts: newest first, ties by id): a page by number reads with OFFSET and counts the filtered
 * query; a page after a cursor starts right after the cursor's row (an index range, no OFFSET) and counts nothing, its
 * walk counted on its first page. Small lists in an order of their own (feedback, circle) use `paged`, by number only.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely"
import { PAGE_SIZE, pageFrom, pageNumberOf, type Page, type PageKey, type PageRequest } from "#src/shared/paging"

export { PAGE_SIZE, pageNumberOf }

/** The columns of a list's order: its instant and its unique id (qualified when the query joins). */
export interface KeyColumns {
  readonly at: string
  readonly id: string
}

const CREATED: KeyColumns = { at: "created_at", id: "id" }

/** The instant as the cursor holds it: UTC, six fraction digits, so it is read back exactly. */
export const keyText = (at: RawBuilder<unknown> | string): RawBuilder<string> =>
  sql<string>`to_char(${typeof at === "string" ? sql.ref(at) : at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** The rows after `after` in the list's order; `at <= …` alone is the index range, the rest only settles ties. */
export const afterKey = (columns: { readonly at: RawBuilder<unknown>; readonly id: RawBuilder<unknown> }, after: PageKey): RawBuilder<boolean> =>
  sql<boolean>`(${columns.at} <= ${after.at}::timestamptz and (${columns.at} < ${after.at}::timestamptz or ${columns.id} > ${after.id}))`

const refs = (key: KeyColumns) => ({ at: sql.ref(key.at), id: sql.ref(key.id) })

/**
 * One page of `filtered` by number: `rows` selects and orders the page's rows (add a unique key to the order so
 * pages never overlap), the count is of the whole filtered query.
 */
export const paged = async <DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, {}>,
  page: number,
  rows: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>
): Promise<Page<O>> => {
  const pageNumber = pageNumberOf(page)
  const [results, count] = await Promise.all([
    rows(filtered).limit(PAGE_SIZE).offset((pageNumber - 1) * PAGE_SIZE).execute(),
    filtered.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow()
  ])
  const recordCount = Number((count as { n: string }).n)
  return { results, pageNumber, pageCount: Math.max(1, Math.ceil(recordCount / PAGE_SIZE)), recordCount }
}

/**
 * How many rows of its list a page reads from each source of a union (`keysetUnionBranch`): the rows before it when it
 * is asked by number, the page, and one more to tell whether rows follow.
 */
export const rowsToRead = (page: PageRequest): number => (typeof page === "number" ? (pageNumberOf(page) - 1) * PAGE_SIZE : 0) + PAGE_SIZE + 1

/**
 * One source of a list read as a union of disjoint sources (a user's parcels as receiver and as the friend who picks
 * up): only the rows `page` can need, from the source's own index in the list order (after the cursor, newest first),
 * so a page never reads a whole history. The planner reads a union of plain sources into a sort of all their rows
 * (no merge of the ordered indexes), hence the limit in each.
 */
export const keysetUnionBranch = <DB, TB extends keyof DB, O>(
  source: SelectQueryBuilder<DB, TB, O>, page: PageRequest, key: KeyColumns = CREATED
): SelectQueryBuilder<DB, TB, O> => {
  const { at, id } = refs(key)
  return (typeof page === "number" ? source : source.where(afterKey({ at, id }, page.after)))
    .orderBy(at, "desc").orderBy(id).limit(rowsToRead(page))
}

/**
 * One page of `filtered` in the list order over `key`: `rows` selects the page's columns; the order, the start and the
 * count are this function's. The count is of `counted` when given (the whole list, where `filtered` reads only the
 * rows the page needs of each source).
 */
export const keysetPaged = async <DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, {}>,
  page: PageRequest,
  rows: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
  key: KeyColumns = CREATED,
  counted: SelectQueryBuilder<DB, TB, {}> = filtered
): Promise<Page<O>> => {
  const { at, id } = refs(key)
  const started = typeof page === "number" ? filtered : filtered.where(afterKey({ at, id }, page.after))
  const read = rows(started).select([keyText(at).as("page_at"), sql<string>`${id}`.as("page_id")])
    .orderBy(at, "desc").orderBy(id).limit(PAGE_SIZE + 1)
  const pageRows = async () => (await (typeof page === "number" ? read.offset((pageNumberOf(page) - 1) * PAGE_SIZE) : read).execute()) as unknown as ReadonlyArray<O & { page_at: string; page_id: string }>
  const [found, count] = await Promise.all([
    pageRows(),
    typeof page === "number" ? counted.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow() : Promise.resolve(undefined)
  ])
  const answered = pageFrom(found, (r) => ({ at: r.page_at, id: r.page_id }), page, count === undefined ? undefined : Number((count as { n: string }).n))
  return { ...answered, results: answered.results.map(({ page_at: _at, page_id: _id, ...row }) => row as unknown as O) }
}
