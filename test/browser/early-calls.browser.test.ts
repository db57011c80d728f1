/**
 * Early calls (web/src/early.ts) in chromium: on each of the busiest pages the calls started before the app loaded
 * (and those started once the user's answer named the worksite or openid) are the ones the page then makes, so each
 * is taken (none left waiting on the window) and the server is asked once for it, not twice; the calls go with the address's token, and a page outside the table makes no early call.
 */
import type { Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EARLY_ROUTES } from "../../web/src/early"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

/** The page, its first item, and who opens it. */
const PAGES = [
  { path: "home", openid: "demo-student", selector: ".home-grid__entry" },
  { path: "expressTotakeList/ing", openid: "demo-student", selector: "[data-testid=parcel-card]" },
  { path: "robbing", openid: "demo-runner", selector: "[data-testid=errand-order], [data-testid=hall-empty]" },
  { path: "warehousing", openid: "demo-staff", selector: "[data-testid=check-in-submit]" }
] as const

const apiPath = (r: Request) => {
  const url = new URL(r.url())
  return `${url.pathname}${url.search}`
}

describe.skipIf(!run)("early calls", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
    // a parcel on the shelf for 李明, so the list has a first card
    const checkedIn = await h.api<{ success: boolean; message?: string }>("/api/expressTosend", await h.token("demo-staff"), {
      method: "POST",
      body: JSON.stringify({ expressCompany: "ec-sf", storageNo: "E-01", expressNo: "EARLY0001", weight: "wf-1", receiverPhone: "13800000001" })
    })
    expect(checkedIn).toMatchObject({ success: true })
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("covers exactly the table's pages", () => {
    expect(EARLY_ROUTES.map(([pattern]) => PAGES.filter((p) => pattern.test(`/${p.path}/tok`)).length)).toEqual([1, 1, 1, 1])
  })

  for (const p of PAGES) {
    it(`/${p.path}: every early answer is taken by the page, each path asked of the server once`, async ({ onTestFailed }) => {
      const { page, errors } = await h.phone()
      await page.setViewportSize({ width: 390, height: 844 })
      onTestFailed(() => shot(page, `FAILED-early-${p.path.replace("/", "-")}-${Date.now()}`))
      const asked: string[] = []
      page.on("request", (r) => { if (/\/(api|auth)\//.test(r.url())) asked.push(apiPath(r)) })
      const token = await h.token(p.openid)
      await page.goto(`${h.url}/${p.path}/${encodeURIComponent(token)}`)
      await page.locator(p.selector).first().waitFor()
      await expect.poll(() => page.evaluate(() => {
        const calls = window.__stationEarlyCalls
        return calls ? [...calls.answers.keys()] : ["(no early calls)"]
      }), POLL).toEqual([])
      const started = await page.evaluate(() => window.__stationEarlyCalls!.started)
      const table = EARLY_ROUTES.find(([pattern]) => pattern.test(`/${p.path}/x`))!
      // the table's calls, and those after the user where the route has them (the hall's two, the employee record)
      expect(started.slice(0, table[1].length)).toEqual(table[1])
      expect(started.length - table[1].length).toBe(p.path === "robbing" ? 2 : p.path === "warehousing" ? 1 : 0)
      for (const path of started) expect(asked.filter((a) => a === path), path).toHaveLength(1)
      expect(errors).toEqual([])
    })
  }

  it("the calls go with the address's token; a page outside the table calls nothing early", async () => {
    const { page } = await h.phone()
    const runner = await h.token("demo-runner")
    await page.goto(`${h.url}/home/${encodeURIComponent(runner)}`)
    await page.locator(".home-grid__entry").first().waitFor()
    // the early calls went with the address's token, and the page took their answers as its own
    expect(await page.evaluate(() => window.__stationEarlyCalls?.token)).toBe(runner)
    await expect.poll(() => page.evaluate(() => window.__stationEarlyCalls?.answers.size), POLL).toBe(0)
    expect(await page.locator(".home-grid a", { hasText: "跑腿接单" }).getAttribute("href")).toBe(`/robbing/${encodeURIComponent(runner)}`)

    const asked: string[] = []
    page.on("request", (r) => { if (/\/(api|auth)\//.test(r.url())) asked.push(apiPath(r)) })
    await page.goto(`${h.url}/help`)
    await page.waitForLoadState("networkidle")
    expect(await page.evaluate(() => window.__stationEarlyCalls)).toBeUndefined()
    expect(asked).toEqual([])
  })
})
