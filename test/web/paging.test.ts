/** The web app's paging (web/src/lib/paging.ts): the next page is asked with the answer's nextCursor, and by its number. */
import { describe, expect, it } from "vitest"
import { FIRST_PAGE, nextAsk, type Page, type PageAsk } from "../../web/src/lib/paging"

describe("nextAsk: the ask for the page after an answer", () => {
  it("passes the answer's nextCursor and the next page number", () => {
    expect(nextAsk({ pageNumber: 1, pageCount: 3, results: [], nextCursor: "c1" })).toEqual({ pageNo: 2, cursor: "c1" })
  })

  it("asks by number alone when the server answered no cursor (a list still paged by number)", () => {
    expect(nextAsk({ pageNumber: 2, pageCount: 3, results: [] })).toEqual({ pageNo: 3 })
  })

  it("a walk from the first page sends each answer's cursor back, and ends by the page count", async () => {
    const asked: Array<PageAsk> = []
    const server = async (ask: PageAsk): Promise<Page<number>> => {
      asked.push(ask)
      const n = ask.pageNo
      return { pageNumber: n, pageCount: 3, results: [n], ...(n < 3 ? { nextCursor: `after-${n}` } : {}) }
    }
    let page = await server(FIRST_PAGE)
    while (page.pageNumber < page.pageCount) page = await server(nextAsk(page))
    expect(asked).toEqual([{ pageNo: 1 }, { pageNo: 2, cursor: "after-1" }, { pageNo: 3, cursor: "after-2" }])
  })
})
