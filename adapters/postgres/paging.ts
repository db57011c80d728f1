/** Paged lists of the stores: 20 rows a page, the rows and the count taken from the same filtered query. */
import { sql, type SelectQueryBuilder } from "kysely"
import type { Page } from "#src/wallet/wallet-store"

export const PAGE_SIZE = 20

/** Page numbers start at 1; anything but a whole number from 1 on reads as page 1. */
export const pageNumberOf = (page: number): number => (Number.isSafeInteger(page) && page >= 1 ? page : 1)

const pageOf = <A>(results: ReadonlyArray<A>, recordCount: number, pageNumber: number): Page<A> => ({
  results,
  pageNumber,
  pageCount: Math.max(1, Math.ceil(recordCount / PAGE_SIZE)),
  recordCount
})

/**
 * One page of `filtered`: `rows` selects and orders the page's rows (add a unique key to the order so
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
  return pageOf(results, Number((count as { n: string }).n), pageNumber)
}
