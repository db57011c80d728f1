/**
 * Paged lists: the `{ pageCount, recordCount, pageNumber, results, nextCursor? }` answer and page-by-page loading
 * from 1. The next page is asked with the previous answer's `nextCursor` when it gave one (keyset paging: no row
 * twice while rows are added), and by its number as well (a server that ignores the cursor still pages).
 */
import { useCallback, useRef, useState } from "react"

export interface Page<A> {
  readonly pageCount: number
  readonly pageNumber: number
  readonly results: ReadonlyArray<A>
  readonly nextCursor?: string | undefined
}

/** Which page to ask for: its number, and the cursor the page before answered. */
export interface PageAsk {
  readonly pageNo: number
  readonly cursor?: string | undefined
}

export const FIRST_PAGE: PageAsk = { pageNo: 1 }

/** The ask for the page after `page`. */
export const nextAsk = (page: Page<unknown>): PageAsk =>
  page.nextCursor === undefined ? { pageNo: page.pageNumber + 1 } : { pageNo: page.pageNumber + 1, cursor: page.nextCursor }

/** Loads page 1, 2, … on demand until the page number reaches the page count; `error` is the last page's failure, if it failed. */
export const usePages = <A>(fetchPage: (pageNo: number, cursor: string | undefined) => Promise<Page<A>>) => {
  const [items, setItems] = useState<ReadonlyArray<A>>([])
  const [hasMore, setHasMore] = useState(true)
  const [error, setError] = useState<unknown>(undefined)
  const next = useRef<PageAsk>(FIRST_PAGE)
  const inFlight = useRef<Promise<void> | undefined>(undefined)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const loadMore = useCallback((): Promise<void> => {
    inFlight.current ??= fetchRef.current(next.current.pageNo, next.current.cursor)
      .then((page) => {
        setError(undefined)
        next.current = nextAsk(page)
        setItems((earlier) => [...earlier, ...page.results])
        setHasMore(page.pageNumber < page.pageCount)
      })
      .catch((failure: unknown) => {
        setError(failure)
        throw failure
      })
      .finally(() => { inFlight.current = undefined })
    return inFlight.current
  }, [])

  return { items, hasMore, loadMore, error }
}
