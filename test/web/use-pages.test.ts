/**
 * The web app's `usePages` hook (web/src/lib/paging.ts), run by React itself (`react-dom/client` under `act`): each
 * page is asked with the cursor the page before answered, pages are appended, loading ends at the page count, a
 * failed page is asked again as it was, and a refresh (the list mounted again under a new key, as the parcel list
 * does) starts over from page 1. The probe component renders nothing, so React needs no document: the root's
 * container is a stand-in with the few fields react-dom reads of it.
 */
import { act, createElement } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { usePages, type Page, type PageAsk } from "../../web/src/lib/paging"

type Pages = ReturnType<typeof usePages<string>>

const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean; window?: unknown }

/** A server of `count` pages of two items, a cursor after each but the last; it records every ask and can fail the next one. */
const pagedServer = (count: number) => {
  const asked: PageAsk[] = []
  let failNext = false
  const fetchPage = async (pageNo: number, cursor: string | undefined): Promise<Page<string>> => {
    asked.push(cursor === undefined ? { pageNo } : { pageNo, cursor })
    await Promise.resolve()
    if (failNext) {
      failNext = false
      throw new Error("offline")
    }
    return { pageNumber: pageNo, pageCount: count, results: [`${pageNo}a`, `${pageNo}b`], ...(pageNo < count ? { nextCursor: `after-${pageNo}` } : {}) }
  }
  return { asked, fetchPage, failOnce: () => { failNext = true } }
}

describe("usePages", () => {
  let root: Root
  let latest: Pages
  const Probe = (props: { readonly fetchPage: (pageNo: number, cursor: string | undefined) => Promise<Page<string>> }) => {
    latest = usePages(props.fetchPage)
    return null
  }
  const mount = (fetchPage: Parameters<typeof Probe>[0]["fetchPage"], key = "list") => act(async () => root.render(createElement(Probe, { key, fetchPage })))
  const loadMore = () => act(() => latest.loadMore())

  beforeEach(() => {
    globals.IS_REACT_ACT_ENVIRONMENT = true
    // what react-dom reads of the window while it schedules and commits: no event is being handled, no iframe is focused
    globals.window = { HTMLIFrameElement: class {} }
    const standIn = { addEventListener: () => {}, removeEventListener: () => {} }
    root = createRoot({ ...standIn, nodeType: 1, nodeName: "DIV", tagName: "DIV", namespaceURI: "http://www.w3.org/1999/xhtml", ownerDocument: { ...standIn, nodeType: 9 } } as never)
  })
  afterEach(async () => {
    await act(async () => root.unmount())
    delete globals.window
  })

  it("asks page 1, then each next page with the cursor of the last, appends them and stops at the page count", async () => {
    const server = pagedServer(3)
    await mount(server.fetchPage)
    expect(latest).toMatchObject({ items: [], hasMore: true, error: undefined })
    expect(server.asked).toEqual([])

    await loadMore()
    expect(latest).toMatchObject({ items: ["1a", "1b"], hasMore: true })
    await loadMore()
    await loadMore()
    expect(server.asked).toEqual([{ pageNo: 1 }, { pageNo: 2, cursor: "after-1" }, { pageNo: 3, cursor: "after-2" }])
    expect(latest).toMatchObject({ items: ["1a", "1b", "2a", "2b", "3a", "3b"], hasMore: false })
  })

  it("a single page ends at once", async () => {
    const server = pagedServer(1)
    await mount(server.fetchPage)
    await loadMore()
    expect(latest).toMatchObject({ items: ["1a", "1b"], hasMore: false })
  })

  it("asks a page once when asked twice at once (a scroll and a tap)", async () => {
    const server = pagedServer(3)
    await mount(server.fetchPage)
    await act(() => Promise.all([latest.loadMore(), latest.loadMore()]))
    expect(server.asked).toEqual([{ pageNo: 1 }])
    expect(latest.items).toEqual(["1a", "1b"])
  })

  it("keeps the pages it has when one fails, and asks the failed one again with the same cursor", async () => {
    const server = pagedServer(3)
    await mount(server.fetchPage)
    await loadMore()
    server.failOnce()
    let failure: unknown
    await act(() => latest.loadMore().catch((e: unknown) => { failure = e }))
    expect(failure).toEqual(new Error("offline"))
    expect(latest).toMatchObject({ items: ["1a", "1b"], hasMore: true, error: new Error("offline") })
    await loadMore()
    expect(server.asked).toEqual([{ pageNo: 1 }, { pageNo: 2, cursor: "after-1" }, { pageNo: 2, cursor: "after-1" }])
    expect(latest).toMatchObject({ items: ["1a", "1b", "2a", "2b"], error: undefined })
  })

  it("a refresh (mounted again under a new key) starts over from page 1 without a cursor", async () => {
    const server = pagedServer(3)
    await mount(server.fetchPage, "generation-1")
    await loadMore()
    await loadMore()
    await mount(server.fetchPage, "generation-2")
    expect(latest).toMatchObject({ items: [], hasMore: true })
    await loadMore()
    expect(server.asked).toEqual([{ pageNo: 1 }, { pageNo: 2, cursor: "after-1" }, { pageNo: 1 }])
    expect(latest).toMatchObject({ items: ["1a", "1b"], hasMore: true })
  })

  it("a new fetch (the same list with other filters) is used from the next page on, without starting over", async () => {
    const first = pagedServer(3)
    const second = pagedServer(3)
    await mount(first.fetchPage)
    await loadMore()
    await mount(second.fetchPage)
    await loadMore()
    expect(first.asked).toEqual([{ pageNo: 1 }])
    expect(second.asked).toEqual([{ pageNo: 2, cursor: "after-1" }])
    expect(latest.items).toEqual(["1a", "1b", "2a", "2b"])
  })
})
