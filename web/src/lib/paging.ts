/** Paged lists: the `{ pageCount, recordCount, pageNumber, results }` answer and page-by-page loading from 1. */
import { useCallback, useRef, useState } from "react"

export interface Page<A> {
  readonly pageCount: number
  readonly pageNumber: number
  readonly results: ReadonlyArray<A>
}

/** Loads page 1, 2, … on demand until the page number reaches the page count; `error` is the last page's failure, if it failed. */
export const usePages = <A>(fetchPage: (pageNo: number) => Promise<Page<A>>) => {
  const [items, setItems] = useState<ReadonlyArray<A>>([])
  const [hasMore, setHasMore] = useState(true)
  const [error, setError] = useState<unknown>(undefined)
  const next = useRef(1)
  const inFlight = useRef<Promise<void> | undefined>(undefined)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const loadMore = useCallback((): Promise<void> => {
    inFlight.current ??= fetchRef.current(next.current)
      .then((page) => {
        setError(undefined)
        next.current = page.pageNumber + 1
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
