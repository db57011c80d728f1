/**
 * An infinite circle list (spec 002 §4, §9): the market counts pages from 0, the social lists from 1; each request
 * waits 500 ms; the list ends when the answer's pageNumber reaches pageCount, and is empty when it ended with nothing
 * (pageCount 0, or this server's one empty page); a failure shows '获取圈子列表出错' at the top for 1500 ms and lets the
 * scroll try again. A new filter is a new list (the page gives the list a new key).
 */
import { Toast } from "antd-mobile"
import { useCallback, useRef, useState } from "react"
import { circleFailures, LIST_ERROR_TIP_MS, LIST_FETCH_DELAY_MS } from "#src/circle/display"
import type { Page } from "../../../lib/paging"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const showListError = () => Toast.show({ content: circleFailures.list, position: "top", duration: LIST_ERROR_TIP_MS })

export const useCircleList = <A extends { readonly _id: string }>(fetchPage: (pageNo: number) => Promise<Page<A>>, firstPage: 0 | 1) => {
  const [items, setItems] = useState<ReadonlyArray<A>>([])
  const [hasMore, setHasMore] = useState(true)
  const loaded = useRef(0)
  const busy = useRef<Promise<void> | undefined>(undefined)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const loadMore = useCallback((): Promise<void> => {
    busy.current ??= (async () => {
      await pause(LIST_FETCH_DELAY_MS)
      try {
        const page = await fetchRef.current(firstPage + loaded.current)
        loaded.current += 1
        setItems((earlier) => [...earlier, ...page.results.filter((a) => !earlier.some((b) => b._id === a._id))])
        setHasMore(page.pageCount > 0 && page.pageNumber < page.pageCount)
      } catch (error) {
        showListError()
        throw error
      }
    })().finally(() => { busy.current = undefined })
    return busy.current
  }, [firstPage])

  /** Changes one shown item (a reaction's new count) without fetching again. */
  const update = useCallback((id: string, change: (item: A) => A) => setItems((all) => all.map((a) => (a._id === id ? change(a) : a))), [])
  const remove = useCallback((id: string) => setItems((all) => all.filter((a) => a._id !== id)), [])

  return { items, hasMore, empty: !hasMore && items.length === 0, loadMore, update, remove }
}
